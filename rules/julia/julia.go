package julia

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// name is the rule set's name, in every error.
const name = "julia"

// Dialect reads Julia's type names (Int8, UInt16, Float32, ComplexF64,
// Complex{Float32}, Int and UInt as on 64-bit Julia, Core.BFloat16), with
// the prefixes Base. and Core.; Int128, UInt128, BigInt, BigFloat and the
// complex integers are named as types outside the catalogue.
var Dialect = dtype.NewDialect(name, []string{"Base.", "Core."},
	map[string]dtype.DType{
		"Bool": dtype.Bool,
		"Int8": dtype.I8, "Int16": dtype.I16, "Int32": dtype.I32, "Int64": dtype.I64, "Int": dtype.I64,
		"UInt8": dtype.U8, "UInt16": dtype.U16, "UInt32": dtype.U32, "UInt64": dtype.U64, "UInt": dtype.U64,
		"Float16": dtype.F16, "Float32": dtype.F32, "Float64": dtype.F64, "BFloat16": dtype.BF16,
		"ComplexF16": dtype.C32, "ComplexF32": dtype.C64, "ComplexF64": dtype.C128,
		"Complex{Float16}": dtype.C32, "Complex{Float32}": dtype.C64, "Complex{Float64}": dtype.C128,
	},
	map[string]string{
		"Int128": "Julia's 128-bit signed integer", "UInt128": "Julia's 128-bit unsigned integer",
		"BigInt": "Julia's arbitrary-precision integer", "BigFloat": "Julia's arbitrary-precision float",
		"Complex{Int64}": "a complex integer type", "Complex{Int}": "a complex integer type",
		"Complex{Bool}": "Julia's Complex{Bool} (the type of im)", "Rational{Int}": "a rational type",
		"Rational{Int64}": "a rational type",
	})

// Def is the julia rule set: Base.promote_type on 64-bit Julia. It has no
// options.
var Def = &promote.Def{
	Name:    name,
	Title:   "Julia (Base.promote_type, 64-bit)",
	Family:  promote.FamilyLanguages,
	Source:  "rules/julia/spec.md; " + srcPromotion + ", " + srcInt + ", " + srcFloat + ", " + srcBool + ", " + srcComplex + "; " + srcLiteralParsing,
	NAry:    promote.Set,
	Dialect: Dialect,
	New: func(s promote.Settings) (promote.Rules, error) {
		return &rules{kit.NewBase(s, table())}, nil
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:   promote.NoWeakTypes,
	Host:   promote.HostJulia,
	Rules: []*promote.Rule{
		ruleLitInt, ruleLitHex, ruleLitBin, ruleLitOct, ruleLitFloat, ruleLitFloat32, ruleLitBool, ruleLitNot,
		ruleNoWeak, ruleScalar, ruleSame, ruleBool, ruleIntWidth, ruleIntUnsigned, ruleFloatInt, ruleFloatFloat,
		ruleComplex, ruleNoPromotion, ruleNotJulia, kit.NoOperands,
	},
	Admission: promote.Admission{
		NoWeak: kit.NoWeak(ruleNoWeak, func(_ promote.Settings, o promote.Operand) string {
			return "Julia has no weak types: " + o.String() + " cannot be written"
		}),
		NoDType:   &promote.Refusal{Rule: ruleNotJulia, Msg: func(_ promote.Settings, o promote.Operand) string { return notJuliaMsg(o.DType) }},
		WeakFirst: true,
	},
}

type rules struct{ kit.Base }

// typeOf admits an operand and gives its Julia type: an array's element
// type or a typed value's type, or a literal's type as Julia parses it.
func (r *rules) typeOf(o *promote.Operand) (dtype.DType, *promote.Rule, error) {
	// Admitted here, operand by operand: a literal Julia cannot parse
	// before it is named first. Only the refused operand is named.
	if err := r.AdmitOperand(o, nil); err != nil {
		return dtype.Invalid, nil, err
	}
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		if o.Kind == promote.Scalar {
			return o.DType, ruleScalar, nil
		}
		return o.DType, ruleSame, nil
	case promote.Literal:
		t, rule, msg := literalType(o.Value)
		if t == dtype.Invalid {
			return dtype.Invalid, nil, r.Refuse(rule, msg, *o)
		}
		return t, rule, nil
	}
	return dtype.Invalid, nil, r.Refuse(ruleNotJulia, "invalid operand", *o)
}

// Result is promote_type over the operands' types: promote_type(T, S, U,
// V...) = promote_type(T, promote_type(S, U, V...)), a right fold
// (base/promotion.jl). Over Base's numeric types the pairwise step is a
// join (the larger of a total order, made complex when either side is),
// so the answer never depends on the order (tested over every triple);
// a refusal's message can, as Julia's names T and S in order.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	var buf [8]dtype.DType
	ts := buf[:0]
	var lastRule *promote.Rule
	for i := range ops {
		t, rule, err := r.typeOf(&ops[i])
		if err != nil {
			return promote.Result{}, err
		}
		ts = append(ts, t)
		lastRule = rule
	}
	if len(ts) == 1 {
		return promote.Result{DType: ts[0], Rule: lastRule}, nil
	}
	acc := ts[len(ts)-1]
	var rule *promote.Rule
	for i := len(ts) - 2; i >= 0; i-- {
		var err error
		if acc, rule, err = promoteType(ts[i], acc); err != nil {
			return promote.Result{}, r.Refuse(rule, err.Error(), ops...)
		}
	}
	return promote.Result{DType: acc, Rule: rule}, nil
}

// PromoteType is Base.promote_type(T, S) over the types Julia shares with
// the catalogue, with the rule whose promote_rule method decided.
func PromoteType(t, s dtype.DType) (dtype.DType, *promote.Rule, error) {
	for _, d := range [2]dtype.DType{t, s} {
		if !isJulia(d) {
			return dtype.Invalid, ruleNotJulia, fmt.Errorf("julia: %s", notJuliaMsg(d))
		}
	}
	out, rule, err := promoteType(t, s)
	if err != nil {
		return dtype.Invalid, rule, fmt.Errorf("julia: %w", err)
	}
	return out, rule, nil
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(isJulia) })
