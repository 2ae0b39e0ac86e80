package arrayapi

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/lattice"
)

const (
	srcSpec   = "data-apis/array-api@8884c40 spec/<version>/API_specification/type_promotion.rst"
	srcResult = "data-apis/array-api@8884c40 src/array_api_stubs/_draft/data_type_functions.py (result_type)"
)

// The versions of the standard, oldest first; the option's default is the
// newest.
const (
	V2021 = "2021.12"
	V2022 = "2022.12"
	V2023 = "2023.12"
	V2024 = "2024.12"
)

// The rules.
var (
	ruleJoin     = &promote.Rule{ID: "promotion-table", Text: "arrays promote to the join of their dtypes on the standard's lattice (its promotion tables); the result does not depend on operand order", Source: srcSpec + " (Type Promotion Rules)"}
	ruleBool     = &promote.Rule{ID: "undefined-bool", Text: "promotion between bool and a numeric dtype is unspecified", Source: srcSpec + " (Type Promotion Rules, note on non-numerical types)"}
	ruleMixed    = &promote.Rule{ID: "undefined-mixed-kind", Text: "promotion between integer and floating-point dtypes is unspecified, because implementations differ", Source: srcSpec + " (Type Promotion Rules, mixed-kind note)"}
	ruleU64      = &promote.Rule{ID: "undefined-uint64-signed", Text: "the mixed signed/unsigned integer table has no result for uint64 with a signed integer", Source: srcSpec + " (Mixed unsigned and signed integer type promotion table)"}
	ruleDType    = &promote.Rule{ID: "dtype", Text: "the standard's dtypes are bool, int8..int64, uint8..uint64, float32, float64, complex64 and complex128 (no complex dtypes in 2021.12)", Source: "data-apis/array-api@8884c40 spec/<version>/API_specification/data_types.rst"}
	ruleWeak     = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-types", Text: "the standard has no weak types", Source: srcSpec})
	ruleScalar   = kit.PythonScalars.Adopt(promote.Rule{ID: "python-scalar", Text: "a Python scalar is converted to the array's dtype: bool with bool arrays, int with integer, float and complex arrays (the int must fit an integer dtype), float with float and complex arrays, complex with complex arrays (2022.12 on)", Source: srcSpec + " (Mixing arrays with Python scalars)"})
	ruleCplxReal = &promote.Rule{ID: "python-complex-real-float", Text: "since 2024.12 a Python complex with a real floating-point array gives the complex dtype of the same precision (float32 to complex64, float64 to complex128)", Source: "data-apis/array-api@8884c40 spec/2024.12/API_specification/type_promotion.rst (Mixing arrays with Python scalars)"}
	ruleScalarNo = &promote.Rule{ID: "python-scalar-undefined", Text: "a Python scalar whose kind the array's dtype does not take is undefined (for example a float with an integer array, or a bool with a numeric array)", Source: srcSpec + " (Mixing arrays with Python scalars)"}
	ruleBounds   = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-bounds", Text: "a Python int outside the range of the integer array's dtype has unspecified behaviour (overflow or error)", Source: srcSpec + " (Mixing arrays with Python scalars)"})
	ruleNoArray  = &promote.Rule{ID: "needs-array", Text: "result_type needs at least one array or dtype; Python scalars (accepted since 2024.12) only join them", Source: srcResult}
)

// optVersion declares the option "version"; the rule set reads it only through this handle.
var optVersion = promote.NewEnumOpt(promote.Option{
	Name:    "version",
	Default: V2024,
	Values:  []string{V2021, V2022, V2023, V2024},
	Doc:     "version of the standard (2025.12 and the draft equal 2024.12 for type promotion)",
})

