package mlx

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// batch answers one query line as `promote batch -rules mlx` does, through
// tsvtest.Check.
func batch(t *testing.T, line string) string {
	t.Helper()
	return tsvtest.Check(t, Def.MustBuild(), line)
}
