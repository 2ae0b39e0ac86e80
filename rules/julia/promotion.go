package julia

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// The sources, each stored copy named by its commit (see spec.md).
const (
	srcPromotion = "JuliaLang/julia@9af10ea base/promotion.jl"
	srcInt       = "JuliaLang/julia@7b00bd5 base/int.jl"
	srcFloat     = "JuliaLang/julia@002f8b6 base/float.jl"
	srcBool      = "JuliaLang/julia@ccc771e base/bool.jl"
	srcComplex   = "JuliaLang/julia@65763d4 base/complex.jl"
	srcBoot      = "JuliaLang/julia@a14e668 base/boot.jl"
)

// The promote_rule methods of Base, one Rule per family, and the
// mechanism around them.
var (
	ruleSame = &promote.Rule{ID: "same", Text: "promote_type(T, T) is T",
		Source: srcPromotion + " (promote_type(::Type{T}, ::Type{T}))"}
	ruleBool = &promote.Rule{ID: "bool", Text: "Bool promotes to any other numeric type: promote_rule(Bool, T<:Number) = T",
		Source: srcBool + " (promote Bool to any other numeric type)"}
	ruleIntWidth = &promote.Rule{ID: "int-width", Text: "two integers of different sizes promote to the larger type, signed or unsigned (Int8 with UInt16 is UInt16)",
		Source: srcInt + " (## integer promotions ##: with different sizes, promote to larger type)"}
	ruleIntUnsigned = &promote.Rule{ID: "int-unsigned", Text: "a signed and an unsigned integer of the same size promote to the unsigned type (Int8 with UInt8 is UInt8)",
		Source: srcInt + " (## integer promotions ##: with mixed signedness and same size, Unsigned wins)"}
	ruleFloatInt = &promote.Rule{ID: "float-int", Text: "a Float16, Float32 or Float64 with any integer or Bool is that float type (Float16 with Int64 is Float16)",
		Source: srcFloat + " (## conversions to floating-point ##: promote_rule(::Type{$t1}, ::Type{$st}) = $t1)"}
	ruleFloatFloat = &promote.Rule{ID: "float-float", Text: "two float types promote to the wider (Float16 < Float32 < Float64)",
		Source: srcFloat + " (## floating point promotions ##)"}
	ruleComplex = &promote.Rule{ID: "complex", Text: "Complex{T} with a real S is Complex{promote_type(T, S)}, and with Complex{S} is Complex{promote_type(T, S)}",
		Source: srcComplex + " (promote_rule(::Type{Complex{T}}, ::Type{S}) where {T<:Real,S<:Real})"}
	ruleNoPromotion = &promote.Rule{ID: "no-promotion", Text: "two numeric types with no promote_rule between them and neither a supertype of the other have no promotion: promote_type throws",
		Source: srcPromotion + " (promote_result for two Bottoms, promote_to_supertype: error(\"no promotion exists for \", T, \" and \", S)); " + srcBoot + " (Core.BFloat16, which Base gives no promote_rule)"}
	ruleNotJulia = &promote.Rule{ID: "not-julia", Text: "Julia has no primitive type for this dtype",
		Source: srcBoot + " (the primitive number types); doc/src/manual/integers-and-floating-point-numbers.md"}
)

// jlName is how Julia prints each type the rule set knows.
var jlName = map[dtype.DType]string{
	dtype.Bool: "Bool",
	dtype.I8:   "Int8", dtype.I16: "Int16", dtype.I32: "Int32", dtype.I64: "Int64",
	dtype.U8: "UInt8", dtype.U16: "UInt16", dtype.U32: "UInt32", dtype.U64: "UInt64",
	dtype.F16: "Float16", dtype.F32: "Float32", dtype.F64: "Float64",
	dtype.BF16: "Core.BFloat16",
	dtype.C32:  "ComplexF16", dtype.C64: "ComplexF32", dtype.C128: "ComplexF64",
}

// isJulia reports whether Julia has a type for d: Base's Bool, Int8 to
// Int64, UInt8 to UInt64, Float16, Float32, Float64, Complex of the three
// floats, and Core.BFloat16 (Julia 1.11 and later).
func isJulia(d dtype.DType) bool { _, ok := jlName[d]; return ok }

// realPart is T for Complex{T} (Invalid for a real type).
func realPart(d dtype.DType) dtype.DType { return d.Format().Elem }

// complexOf is Complex{T}; Invalid when Complex{T} is not a Julia type
// of the catalogue (Complex{Int64}, Complex{Bool}, Complex{Core.BFloat16}).
func complexOf(d dtype.DType) dtype.DType {
	if c, ok := dtype.ComplexOf(d); ok && isJulia(c) {
		return c
	}
	return dtype.Invalid
}

