package mlx

import (
	"slices"
	"testing"

	"github.com/promote-dev/promote"
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

// TestEveryRuleIsReached: every rule of the package decides (or refuses)
// at least one query of the vector files, so no rule is dead and every
// rule has a test; and every rule the package declares is in allRules.
func TestEveryRuleIsReached(t *testing.T) {
	tsvtest.RequireRulesListed(t, ".", allRules)
	// python-scalar refuses only a literal kind the parser never makes (a
	// Python literal MLX cannot take is refused by pylit.Rule), so no
	// vector reaches it.
	reachable := slices.DeleteFunc(slices.Clone(allRules), func(r *promote.Rule) bool { return r == rulePython })
	tsvtest.RequireAllRulesReached(t, Def, reachable, "testdata/upstream.tsv", "testdata/vectors.tsv")
}
