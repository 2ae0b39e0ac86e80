package tensorflow

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
)

// The lattice of TensorFlow's new type promotion: 15 strong dtypes and 5
// weak nodes (a WeakTensor or Python scalar of that dtype, written with a
// ? suffix). TensorFlow ships only a table (_BINARY_DTYPE_RES_HALF in
// flexible_dtypes.py); these covering edges are the order that table
// induces, as derived in rules/tensorflow/spec.md ("The lattice"), in
// canonical names. The string node of the table is left out: string is
// not in promote's catalogue.
var (
	nodeNames = []string{
		"bool", "u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64",
		"bf16", "f16", "f32", "f64", "c64", "c128",
		"i32?", "i64?", "f32?", "f64?", "c128?",
	}
	edges = []lattice.Edge{
		{Lower: "bool", Upper: "i32?"},
		{Lower: "u8", Upper: "u16"},
		{Lower: "u8", Upper: "i16"},
		{Lower: "u16", Upper: "u32"},
		{Lower: "u16", Upper: "i32"},
		{Lower: "u32", Upper: "u64"},
		{Lower: "u32", Upper: "i64"},
		{Lower: "u64", Upper: "f64?"},
		{Lower: "i8", Upper: "i16"},
		{Lower: "i16", Upper: "i32"},
		{Lower: "i32", Upper: "i64"},
		{Lower: "i64", Upper: "f64?"},
		{Lower: "bf16", Upper: "f32"},
		{Lower: "f16", Upper: "f32"},
		{Lower: "f32", Upper: "f64"},
		{Lower: "f32", Upper: "c64"},
		{Lower: "f64", Upper: "c128"},
		{Lower: "c64", Upper: "c128"},
		{Lower: "i32?", Upper: "i64?"},
		{Lower: "i64?", Upper: "u8"},
		{Lower: "i64?", Upper: "i8"},
		{Lower: "i64?", Upper: "f32?"},
		{Lower: "f32?", Upper: "f64?"},
		{Lower: "f64?", Upper: "bf16"},
		{Lower: "f64?", Upper: "f16"},
		{Lower: "f64?", Upper: "c128?"},
		{Lower: "c128?", Upper: "c64"},
	}
)

// numNodes is the number of lattice nodes.
const numNodes = 20

// node is a lattice node index.
type node = lattice.Node

// step is one cell of the compiled node table: the join, and whether the
// pair is at level ALL (refused in SAFE mode).
type step struct {
	out node
	all bool
}

var (
	tfLattice *lattice.Lattice
	// nodeOf[d][weak] is d's node, or noNode.
	nodeOf   [dtype.Count][2]node
	nodeType [numNodes]dtype.DType
	nodeWeak [numNodes]bool
	// steps[a][b] is _BINARY_DTYPE_RES_FULL[a][b]: the join of a and b and
	// its safety level.
	steps [numNodes][numNodes]step
)

const noNode node = 255

func init() {
	l, err := lattice.New(nodeNames, edges)
	if err != nil {
		panic("tensorflow: " + err.Error())
	}
	tfLattice = l
	for d := range nodeOf {
		nodeOf[d] = [2]node{noNode, noNode}
	}
	for i, name := range nodeNames {
		base, weak := name, false
		if name[len(name)-1] == '?' {
			base, weak = name[:len(name)-1], true
		}
		d, err := dtype.Parse(base)
		if err != nil {
			panic("tensorflow: " + err.Error())
		}
		n, _ := l.Node(name)
		if int(n) != i {
			panic("tensorflow: lattice node order")
		}
		w := 0
		if weak {
			w = 1
		}
		nodeOf[d][w] = n
		nodeType[n], nodeWeak[n] = d, weak
	}
	for a := range node(numNodes) {
		for b := range node(numNodes) {
			out, err := l.Join2(a, b)
			if err != nil {
				// Every pair of TF's nodes has a join (bool is the bottom
				// and c128 the top); a failure is a bad edge list.
				panic(fmt.Sprintf("tensorflow: %v", err))
			}
			steps[a][b] = step{out: out, all: levelAll(a, b) || levelAll(b, a)}
		}
	}
	described = describe()
}

