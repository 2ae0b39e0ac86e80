package infer

import (
	"errors"

	"github.com/promote-dev/promote"
)

// Lint is the porting lint: one program typed under several rule sets,
// statement by statement, with the first statement where they disagree.
type Lint struct {
	// Rules labels the columns: each rule set's name, with its changed
	// settings.
	Rules []string  `json:"rules"`
	Rows  []LintRow `json:"rows"`
	// First is the index in Rows of the first disagreement, or -1.
	First int `json:"-"`
	// FirstLine is the program line of the first disagreement, or 0.
	FirstLine int `json:"first_disagreement"`
	// Unreadable reports that no rule set could parse the program, so
	// nothing was compared.
	Unreadable bool `json:"unreadable,omitempty"`
	// Errors holds, per rule set, the program's first error ("" if none).
	Errors []string `json:"errors"`
}

// LintRow is one statement under every rule set.
type LintRow struct {
	Line int    `json:"line"`
	Name string `json:"name,omitempty"`
	// Cells are the types, DTYPE or DTYPE? (weak), "error" when the rule
	// set could not type the statement, "-" when it could not parse the
	// program and the statement comes before the syntax error (not
	// compared).
	Cells []string `json:"types"`
	// Agree reports whether every rule set gives the same dtype
	// (weakness is shown, not compared; an error agrees only with errors).
	Agree bool `json:"agree"`
}

// Compare types src under each rule set. Each reads the program in its
// own host syntax and dialect (see HostOf), so a literal such as 1 is a
// Python int under numpy and an R double under anvil: exactly the
// difference a port has to see.
func Compare(name string, src []byte, rs []promote.Rules) *Lint {
	l := &Lint{First: -1}
	type col struct {
		cells map[int32]string
		dts   map[int32]string
		// badLine is the line of the syntax error when the program did
		// not parse under this rule set's host syntax, else 0.
		badLine int32
	}
	cols := make([]col, len(rs))
	var base *Program
	for i, r := range rs {
		label := r.Def().Name
		for _, s := range r.Settings().Changed() {
			label += " " + s
		}
		l.Rules = append(l.Rules, label)
		p, ts, err := Check(name, src, r)
		msg := ""
		if err != nil {
			msg = oneLine(err.Error())
		}
		l.Errors = append(l.Errors, msg)
		cols[i] = col{cells: map[int32]string{}, dts: map[int32]string{}}
		if p == nil {
			var pe *Error
			if errors.As(err, &pe) {
				cols[i].badLine = pe.Pos.Line
			}
			continue
		}
		if base == nil {
			base = p
		}
		for _, s := range p.Stmts {
			if ts.Failed(s.Node) {
				cols[i].cells[s.Line], cols[i].dts[s.Line] = "error", "error"
				continue
			}
			d, weak := ts.DType(s.Node)
			if ts.standaloneErr(s.Node) != nil {
				cols[i].cells[s.Line], cols[i].dts[s.Line] = "literal", "literal"
				continue
			}
			cell := d.String()
			if weak {
				cell += "?"
			}
			cols[i].cells[s.Line], cols[i].dts[s.Line] = cell, d.String()
		}
	}
	if base == nil {
		l.Unreadable = true
		return l
	}
	for _, s := range base.Stmts {
		row := LintRow{Line: int(s.Line), Name: s.Name, Agree: true}
		ref := ""
		for i := range cols {
			c, ok := cols[i].cells[s.Line]
			switch {
			case ok:
			case cols[i].badLine > 0 && s.Line < cols[i].badLine:
				c = "-" // parsed fine up to here; not typed, not compared
			default:
				c = "error"
				cols[i].dts[s.Line] = "error"
			}
			row.Cells = append(row.Cells, c)
			if c == "-" {
				continue
			}
			if ref == "" {
				ref = cols[i].dts[s.Line]
			} else if cols[i].dts[s.Line] != ref {
				row.Agree = false
			}
		}
		if !row.Agree && l.First < 0 {
			l.First = len(l.Rows)
			l.FirstLine = row.Line
		}
		l.Rows = append(l.Rows, row)
	}
	return l
}
