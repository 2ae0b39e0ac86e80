package mlx

import "testing"

// TestUpstreamVectors runs MLX's own assertions (test_array.py,
// test_ops.py, test_double.py), one row each.
func TestUpstreamVectors(t *testing.T) {
	if n := runVectors(t, "testdata/upstream.tsv"); n < 80 {
		t.Fatalf("only %d upstream vectors", n)
	}
}

// TestRuleVectors runs one or more queries for every rule.
func TestRuleVectors(t *testing.T) {
	if n := runVectors(t, "testdata/vectors.tsv"); n < 55 {
		t.Fatalf("only %d rule vectors", n)
	}
}
