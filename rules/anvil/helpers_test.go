package anvil

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// batch answers one query line as `promote batch -rules anvil` does (see
// tsvtest.Answer). A query that does not parse is a broken test, and every
// result must carry a rule with a source.
func batch(t *testing.T, line string) string {
	t.Helper()
	if _, err := promote.ParseOperands(Def.Dialect, line); err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	got, rule := tsvtest.Answer(Def.MustBuild(), line)
	if !strings.HasPrefix(got, "error: ") && (rule == nil || rule.Source == "") {
		t.Errorf("query %q: result %s carries no rule with a source", line, got)
	}
	return got
}
