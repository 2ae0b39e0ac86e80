package pytorch

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// built holds the rule set under each default dtype.
var built = map[string]promote.Rules{
	"f32": Def.MustBuild(),
	"f64": Def.MustBuild("default_float=f64"),
}

// query answers one batch line as `promote batch -rules pytorch` does (see
// tsvtest.Answer), returning the printed answer and the ID of the deciding
// rule. A query that does not parse is a broken test; every answer must
// carry a rule with a source, and a refusal must be one line.
func query(t *testing.T, r promote.Rules, line string) (answer, ruleID string) {
	t.Helper()
	if _, err := promote.ParseOperands(Def.Dialect, line); err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	got, rule := tsvtest.Answer(r, line)
	if strings.HasPrefix(got, "error: ") {
		if rule == nil {
			t.Fatalf("query %q: refusal %s is not a *promote.Error with a rule", line, got)
		}
		if rule.Source == "" {
			t.Errorf("query %q: refusal %s carries no rule with a source", line, got)
		}
		if strings.ContainsAny(got, "\n\r") {
			t.Errorf("query %q: message is not one line: %q", line, got)
		}
		return got, rule.ID
	}
	if rule == nil || rule.Source == "" {
		t.Errorf("query %q: result %s carries no rule with a source", line, got)
		return got, ""
	}
	return got, rule.ID
}

// check runs a query under one default dtype and compares the answer and
// the deciding rule; want "error" matches any refusal.
func check(t *testing.T, def, line, want, wantRule string) {
	t.Helper()
	got, rule := query(t, built[def], line)
	ok := got == want || want == "error" && strings.HasPrefix(got, "error: ")
	if !ok {
		t.Errorf("default_float=%s %q = %q, want %q", def, line, got, want)
	}
	if wantRule != "" && rule != wantRule {
		t.Errorf("default_float=%s %q: decided by rule %q, want %q (%s)", def, line, rule, wantRule, got)
	}
}
