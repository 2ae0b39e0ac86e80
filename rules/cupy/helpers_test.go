package cupy

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/numpy"
)

// numpyRules builds package numpy's rule set with comma-separated settings.
func numpyRules(t *testing.T, settings string) promote.Rules {
	t.Helper()
	r, err := numpy.Def.Build(strings.Split(settings, ",")...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
