package rulefile

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// decision is one ordered pair's answer in a table file, with where it
// was decided.
type decision struct {
	out  dtype.DType // Invalid: refused
	rule *promote.Rule
	line int
	set  bool
}

// buildTable turns the table shape into its dense table: cells first,
// wherever they are; then the default rules in file order. Every ordered
// pair of dtypes must be decided, by at most one cell. Results are among
// the dtypes: cells are checked as they are read, and every default rule
// gives an operand or a listed dtype.
func (r *reader) buildTable(s *spec) (*[dtype.Count][dtype.Count]decision, error) {
	var t [dtype.Count][dtype.Count]decision
	for _, rs := range s.rules {
		for _, c := range rs.cells {
			pairs := [][2]dtype.DType{{c.a, c.b}, {c.b, c.a}}
			if rs.ordered || c.a == c.b {
				pairs = pairs[:1]
			}
			for _, p := range pairs {
				d := &t[p[0]][p[1]]
				if d.set {
					if d.out == c.out {
						return nil, r.errorf(c.line, "cell %q repeats the cell for %s %s at line %d", c.text, p[0], p[1], d.line)
					}
					return nil, r.errorf(c.line, "cell %q conflicts with line %d, which gives %s %s = %s (a pair has one answer; use ordered = true for an order-dependent rule)", c.text, d.line, p[0], p[1], outName(d.out))
				}
				*d = decision{out: c.out, rule: rs.rule, line: c.line, set: true}
			}
		}
	}
	for _, a := range s.dtypes {
		for _, b := range s.dtypes {
			d := &t[a][b]
			if d.set {
				continue
			}
			for _, rs := range s.rules {
				if rs.def == "" {
					continue
				}
				if out, ok := applyDefault(rs.def, a, b, s.dtypes); ok {
					*d = decision{out: out, rule: rs.rule, line: rs.defLine, set: true}
					break
				}
			}
			if !d.set {
				return nil, r.errorf(s.dtypesLine, "the pair %s %s has no answer: no cell names it and no default rule applies; add a cell such as \"%s %s = %s\" or \"%s %s = error\", or a default rule (valid: %s)",
					a, b, a, b, a, a, b, strings.Join(defaults, ", "))
			}
		}
	}
	if s.nary == promote.Set {
		if err := r.orderFree(s, &t); err != nil {
			return nil, err
		}
	}
	return &t, nil
}

func outName(d dtype.DType) string {
	if d == dtype.Invalid {
		return "error"
	}
	return d.String()
}

// orderFree checks that a table read as a set does not depend on order:
// commutative, and associative with refusals as answers.
func (r *reader) orderFree(s *spec, t *[dtype.Count][dtype.Count]decision) error {
	at := func(a, b dtype.DType) dtype.DType {
		if a == dtype.Invalid || b == dtype.Invalid {
			return dtype.Invalid
		}
		return t[a][b].out
	}
	for _, a := range s.dtypes {
		for _, b := range s.dtypes {
			if at(a, b) != at(b, a) {
				return r.errorf(s.naryLine, `nary = "set" needs a table that does not depend on order, but %s %s = %s and %s %s = %s (use nary = "fold")`, a, b, outName(at(a, b)), b, a, outName(at(b, a)))
			}
			for _, c := range s.dtypes {
				if l, rr := at(at(a, b), c), at(a, at(b, c)); l != rr {
					return r.errorf(s.naryLine, `nary = "set" needs a table that does not depend on order, but (%s %s) %s = %s and %s (%s %s) = %s (use nary = "fold")`, a, b, c, outName(l), a, b, c, outName(rr))
				}
			}
		}
	}
	return nil
}

// kindRank orders the kinds for float-wins, complex-wins and int-wins.
func kindRank(d dtype.DType) int {
	switch {
	case d == dtype.Bool:
		return 0
	case d.IsInteger():
		return 1
	case d.IsFloat():
		return 2
	case d.IsComplex():
		return 3
	}
	return -1
}

// applyDefault is one default rule on the ordered pair (a, b).
func applyDefault(name string, a, b dtype.DType, all []dtype.DType) (dtype.DType, bool) {
	ra, rb := kindRank(a), kindRank(b)
	switch name {
	case "same":
		return a, a == b
	case "wider":
		if a.Kind() != b.Kind() {
			return 0, false
		}
		return holder(a, b)
	case "holds":
		return holder(a, b)
	case "narrowest-holding":
		var min []dtype.DType
		for _, c := range all {
			if !dtype.Holds(a, c) || !dtype.Holds(b, c) {
				continue
			}
			narrower := false
			for _, d := range all {
				if d != c && dtype.Holds(a, d) && dtype.Holds(b, d) && dtype.Holds(d, c) {
					narrower = true
					break
				}
			}
			if !narrower {
				min = append(min, c)
			}
		}
		if len(min) == 1 {
			return min[0], true
		}
	case "float-wins":
		return winner(a, b, ra, rb, 2, func(r int) bool { return r < 2 })
	case "complex-wins":
		return winner(a, b, ra, rb, 3, func(r int) bool { return r < 3 })
	case "int-wins":
		return winner(a, b, ra, rb, 1, func(r int) bool { return r == 0 })
	case "refuse":
		return dtype.Invalid, true
	}
	return 0, false
}

// holder returns whichever of a and b holds the other.
func holder(a, b dtype.DType) (dtype.DType, bool) {
	switch {
	case dtype.Holds(a, b):
		return b, true
	case dtype.Holds(b, a):
		return a, true
	}
	return 0, false
}

// winner returns the operand of kind rank win when the other's rank is
// one it beats.
func winner(a, b dtype.DType, ra, rb, win int, beats func(int) bool) (dtype.DType, bool) {
	switch {
	case ra == win && beats(rb):
		return a, true
	case rb == win && beats(ra):
		return b, true
	}
	return 0, false
}
