package mlx

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestUpstreamVectors runs MLX's own assertions (test_array.py,
// test_ops.py, test_double.py), one row each.
func TestUpstreamVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/upstream.tsv"); n < 80 {
		t.Fatalf("only %d upstream vectors", n)
	}
}

// TestRuleVectors runs one or more queries for every rule.
func TestRuleVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 55 {
		t.Fatalf("only %d rule vectors", n)
	}
}
