package infer

import (
	"errors"
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// Error is a node that cannot be typed: the rule set refused it, or the
// shapes do not fit, or the graph is malformed. It names the position in
// the program when the node has one.
type Error struct {
	File string // program name, "" for a graph built in Go
	Pos  Pos
	Node NodeID
	Err  error // often a *promote.Error from the rule set
}

// Error implements error, prefixed with FILE:LINE:COL where known.
func (e *Error) Error() string {
	if e.Pos.Line > 0 {
		name := e.File
		if name == "" {
			name = "prog"
		}
		return fmt.Sprintf("%s:%d:%d: %v", name, e.Pos.Line, e.Pos.Col, e.Err)
	}
	return fmt.Sprintf("node %d: %v", e.Node, e.Err)
}

// Unwrap returns the underlying error (often a *promote.Error).
func (e *Error) Unwrap() error { return e.Err }

// tval is a node's inferred type, kept small: the node slice of a large
// graph stays in cache.
type tval struct {
	dt    dtype.DType
	flags uint8
	rank  int32
	dims  int32 // offset of the dims in Types.dims (len rank), or -1
	aux   int32 // flagLit: index in Types.lits; flagScalar: input index; flagFailed: the failed node
	rule  *promote.Rule
}

const (
	flagWeak   = 1 << iota // weak (JAX, TensorFlow), ambiguous (anvil), constant (kernel_float)
	flagLit                // still a host literal, not yet an array
	flagScalar             // a typed scalar input (NumPy scalar, aclScalar)
	flagFailed             // could not be typed; aux is the node whose error explains why
)

// Inferer types graphs under one rule set. It remembers the rule set's
// answers for operand combinations it has seen, so a large graph costs a
// table or map lookup per node. An Inferer is not safe for concurrent use:
// make one per goroutine (they are cheap).
type Inferer struct {
	r   promote.Rules
	sys *system
	// pairs caches Result for two tensor operands by dtype, weak flag and
	// rank class (the only properties the rule sets read).
	pairs map[uint64]cached
	// local caches answers involving the literals and typed scalars of the
	// graph being typed; it is cleared for every graph.
	local   map[uint64]cached
	scratch []int64
	sbuf    []shape
	obuf    []promote.Operand
	// The question to the rule set's op typing (ask), reused: its
	// arguments, their values, and the typing they belong to.
	q     promote.OpQuery
	qargs []promote.OpArg
	qvals []*tval
	qts   *Types
	cvals []*tval
}

type cached struct {
	res promote.Result
	err error
}

// New returns an Inferer for the rule set r.
func New(r promote.Rules) *Inferer {
	in := &Inferer{r: r, sys: newSystem(r), pairs: make(map[uint64]cached), local: make(map[uint64]cached)}
	in.q.Typer = queryHelper{in}
	return in
}

// ask puts op to the rule set's op typing, about the operands vs whose
// promotion is res (or failed with err); generic is the generic typing's
// decision, which a rule set with no op typing gets.
func (in *Inferer) ask(ts *Types, op Op, early bool, res promote.Result, err error, generic decision, vs []*tval) decision {
	if in.sys.typer == nil {
		return generic
	}
	in.qvals, in.qts = vs, ts
	if cap(in.qargs) < len(vs) {
		in.qargs = make([]promote.OpArg, len(vs))
	}
	in.qargs = in.qargs[:len(vs)]
	for i, v := range vs {
		// Filled in place: an OpArg is large, and its Value is copied
		// only for a literal.
		a := &in.qargs[i]
		a.DType, a.Weak = v.dt, v.flags&flagWeak != 0
		switch {
		case v.flags&flagLit != 0:
			a.Literal, a.Value = true, ts.lits[v.aux]
		case a.Literal:
			a.Literal, a.Value = false, promote.Value{}
		}
	}
	q := &in.q
	q.Op, q.Args, q.Res, q.Err, q.Generic, q.Early = op, in.qargs, res, err, generic, early
	return in.sys.typer.TypeOp(q)
}

// queryHelper lends the asked operands to op typing
// (promote.OpHelper).
type queryHelper struct{ in *Inferer }

// Operand is an asked operand as the rule set's operand.
func (h queryHelper) Operand(i int) promote.Operand { return h.in.operand(h.in.qts, h.in.qvals[i]) }

// Promote is the promotion of two of the asked operands: promote2, cached.
func (h queryHelper) Promote(i, j int) (promote.Result, error) {
	return h.in.promote2(h.in.qts, h.in.qvals[i], h.in.qvals[j])
}

// Rules returns the rule set the Inferer types with.
func (in *Inferer) Rules() promote.Rules { return in.r }

// Infer types every node of g. It always returns the Types; the error is
// the first node that could not be typed (an *Error), and every node that
// depends on a failed node is failed too.
func (in *Inferer) Infer(g *Graph) (*Types, error) {
	ts := &Types{}
	err := in.InferInto(g, ts)
	return ts, err
}

// InferInto is Infer reusing ts's memory, for callers that type many
// graphs.
func (in *Inferer) InferInto(g *Graph, ts *Types) error {
	ts.reset(g, in.r)
	clear(in.local)
	for i := range g.nodes {
		in.step(g, ts, NodeID(i))
	}
	if ts.first != NoNode {
		return ts.errs[ts.first]
	}
	return nil
}

func (in *Inferer) fail(g *Graph, ts *Types, id NodeID, err error) {
	ts.vals[id] = tval{flags: flagFailed, aux: int32(id), dims: -1}
	if ts.errs == nil {
		ts.errs = make(map[NodeID]error)
	}
	ts.errs[id] = &Error{File: g.Name, Pos: g.nodes[id].pos, Node: id, Err: err}
	if ts.first == NoNode {
		ts.first = id
	}
}

// refusal reports a refusal of the op typing table as a rule-set error.
func (in *Inferer) refusal(d decision, ops ...promote.Operand) error {
	return &promote.Error{Rules: in.r.Def().Name, Rule: d.Rule, Msg: d.Msg, Operands: ops}
}

// decisionErr is the error of a failed decision about the operands vs:
// the rule set's own error (d.err) with the operands' shapes, or the op
// typing table's refusal.
func (in *Inferer) decisionErr(d decision, ts *Types, vs ...*tval) error {
	shaped := make([]promote.Operand, len(vs))
	for i, v := range vs {
		shaped[i] = in.shapedOperand(ts, v)
	}
	if d.Err != nil {
		plain := make([]promote.Operand, len(vs))
		for i, v := range vs {
			plain[i] = in.operand(ts, v)
		}
		return withShapes(d.Err, plain, shaped)
	}
	return in.refusal(d, shaped...)
}

// arg returns operand id of node self, or nil with the node failed when
// id is not an earlier node or is itself failed.
func (in *Inferer) arg(g *Graph, ts *Types, self, id NodeID) *tval {
	if id < 0 || id >= self {
		in.fail(g, ts, self, fmt.Errorf("malformed graph: node %d uses node %d, which does not precede it", self, id))
		return nil
	}
	v := &ts.vals[id]
	if v.flags&flagFailed != 0 {
		ts.vals[self] = tval{flags: flagFailed, aux: v.aux, dims: -1}
		return nil
	}
	return v
}

func (in *Inferer) step(g *Graph, ts *Types, id NodeID) {
	n := &g.nodes[id]
	switch {
	case n.op == OpInput:
		in.input(g, ts, id, n)
	case n.op == OpLiteral:
		in.literal(g, ts, id, n)
	case n.op.IsBinary():
		a := in.arg(g, ts, id, n.a)
		if a == nil {
			return
		}
		b := in.arg(g, ts, id, n.b)
		if b == nil {
			return
		}
		in.binary(g, ts, id, n.op, a, b)
	case n.op == OpMaximum || n.op == OpMinimum:
		a := in.arg(g, ts, id, n.a)
		if a == nil {
			return
		}
		b := in.arg(g, ts, id, n.b)
		if b == nil {
			return
		}
		if a = in.array(g, ts, id, a); a == nil {
			return
		}
		if b = in.array(g, ts, id, b); b == nil {
			return
		}
		in.binary(g, ts, id, n.op, a, b)
	case n.op.IsElementwise() || n.op.IsReduction() || n.op == OpConvert:
		a := in.arg(g, ts, id, n.a)
		if a == nil {
			return
		}
		if n.op == OpNeg && a.flags&flagLit != 0 {
			// -1 is a literal in every host language.
			v, err := ts.fold.neg(in.sys.host, ts.lits[a.aux])
			if err != nil {
				in.fail(g, ts, id, err)
				return
			}
			in.literalValue(g, ts, id, v)
			return
		}
		if a = in.array(g, ts, id, a); a != nil {
			in.unary(g, ts, id, n, a)
		}
	case n.op == OpWhere:
		in.where(g, ts, id, n)
	case n.op == OpMatmul:
		in.matmul(g, ts, id, n)
	case n.op == OpConcat:
		in.concat(g, ts, id, n)
	default:
		in.fail(g, ts, id, fmt.Errorf("malformed graph: node %d is not a valid operation (a call with the wrong number of arguments?)", id))
	}
}

// input types a program input as the rule set sees it alone.
func (in *Inferer) input(g *Graph, ts *Types, id NodeID, n *node) {
	o := g.inputs[n.aux]
	var res promote.Result
	var err error
	if o.Kind == promote.Tensor && !o.HasValue() {
		// Cached by dtype, weak flag and rank class, like any tensor.
		t := tval{dt: o.DType, rank: int32(o.Rank)}
		if o.Weak {
			t.flags = flagWeak
		}
		res, err = in.promoteN(ts, &t)
	} else {
		res, err = in.r.Result(o)
	}
	if err != nil {
		in.fail(g, ts, id, withShapes(err, []promote.Operand{o}, []promote.Operand{o}))
		return
	}
	v := tval{dt: res.DType, rank: int32(o.Rank), dims: -1, rule: opkit.Input}
	if res.Weak && in.sys.policy.Weak {
		v.flags |= flagWeak
	}
	if o.HasValue() {
		// A typed scalar, or a 0-d array with a value (i64[](300)): the
		// rule set sees the input itself wherever it is used, since
		// NumPy 1.x's legacy promotion reads its value.
		v.flags |= flagScalar
		v.aux = n.aux
		v.rank = 0
	}
	if o.Rank > 0 {
		v.dims = int32(len(ts.dims))
		if o.Dims != nil {
			ts.dims = append(ts.dims, o.Dims...)
		} else {
			for range o.Rank {
				ts.dims = append(ts.dims, -1)
			}
		}
	}
	ts.vals[id] = v
}

func (in *Inferer) literal(g *Graph, ts *Types, id NodeID, n *node) {
	in.literalAt(g, ts, id, n.aux)
}

func (in *Inferer) literalValue(g *Graph, ts *Types, id NodeID, v promote.Value) {
	ts.lits = append(ts.lits, v)
	in.literalAt(g, ts, id, int32(len(ts.lits)-1))
}

// literalAt types a literal by what the rule set gives it alone; it stays
// a literal, so the rule set sees it as one where it is used.
func (in *Inferer) literalAt(g *Graph, ts *Types, id NodeID, li int32) {
	v := tval{flags: flagLit, aux: li, dims: -1}
	res, err := in.promoteN(ts, &v)
	if err != nil {
		// Some rule sets type a literal only next to an array (the Array
		// API's result_type, OpenVINO's complex): that is an error only
		// where the literal must stand alone (see array).
		if ts.litErrs == nil {
			ts.litErrs = make(map[int32]error)
		}
		ts.litErrs[li] = err
		ts.vals[id] = v
		return
	}
	v.dt, v.rule = res.DType, res.Rule
	if in.sys.lits != nil {
		// The rule set typed what its system makes of the literal
		// (OpenVINO: a rank-0 Constant); its rule names that choice.
		if _, r := in.sys.lits.LiteralOperand(ts.lits[li]); r != nil {
			v.rule = r
		}
	}
	if res.Weak {
		v.flags |= flagWeak
	}
	ts.vals[id] = v
}

// array is v as an array argument of a function: a literal becomes a
// rank-0 array of the type the rule set gives it alone. When the rule set
// cannot type it alone, node id fails and array returns nil.
func (in *Inferer) array(g *Graph, ts *Types, id NodeID, v *tval) *tval {
	if v.flags&flagLit == 0 {
		return v
	}
	if v.dt == dtype.Invalid {
		in.fail(g, ts, id, ts.litErrs[v.aux])
		return nil
	}
	out := &ts.tmp[ts.tmpi&3]
	ts.tmpi++
	*out = tval{dt: v.dt, rank: 0, dims: -1, rule: opkit.CallLit}
	if v.flags&flagWeak != 0 && in.sys.policy.Weak {
		out.flags = flagWeak
	}
	return out
}

func (ts *Types) shapeOf(v *tval) shape {
	if v.flags&(flagLit|flagScalar) != 0 {
		return shape{rank: 0}
	}
	if v.dims < 0 {
		return shape{rank: v.rank}
	}
	return shape{rank: v.rank, dims: ts.dims[v.dims : v.dims+v.rank : v.dims+v.rank]}
}

// setShape records s as node id's shape, sharing an operand's dims when s
// is one of them.
func (ts *Types) setShape(v *tval, s shape, ops ...*tval) {
	v.rank = s.rank
	v.dims = -1
	if s.rank <= 0 || s.dims == nil {
		return
	}
	for _, o := range ops {
		if o.dims >= 0 && o.rank == s.rank && &ts.dims[o.dims] == &s.dims[0] {
			v.dims = o.dims
			return
		}
	}
	v.dims = int32(len(ts.dims))
	ts.dims = append(ts.dims, s.dims...)
}

func (in *Inferer) broadcast(ts *Types, a, b *tval) (shape, error) {
	in.scratch = in.scratch[:0]
	return broadcast(ts.shapeOf(a), ts.shapeOf(b), !in.sys.policy.ExactShapes, &in.scratch)
}

func (in *Inferer) binary(g *Graph, ts *Types, id NodeID, op Op, a, b *tval) {
	if a.flags&b.flags&flagLit != 0 && in.sys.host == Python && op.IsBinary() {
		// Python evaluates an operation on two Python scalars itself.
		v, err := ts.fold.python(op, ts.lits[a.aux], ts.lits[b.aux])
		if err != nil {
			in.fail(g, ts, id, err)
			return
		}
		in.literalValue(g, ts, id, v)
		ts.vals[id].rule = opkit.HostLit
		return
	}
	s, err := in.broadcast(ts, a, b)
	if err != nil {
		in.fail(g, ts, id, err)
		return
	}
	res, err := in.promote2(ts, a, b)
	var d decision
	switch {
	case op <= OpMul && !in.sys.policy.Arithmetic:
		// + - * are the promotion itself but where the rule set says
		// otherwise: the common case costs no op typing.
		d = decision{DType: res.DType, Weak: res.Weak, Rule: res.Rule, Err: err}
	case err != nil:
		d = decision{Err: err}
	default:
		d = binaryGeneric(op, res)
	}
	if op > OpMul || in.sys.policy.Arithmetic {
		in.cvals = append(in.cvals[:0], a, b)
		d = in.ask(ts, op, false, res, err, d, in.cvals)
	}
	if d.Failed() {
		in.fail(g, ts, id, in.decisionErr(d, ts, a, b))
		return
	}
	v := tval{dt: d.DType, rule: d.Rule}
	if d.Weak && in.sys.policy.Weak {
		v.flags = flagWeak
	}
	ts.setShape(&v, s, a, b)
	ts.vals[id] = v
}

func (in *Inferer) unary(g *Graph, ts *Types, id NodeID, n *node, a *tval) {
	var d decision
	if n.op == OpConvert {
		res, err := in.r.Result(promote.T(g.convs[n.aux]))
		if err != nil {
			in.fail(g, ts, id, err)
			return
		}
		d = decision{DType: res.DType, Rule: opkit.Convert}
	} else {
		d = unaryGeneric(n.op, a.dt, a.flags&flagWeak != 0, in.sys.keep)
	}
	s := ts.shapeOf(a)
	if n.op.IsReduction() {
		s = shape{}
	}
	in.cvals = append(in.cvals[:0], a)
	d = in.ask(ts, n.op, false, promote.Result{}, nil, d, in.cvals)
	if d.Failed() {
		in.fail(g, ts, id, in.decisionErr(d, ts, a))
		return
	}
	v := tval{dt: d.DType, rule: d.Rule}
	if d.Weak && in.sys.policy.Weak {
		v.flags = flagWeak
	}
	ts.setShape(&v, s, a)
	ts.vals[id] = v
}

func (in *Inferer) where(g *Graph, ts *Types, id NodeID, n *node) {
	c := in.arg(g, ts, id, n.a)
	if c == nil {
		return
	}
	a := in.arg(g, ts, id, n.b)
	if a == nil {
		return
	}
	b := in.arg(g, ts, id, n.c)
	if b == nil {
		return
	}
	if in.sys.typer != nil {
		// A condition refused by its dtype alone is refused before any
		// shape is checked.
		in.cvals = append(in.cvals[:0], c)
		if d := in.ask(ts, OpWhere, true, promote.Result{}, nil, decision{}, in.cvals); d.Failed() {
			in.fail(g, ts, id, in.decisionErr(d, ts, c))
			return
		}
	}
	in.scratch = in.scratch[:0]
	s, err := broadcast(ts.shapeOf(c), ts.shapeOf(a), !in.sys.policy.ExactShapes, &in.scratch)
	if err == nil {
		var more []int64
		s, err = broadcast(s, ts.shapeOf(b), !in.sys.policy.ExactShapes, &more)
	}
	if err != nil {
		in.fail(g, ts, id, err)
		return
	}
	var res promote.Result
	if a.flags&b.flags&flagLit != 0 {
		// Two host scalars: the library still makes arrays of them.
		res, err = in.r.Result(in.operand(ts, a), in.operand(ts, b))
	} else {
		res, err = in.promote2(ts, a, b)
	}
	d := decision{Err: err}
	if err == nil {
		d = decision{DType: res.DType, Weak: res.Weak, Rule: res.Rule}
	}
	in.cvals = append(in.cvals[:0], c, a, b)
	d = in.ask(ts, OpWhere, false, res, err, d, in.cvals)
	switch {
	case d.Err != nil:
		// An error of a promotion is about the branches a and b.
		in.fail(g, ts, id, in.shaped(d.Err, ts, a, b))
		return
	case d.Failed():
		in.fail(g, ts, id, in.decisionErr(d, ts, c, a, b))
		return
	}
	v := tval{dt: d.DType, rule: d.Rule}
	if d.Weak && in.sys.policy.Weak {
		v.flags = flagWeak
	}
	ts.setShape(&v, s, c, a, b)
	ts.vals[id] = v
}

func (in *Inferer) matmul(g *Graph, ts *Types, id NodeID, n *node) {
	a := in.arg(g, ts, id, n.a)
	if a == nil {
		return
	}
	b := in.arg(g, ts, id, n.b)
	if b == nil {
		return
	}
	if (a.flags|b.flags)&flagLit != 0 {
		d := refuse(opkit.MatLit, "matmul: a host scalar is not allowed, use * instead")
		in.fail(g, ts, id, in.refusal(d, in.shapedOperand(ts, a), in.shapedOperand(ts, b)))
		return
	}
	in.scratch = in.scratch[:0]
	s, err := matmulShape(ts.shapeOf(a), ts.shapeOf(b), &in.scratch)
	if err != nil {
		in.fail(g, ts, id, err)
		return
	}
	res, err := in.promote2(ts, a, b)
	d := decision{Err: err}
	if err == nil {
		d = decision{DType: res.DType, Weak: res.Weak, Rule: res.Rule}
	}
	in.cvals = append(in.cvals[:0], a, b)
	d = in.ask(ts, OpMatmul, false, res, err, d, in.cvals)
	if d.Failed() {
		in.fail(g, ts, id, in.decisionErr(d, ts, a, b))
		return
	}
	v := tval{dt: d.DType, rule: d.Rule}
	if d.Weak && in.sys.policy.Weak {
		v.flags = flagWeak
	}
	ts.setShape(&v, s, a, b)
	ts.vals[id] = v
}

func (in *Inferer) concat(g *Graph, ts *Types, id NodeID, n *node) {
	if n.n < 1 || int(n.aux)+int(n.n) > len(g.args) {
		in.fail(g, ts, id, errors.New("concat needs at least one operand"))
		return
	}
	args := g.args[n.aux : n.aux+n.n]
	in.sbuf, in.obuf = in.sbuf[:0], in.obuf[:0]
	for _, x := range args {
		v := in.arg(g, ts, id, x)
		if v == nil {
			return
		}
		in.sbuf = append(in.sbuf, ts.shapeOf(v))
		in.obuf = append(in.obuf, in.operand(ts, v))
	}
	in.scratch = in.scratch[:0]
	s, err := concatShape(in.sbuf, in.sys.policy.ExactShapes, &in.scratch)
	if err != nil {
		in.fail(g, ts, id, err)
		return
	}
	res, err := in.r.Result(in.obuf...)
	d := decision{Err: err}
	if err == nil {
		d = decision{DType: res.DType, Weak: res.Weak, Rule: res.Rule}
	}
	in.cvals = in.cvals[:0]
	for _, x := range args {
		in.cvals = append(in.cvals, &ts.vals[x])
	}
	d = in.ask(ts, OpConcat, false, res, err, d, in.cvals)
	if d.Failed() {
		in.fail(g, ts, id, in.decisionErr(d, ts, in.cvals...))
		return
	}
	v := tval{dt: d.DType, rule: d.Rule}
	if d.Weak && in.sys.policy.Weak {
		v.flags = flagWeak
	}
	ts.setShape(&v, s)
	ts.vals[id] = v
}

// operand is v as the rule set's operand: a literal where one is written,
// a typed scalar input as a scalar, otherwise a tensor of v's dtype, weak
// flag and rank.
func (in *Inferer) operand(ts *Types, v *tval) promote.Operand {
	switch {
	case v.flags&flagLit != 0:
		lit := ts.lits[v.aux]
		if in.sys.lits != nil {
			o, _ := in.sys.lits.LiteralOperand(lit)
			return o
		}
		return promote.Operand{Kind: promote.Literal, Value: lit}
	case v.flags&flagScalar != 0:
		return ts.g.inputs[v.aux]
	}
	return promote.Operand{Kind: promote.Tensor, DType: v.dt, Weak: v.flags&flagWeak != 0, Rank: int(v.rank)}
}

// shapedOperand is operand with the dimensions v is known to have, for
// error messages (the rule sets read ranks, and their answers are cached
// without dimensions). The dimensions are copied: the error may outlive
// ts's arena, which the next typing reuses.
func (in *Inferer) shapedOperand(ts *Types, v *tval) promote.Operand {
	o := in.operand(ts, v)
	if o.Kind == promote.Tensor && v.flags&(flagLit|flagScalar) == 0 && v.dims >= 0 && v.rank > 0 {
		o.Dims = append([]int64(nil), ts.dims[v.dims:v.dims+v.rank]...)
	}
	return o
}

// shaped is err with the operands of a and b written with their shapes
// (see withShapes).
func (in *Inferer) shaped(err error, ts *Types, a, b *tval) error {
	return withShapes(err,
		[]promote.Operand{in.operand(ts, a), in.operand(ts, b)},
		[]promote.Operand{in.shapedOperand(ts, a), in.shapedOperand(ts, b)})
}

// withShapes is err, a rule set's refusal of the operands plain (as
// typing passes them: a rank, no dimensions), with each operand it names
// replaced by its counterpart in shaped, so that an input declared u8[3]
// is named u8[3], not u8[?]. A cached refusal was built for the first
// node that met it; this also names the node at hand.
func withShapes(err error, plain, shaped []promote.Operand) error {
	pe, ok := err.(*promote.Error)
	if !ok {
		return err
	}
	e := *pe
	e.Operands = make([]promote.Operand, len(pe.Operands))
	var used uint64 // plain operands already named, the first 64
	for i, o := range pe.Operands {
		e.Operands[i] = o
		for k := range plain {
			if k < 64 && used&(1<<k) == 0 && sameOperand(o, plain[k]) {
				e.Operands[i] = shaped[k]
				used |= 1 << k
				break
			}
		}
	}
	return &e
}

// sameOperand reports whether a rule set's operand a may name b, up to
// dimensions: the rule sets' answers depend on a rank only through its
// class (0, at least 1, unknown), so a cached refusal names a tensor of
// rank >= 1 by the rank of the first node that met it, and a compiled
// table names it with no rank at all.
func sameOperand(a, b promote.Operand) bool {
	return rankClass(int32(a.Rank)) == rankClass(int32(b.Rank)) && a.Kind == b.Kind && a.DType == b.DType &&
		a.Weak == b.Weak && a.Value.Kind == b.Value.Kind && a.Value.Text == b.Value.Text
}

// rankClass is what the rule sets read of a rank: 0, at least 1, unknown.
func rankClass(r int32) uint64 {
	switch {
	case r == 0:
		return 0
	case r == rankDynamic:
		return 2
	}
	return 1
}

// key identifies an operand for the caches: a tensor by dtype, weak flag
// and rank class; a literal or typed scalar by its index (local cache).
func key(v *tval) (k uint64, local bool) {
	switch {
	case v.flags&flagLit != 0:
		return 1<<31 | uint64(uint32(v.aux)), true
	case v.flags&flagScalar != 0:
		return 1<<30 | uint64(uint32(v.aux)), true
	}
	return uint64(v.dt) | uint64(v.flags&flagWeak)<<8 | rankClass(v.rank)<<9, false
}

// promote2 is the rule set's Result for two operands: the compiled table
// for two plain ranked tensors, a cached Result otherwise.
func (in *Inferer) promote2(ts *Types, a, b *tval) (promote.Result, error) {
	ka, la := key(a)
	kb, lb := key(b)
	if !la && !lb && ka&0x700 == 1<<9 && kb&0x700 == 1<<9 {
		// Two strong tensors of rank >= 1: one table index, no allocation.
		return in.r.PromoteTypes(a.dt, b.dt)
	}
	if ts.folded(a) || ts.folded(b) {
		// A folded literal is one node's own value: nothing to share.
		return in.r.Result(in.operand(ts, a), in.operand(ts, b))
	}
	m := in.pairs
	if la || lb {
		m = in.local
	}
	k := ka<<32 | kb
	if c, ok := m[k]; ok {
		return c.res, c.err
	}
	res, err := in.r.Result(in.operand(ts, a), in.operand(ts, b))
	m[k] = cached{res, err}
	return res, err
}

// folded reports whether v is a literal folded while typing (not one
// written in the program, which many nodes may share).
func (ts *Types) folded(v *tval) bool {
	return v.flags&flagLit != 0 && int(v.aux) >= len(ts.g.lits)
}

// promoteN is the rule set's Result for one operand, cached.
func (in *Inferer) promoteN(ts *Types, v *tval) (promote.Result, error) {
	if ts.folded(v) {
		return in.r.Result(in.operand(ts, v))
	}
	k, local := key(v)
	k = k<<32 | 0xFFFFFFFF // no second operand has this key
	m := in.pairs
	if local {
		m = in.local
	}
	if c, ok := m[k]; ok {
		return c.res, c.err
	}
	res, err := in.r.Result(in.operand(ts, v))
	m[k] = cached{res, err}
	return res, err
}
