package tinygrad

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: tinygrad's own promotion tests
// (test_dtype_spec.py, test_dtype_weak.py) at each version, as batch
// queries, each row naming its upstream test.
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 150 {
		t.Fatalf("only %d vectors", n)
	}
}
