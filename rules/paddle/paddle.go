package paddle

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "paddle"

// The values of the rules option.
const (
	// RulesCode is what Paddle 3 computes (the default).
	RulesCode = "code"
	// RulesGuide is the auto type promotion guide's tables.
	RulesGuide = "guide"
)

// Dialect is Paddle's spelling of dtypes: paddle.float32 and the other
// attribute names, which are the neutral names; "paddle." is its prefix.
var Dialect = dtype.NewDialect("paddle", []string{"paddle."}, map[string]dtype.DType{},
	map[string]string{"pstring": "Paddle's string dtype (DataType::PSTRING)", "raw": "Paddle's raw dtype"})

// optRules declares the option "rules"; the rule set reads it only through this handle.
var optRules = promote.NewEnumOpt(promote.Option{
	Name: "rules", Default: RulesCode, Values: []string{RulesCode, RulesGuide},
	Doc: "code: what Paddle 3 computes (Tensor + 0-d Tensor follows the scalar rule); guide: the auto type promotion guide's tables, its '-' cells refused",
})

// Def is the paddle rule set: Paddle's binary operations (add and the
// other operations the promotion code covers) on tensors, 0-d tensors and
// Python scalars. Its option rules selects the code (default: Paddle 3
// as users get it) or the guide's documented tables.
var Def = &promote.Def{
	Name:    Name,
	Title:   "PaddlePaddle 3 (Tensor-Tensor float/complex promotion, Tensor-Scalar rules)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/paddle/spec.md; " + srcPromote + "; " + srcPatch + "; " + srcGuide,
	NAry:    promote.Fold,
	Dialect: Dialect,
	Options: promote.Opts(optRules),
	Presets: [][]string{{"rules=" + RulesGuide}},
	New: func(s promote.Settings) (promote.Rules, error) {
		guide := optRules.Of(s) == RulesGuide
		t := codeTable
		if guide {
			t = guideTable
		}
		return &rules{Base: kit.NewBase(s, t()), guide: guide}, nil
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:   promote.NoWeakTypes,
	Host:   promote.HostPython,
	Rules:  allRules,
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(_ promote.Settings, o promote.Operand) string { return noDTypeMsg(o.DType) }},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "Paddle has no weak tensors; write a Python scalar (1, 1.0, 1j, True) for a weakly typed operand"
		}),
	},
}

type rules struct {
	kit.Base
	guide bool
}

// kind is what an operand is to Paddle.
type kind uint8

const (
	ranked kind = iota // a tensor with at least one dimension
	zeroD              // a 0-d tensor (shape [])
	python             // a Python scalar
)

// side is one operand of a binary operation, or the running result of a
// chain of them.
type side struct {
	dt  dtype.DType // a tensor's dtype; for a Python scalar, the dtype paddle.to_tensor gives it
	k   kind
	lit promote.ValueKind // a Python scalar's kind
}

// The two tables: the binary rule for two ranked tensors, compiled, each
// the first time a rule set of its mode asks for it, not at init.
var (
	codeTable = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable(Name, func(a, b dtype.DType) kit.Decision { return tableDecision(a, b, false) })
	})
	guideTable = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable(Name, func(a, b dtype.DType) kit.Decision { return tableDecision(a, b, true) })
	})
)

func tableDecision(a, b dtype.DType, guide bool) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !has(d) {
			return kit.Decision{Rule: ruleNoDType, Msg: noDTypeMsg(d)}
		}
	}
	if guide {
		for _, d := range [2]dtype.DType{a, b} {
			if !inGuide(d) {
				return kit.Decision{Rule: ruleGuideUnlisted, Msg: "the guide's tables do not list " + paddleName(d)}
			}
		}
	}
	x, y := side{dt: a, k: ranked}, side{dt: b, k: ranked}
	var out side
	var why *promote.Rule
	var msg string
	if guide {
		out, why, msg = guideBinary(x, y)
	} else {
		out, why, msg = codeBinary(x, y)
	}
	if msg != "" {
		return kit.Decision{Rule: why, Msg: msg}
	}
	return kit.Decision{Out: out.dt, Rule: why}
}

// Result folds the operands left to right as a chain of binary operations
// ((a op b) op c): Paddle's promotion is binary. The running result is a
// 0-d tensor only when both of its operands were.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	acc, why, err := r.sideOf(&ops[0])
	if err != nil {
		return promote.Result{}, err
	}
	for i := 1; i < len(ops); i++ {
		next, _, err := r.sideOf(&ops[i])
		if err != nil {
			return promote.Result{}, err
		}
		var msg string
		if r.guide {
			acc, why, msg = guideBinary(acc, next)
		} else {
			acc, why, msg = codeBinary(acc, next)
		}
		if msg != "" {
			return promote.Result{}, r.Refuse(why, msg, ops...)
		}
	}
	return promote.Result{DType: acc.dt, Rule: why}, nil
}

// sideOf classifies one operand.
func (r *rules) sideOf(o *promote.Operand) (side, *promote.Rule, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, operand by operand: a bad literal before it is
		// named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			return side{}, nil, err
		}
		if r.guide && !inGuide(o.DType) {
			return side{}, nil, r.Refuse(ruleGuideUnlisted, "the guide's tables do not list "+paddleName(o.DType), *o)
		}
		if o.Kind == promote.Scalar || o.Rank == 0 {
			return side{dt: o.DType, k: zeroD}, ruleSame, nil
		}
		if o.Rank == promote.RankDynamic && !r.guide {
			return side{}, nil, r.Refuse(ruleDynamicRank, "Paddle's answer depends on whether the tensor is 0-d; give a rank ("+o.DType.String()+" or "+o.DType.String()+"[])", *o)
		}
		return side{dt: o.DType, k: ranked}, ruleSame, nil
	case promote.Literal:
		v := o.Value
		if msg := pylit.Check(v); msg != "" {
			return side{}, nil, r.Refuse(pylit.Rule, msg, *o)
		}
		return side{dt: toTensorDType(v.Kind), k: python, lit: v.Kind}, rulePython, nil
	}
	return side{}, nil, r.Refuse(ruleNoDType, "invalid operand", *o)
}

// inGuide reports whether the guide's tables list a dtype: its twelve.
func inGuide(d dtype.DType) bool { return d.Valid() && tableIndex[d] >= 0 }

// toTensorDType is the dtype paddle.to_tensor gives a Python scalar alone,
// and the guide's default scalar dtypes: bool, int64, float32 (the default
// dtype), complex64.
func toTensorDType(k promote.ValueKind) dtype.DType {
	switch k {
	case promote.BoolValue:
		return dtype.Bool
	case promote.IntValue:
		return dtype.I64
	case promote.FloatValue:
		return dtype.F32
	}
	return dtype.C64
}

func noDTypeMsg(d dtype.DType) string {
	return fmt.Sprintf("Paddle has no dtype %s (its dtypes are bool, uint8, int8, int16, int32, int64, float16, bfloat16, float32, float64, complex64, complex128, float8_e4m3fn, float8_e5m2, and phi's uint16, uint32, uint64)", d)
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(has) })
