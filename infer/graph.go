package infer

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// NodeID names a node of a Graph: its index in the graph's flat node
// slice. Operands always have smaller IDs than the nodes that use them.
type NodeID int32

// NoNode is the NodeID of no node.
const NoNode NodeID = -1

// Pos is a position in a program's text: 1-based line and column (in
// bytes). The zero Pos means "no position" (a node built through the Go
// API without one).
type Pos struct {
	Line, Col int32
}

// node is one operation. Nodes are small values in one slice, so building
// and walking a graph allocates only when the slice grows.
type node struct {
	op      Op
	a, b, c NodeID // operands (NoNode when absent)
	// aux is OpInput's index into inputs, OpLiteral's into lits,
	// OpConcat's into args and OpConvert's into convs.
	aux int32
	n   int32 // OpConcat: number of operands
	pos Pos
}

// Graph is a program as a flat list of operations, the form both the
// parser and a Go tensor library build: create nodes with Input, Literal,
// Binary, Call and Convert, then type them all with an Inferer. A Graph
// is not safe for concurrent modification; once built it can be typed by
// any number of goroutines.
type Graph struct {
	// Name names the program in error messages (prog:3:7: ...).
	Name string

	nodes  []node
	inputs []promote.Operand
	lits   []promote.Value
	args   []NodeID
	convs  []dtype.DType // convert's target dtypes
	pos    Pos           // the position given to the next node
}

// NewGraph returns an empty graph with room for n nodes.
func NewGraph(n int) *Graph { return &Graph{nodes: make([]node, 0, n)} }

// Len returns the number of nodes.
func (g *Graph) Len() int { return len(g.nodes) }

// Op returns the operation of node id.
func (g *Graph) Op(id NodeID) Op {
	if id < 0 || int(id) >= len(g.nodes) {
		return opInvalid
	}
	return g.nodes[id].op
}

// Pos returns the source position recorded for node id.
func (g *Graph) Pos(id NodeID) Pos {
	if id < 0 || int(id) >= len(g.nodes) {
		return Pos{}
	}
	return g.nodes[id].pos
}

// At sets the source position the following nodes are recorded with, so
// that errors can name it; a tracer can pass the user's line here.
func (g *Graph) At(p Pos) { g.pos = p }

func (g *Graph) add(n node) NodeID {
	n.pos = g.pos
	g.nodes = append(g.nodes, n)
	return NodeID(len(g.nodes) - 1)
}

// Input adds a program input: a tensor (with its dtype, weak flag and
// rank or shape) or a typed scalar. A literal operand is added as Literal.
func (g *Graph) Input(o promote.Operand) NodeID {
	if o.Kind == promote.Literal {
		return g.Literal(o.Value)
	}
	g.inputs = append(g.inputs, o)
	return g.add(node{op: OpInput, a: NoNode, b: NoNode, c: NoNode, aux: int32(len(g.inputs) - 1)})
}

// Literal adds a host-language literal (a Python, R or C++ scalar written
// in the program); what dtype it takes is the rule set's business.
func (g *Graph) Literal(v promote.Value) NodeID {
	g.lits = append(g.lits, v)
	return g.literalAt(int32(len(g.lits) - 1))
}

// literalAt adds a node for the literal already stored at index i, so the
// parser can share one Value among every use of the same literal text.
func (g *Graph) literalAt(i int32) NodeID {
	return g.add(node{op: OpLiteral, a: NoNode, b: NoNode, c: NoNode, aux: i})
}

// Binary adds a binary operator node a op b; op must satisfy IsBinary.
func (g *Graph) Binary(op Op, a, b NodeID) NodeID {
	if !op.IsBinary() {
		op = opInvalid // reported by the Inferer
	}
	return g.add(node{op: op, a: a, b: b, c: NoNode})
}

// Call adds a call of a function of the language: one argument for the
// elementwise functions and reductions, two for OpMaximum, OpMinimum and
// OpMatmul, three for OpWhere, one or more for OpConcat. OpConvert needs a
// dtype: use Convert. A wrong number of arguments is reported by the
// Inferer, not here.
func (g *Graph) Call(op Op, args ...NodeID) NodeID {
	n := node{op: op, a: NoNode, b: NoNode, c: NoNode}
	if op == OpConcat {
		n.aux, n.n = int32(len(g.args)), int32(len(args))
		g.args = append(g.args, args...)
		return g.add(n)
	}
	if op < OpNeg || op == OpConvert || !op.Valid() || len(args) != arity(op) {
		n.op = opInvalid
		n.n = int32(len(args))
	}
	if len(args) > 0 {
		n.a = args[0]
	}
	if len(args) > 1 {
		n.b = args[1]
	}
	if len(args) > 2 {
		n.c = args[2]
	}
	return g.add(n)
}

// Convert adds convert(x, d): x's values as dtype d.
func (g *Graph) Convert(x NodeID, d dtype.DType) NodeID {
	g.convs = append(g.convs, d)
	return g.add(node{op: OpConvert, a: x, b: NoNode, c: NoNode, aux: int32(len(g.convs) - 1)})
}

// arity is the number of arguments of a call with a fixed arity.
func arity(op Op) int {
	switch {
	case op.IsElementwise(), op.IsReduction(), op == OpConvert:
		return 1
	case op == OpWhere:
		return 3
	}
	return 2
}
