package mindspore

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

// declaredRules lists the IDs of every rule in convert.go.
var declaredRules = []string{
	ruleSame.ID, ruleOne.ID, ruleTensorTensor.ID, ruleTensorScalar.ID, ruleNoConversion.ID,
	rulePriority.ID, ruleInt8UInt8.ID, ruleBoolScalar.ID, ruleIntFloatScalar.ID, ruleScalarFollows.ID,
	ruleUnlisted.ID, ruleNoTensor.ID, ruleDocPriority.ID, ruleDocScalar.ID, ruleDocUnlisted.ID,
	ruleNoDType.ID, ruleNoWeak.ID, ruleNoComplex.ID, pylit.Rule.ID,
}
