package anvil

import "testing"

// TestVectors runs the worked examples, program-level folds, literals,
// typed scalars and refusals in testdata/vectors.tsv as batch queries.
func TestVectors(t *testing.T) {
	rows, lines := readTSV(t, "vectors.tsv")
	for i, f := range rows {
		if len(f) != 3 {
			t.Fatalf("line %d: %d fields, want 3", lines[i], len(f))
		}
		name, query, want := f[0], f[1], f[2]
		t.Run(name, func(t *testing.T) {
			if got := batch(t, query); got != want {
				t.Errorf("line %d: %q = %q, want %q", lines[i], query, got, want)
			}
		})
	}
}
