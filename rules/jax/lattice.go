package jax

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
)

// latticeSrc is where the lattice, its nodes and its join come from.
const latticeSrc = "jax-ml/jax@cec06d11 jax/_src/dtypes.py"

// strongNodes are JAX's strong dtypes (_jax_types) in its own order: bool,
// the unsigned then the signed integers, the floats with the small floats
// first in _custom_float_dtypes order, then the complex types. JAX's int1
// has no place here: the catalogue's i1 is bool, so a 1-bit signed integer
// cannot be written; uint1 is u1.
var strongNodes = [...]dtype.DType{
	dtype.Bool,
	dtype.U1, dtype.U2, dtype.U4, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
	dtype.I2, dtype.I4, dtype.I8, dtype.I16, dtype.I32, dtype.I64,
	dtype.F4E2M1FN, dtype.F6E2M3FN, dtype.F6E3M2FN, dtype.F8E3M4, dtype.F8E4M3, dtype.F8E8M0FNU,
	dtype.F8E4M3B11FNUZ, dtype.F8E4M3FN, dtype.F8E4M3FNUZ, dtype.F8E5M2, dtype.F8E5M2FNUZ,
	dtype.BF16, dtype.F16, dtype.F32, dtype.F64,
	dtype.C64, dtype.C128,
}

// The weak nodes (_weak_types): the Python types int, float and complex,
// written i*, f* and c* as in JAX's documentation. They follow the strong
// nodes, so their indices are the same in every lattice.
const (
	nodeInt     = lattice.Node(len(strongNodes))
	nodeFloat   = nodeInt + 1
	nodeComplex = nodeInt + 2
	numNodes    = int(nodeComplex) + 1

	// noNode marks a dtype that is not a JAX type.
	noNode = lattice.Node(255)
)

// nodeNames are the lattice's node names: canonical dtype names, then i*,
// f* and c*. Every lattice is built over this one list, so a node index
// means the same node in all three.
var nodeNames = func() []string {
	names := make([]string, 0, numNodes)
	for _, d := range strongNodes {
		names = append(names, d.String())
	}
	return append(names, "i*", "f*", "c*")
}()

// nodeOf maps a dtype to its strong node, or noNode when JAX has no such
// dtype (c32 and dynamic).
var nodeOf = func() (m [dtype.Count]lattice.Node) {
	for i := range m {
		m[i] = noNode
	}
	for i, d := range strongNodes {
		m[d] = lattice.Node(i)
	}
	return m
}()

// isWeakNode reports whether n is i*, f* or c*.
func isWeakNode(n lattice.Node) bool { return n >= nodeInt }

// edge is a direct edge {lower, upper} by node name.
type edge [2]string

// standardEdges is _type_promotion_lattice(strict=False, x64) as direct
// edges lower -> upper (jax/_src/dtypes.py@cec06d11; spec.md §2).
// The only edge x64 changes is uint32's: with x64 on it goes to int64, with
// x64 off to int32, so that no 64-bit type forms from narrower inputs.
func standardEdges(x64 bool) []edge {
	u32Signed := "i64"
	if !x64 {
		u32Signed = "i32"
	}
	return []edge{
		{"bool", "i*"},
		{"u8", "i16"}, {"u8", "u16"},
		{"u16", "i32"}, {"u16", "u32"},
		{"u32", u32Signed}, {"u32", "u64"},
		{"u64", "f*"},
		{"i8", "i16"}, {"i16", "i32"}, {"i32", "i64"}, {"i64", "f*"},
		{"bf16", "f32"}, {"f16", "f32"},
		{"f32", "f64"}, {"f32", "c64"},
		{"f64", "c128"},
		{"c64", "c128"},
		// i* reaches the narrowest integers: u8, i8 and the intN types,
		// which have no edges out (int1 is added when present; it is not
		// in the catalogue).
		{"i*", "u8"}, {"i*", "u2"}, {"i*", "u4"}, {"i*", "i8"}, {"i*", "i2"}, {"i*", "i4"}, {"i*", "u1"},
		// f* reaches every small float (which have no edges out), bf16,
		// f16 and c*.
		{"f*", "f4e2m1fn"}, {"f*", "f6e2m3fn"}, {"f*", "f6e3m2fn"}, {"f*", "f8e3m4"}, {"f*", "f8e4m3"},
		{"f*", "f8e8m0fnu"}, {"f*", "f8e4m3b11fnuz"}, {"f*", "f8e4m3fn"}, {"f*", "f8e4m3fnuz"},
		{"f*", "f8e5m2"}, {"f*", "f8e5m2fnuz"}, {"f*", "bf16"}, {"f*", "f16"}, {"f*", "c*"},
		{"c*", "c64"},
	}
}

