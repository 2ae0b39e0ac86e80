package jax

import (
	"strings"
	"testing"
)

// TestVectors runs the queries of testdata/vectors.tsv (the spec's rules,
// consequences and surprises) through the batch contract.
func TestVectors(t *testing.T) {
	rows, lines := readTSV(t, "vectors.tsv")
	seen := map[string]bool{}
	for i, f := range rows {
		if len(f) != 4 && len(f) != 5 {
			t.Fatalf("line %d: %d fields, want 4 or 5", lines[i], len(f))
		}
		name, kv, query, want := f[0], settings(f[1]), f[2], f[3]
		if seen[name] {
			t.Fatalf("line %d: name %s used twice", lines[i], name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			got, err := batch(t, kv, query)
			switch {
			case want == "error":
				if err == nil || len(f) != 5 || !strings.Contains(err.Error(), f[4]) {
					t.Errorf("line %d: %v %q = %q, want an error holding %q", lines[i], kv, query, got, f[4])
				}
			case got != want:
				t.Errorf("line %d: %v %q = %q, want %q", lines[i], kv, query, got, want)
			}
		})
	}
}
