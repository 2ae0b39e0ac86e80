package infer

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Types holds the inferred type of every node of a graph.
type Types struct {
	g    *Graph
	r    promote.Rules
	vals []tval
	dims []int64
	lits []promote.Value
	errs map[NodeID]error
	// litErrs holds, by literal index, why the rule set cannot type a
	// literal alone.
	litErrs map[int32]error
	first   NodeID
	fold    folder
	tmp     [4]tval
	tmpi    int
}

func (ts *Types) reset(g *Graph, r promote.Rules) {
	ts.g, ts.r = g, r
	if cap(ts.vals) >= len(g.nodes) {
		ts.vals = ts.vals[:len(g.nodes)]
	} else {
		ts.vals = make([]tval, len(g.nodes))
	}
	ts.dims = ts.dims[:0]
	// Folded literals are appended after the graph's own; the full slice
	// expression makes the first append copy, leaving the graph untouched.
	ts.lits = g.lits[:len(g.lits):len(g.lits)]
	ts.errs, ts.litErrs = nil, nil
	ts.first = NoNode
	ts.fold = folder{}
}

// Type is one node's inferred type.
type Type struct {
	// DType is the element type. For a host literal it is the dtype the
	// rule set gives the literal alone.
	DType dtype.DType
	// Weak is the system's weak type (JAX, TensorFlow), ambiguity (anvil)
	// or constant<T> (kernel_float).
	Weak bool
	// Literal reports a host-language scalar not yet made an array: a
	// literal, or (Python) an operation on literals only, which Python
	// evaluates itself. Value is its value.
	Literal bool
	Value   promote.Value
	// Rank is the number of dimensions, or promote.RankPositive (at least
	// one, not known) or promote.RankDynamic (unknown, maybe 0). Dims are
	// the dimensions when the rank is exact (-1 unknown); nil otherwise.
	Rank int
	Dims []int64
	// Rule is the rule that decided the dtype: the rule set's promotion
	// rule, or an op typing rule of this package.
	Rule *promote.Rule
	// Err is why the node could not be typed (an *Error), or nil.
	Err error
}

// String writes the type as the operand grammar does: dtype, shape, then
// ? when weak (f32[2,3], i32[]?). A literal is written as its value.
func (t Type) String() string {
	if t.Err != nil {
		return "error"
	}
	var b strings.Builder
	b.WriteString(t.DType.String())
	formatShape(&b, shape{rank: int32(t.Rank), dims: t.Dims})
	if t.Weak {
		b.WriteByte('?')
	}
	return b.String()
}

// Result is the type as the batch contract prints a result: the dtype,
// with ? when weak.
func (t Type) Result() promote.Result {
	return promote.Result{DType: t.DType, Weak: t.Weak, Rule: t.Rule}
}

// Len returns the number of typed nodes.
func (ts *Types) Len() int { return len(ts.vals) }

// DType returns node id's dtype and weak flag without building a Type:
// the cheap accessor for callers walking a large graph.
func (ts *Types) DType(id NodeID) (dtype.DType, bool) {
	v := &ts.vals[id]
	return v.dt, v.flags&flagWeak != 0
}

// Failed reports whether node id could not be typed.
func (ts *Types) Failed(id NodeID) bool { return ts.vals[id].flags&flagFailed != 0 }

// Type returns node id's full type.
func (ts *Types) Type(id NodeID) Type {
	v := &ts.vals[id]
	if v.flags&flagFailed != 0 {
		return Type{Err: ts.errs[NodeID(v.aux)]}
	}
	t := Type{DType: v.dt, Weak: v.flags&flagWeak != 0, Rank: int(v.rank), Rule: v.rule}
	if v.flags&flagLit != 0 {
		t.Literal, t.Value, t.Rank = true, ts.lits[v.aux], 0
	}
	if v.flags&flagScalar != 0 {
		t.Value = ts.g.inputs[v.aux].Value
	}
	if v.dims >= 0 {
		t.Dims = append([]int64(nil), ts.dims[v.dims:v.dims+v.rank]...)
	}
	return t
}

// Err returns why node id could not be typed: its own error, or that of
// the failed node it depends on. Nil when it was typed.
func (ts *Types) Err(id NodeID) error {
	v := &ts.vals[id]
	if v.flags&flagFailed == 0 {
		return nil
	}
	return ts.errs[NodeID(v.aux)]
}
