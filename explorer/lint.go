package explorer

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/pytype"
	"github.com/promote-dev/promote/rules"
)

// LintAnswer is promote lint over one pasted Python source: where the
// versions of the Python libraries the rule sets model differ (NumPy 1.x
// and NumPy 2).
type LintAnswer struct {
	Findings []pytype.Finding `json:"findings"`
	// Error is the parser's error for source that does not parse.
	Error string `json:"error,omitempty"`
	// Summary is one line: how many findings, or that there are none.
	Summary string `json:"summary"`
}

// lintView lints req.Program as Python, as promote lint FILE does.
func lintView(req Request) Response {
	const cmd = "promote lint: "
	if len(req.Program) > MaxProgramBytes {
		return Response{Error: fmt.Sprintf("%sthe source has %d bytes; the explorer takes at most %d", cmd, len(req.Program), MaxProgramBytes)}
	}
	libs := rules.PythonLibraries()
	c := pytype.NewChecker(libs...)
	fs, err := c.Check("source.py", []byte(req.Program))
	versions := versionWords(libs)
	la := &LintAnswer{Findings: fs}
	switch {
	case err != nil:
		la.Findings = []pytype.Finding{}
		la.Error = strings.TrimPrefix(err.Error(), "source.py:")
		la.Summary = "the source does not parse"
	case len(fs) == 0:
		la.Findings = []pytype.Finding{}
		la.Summary = "no differences between " + versions + " found"
	case len(fs) == 1:
		la.Summary = "1 place where " + versions + " differ"
	default:
		la.Summary = fmt.Sprintf("%d places where %s differ", len(fs), versions)
	}
	return Response{Lint: la}
}

// versionWords names the versions the lint compares, as the findings do
// ("NumPy 1.x and NumPy 2"), for a summary line.
func versionWords(libs []pyapi.Library) string {
	var names []string
	for _, l := range libs {
		v := l.Versions()
		names = append(names, v.OldName+" and "+v.NewName)
	}
	if len(names) == 0 {
		return "the versions compared"
	}
	return strings.Join(names, "; ")
}
