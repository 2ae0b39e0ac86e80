package julia

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// Julia's op typing (promote.OpTyper), spec.md §10: Bool arithmetic, /
// and the functions of integers as Float64, integer division that does
// not widen, sum's widening, and ifelse, which does not promote. Each rule
// cites the op-typing section of the spec, which cites Julia's source.

const srcJuliaOps = "rules/julia/spec.md §10"

var (
	ruleJuliaBoolArith = opkit.Rule("julia-bool-arith", "+ and - of two Bools give Int64 (Bool arithmetic is done as Int); * of two Bools stays Bool", "JuliaLang/julia@ccc771e base/bool.jl (## do arithmetic as Int ##); "+srcJuliaOps)
	ruleJuliaNegBool   = opkit.Rule("julia-neg-bool", "-x of a Bool is Int64", "JuliaLang/julia@ccc771e base/bool.jl; "+srcJuliaOps)
	ruleJuliaDiv       = opkit.Rule("julia-div", "/ of integers or Bool (after promotion) is Float64: float(x) / float(y); with a float or complex the promoted type", "JuliaLang/julia@7b00bd5 base/int.jl (/(x::BitInteger, y::BitInteger)); JuliaLang/julia@002f8b6 base/float.jl; "+srcJuliaOps)
	ruleJuliaIntDiv    = opkit.Rule("julia-intdiv", "// (Julia's ÷, div and fld) and % (rem) keep the promoted type: integers are not widened", "JuliaLang/julia@7b00bd5 base/int.jl (Don't promote integers for div/rem/mod); "+srcJuliaOps)
	ruleJuliaPow       = opkit.Rule("julia-pow", "x ^ n (written **) with an integer or Bool exponent has the base's type (power_by_squaring); a negative integer literal exponent of an integer or Bool base is inv(x)^-n, a Float64 (literal_pow); other exponents promote", "JuliaLang/julia base/intfuncs.jl (^(x::Number, p::Integer) = power_by_squaring(x,p); literal_pow); base/promotion.jl ^(x::Number, y::Number)")
	ruleJuliaFloat     = opkit.Rule("julia-float-func", "sqrt, exp, log, sin, cos and tanh of an integer or Bool give Float64 ($func(x::Real) = $func(float(x))); floats and complexes keep their type (Float16 computes in Float32 and rounds back)", "JuliaLang/julia base/math.jl; "+srcJuliaOps)
	ruleJuliaSum       = opkit.Rule("julia-sum", "sum of Bool, Int8, Int16 or Int32 is Int64, of UInt8, UInt16 or UInt32 UInt64 (add_sum); 64-bit integers, floats and complexes keep their type", "JuliaLang/julia base/reduce.jl (add_sum); "+srcJuliaOps)
	ruleJuliaMean      = opkit.Rule("julia-mean", "mean (Statistics) of integers or Bool is Float64 (the sum divided by the count); floats and complexes keep their type", srcJuliaOps+" (by our reading of Statistics.jl; not confirmed in its source)")
	ruleJuliaArg       = opkit.Rule("julia-argmax", "argmax gives an Int64 index (the linear index of a vector)", "Base findmax; "+srcJuliaOps+" (by our reading)")
	ruleJuliaMatmul    = opkit.Rule("julia-matmul", "A * B has the element type of x*y + x*y: the promoted type, except Bool with Bool, which is Int64", "LinearAlgebra matprod; "+srcJuliaOps+" (by our reading)")
	ruleJuliaWhere     = opkit.Rule("julia-ifelse", "where(c, a, b) is ifelse.(c, a, b), which does not promote: a and b of one type give it; two types widen the broadcast to their promote_typejoin, an abstract type (Real for Int8 and Float32) with no dtype; c must be a Bool", "Base broadcast, Core.ifelse; "+srcJuliaOps+" (by our reading)")
)

// OpPolicy implements promote.OpTyper: Julia has no weak results, and
// types + and - of Bools (Bool arithmetic is done as Int).
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{Arithmetic: true} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpWhere && !q.Early:
		return typeWhere(q.Args[0].DType, q.Args[1].DType, q.Args[2].DType)
	case op == promote.OpMatmul:
		return r.typeMatmul(q)
	case (op.IsBinary() || op == promote.OpMaximum || op == promote.OpMinimum) && q.Err == nil:
		if d, ok := typeBinary(op, &q.Args[0], &q.Args[1], q.Res); ok {
			return d
		}
	case op.IsElementwise() || op.IsReduction():
		if d, ok := typeUnary(op, q.Args[0].DType); ok {
			return d
		}
	}
	return q.Generic
}

