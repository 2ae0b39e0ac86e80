package keras

import (
	"slices"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestUpstreamVectors runs Keras's own assertions (dtypes_test.py and the
// result_type docstring), one row each.
func TestUpstreamVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/upstream.tsv"); n < 25 {
		t.Fatalf("only %d upstream vectors", n)
	}
}

// TestRuleVectors runs one or more queries for every rule and option.
func TestRuleVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 80 {
		t.Fatalf("only %d rule vectors", n)
	}
}

// TestEveryRuleIsReached: every rule of the package decides (or refuses)
// at least one query of the vector files, so no rule is dead and every
// rule has a test; and every rule the package declares is in allRules.
func TestEveryRuleIsReached(t *testing.T) {
	tsvtest.RequireRulesListed(t, ".", allRules)
	// Two rules guard what cannot happen, so no vector reaches them:
	// no-promotion-path is unreachable with Keras's dtypes (its text says
	// so), and python-scalar refuses only an operand kind the parser never
	// makes.
	reachable := slices.DeleteFunc(slices.Clone(allRules), func(r *promote.Rule) bool { return r == ruleNoPath || r == rulePython })
	tsvtest.RequireAllRulesReached(t, Def, reachable, "testdata/upstream.tsv", "testdata/vectors.tsv")
}
