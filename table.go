package promote

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// PairTable is a rule set's plain dtype × dtype decisions compiled into a
// dense table, so that promoting two plain dtypes is one index. A rule set
// builds it once, when it is built with its options, from a function that
// states the rules; only weak, literal and shape-dependent logic stays as
// code around it.
type PairTable struct {
	cells [dtype.Count][dtype.Count]cell
	rules []*Rule
	msgs  []string
	name  string
}

type cell struct {
	out  dtype.DType // Invalid: refused
	weak bool        // the result is weak (JAX, TensorFlow)
	rule uint16      // index into rules
	msg  uint16      // index into msgs for a refusal
}

// maxEntries bounds the distinct rules and messages a table can index.
const maxEntries = 1 << 16

// Decision is what a pair function returns for one ordered pair: the
// result, or (Out == dtype.Invalid) a refusal with its message.
type Decision struct {
	Out  dtype.DType
	Weak bool // the result is weak or ambiguous
	Rule *Rule
	Msg  string // refusal only
}

// NewPairTable compiles decide over every ordered pair of valid dtypes.
// name is the rule set's name, used in refusal errors.
func NewPairTable(name string, decide func(a, b dtype.DType) Decision) *PairTable {
	t := &PairTable{name: name}
	ruleIdx := map[*Rule]uint16{}
	msgIdx := map[string]uint16{}
	var msgs []string
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			d := decide(a, b)
			if d.Rule == nil {
				panic(fmt.Sprintf("promote: %s: pair (%s, %s) decided without a rule", name, a, b))
			}
			ri, ok := ruleIdx[d.Rule]
			if !ok {
				if len(t.rules) == maxEntries {
					panic(fmt.Sprintf("promote: %s: more than %d rules in one table", name, maxEntries))
				}
				ri = uint16(len(t.rules))
				ruleIdx[d.Rule] = ri
				t.rules = append(t.rules, d.Rule)
			}
			c := cell{out: d.Out, weak: d.Weak, rule: ri}
			if d.Out == dtype.Invalid {
				mi, ok := msgIdx[d.Msg]
				if !ok {
					if len(msgs) == maxEntries {
						panic(fmt.Sprintf("promote: %s: more than %d messages in one table", name, maxEntries))
					}
					mi = uint16(len(msgs))
					msgIdx[d.Msg] = mi
					msgs = append(msgs, d.Msg)
				}
				c.msg = mi
			}
			t.cells[a][b] = c
		}
	}
	t.msgs = msgs
	return t
}

// Lookup returns the decision for the ordered pair (a, b). It allocates
// only when it refuses.
func (t *PairTable) Lookup(a, b dtype.DType) (Result, error) {
	if !a.Valid() || !b.Valid() {
		return Result{}, fmt.Errorf("%s: invalid dtype in pair (%v, %v)", t.name, a, b)
	}
	c := t.cells[a][b]
	r := t.rules[c.rule]
	if c.out == dtype.Invalid {
		return Result{}, &Error{Rules: t.name, Rule: r, Msg: t.msgs[c.msg], Operands: []Operand{T(a), T(b)}}
	}
	return Result{DType: c.out, Weak: c.weak, Rule: r}, nil
}

// Cell returns the decision for (a, b) without building an error.
func (t *PairTable) Cell(a, b dtype.DType) Decision {
	if !a.Valid() || !b.Valid() {
		return Decision{}
	}
	c := t.cells[a][b]
	d := Decision{Out: c.out, Weak: c.weak, Rule: t.rules[c.rule]}
	if c.out == dtype.Invalid {
		d.Msg = t.msgs[c.msg]
	}
	return d
}
