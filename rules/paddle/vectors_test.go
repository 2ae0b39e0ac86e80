package paddle

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: Paddle's own promotion tests
// (test_tensor_type_promotion.py, test_tensor_scalar_type_promotion_dynamic.py)
// and the code's 0-d and refusal rules, as batch queries, each row naming
// its upstream test or source.
func TestVectors(t *testing.T) { tsvtest.RunVectors(t, Def, "testdata/vectors.tsv", 250) }

// TestEveryRuleIsReached: every rule the package declares decides (or
// refuses) at least one query of testdata/vectors.tsv, so no rule is dead
// and every rule has a test.
func TestEveryRuleIsReached(t *testing.T) {
	tsvtest.RequireRulesReached(t, Def, ".", "testdata/vectors.tsv")
}
