package anvil

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs the worked examples, program-level folds, literals,
// typed scalars and refusals in testdata/vectors.tsv as batch queries.
func TestVectors(t *testing.T) {
	for _, row := range tsvtest.Read(t, "testdata/vectors.tsv") {
		f := row.Fields
		if len(f) != 3 {
			t.Fatalf("line %d: %d fields, want 3", row.Line, len(f))
		}
		name, query, want := f[0], f[1], f[2]
		t.Run(name, func(t *testing.T) {
			if got := tsvtest.Check(t, Def.MustBuild(), query); got != want {
				t.Errorf("line %d: %q = %q, want %q", row.Line, query, got, want)
			}
		})
	}
}

// TestMainVectors runs the development version's vectors: one or more for
// each of its rules (anvl_main.tsv), and every pair of its dtypes and R
// values as anvl's own functions answer them (anvl_main_pairs.tsv).
func TestMainVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/anvl_main.tsv"); n < 40 {
		t.Fatalf("only %d vectors", n)
	}
	if n := tsvtest.RunVectors(t, Def, "testdata/anvl_main_pairs.tsv"); n != 18*18 {
		t.Fatalf("%d pairs, want 18x18", n)
	}
}
