package explorer

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/rules"
)

// InferAnswer is promote infer's porting lint: the program typed under
// each rule set, statement by statement.
type InferAnswer struct {
	*infer.Lint
	// First is the index in Rows of the first disagreement, or -1.
	First int `json:"first"`
	// Summary is the lint's last line, as promote infer prints it.
	Summary string `json:"summary"`
}

// inferView lints req.Program under the rule sets req.Rules names (every
// rule set with its defaults when empty), as promote infer FILE does.
func inferView(req Request) Response {
	const cmd = "promote infer: "
	if len(req.Program) > MaxProgramBytes {
		return Response{Error: fmt.Sprintf("%sthe program has %d bytes; the explorer takes at most %d", cmd, len(req.Program), MaxProgramBytes)}
	}
	var rs []promote.Rules
	if req.Rules == "" {
		for _, d := range rules.All() {
			r, err := parseSpec(d.Name)
			if err != nil {
				return Response{Error: cmd + err.Error()}
			}
			rs = append(rs, r)
		}
	} else {
		var err error
		if rs, err = parseList(req.Rules); err != nil {
			return Response{Error: cmd + "-compare: " + answer.OneLine(err.Error())}
		}
	}
	l := infer.Compare("program", []byte(req.Program), rs)
	ia := &InferAnswer{Lint: l, First: l.First}
	switch {
	case l.Unreadable:
		ia.Summary = "no rule set could read the program"
	case l.First >= 0:
		ia.Summary = fmt.Sprintf("first disagreement: line %d", l.FirstLine)
	case len(l.Skipped) > 0:
		ia.Summary = "all rule sets agree on the statements they read"
	default:
		ia.Summary = "all rule sets agree"
	}
	for _, msg := range l.Skipped {
		// The lint is also in the answer (Lint.Skipped); the summary is
		// what the page shows in words.
		ia.Summary += "; skipped " + msg
	}
	return Response{Infer: ia}
}
