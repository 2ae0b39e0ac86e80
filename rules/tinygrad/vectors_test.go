package tinygrad

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: tinygrad's own promotion tests
// (test_dtype_spec.py, test_dtype_weak.py) at each version, as batch
// queries, each row naming its upstream test.
func TestVectors(t *testing.T) { tsvtest.RunVectors(t, Def, "testdata/vectors.tsv", 150) }

// TestEveryRuleIsReached: every rule the package declares decides (or
// refuses) at least one query of testdata/vectors.tsv, so no rule is dead
// and every rule has a test.
func TestEveryRuleIsReached(t *testing.T) {
	tsvtest.RequireRulesReached(t, Def, ".", "testdata/vectors.tsv")
}