// Lattice returns TensorFlow's promotion lattice (nodes in canonical names,
// weak nodes with a ? suffix), for display and for users who compare it
// with other lattices.
func Lattice() *lattice.Lattice { return tfLattice }

// described is tfLattice with what each node stands for, built by init:
// the weak nodes are WeakTensors of their dtype, and i32?, f32? and c128?
// also the Python int, float and complex (_get_dtype_and_weakness).
var described *promote.Lattice

func describe() *promote.Lattice {
	nodes := make([]promote.LatticeNode, numNodes)
	for i, name := range nodeNames {
		n := promote.LatticeNode{Name: name, DType: nodeType[i], Weak: nodeWeak[i]}
		if n.Weak {
			n.Text = "a WeakTensor of " + tfName(n.DType)
		}
		switch {
		case n.DType == dtype.Bool:
			n.Literals, n.Text = []promote.ValueKind{promote.BoolValue}, "bool; a Python bool is a strong bool"
		case n.Weak && n.DType == dtype.I32:
			n.Literals, n.Text = []promote.ValueKind{promote.IntValue}, "a Python int or a WeakTensor of int32"
		case n.Weak && n.DType == dtype.F32:
			n.Literals, n.Text = []promote.ValueKind{promote.FloatValue}, "a Python float or a WeakTensor of float32"
		case n.Weak && n.DType == dtype.C128:
			n.Literals, n.Text = []promote.ValueKind{promote.ComplexValue}, "a Python complex or a WeakTensor of complex128"
		}
		nodes[i] = n
	}
	return promote.MustLattice(tfLattice, nodes)
}

// Lattice returns the lattice the new type promotion (modes all and safe)
// joins on, with what each node stands for; nil in legacy mode, which has
// no lattice. In safe mode the pair table refuses the joins at level ALL,
// so it is not the lattice's join everywhere. It implements
// promote.LatticeRules.
func (r *rules) Lattice() *promote.Lattice {
	if r.mode == ModeLegacy {
		return nil
	}
	return described
}

// levelAll reports whether the ordered pair (a, b) is at level ALL, that is
// refused in SAFE mode. It restates the bullets of "SAFE vs ALL" in
// rules/tensorflow/spec.md (TF's principle: a SAFE
// promotion neither loses precision nor widens bits); levelAll(a, b) ||
// levelAll(b, a) gives the 51 unordered pairs of testdata/safe_refused.tsv.
//
// Source: flexible_dtypes.py @ ced6378, the PromoMode.ALL entries of
// _BINARY_DTYPE_RES_HALF.
func levelAll(a, b node) bool {
	ta, tb := nodeType[a], nodeType[b]
	wa, wb := nodeWeak[a], nodeWeak[b]
	switch {
	case wa:
		return false // each rule below names the strong side first
	case ta.IsUnsigned() && tb.IsSigned() && !wb:
		// Mixed sign that needs wider bits: uint_n with int_m, m <= n
		// (uint64 with any signed int gives f64?).
		return tb.Bits() <= ta.Bits()
	case ta.IsInteger() && !wb && (tb.IsFloat() || tb.IsComplex()):
		// An integer into a float whose significand cannot hold it:
		// (u)int16 with bf16/f16, (u)int32 with those and f32/c64,
		// (u)int64 with every float and complex type.
		return tb.Format().Precision() < ta.Bits()
	case ta.IsInteger() && wb:
		switch tb {
		case dtype.F32:
			// Any integer tensor with a Python float gives f64?.
			return true
		case dtype.F64, dtype.C128:
			// Only the 64-bit integers are refused with f64? and c128?.
			return ta.Bits() == 64
		}
	case (ta == dtype.BF16 || ta == dtype.F16 || ta == dtype.F32) && wb && tb == dtype.C128:
		// A real float narrower than f64 with a Python complex gives c64.
		return true
	case ta == dtype.BF16 && tb == dtype.F16 && !wb, ta == dtype.F64 && tb == dtype.C64 && !wb:
		// The two float pairs whose join is wider than both.
		return true
	}
	return false
}
