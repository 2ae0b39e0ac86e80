package explorer

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote/pytype"
	"github.com/promote-dev/promote/rules/numpy"
)

// LintAnswer is promote lint over one pasted Python source: where NumPy
// 1.x and NumPy 2 differ.
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
	c := pytype.NewChecker(numpy.NewPython())
	fs, err := c.Check("source.py", []byte(req.Program))
	la := &LintAnswer{Findings: fs}
	switch {
	case err != nil:
		la.Findings = []pytype.Finding{}
		la.Error = strings.TrimPrefix(err.Error(), "source.py:")
		la.Summary = "the source does not parse"
	case len(fs) == 0:
		la.Findings = []pytype.Finding{}
		la.Summary = "no differences between NumPy 1.x and NumPy 2 found"
	case len(fs) == 1:
		la.Summary = "1 place where NumPy 1.x and NumPy 2 differ"
	default:
		la.Summary = fmt.Sprintf("%d places where NumPy 1.x and NumPy 2 differ", len(fs))
	}
	return Response{Lint: la}
}
