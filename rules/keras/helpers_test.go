package keras

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// settings splits a testdata settings field: "-" is the defaults, else
// KEY=VALUE pairs separated by commas.
func settings(field string) []string {
	if field == "-" || field == "" {
		return nil
	}
	return strings.Split(field, ",")
}

// batch answers one query line as `promote batch -rules keras` does under
// the settings, through tsvtest.Check (a query that does not parse is a
// broken test; every answer must carry a sourced rule).
func batch(t *testing.T, kv []string, line string) string {
	t.Helper()
	return tsvtest.Check(t, Def.MustBuild(kv...), line)
}

// every builds the rule set under every combination of options.
func every(t testing.TB) []promote.Rules {
	t.Helper()
	var out []promote.Rules
	for _, b := range Def.Options[0].Values {
		for _, fx := range Def.Options[1].Values {
			out = append(out, Def.MustBuild("backend="+b, "floatx="+fx))
		}
	}
	return out
}
