package infer

import (
	"bufio"
	"errors"
	"strconv"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Check parses src for the rule set r and types it. The Program is nil
// when src does not parse; the Types are nil then too. The error is the
// syntax error or the first node the rule set refused.
func Check(name string, src []byte, r promote.Rules) (*Program, *Types, error) {
	p, err := Parse(name, src, r.Def())
	if err != nil {
		return nil, nil, err
	}
	ts, err := New(r).Infer(p.Graph)
	return p, ts, err
}

// ResultNode is the node whose type is the program's result: the last
// bare expression, or else the last statement; NoNode for an empty
// program.
func (p *Program) ResultNode() NodeID {
	if p.Result != NoNode {
		return p.Result
	}
	if len(p.Stmts) > 0 {
		return p.Stmts[len(p.Stmts)-1].Node
	}
	return NoNode
}

// ErrEmpty is the error for a program with no statements.
var ErrEmpty = errors.New("the program has no statements")

// WriteText writes the report promote infer prints: one line per
// statement, "LINE: NAME: TYPE  RULE-ID" (NAME is _ for a bare
// expression, TYPE as in the operand grammar, "error" for a statement
// that could not be typed), then "# RULE-ID: TEXT [SOURCE]" for every
// rule used, then, as the last line, the program's result alone (DTYPE
// or DTYPE?) or "error: " and the first error. p and ts may be nil when
// err is a syntax error. It reports whether the program typed.
func WriteText(w *bufio.Writer, p *Program, ts *Types, err error) bool {
	if p == nil || ts == nil {
		writeErrLine(w, err)
		return false
	}
	var num []byte
	var rules []*promote.Rule
	seen := make(map[*promote.Rule]bool)
	for _, s := range p.Stmts {
		num = strconv.AppendInt(num[:0], int64(s.Line), 10)
		w.Write(num)
		w.WriteString(": ")
		if s.Name == "" {
			w.WriteByte('_')
		} else {
			w.WriteString(s.Name)
		}
		w.WriteString(": ")
		v := &ts.vals[s.Node]
		if v.flags&flagFailed != 0 {
			w.WriteString("error\n")
			continue
		}
		num = appendType(num[:0], ts, v)
		w.Write(num)
		if v.rule != nil {
			w.WriteString("  ")
			w.WriteString(v.rule.ID)
			if !seen[v.rule] {
				seen[v.rule] = true
				rules = append(rules, v.rule)
			}
		}
		w.WriteByte('\n')
	}
	for _, r := range rules {
		w.WriteString("# ")
		w.WriteString(r.ID)
		w.WriteString(": ")
		w.WriteString(r.Text)
		w.WriteString(" [")
		w.WriteString(r.Source)
		w.WriteString("]\n")
	}
	if err != nil {
		writeErrLine(w, err)
		return false
	}
	res := p.ResultNode()
	if res == NoNode {
		writeErrLine(w, ErrEmpty)
		return false
	}
	if e := ts.standaloneErr(res); e != nil {
		writeErrLine(w, e)
		return false
	}
	d, weak := ts.DType(res)
	w.WriteString(d.String())
	if weak {
		w.WriteByte('?')
	}
	w.WriteByte('\n')
	return true
}

func writeErrLine(w *bufio.Writer, err error) {
	w.WriteString("error: ")
	w.WriteString(oneLine(err.Error()))
	w.WriteByte('\n')
}

// oneLine keeps an error message on one output line.
func oneLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] == '\n' || b[j] == '\r' {
					b[j] = ' '
				}
			}
			return string(b)
		}
	}
	return s
}

