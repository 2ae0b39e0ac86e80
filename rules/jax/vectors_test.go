package jax

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs the queries of testdata/vectors.tsv (the spec's rules,
// consequences and surprises) through the batch contract.
func TestVectors(t *testing.T) {
	seen := map[string]bool{}
	for _, row := range tsvtest.Read(t, "testdata/vectors.tsv") {
		f := row.Fields
		if len(f) != 4 && len(f) != 5 {
			t.Fatalf("line %d: %d fields, want 4 or 5", row.Line, len(f))
		}
		name, kv, query, want := f[0], tsvtest.Settings(f[1]), f[2], f[3]
		if seen[name] {
			t.Fatalf("line %d: name %s used twice", row.Line, name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			got, _ := tsvtest.Query(t, Def.MustBuild(kv...), query)
			switch {
			case want == "error":
				msg, refused := strings.CutPrefix(got, "error: ")
				if !refused || len(f) != 5 || !strings.Contains(msg, f[4]) {
					t.Errorf("line %d: %v %q = %q, want an error holding %q", row.Line, kv, query, got, f[4])
				}
			case got != want:
				t.Errorf("line %d: %v %q = %q, want %q", row.Line, kv, query, got, want)
			}
		})
	}
}
