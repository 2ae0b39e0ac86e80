package tinygrad

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: tinygrad's own promotion tests
// (test_dtype_spec.py, test_dtype_weak.py) at each version, as batch
// queries, each row naming its upstream test.
func TestVectors(t *testing.T) {
	seen := map[string]bool{}
	rows := tsvtest.Read(t, "testdata/vectors.tsv")
	if len(rows) < 150 {
		t.Fatalf("only %d vectors", len(rows))
	}
	for _, row := range rows {
		name := row.Fields[0]
		if seen[name] {
			t.Fatalf("line %d: name %s used twice", row.Line, name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) { check(t, row) })
	}
}