// appendType appends v's type in the operand grammar (a literal as its
// standalone dtype, with its value: i64 (Python 3)).
func appendType(b []byte, ts *Types, v *tval) []byte {
	if v.dt == dtype.Invalid && v.flags&flagLit != 0 {
		// A literal the rule set types only next to an array.
		b = append(b, ts.lits[v.aux].Kind.String()...)
		b = append(b, " literal "...)
		return append(b, ts.lits[v.aux].Text...)
	}
	b = append(b, v.dt.String()...)
	if v.flags&flagLit == 0 {
		s := ts.shapeOf(v)
		switch {
		case s.rank == rankPositive:
		case s.rank == rankDynamic:
			b = append(b, "[...]"...)
		default:
			b = append(b, '[')
			for i := int32(0); i < s.rank; i++ {
				if i > 0 {
					b = append(b, ',')
				}
				if s.dims == nil || s.dims[i] < 0 {
					b = append(b, '?')
				} else {
					b = strconv.AppendInt(b, s.dims[i], 10)
				}
			}
			b = append(b, ']')
		}
	}
	if v.flags&flagWeak != 0 {
		b = append(b, '?')
	}
	if v.flags&flagLit != 0 {
		b = append(b, " (literal "...)
		b = append(b, ts.lits[v.aux].Text...)
		b = append(b, ')')
	}
	return b
}

// TypeString is node id's type as WriteText prints it.
func (ts *Types) TypeString(id NodeID) string {
	v := &ts.vals[id]
	if v.flags&flagFailed != 0 {
		return "error"
	}
	return string(appendType(nil, ts, v))
}

// StmtReport is one statement in a JSON report.
type StmtReport struct {
	Line  int    `json:"line"`
	Kind  string `json:"kind"` // input, binding, expr
	Name  string `json:"name,omitempty"`
	Type  string `json:"type"` // as WriteText prints it
	DType string `json:"dtype,omitempty"`
	Weak  bool   `json:"weak,omitempty"`
	// Literal is the host value of a statement that is still a host
	// literal (Python evaluates literal-only arithmetic itself).
	Literal string        `json:"literal,omitempty"`
	Rule    *promote.Rule `json:"rule,omitempty"`
	Error   string        `json:"error,omitempty"`
}

// Report is the JSON form of promote infer's output.
type Report struct {
	Rules      string       `json:"rules"`
	Settings   []string     `json:"settings,omitempty"`
	Statements []StmtReport `json:"statements"`
	Result     string       `json:"result,omitempty"` // DTYPE or DTYPE?
	Error      string       `json:"error,omitempty"`
}

var kindNames = [...]string{StmtInput: "input", StmtBinding: "binding", StmtExpr: "expr"}

// NewReport builds the JSON report of a checked program (see Check).
func NewReport(r promote.Rules, p *Program, ts *Types, err error) *Report {
	rep := &Report{Rules: r.Def().Name, Settings: r.Settings().Changed(), Statements: []StmtReport{}}
	if err != nil {
		rep.Error = oneLine(err.Error())
	}
	if p == nil || ts == nil {
		return rep
	}
	for _, s := range p.Stmts {
		sr := StmtReport{Line: int(s.Line), Kind: kindNames[s.Kind], Name: s.Name, Type: ts.TypeString(s.Node)}
		if e := ts.Err(s.Node); e != nil {
			sr.Error = oneLine(e.Error())
		} else {
			t := ts.Type(s.Node)
			sr.DType, sr.Weak, sr.Rule = t.DType.String(), t.Weak, t.Rule
			if t.Literal {
				sr.Literal = t.Value.Text
			}
		}
		rep.Statements = append(rep.Statements, sr)
	}
	if err == nil {
		if res := p.ResultNode(); res == NoNode {
			rep.Error = ErrEmpty.Error()
		} else if e := ts.standaloneErr(res); e != nil {
			rep.Error = oneLine(e.Error())
		} else {
			rep.Result = ts.Type(res).Result().String()
		}
	}
	return rep
}

// standaloneErr is why node id, a literal, has no type of its own under
// the rule set (nil when it has one or is not a literal).
func (ts *Types) standaloneErr(id NodeID) error {
	v := &ts.vals[id]
	if v.flags&flagLit != 0 && v.dt == dtype.Invalid {
		return &Error{File: ts.g.Name, Pos: ts.g.nodes[id].pos, Node: id, Err: ts.litErrs[v.aux]}
	}
	return nil
}