// noPromotion is promote_type's error for T and S, in Julia's words.
type noPromotion struct{ t, s dtype.DType }

func (e *noPromotion) Error() string {
	return fmt.Sprintf("no promotion exists for %s and %s", jlName[e.t], jlName[e.s])
}

// outside is a result Julia has that the catalogue does not
// (Complex{Int64} from an integer and Complex{Bool}).
type outside struct{ what string }

func (e *outside) Error() string { return e.what + ", which is outside promote's catalogue" }

// promoteType is Base.promote_type(T, S) for two of the rule set's
// types: T itself when they are the same, else promote_rule in both
// orders, joined by promote_type again (promote_result), or the error of
// promote_to_supertype when neither order has a rule. The rule returned
// is the one whose method decided.
func promoteType(t, s dtype.DType) (dtype.DType, *promote.Rule, error) {
	if t == s {
		return t, ruleSame, nil
	}
	r1, rule1, err := promoteRule(t, s)
	if err != nil {
		return dtype.Invalid, rule1, err
	}
	r2, rule2, err := promoteRule(s, t)
	if err != nil {
		return dtype.Invalid, rule2, err
	}
	switch {
	case r1 == dtype.Invalid && r2 == dtype.Invalid:
		// promote_to_supertype: every pair here is two distinct concrete
		// types, neither a supertype of the other.
		return dtype.Invalid, ruleNoPromotion, &noPromotion{t, s}
	case r1 == dtype.Invalid:
		return r2, rule2, nil
	case r2 == dtype.Invalid || r1 == r2:
		return r1, rule1, nil
	}
	// Two different answers: promote_type of the two (never reached by
	// Base's rules over these types, where both orders agree).
	return promoteType(r1, r2)
}

// promoteRule is Base's promote_rule(T, S) for the rule set's types:
// Invalid (Julia's Bottom) where no method is defined for that order.
func promoteRule(t, s dtype.DType) (dtype.DType, *promote.Rule, error) {
	switch {
	case t == dtype.Bool:
		// bool.jl: promote_rule(::Type{Bool}, ::Type{T}) where {T<:Number} = T
		return s, ruleBool, nil
	case t.IsComplex():
		// complex.jl: Complex{T} with S<:Real or with Complex{S}.
		other := s
		if s.IsComplex() {
			other = realPart(s)
		}
		r, rule, err := promoteType(realPart(t), other)
		if err != nil {
			return dtype.Invalid, rule, err
		}
		c := complexOf(r)
		if c == dtype.Invalid {
			return dtype.Invalid, ruleComplex, &outside{"Complex{" + jlName[r] + "}"}
		}
		return c, ruleComplex, nil
	case t.IsFloat() && t != dtype.BF16 && (s.IsInteger() || s == dtype.Bool):
		// float.jl: promote_rule(::Type{$t1}, ::Type{$st}) = $t1 for every
		// Int and UInt width and Bool.
		return t, ruleFloatInt, nil
	case t.IsFloat() && s.IsFloat() && t != dtype.BF16 && s != dtype.BF16 && t.Bits() > s.Bits():
		// float.jl: promote_rule(Float32, Float16) = Float32, (Float64,
		// Float16) = Float64, (Float64, Float32) = Float64.
		return t, ruleFloatFloat, nil
	case t.IsInteger() && s.IsInteger() && t.Bits() > s.Bits():
		// int.jl: the larger type, whatever the signedness of either.
		return t, ruleIntWidth, nil
	case t.IsUnsigned() && s.IsSigned() && t.Bits() == s.Bits():
		// int.jl: promote_rule(::Type{UInt8}, ::Type{Int8}) = UInt8, ...
		return t, ruleIntUnsigned, nil
	}
	return dtype.Invalid, nil, nil
}

// table compiles promote_type over every ordered pair of dtypes, on first
// use, not at init.
var table = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable(name, decide) })

func decide(a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !isJulia(d) {
			return kit.Decision{Rule: ruleNotJulia, Msg: notJuliaMsg(d)}
		}
	}
	t, rule, err := promoteType(a, b)
	if err != nil {
		return kit.Decision{Rule: rule, Msg: err.Error()}
	}
	return kit.Decision{Out: t, Rule: rule}
}

func notJuliaMsg(d dtype.DType) string {
	return fmt.Sprintf("Julia has no type for %s (Base's numbers are Bool, Int8 to Int64, UInt8 to UInt64, Float16, Float32, Float64, ComplexF16/F32/F64 and Core.BFloat16)", d)
}