// strictEdges is _type_promotion_lattice(strict=True, x64): only the weak
// types promote, i* to f* and every integer, f* to c* and every float, c*
// to both complex types; strong types, bool included, have no edges, so two
// different strong dtypes never meet. x64 makes no difference.
func strictEdges() []edge {
	es := []edge{{"i*", "f*"}, {"f*", "c*"}}
	for _, d := range strongNodes {
		switch {
		case d.IsInteger():
			es = append(es, edge{"i*", d.String()})
		case d.IsFloat():
			es = append(es, edge{"f*", d.String()})
		case d.IsComplex():
			es = append(es, edge{"c*", d.String()})
		}
	}
	return es
}

// The three lattices of _make_lattice_upper_bounds, built once.
var (
	standardX64 = mustLattice(standardEdges(true))
	standardX32 = mustLattice(standardEdges(false))
	strict      = mustLattice(strictEdges())
)

func mustLattice(es []edge) *lattice.Lattice {
	le := make([]lattice.Edge, len(es))
	for i, e := range es {
		le[i] = lattice.Edge{Lower: e[0], Upper: e[1]}
	}
	l, err := lattice.New(nodeNames, le)
	if err != nil {
		panic(fmt.Sprintf("jax: %v", err))
	}
	return l
}

// Lattice returns the promotion lattice JAX uses under the configuration:
// strict mode has one lattice whatever x64 says; standard mode has one for
// x64 on and one for x64 off. Node names are canonical dtype names and i*,
// f*, c* for the weak Python types. The lattice is shared and immutable.
func Lattice(c Config) *lattice.Lattice {
	switch {
	case c.Strict:
		return strict
	case c.X64:
		return standardX64
	}
	return standardX32
}

// described holds, per mode and x64 (latticeIndex), the lattice with what
// each node stands for: a strong node its dtype, i*, f* and c* the weak
// Python types with their default dtypes under the configuration.
var described = func() (ls [4]*promote.Lattice) {
	for i := range ls {
		c := Config{Strict: i&2 != 0, X64: i&1 != 0}
		nodes := make([]promote.LatticeNode, 0, numNodes)
		for _, d := range strongNodes {
			n := promote.LatticeNode{Name: d.String(), DType: d}
			if d == dtype.Bool {
				n.Literals = []promote.ValueKind{promote.BoolValue}
				n.Text = "bool; a Python bool is a strong bool"
			}
			nodes = append(nodes, n)
		}
		nodes = append(nodes,
			promote.LatticeNode{Name: "i*", DType: DefaultInt(c), Weak: true, Literals: []promote.ValueKind{promote.IntValue},
				Text: "the weak Python int: Python int literals and weakly typed integer arrays"},
			promote.LatticeNode{Name: "f*", DType: DefaultFloat(c), Weak: true, Literals: []promote.ValueKind{promote.FloatValue},
				Text: "the weak Python float: Python float literals and weakly typed floating arrays"},
			promote.LatticeNode{Name: "c*", DType: DefaultComplex(c), Weak: true, Literals: []promote.ValueKind{promote.ComplexValue},
				Text: "the weak Python complex: Python complex literals and weakly typed complex arrays"},
		)
		ls[i] = promote.MustLattice(Lattice(c), nodes)
	}
	return ls
}()

// Lattice returns the lattice this rule set joins on (see the package
// function Lattice), with what each node stands for. It implements
// promote.LatticeRules.
func (r *rules) Lattice() *promote.Lattice { return described[r.c.latticeIndex()] }

// latticeIndex indexes described: the lattice and the weak nodes' dtypes
// depend on the mode and x64 only.
func (c Config) latticeIndex() int {
	i := 0
	if c.Strict {
		i |= 2
	}
	if c.X64 {
		i |= 1
	}
	return i
}
