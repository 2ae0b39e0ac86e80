package paddle

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: Paddle's own promotion tests
// (test_tensor_type_promotion.py, test_tensor_scalar_type_promotion_dynamic.py)
// and the code's 0-d and refusal rules, as batch queries, each row naming
// its upstream test or source.
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 250 {
		t.Fatalf("only %d vectors", n)
	}
}
