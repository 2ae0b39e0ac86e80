package kit_test

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// The rules of a toy system with two dtypes, int32 and float32, where the
// float wins, and no weak types. A real rule set cites its upstream source
// in every rule.
var (
	ruleSame    = &promote.Rule{ID: "same", Text: "a dtype with itself is that dtype", Source: "example"}
	ruleFloat   = &promote.Rule{ID: "float-wins", Text: "int32 with float32 is float32", Source: "example"}
	ruleNoDType = &promote.Rule{ID: "no-dtype", Text: "the toy has only int32 and float32", Source: "example"}
	// The toy has no weak types: its rule adopts the kit's shared rule,
	// in its own words, under its own ID.
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak", Text: "the toy has no weak types", Source: "example"})
)

// toyDTypes are the toy's dtypes, a set built once.
var toyDTypes = promote.NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32})

// toyTable is the pair table, built on first use and shared by every
// rule set built from toyDef.
var toyTable = sync.OnceValue(func() *kit.PairTable {
	return kit.NewPairTable("toy", func(a, b dtype.DType) kit.Decision {
		switch {
		case !toyDTypes.Has(a) || !toyDTypes.Has(b):
			return kit.Decision{Rule: ruleNoDType, Msg: "the toy has no such dtype"}
		case a == b:
			return kit.Decision{Out: a, Rule: ruleSame}
		}
		return kit.Decision{Out: dtype.F32, Rule: ruleFloat}
	})
})

// toyDef declares the toy: its dtypes, no weak types, its rules, and its
// refusals in its own words.
var toyDef = &promote.Def{
	Name:    "toy",
	Title:   "a toy system",
	NAry:    promote.Fold,
	Dialect: dtype.Neutral,
	New: func(s promote.Settings) (promote.Rules, error) {
		return &toy{kit.NewBase(s, toyTable())}, nil
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return toyDTypes },
	Weak:   promote.NoWeakTypes,
	Host:   promote.HostPython,
	Rules:  []*promote.Rule{ruleSame, ruleFloat, ruleNoDType, ruleNoWeak, kit.NoOperands},
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(_ promote.Settings, o promote.Operand) string {
			return "the toy has no " + o.DType.String()
		}},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "the toy has no weak types"
		}),
	},
}

// toy embeds kit.Base, which gives it Def, Settings, PromoteTypes (one
// table index) and Admit; it writes Result as a left fold.
type toy struct{ kit.Base }

func (r *toy) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	if err := r.Admit(ops); err != nil {
		return promote.Result{}, err
	}
	return kit.FoldLeft(ops, r)
}

func (r *toy) FoldOne(o promote.Operand) (promote.Result, error) {
	return promote.Result{DType: o.DType, Rule: ruleSame}, nil
}

func (r *toy) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	return r.PromoteTypes(a.DType, b.DType)
}

// Example writes a rule set with the kit: a declared Def, a pair table,
// a Base, and a left fold.
func Example() {
	r := toyDef.MustBuild()
	for _, q := range []string{"i32 f32", "i32 i32 f32", "i32 c64", "f32?"} {
		ops, err := promote.ParseOperands(r.Def().Dialect, q)
		if err != nil {
			fmt.Println(err)
			continue
		}
		res, err := r.Result(ops...)
		if err != nil {
			fmt.Printf("%s: %v\n", q, err)
			continue
		}
		fmt.Printf("%s: %s (rule %s)\n", q, res, res.Rule.ID)
	}
	// Output:
	// i32 f32: f32 (rule float-wins)
	// i32 i32 f32: f32 (rule float-wins)
	// i32 c64: toy: the toy has no c64 [rule no-dtype; operands c64]
	// f32?: toy: the toy has no weak types [rule no-weak; operands f32?]
}

// A system adopts a shared rule in its own words: the ID, text and source
// it prints stay its own, and the adoption names the shared rule, so that
// the systems stating a rule can be listed.
func ExampleShared_Adopt() {
	pyInt := kit.PythonInt.Adopt(promote.Rule{ID: "python-int",
		Text:   "a Python int is a weak int32 in the toy",
		Source: "the toy's manual, Scalars"})
	fmt.Println(pyInt)
	fmt.Println("adopts:", kit.SharedOf(pyInt).Name())
	fmt.Println("shared IDs of no-weak-types:", kit.NoWeakTypes.IDs())
	fmt.Println("a rule named no-weak-arrays must adopt:", kit.SharedByID("no-weak-arrays").Name())
	// Output:
	// python-int: a Python int is a weak int32 in the toy
	// adopts: python-int
	// shared IDs of no-weak-types: [no-weak-types no-weak no-weak-arrays no-weak-tensors]
	// a rule named no-weak-arrays must adopt: no-weak-types
}

// IntFits and FirstFit are the range checks systems make on a Python int:
// Triton types an int by the first of int32, uint32, int64 and uint64
// whose range holds it.
func ExampleFirstFit() {
	for _, s := range []string{"7", "3000000000", "-3000000000", "10000000000000000000", "100000000000000000000"} {
		n, _ := new(big.Int).SetString(s, 10)
		if d, ok := kit.FirstFit(n, dtype.I32, dtype.U32, dtype.I64, dtype.U64); ok {
			fmt.Println(s, d)
		} else {
			fmt.Println(s, "is not representable")
		}
	}
	// Output:
	// 7 i32
	// 3000000000 u32
	// -3000000000 i64
	// 10000000000000000000 u64
	// 100000000000000000000 is not representable
}
