package mindspore

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: MindSpore's own implicit
// conversion tests (test_implicit_conversion.py) under the current and the
// older code, the note's rules, and the conversion maps' cells and
// refusals, as batch queries, each row naming its upstream test or source.
func TestVectors(t *testing.T) { tsvtest.RunVectors(t, Def, "testdata/vectors.tsv", 70) }

// TestEveryRuleIsReached: every rule the package declares decides (or
// refuses) at least one query of testdata/vectors.tsv, so no rule is dead
// and every rule has a test.
func TestEveryRuleIsReached(t *testing.T) {
	tsvtest.RequireRulesReached(t, Def, ".", "testdata/vectors.tsv")
}
