package kit

import (
	"fmt"

	"github.com/promote-dev/promote"

	"github.com/promote-dev/promote/dtype"
)

// PairTable is a rule set's plain dtype × dtype decisions compiled into a
// dense table, so that promoting two plain dtypes is one index. A rule set
// builds it once, when it is built with its options, from a function that
// states the rules; only weak, literal and shape-dependent logic stays as
// code around it.
type PairTable struct {
	cells [dtype.Count][dtype.Count]cell
	msgs  []string
	name  string
}

// cell is one ordered pair's decision, laid out so that an accepted pair
// is answered from the cell alone: the rule pointer sits in the cell (no
// second, dependent load from a rules slice), and the whole cell is 16
// bytes, so a lookup touches one cache line.
type cell struct {
	rule *promote.Rule // nil only for Invalid's row and column
	out  dtype.DType   // Invalid: refused
	weak bool          // the result is weak (JAX, TensorFlow)
	msg  uint16        // index into msgs for a refusal
}

// maxEntries bounds the distinct messages a table can index.
const maxEntries = 1 << 16

// Decision is what a pair function returns for one ordered pair: the
// result, or (Out == dtype.Invalid) a refusal with its message.
type Decision struct {
	Out  dtype.DType
	Weak bool // the result is weak or ambiguous
	Rule *promote.Rule
	Msg  string // refusal only
}

// NewPairTable compiles decide over every ordered pair of valid dtypes.
// name is the rule set's name, used in refusal errors.
func NewPairTable(name string, decide func(a, b dtype.DType) Decision) *PairTable {
	t := &PairTable{name: name}
	msgIdx := map[string]uint16{}
	var msgs []string
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			d := decide(a, b)
			if d.Rule == nil {
				panic(fmt.Sprintf("promote: %s: pair (%s, %s) decided without a rule", name, a, b))
			}
			c := cell{out: d.Out, weak: d.Weak, rule: d.Rule}
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
// only when it refuses. The accepted pair is the hot path of every rule
// set's PromoteTypes: two bounds checks and one cell, nothing else; a
// refusal or an invalid dtype goes to refuse, kept out of line.
func (t *PairTable) Lookup(a, b dtype.DType) (promote.Result, error) {
	if int(a) < dtype.Count && int(b) < dtype.Count {
		if c := &t.cells[a][b]; c.out != dtype.Invalid {
			return promote.Result{DType: c.out, Weak: c.weak, Rule: c.rule}, nil
		}
	}
	return t.refuse(a, b)
}

// refuse is Lookup's slow path: an invalid dtype (whose row and column
// hold no rule) or a refused pair.
//
//go:noinline
func (t *PairTable) refuse(a, b dtype.DType) (promote.Result, error) {
	if !a.Valid() || !b.Valid() {
		return promote.Result{}, fmt.Errorf("%s: invalid dtype in pair (%v, %v)", t.name, a, b)
	}
	c := &t.cells[a][b]
	return promote.Result{}, &promote.Error{Rules: t.name, Rule: c.rule, Msg: t.msgs[c.msg], Operands: []promote.Operand{promote.T(a), promote.T(b)}}
}

// Cell returns the decision for (a, b) without building an error.
func (t *PairTable) Cell(a, b dtype.DType) Decision {
	if !a.Valid() || !b.Valid() {
		return Decision{}
	}
	c := &t.cells[a][b]
	d := Decision{Out: c.out, Weak: c.weak, Rule: c.rule}
	if c.out == dtype.Invalid {
		d.Msg = t.msgs[c.msg]
	}
	return d
}
