package keras

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
)

// srcDtypes is the file every promotion rule comes from.
const srcDtypes = "keras-team/keras@3422977a keras/src/backend/common/dtypes.py"

// strongNodes are Keras's lattice dtypes (BOOL_TYPES, INT_TYPES,
// FLOAT_TYPES, COMPLEX_TYPES of dtypes.py) in catalogue order. The float8
// types are allowed dtypes but not lattice nodes: result_type refuses them
// before the lattice (spec.md §4.2).
var strongNodes = [...]dtype.DType{
	dtype.Bool,
	dtype.U8, dtype.U16, dtype.U32, dtype.U64,
	dtype.I8, dtype.I16, dtype.I32, dtype.I64,
	dtype.BF16, dtype.F16, dtype.F32, dtype.F64,
	dtype.C64, dtype.C128,
}

// The weak nodes (WEAK_TYPES): the Python types int and float. There is no
// weak complex. They follow the strong nodes.
const (
	nodeInt   = lattice.Node(len(strongNodes))
	nodeFloat = nodeInt + 1
	numNodes  = int(nodeFloat) + 1

	// noNode marks a dtype that is not a lattice node.
	noNode = lattice.Node(255)
)

// nodeOf maps a dtype to its strong node, or noNode.
var nodeOf = func() (m [dtype.Count]lattice.Node) {
	for i := range m {
		m[i] = noNode
	}
	for i, d := range strongNodes {
		m[d] = lattice.Node(i)
	}
	return m
}()

// nodeNames are canonical dtype names, then "int" and "float" (Keras's own
// names for the weak nodes).
var nodeNames = func() []string {
	names := make([]string, 0, numNodes)
	for _, d := range strongNodes {
		names = append(names, d.String())
	}
	return append(names, "int", "float")
}()

// edges is _type_promotion_lattice (dtypes.py:61) as direct edges lower ->
// upper, in canonical names. Keras names its local variables by byte width
// (u1 is uint8, i8 is int64, f2 is float16); the table below is spelled
// out. Against JAX's x64 lattice: no weak complex node, and the weak int
// has an edge straight to complex64.
var edges = []lattice.Edge{
	{Lower: "bool", Upper: "int"},
	{Lower: "u8", Upper: "i16"}, {Lower: "u8", Upper: "u16"},
	{Lower: "u16", Upper: "i32"}, {Lower: "u16", Upper: "u32"},
	{Lower: "u32", Upper: "i64"}, {Lower: "u32", Upper: "u64"},
	{Lower: "u64", Upper: "float"},
	{Lower: "int", Upper: "u8"}, {Lower: "int", Upper: "i8"}, {Lower: "int", Upper: "c64"},
	{Lower: "i8", Upper: "i16"},
	{Lower: "i16", Upper: "i32"},
	{Lower: "i32", Upper: "i64"},
	{Lower: "i64", Upper: "float"},
	{Lower: "float", Upper: "bf16"}, {Lower: "float", Upper: "f16"},
	{Lower: "bf16", Upper: "f32"},
	{Lower: "f16", Upper: "f32"},
	{Lower: "f32", Upper: "f64"}, {Lower: "f32", Upper: "c64"},
	{Lower: "f64", Upper: "c128"},
	{Lower: "c64", Upper: "c128"},
}

// promotionLattice is LATTICE_UPPER_BOUNDS, built once; the lattice package's
// join is _least_upper_bound (dtypes.py:115), which Keras took from JAX.
var promotionLattice = func() *lattice.Lattice {
	l, err := lattice.New(nodeNames, edges)
	if err != nil {
		panic(fmt.Sprintf("keras: %v", err))
	}
	return l
}()

// Lattice returns Keras's promotion lattice: node names are canonical
// dtype names and "int", "float" for the weak Python types. It is shared
// and immutable.
func Lattice() *lattice.Lattice { return promotionLattice }

// isWeakNode reports whether n is the Python int or float node.
func isWeakNode(n lattice.Node) bool { return n >= nodeInt }

// described holds, per configuration (tableIndex), the lattice with what
// each node stands for: a strong node its dtype, int and float the weak
// Python types with the dtype _resolve_weak_type gives them under the
// configuration's floatx precision (a weak result is resolved to that
// strong dtype, so the pair table never answers weak).
var described = func() (ls [2 * len(floatxs)]*promote.Lattice) {
	for _, tf := range [2]bool{false, true} {
		for _, fx := range floatxs {
			c := newConfig(tf, fx.d)
			nodes := make([]promote.LatticeNode, 0, numNodes)
			for _, d := range strongNodes {
				n := promote.LatticeNode{Name: d.String(), DType: d}
				if d == dtype.Bool {
					n.Literals, n.Text = []promote.ValueKind{promote.BoolValue}, "bool; a Python bool is bool"
				}
				nodes = append(nodes, n)
			}
			nodes = append(nodes,
				promote.LatticeNode{Name: "int", DType: c.resolveWeak(nodeInt), Weak: true, Literals: []promote.ValueKind{promote.IntValue},
					Text: "the weak Python int, resolved to a signed integer of floatx's precision"},
				promote.LatticeNode{Name: "float", DType: c.resolveWeak(nodeFloat), Weak: true, Literals: []promote.ValueKind{promote.FloatValue},
					Text: "the weak Python float, resolved to a float of floatx's precision"},
			)
			ls[tableIndex(c)] = promote.MustLattice(promotionLattice, nodes)
		}
	}
	return ls
}()

// Lattice returns the lattice result_type joins on, with what each node
// stands for. The pair table is not its join everywhere: weak results are
// resolved to strong dtypes and 64-bit results are cut to 32 bits on every
// backend but tensorflow. It implements promote.LatticeRules.
func (r *rules) Lattice() *promote.Lattice { return described[tableIndex(r.c)] }
