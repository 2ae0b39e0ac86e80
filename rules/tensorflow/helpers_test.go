package tensorflow

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// batch answers a query line as `promote batch -rules tensorflow -set
// mode=MODE` does (see tsvtest.Answer). A query that does not parse is a
// broken test; refusals must be one line, and every result must carry a
// rule with a source.
func batch(t *testing.T, mode, line string) string {
	t.Helper()
	if _, err := promote.ParseOperands(Def.Dialect, line); err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	got, rule := tsvtest.Answer(Def.MustBuild("mode="+mode), line)
	if strings.HasPrefix(got, "error: ") {
		if strings.Contains(got, "\n") {
			t.Errorf("query %q: multi-line error %q", line, strings.TrimPrefix(got, "error: "))
		}
		return got
	}
	if rule == nil || rule.Source == "" {
		t.Errorf("query %q: result %s carries no rule with a source", line, got)
	}
	return got
}

// checkVectors runs rows of (mode, query, want); a want starting with
// "error:" matches an error containing the rest.
func checkVectors(t *testing.T, rows [][3]string) {
	t.Helper()
	for _, v := range rows {
		got := batch(t, v[0], v[1])
		if want, isErr := strings.CutPrefix(v[2], "error:"); isErr {
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, strings.TrimSpace(want)) {
				t.Errorf("mode=%s %q = %q, want an error containing %q", v[0], v[1], got, strings.TrimSpace(want))
			}
			continue
		}
		if got != v[2] {
			t.Errorf("mode=%s %q = %q, want %q", v[0], v[1], got, v[2])
		}
	}
}
