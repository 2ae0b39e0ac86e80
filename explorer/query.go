package explorer

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/picture"
	"github.com/promote-dev/promote/rules"
)

// families are the display families, read once.
var families = rules.Families()

// QueryAnswer is a query answered under several rule sets, side by side.
type QueryAnswer struct {
	Operands []string `json:"operands"`
	// Dialect is the spelling the operands were read in: "neutral" when
	// several rule sets answer (as promote compare reads them), else the
	// one rule set's own (as promote -rules NAME does).
	Dialect string `json:"dialect"`
	Rows    []Row  `json:"rows"`
	// Summary is promote compare's last line: who agrees, who differs.
	Summary string `json:"summary"`
}

// Row is one rule set's answer: promote compare's row, with its label
// and its source split into linked spans.
type Row struct {
	answer.Row
	Label string         `json:"label"`
	Spec  string         `json:"spec"`
	Links []picture.Span `json:"links,omitempty"`
	// FamilyTitle heads the family's rows, as promote compare does.
	FamilyTitle string `json:"family_title,omitempty"`
	// Brief is the row's short reason, promote compare's default WHY:
	// why this query gets this answer (answer.Brief).
	Brief string `json:"brief,omitempty"`
}

// query answers a query under the rule sets req.Rules names (every rule
// set and its presets when empty), as promote compare does, or as
// promote -rules NAME does when it names exactly one.
func query(req Request) Response {
	if len(req.Q) > MaxQueryBytes {
		return Response{Error: fmt.Sprintf("promote compare: a query may take at most %d bytes, this one has %d", MaxQueryBytes, len(req.Q))}
	}
	toks := strings.Fields(req.Q)
	if len(toks) > MaxOperands {
		return Response{Error: fmt.Sprintf("promote compare: %d operands; at most %d are accepted", len(toks), MaxOperands)}
	}
	var rs []promote.Rules
	var err error
	cmd := "promote compare: "
	if strings.TrimSpace(req.Rules) == "" {
		rs, err = presets()
	} else {
		if !strings.Contains(req.Rules, ",") {
			cmd = "promote: " // promote -rules NAME OPERAND...
		}
		rs, err = parseList(req.Rules)
	}
	if err != nil {
		return Response{Error: cmd + answer.OneLine(err.Error())}
	}
	if len(toks) == 0 {
		return Response{Query: &QueryAnswer{Operands: []string{}, Rows: []Row{}}}
	}
	d, dialect := dtype.Neutral, "neutral"
	if len(rs) == 1 && rs[0].Def().Dialect != nil {
		d, dialect = rs[0].Def().Dialect, rs[0].Def().Dialect.Name()
	}
	ops, err := answer.ParseOperands(d, toks)
	if err != nil {
		return Response{Error: cmd + answer.OneLine(err.Error())}
	}
	c := answer.Compare(rs, ops)
	rows := c.Rows
	qa := &QueryAnswer{Operands: toks, Dialect: dialect, Rows: make([]Row, len(rows)), Summary: c.Summary}
	if len(rows) == 1 {
		rows[0].Differs = false
		qa.Summary = ""
	}
	for i, rw := range rows {
		qa.Rows[i] = Row{Row: rw, Label: rw.Label(), Spec: rules.Label(rs[i]), Links: picture.SourceSpans(rw.Source), Brief: rw.Brief}
		if rw.FamilyIndex < len(families) {
			qa.Rows[i].FamilyTitle = families[rw.FamilyIndex].Title
		}
	}
	return Response{Query: qa}
}
