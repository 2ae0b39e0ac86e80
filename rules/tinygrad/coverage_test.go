package tinygrad

import (
	"sort"
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestEveryRuleIsReached: every rule the package declares decides (or
// refuses) at least one query of testdata/vectors.tsv, so no rule is dead
// and every rule has a test.
func TestEveryRuleIsReached(t *testing.T) {
	reached := map[string]bool{}
	for _, row := range tsvtest.Read(t, "testdata/vectors.tsv") {
		f := row.Fields
		r, err := Def.Build(settings(f[1])...)
		if err != nil {
			continue
		}
		if _, rule := tsvtest.Answer(r, f[2]); rule != nil {
			reached[rule.ID] = true
		}
	}
	var missing []string
	for _, id := range declaredRules {
		if !reached[id] {
			missing = append(missing, id)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("rules no vector reaches: %s", strings.Join(missing, ", "))
	}
}

// declaredRules lists the IDs of every rule in operands.go (the same IDs
// in every version).
var declaredRules = func() []string {
	rs := ruleSets[VersionHead]
	return []string{rs.join.ID, rs.weakResult.ID, rs.pyConst.ID, rs.keepTensor.ID, rs.fromPy.ID,
		rs.weakOperand.ID, rs.noWeak.ID, rs.notDType.ID, pylit.Rule.ID, rs.noComplex.ID}
}()