// Def is the array-api rule set.
var Def = &promote.Def{
	Name:    "array-api",
	Title:   "Python Array API standard",
	Family:  promote.FamilyFrameworks,
	Source:  "rules/arrayapi/spec.md; " + srcSpec + "; " + srcResult,
	NAry:    promote.Set,
	Dialect: dtype.Neutral,
	Options: promote.Opts(optVersion),
	Presets: [][]string{{"version=2023.12"}, {"version=2021.12"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		v := optVersion.Of(s)
		t := fullTable
		if v == V2021 {
			t = table2021
		}
		return &rules{Base: kit.NewBase(s, t()), version: v}, nil
	},
	DTypes: func(s promote.Settings) *promote.DTypeSet {
		if optVersion.Of(s) == V2021 {
			return dtypeSet2021()
		}
		return dtypeSetFull()
	},
	Weak:  promote.NoWeakTypes,
	Host:  promote.HostPython,
	Rules: []*promote.Rule{ruleJoin, ruleBool, ruleMixed, ruleU64, ruleDType, ruleWeak, ruleScalar, ruleCplxReal, ruleScalarNo, ruleBounds, ruleNoArray, kit.NoOperands, pylit.Rule},
	Admission: promote.Admission{
		NoWeak: kit.NoWeak(ruleWeak, func(promote.Settings, promote.Operand) string { return "the Array API standard has no weak types" }),
		NoDType: &promote.Refusal{Rule: ruleDType, Msg: func(s promote.Settings, o promote.Operand) string {
			msg, _ := dtypeRule(o.DType, optVersion.Of(s))
			return msg
		}},
		WeakFirst: true,
	},
}

type rules struct {
	kit.Base
	version string
}

// The lattice of spec.md §4 (covering edges derived from the promotion
// tables of spec/draft/API_specification/type_promotion.rst), in canonical
// names. bool has no edges.
var (
	nodeNames = []string{"bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "c64", "c128"}
	edges     = []lattice.Edge{
		{Lower: "i8", Upper: "i16"}, {Lower: "i16", Upper: "i32"}, {Lower: "i32", Upper: "i64"},
		{Lower: "u8", Upper: "i16"}, {Lower: "u8", Upper: "u16"},
		{Lower: "u16", Upper: "i32"}, {Lower: "u16", Upper: "u32"},
		{Lower: "u32", Upper: "i64"}, {Lower: "u32", Upper: "u64"},
		{Lower: "f32", Upper: "f64"}, {Lower: "f32", Upper: "c64"},
		{Lower: "f64", Upper: "c128"}, {Lower: "c64", Upper: "c128"},
	}
)

const noNode lattice.Node = 255

var (
	apiLattice *lattice.Lattice
	nodeOf     [dtype.Count]lattice.Node
	nodeType   []dtype.DType
	// The pair tables: 2021.12 (no complex dtypes) and 2022.12 onward,
	// each built the first time a rule set of its version asks for it.
	table2021 = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable("array-api", func(a, b dtype.DType) kit.Decision { return decide(a, b, V2021) })
	})
	fullTable = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable("array-api", func(a, b dtype.DType) kit.Decision { return decide(a, b, V2024) })
	})
)

func init() {
	l, err := lattice.New(nodeNames, edges)
	if err != nil {
		panic("arrayapi: " + err.Error())
	}
	apiLattice = l
	for d := range nodeOf {
		nodeOf[d] = noNode
	}
	nodeType = make([]dtype.DType, len(nodeNames))
	for _, name := range nodeNames {
		d, err := dtype.Parse(name)
		if err != nil {
			panic("arrayapi: " + err.Error())
		}
		n, _ := l.Node(name)
		nodeOf[d], nodeType[n] = n, d
	}
	nodes := make([]promote.LatticeNode, len(nodeNames))
	for i, name := range nodeNames {
		nodes[i] = promote.LatticeNode{Name: name, DType: nodeType[i]}
	}
	described = promote.MustLattice(l, nodes)
}

// Lattice returns the standard's promotion lattice (canonical names).
func Lattice() *lattice.Lattice { return apiLattice }

// described is apiLattice with each node's dtype; the standard has no weak
// types, and a Python scalar takes the array's dtype rather than a node of
// its own, so no node has literals.
var described *promote.Lattice

// Lattice returns the lattice the rule set joins on, with each node's
// dtype; under version=2021.12 the complex nodes are in the lattice but
// not among the version's dtypes. It implements promote.LatticeRules.
func (r *rules) Lattice() *promote.Lattice { return described }

// dtypeRule returns the refusal for a dtype the version does not have.
func dtypeRule(d dtype.DType, version string) (string, bool) {
	if !d.Valid() || nodeOf[d] == noNode {
		return fmt.Sprintf("%s is not an Array API dtype", d), false
	}
	if version == V2021 && d.IsComplex() {
		return fmt.Sprintf("%s is not an Array API dtype in 2021.12 (complex dtypes arrived in 2022.12)", d), false
	}
	return "", true
}

// decide is the table for two arrays: the join, or why it is undefined.
func decide(a, b dtype.DType, version string) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if msg, ok := dtypeRule(d, version); !ok {
			return kit.Decision{Rule: ruleDType, Msg: msg}
		}
	}
	out, err := apiLattice.Join2(nodeOf[a], nodeOf[b])
	if err != nil {
		r, msg := undefined(a, b)
		return kit.Decision{Rule: r, Msg: msg}
	}
	return kit.Decision{Out: nodeType[out], Rule: ruleJoin}
}

// undefined says why two dtypes without a join are undefined.
func undefined(a, b dtype.DType) (*promote.Rule, string) {
	pair := fmt.Sprintf("promotion of %s with %s is undefined by the standard: ", a, b)
	switch {
	case a == dtype.Bool || b == dtype.Bool:
		return ruleBool, pair + "bool with a numeric dtype (promotion between non-numerical and numerical data types is unspecified)"
	case a.IsInteger() != b.IsInteger():
		return ruleMixed, pair + "mixed kinds, integer with floating-point (unspecified because implementations differ)"
	}
	return ruleU64, pair + "uint64 with a signed integer (the mixed signed/unsigned table has no result for it)"
}

// The standard's dtypes: 2021.12 has no complex dtypes; built once.
var (
	dtypeSet2021 = sync.OnceValue(func() *promote.DTypeSet {
		return kit.DTypesWhere(func(d dtype.DType) bool { _, ok := dtypeRule(d, V2021); return ok })
	})
	dtypeSetFull = sync.OnceValue(func() *promote.DTypeSet {
		return kit.DTypesWhere(func(d dtype.DType) bool { _, ok := dtypeRule(d, V2024); return ok })
	})
)
