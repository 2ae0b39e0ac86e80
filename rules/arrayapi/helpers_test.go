package arrayapi

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// batch answers a query line as `promote batch -rules array-api -set
// version=VALUE` does, through tsvtest.Check.
func batch(t *testing.T, version, line string) string {
	t.Helper()
	return tsvtest.Check(t, Def.MustBuild("version="+version), line)
}

// checkVectors runs rows of (version, query, want) through tsvtest.CheckVectors.
func checkVectors(t *testing.T, rows [][3]string) {
	t.Helper()
	tsvtest.CheckVectors(t, Def, "version", rows)
}

var versions = []string{V2021, V2022, V2023, V2024}
