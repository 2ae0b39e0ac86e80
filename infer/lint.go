package infer

import (
	"errors"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// Lint is the porting lint: one program typed under several rule sets,
// statement by statement, with the first statement where they disagree.
type Lint struct {
	// Rules labels the columns: each rule set's spec (rules.Label), its
	// name followed by the settings that differ from its defaults, so two
	// columns of one rule set with different settings never share a label.
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
	// Skipped holds the syntax error of each statement no rule set could
	// parse, in program order: such a statement is reported (its row's
	// cells are "error") and the rest of the program is still typed and
	// compared.
	Skipped []string `json:"skipped,omitempty"`
}

// LintRow is one statement under every rule set.
type LintRow struct {
	Line int    `json:"line"`
	Name string `json:"name,omitempty"`
	// Cells are the types, DTYPE or DTYPE? (weak), "error" when the rule
	// set could not type the statement, "literal" for a host scalar the
	// rule set types only next to an array, "-" when it could not parse
	// the program and the statement comes before the syntax error (not
	// compared). Rows with the same cells share one slice: read, do not
	// modify.
	Cells []string `json:"types"`
	// Agree reports whether every rule set gives the same dtype
	// (weakness is shown, not compared; an error agrees only with errors).
	Agree bool `json:"agree"`
}

// cell is one statement under one rule set, compactly: a kind in the low
// two bits and, for a type, the weak flag and the dtype above them.
type cell uint16

const (
	cellDash    cell = iota // not parsed (before the rule set's syntax error)
	cellError               // could not be typed
	cellLiteral             // a host scalar with no type of its own
	cellType                // cellType | weak<<2 | dtype<<3
	cellWeak    cell = 1 << 2
	cellKinds   cell = 3
)

func typeCell(d dtype.DType, weak bool) cell {
	c := cellType | cell(d)<<3
	if weak {
		c |= cellWeak
	}
	return c
}

// cellOf is statement node id's cell in the typed program.
func cellOf(ts *Types, id NodeID) cell {
	v := &ts.vals[id]
	switch {
	case v.flags&flagFailed != 0:
		return cellError
	case v.flags&flagLit != 0 && v.dt == dtype.Invalid:
		return cellLiteral
	}
	return typeCell(v.dt, v.flags&flagWeak != 0)
}

// compared is what agreement compares: the kind and dtype, not weakness.
func (c cell) compared() cell { return c &^ cellWeak }

// cellText is the cell as the lint prints it.
func cellText(c cell) string {
	switch c & cellKinds {
	case cellDash:
		return "-"
	case cellError:
		return "error"
	case cellLiteral:
		return "literal"
	}
	s := dtype.DType(c >> 3).String()
	if c&cellWeak != 0 {
		s += "?"
	}
	return s
}

// Compare types src under each rule set. Each reads the program in its
// own host syntax and dialect (see HostOf), so a literal such as 1 is a
// Python int under numpy and an R double under anvil: exactly the
// difference a port has to see. The program is parsed once; each rule
// set binds that parse to its host and dialect (rule sets that share
// both share the binding) and types it, so the lint costs one parse and
// one typing per rule set, in time and memory linear in the program.
func Compare(name string, src []byte, rs []promote.Rules) *Lint {
	s := parseRecovering(name, src)
	stmts := s.prog.Stmts
	n := len(stmts)
	l := &Lint{First: -1}
	for _, e := range s.skipped {
		l.Skipped = append(l.Skipped, oneLine(e.Error()))
	}
	if len(rs) > 0 {
		l.Rules, l.Errors = make([]string, len(rs)), make([]string, len(rs))
	}
	// cells[i*n+j] is statement j under rule set i.
	cells := make([]cell, len(rs)*n)
	type binding struct {
		h    Host
		d    *dtype.Dialect
		prog *Program
		err  error
	}
	var bindings []binding
	var ts Types
	parsed := false
	for i, r := range rs {
		l.Rules[i] = rules.Label(r)
		def := r.Def()
		h, d := HostOf(def), def.Dialect
		if d == nil {
			d = dtype.Neutral
		}
		k := 0
		for k < len(bindings) && (bindings[k].h != h || bindings[k].d != d) {
			k++
		}
		if k == len(bindings) {
			p, err := s.bind(h, d)
			bindings = append(bindings, binding{h, d, p, err})
		}
		b := bindings[k]
		col := cells[i*n : (i+1)*n]
		if b.err != nil {
			l.Errors[i] = oneLine(b.err.Error())
			var bad int32
			var pe *Error
			if errors.As(b.err, &pe) {
				bad = pe.Pos.Line
			}
			for j := range col {
				col[j] = cellError
				if stmts[j].Line < bad && stmts[j].Kind != StmtSkipped {
					col[j] = cellDash // parsed fine up to here; not typed, not compared
				}
			}
			continue
		}
		parsed = true
		if err := New(r).InferInto(b.prog.Graph, &ts); err != nil {
			l.Errors[i] = oneLine(err.Error())
		}
		for j := range col {
			if stmts[j].Kind == StmtSkipped {
				col[j] = cellError // its error is in l.Skipped
				continue
			}
			col[j] = cellOf(&ts, stmts[j].Node)
		}
	}
	if !parsed {
		l.Unreadable = true
		return l
	}
	l.Rows = lintRows(stmts, cells, len(rs), l)
	return l
}

// lintRows builds the rows from the cells, sharing one []string among
// rows with the same cells (a large program has few distinct rows), and
// marks the first disagreement in l.
func lintRows(stmts []Stmt, cells []cell, cols int, l *Lint) []LintRow {
	n := len(stmts)
	rows := make([]LintRow, n)
	var texts [1 << 11]string // by cell: dtype < 256, so cells < 2048
	text := func(c cell) string {
		if texts[c] == "" {
			texts[c] = cellText(c)
		}
		return texts[c]
	}
	shared := make(map[string][]string)
	key := make([]byte, 2*cols)
	prevKey := make([]byte, 2*cols)
	var prev []string
	for j, st := range stmts {
		agree := true
		var ref cell
		seen := false
		for i := range cols {
			c := cells[i*n+j]
			key[2*i], key[2*i+1] = byte(c), byte(c>>8)
			if c == cellDash {
				continue
			}
			if !seen {
				ref, seen = c.compared(), true
			} else if c.compared() != ref {
				agree = false
			}
		}
		row := &rows[j]
		row.Line, row.Name, row.Agree = int(st.Line), st.Name, agree
		switch {
		case prev != nil && string(key) == string(prevKey):
			row.Cells = prev
		default:
			row.Cells = shared[string(key)]
			if row.Cells == nil {
				row.Cells = make([]string, cols)
				for i := range cols {
					row.Cells[i] = text(cells[i*n+j])
				}
				shared[string(key)] = row.Cells
			}
			prev = row.Cells
			copy(prevKey, key)
		}
		if !agree && l.First < 0 {
			l.First, l.FirstLine = j, row.Line
		}
	}
	return rows
}