// juliaNames are Julia's names of the catalogue's types.
var juliaNames = map[dtype.DType]string{
	dtype.Bool: "Bool", dtype.I8: "Int8", dtype.I16: "Int16", dtype.I32: "Int32", dtype.I64: "Int64",
	dtype.U8: "UInt8", dtype.U16: "UInt16", dtype.U32: "UInt32", dtype.U64: "UInt64",
	dtype.F16: "Float16", dtype.F32: "Float32", dtype.F64: "Float64", dtype.BF16: "Core.BFloat16",
	dtype.C32: "ComplexF16", dtype.C64: "ComplexF32", dtype.C128: "ComplexF64",
}

func juliaName(d dtype.DType) string {
	if n, ok := juliaNames[d]; ok {
		return n
	}
	return d.String()
}

// typeBinary types a op b, whose promoted type is res.
func typeBinary(op promote.Op, a, b *promote.OpArg, res promote.Result) (promote.OpDecision, bool) {
	p := res.DType
	switch op {
	case promote.OpAdd, promote.OpSub:
		if p == dtype.Bool {
			return promote.OpDecision{DType: dtype.I64, Rule: ruleJuliaBoolArith}, true
		}
	case promote.OpDiv:
		if opkit.IsIntOrBool(p) {
			return promote.OpDecision{DType: dtype.F64, Rule: ruleJuliaDiv}, true
		}
	case promote.OpFloorDiv, promote.OpMod:
		if !p.IsComplex() {
			return promote.OpDecision{DType: p, Rule: ruleJuliaIntDiv}, true
		}
	case promote.OpPow:
		if !opkit.IsIntOrBool(b.DType) {
			return promote.OpDecision{}, false
		}
		if opkit.IsIntOrBool(a.DType) {
			if opkit.NegativeIntLiteral(b) {
				return promote.OpDecision{DType: dtype.F64, Rule: ruleJuliaPow}, true
			}
		}
		return promote.OpDecision{DType: a.DType, Rule: ruleJuliaPow}, true
	}
	return promote.OpDecision{}, false
}

func typeUnary(op promote.Op, d dtype.DType) (promote.OpDecision, bool) {
	switch {
	case op == promote.OpNeg && d == dtype.Bool:
		return promote.OpDecision{DType: dtype.I64, Rule: ruleJuliaNegBool}, true
	case op.IsFloatFunc():
		if opkit.IsIntOrBool(d) {
			return promote.OpDecision{DType: dtype.F64, Rule: ruleJuliaFloat}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleJuliaFloat}, true
	case op == promote.OpSum:
		switch d {
		case dtype.Bool, dtype.I8, dtype.I16, dtype.I32:
			return promote.OpDecision{DType: dtype.I64, Rule: ruleJuliaSum}, true
		case dtype.U8, dtype.U16, dtype.U32:
			return promote.OpDecision{DType: dtype.U64, Rule: ruleJuliaSum}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleJuliaSum}, true
	case op == promote.OpMean:
		if opkit.IsIntOrBool(d) {
			return promote.OpDecision{DType: dtype.F64, Rule: ruleJuliaMean}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleJuliaMean}, true
	case op == promote.OpArgmax:
		return promote.OpDecision{DType: dtype.I64, Rule: ruleJuliaArg}, true
	}
	return promote.OpDecision{}, false
}

func typeWhere(c, a, b dtype.DType) promote.OpDecision {
	switch {
	case c != dtype.Bool:
		return promote.OpRefuse(ruleJuliaWhere, "TypeError: non-boolean (%s) used in boolean context", juliaName(c))
	case a != b:
		return promote.OpRefuse(ruleJuliaWhere, "ifelse.(c, a, b) of %s and %s has no numeric element type: the broadcast widens to their promote_typejoin", juliaName(a), juliaName(b))
	}
	return promote.OpDecision{DType: a, Rule: ruleJuliaWhere}
}

func (r *rules) typeMatmul(q *promote.OpQuery) promote.OpDecision {
	res, err := q.PromoteArgs(0, 1)
	if err != nil {
		return promote.OpDecision{Err: err}
	}
	if res.DType == dtype.Bool {
		return promote.OpDecision{DType: dtype.I64, Rule: ruleJuliaMatmul}
	}
	return promote.OpDecision{DType: res.DType, Rule: ruleJuliaMatmul}
}
