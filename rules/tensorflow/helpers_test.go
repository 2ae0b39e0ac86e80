package tensorflow

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// batch answers a query line as `promote batch -rules tensorflow -set
// mode=VALUE` does, through tsvtest.Check.
func batch(t *testing.T, mode, line string) string {
	t.Helper()
	return tsvtest.Check(t, Def.MustBuild("mode="+mode), line)
}

// checkVectors runs rows of (mode, query, want) through tsvtest.CheckVectors.
func checkVectors(t *testing.T, rows [][3]string) {
	t.Helper()
	tsvtest.CheckVectors(t, Def, "mode", rows)
}
