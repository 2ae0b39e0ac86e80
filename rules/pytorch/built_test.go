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

// check runs a query under one default dtype and compares the answer and
// the deciding rule; want "error" matches any refusal.
func check(t *testing.T, def, line, want, wantRule string) {
	t.Helper()
	got, rule := tsvtest.Query(t, built[def], line)
	ok := got == want || want == "error" && strings.HasPrefix(got, "error: ")
	if !ok {
		t.Errorf("default_float=%s %q = %q, want %q", def, line, got, want)
	}
	if wantRule != "" && rule != wantRule {
		t.Errorf("default_float=%s %q: decided by rule %q, want %q (%s)", def, line, rule, wantRule, got)
	}
}
