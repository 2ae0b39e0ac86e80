package infer

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Op typing of the compiled hosts: Julia, C and C++. Each rule cites the
// op-typing section of the rule set's spec, which cites the language's
// definition or source.

const (
	srcJuliaOps = "rules/julia/spec.md §10"
	srcCOps     = "rules/c/spec.md §9"
	srcCppOps   = "rules/cpp/spec.md §8"
)

var (
	ruleJuliaBoolArith = rule("julia-bool-arith", "+ and - of two Bools give Int64 (Bool arithmetic is done as Int); * of two Bools stays Bool", "JuliaLang/julia@ccc771e base/bool.jl (## do arithmetic as Int ##); "+srcJuliaOps)
	ruleJuliaNegBool   = rule("julia-neg-bool", "-x of a Bool is Int64", "JuliaLang/julia@ccc771e base/bool.jl; "+srcJuliaOps)
	ruleJuliaDiv       = rule("julia-div", "/ of integers or Bool (after promotion) is Float64: float(x) / float(y); with a float or complex the promoted type", "JuliaLang/julia@7b00bd5 base/int.jl (/(x::BitInteger, y::BitInteger)); JuliaLang/julia@002f8b6 base/float.jl; "+srcJuliaOps)
	ruleJuliaIntDiv    = rule("julia-intdiv", "// (Julia's ÷, div and fld) and % (rem) keep the promoted type: integers are not widened", "JuliaLang/julia@7b00bd5 base/int.jl (Don't promote integers for div/rem/mod); "+srcJuliaOps)
	ruleJuliaPow       = rule("julia-pow", "x ^ n (written **) with an integer or Bool exponent has the base's type (power_by_squaring); a negative integer literal exponent of an integer or Bool base is inv(x)^-n, a Float64 (literal_pow); other exponents promote", "JuliaLang/julia base/intfuncs.jl (^(x::Number, p::Integer) = power_by_squaring(x,p); literal_pow); base/promotion.jl ^(x::Number, y::Number)")
	ruleJuliaFloat     = rule("julia-float-func", "sqrt, exp, log, sin, cos and tanh of an integer or Bool give Float64 ($func(x::Real) = $func(float(x))); floats and complexes keep their type (Float16 computes in Float32 and rounds back)", "JuliaLang/julia base/math.jl; "+srcJuliaOps)
	ruleJuliaSum       = rule("julia-sum", "sum of Bool, Int8, Int16 or Int32 is Int64, of UInt8, UInt16 or UInt32 UInt64 (add_sum); 64-bit integers, floats and complexes keep their type", "JuliaLang/julia base/reduce.jl (add_sum); "+srcJuliaOps)
	ruleJuliaMean      = rule("julia-mean", "mean (Statistics) of integers or Bool is Float64 (the sum divided by the count); floats and complexes keep their type", srcJuliaOps+" (by our reading of Statistics.jl; not confirmed in its source)")
	ruleJuliaArg       = rule("julia-argmax", "argmax gives an Int64 index (the linear index of a vector)", "Base findmax; "+srcJuliaOps+" (by our reading)")
	ruleJuliaMatmul    = rule("julia-matmul", "A * B has the element type of x*y + x*y: the promoted type, except Bool with Bool, which is Int64", "LinearAlgebra matprod; "+srcJuliaOps+" (by our reading)")
	ruleJuliaWhere     = rule("julia-ifelse", "where(c, a, b) is ifelse.(c, a, b), which does not promote: a and b of one type give it; two types widen the broadcast to their promote_typejoin, an abstract type (Real for Int8 and Float32) with no dtype; c must be a Bool", "Base broadcast, Core.ifelse; "+srcJuliaOps+" (by our reading)")

	ruleCPromote    = rule("c-integer-promotion", "-x gives the integer promotion of x: bool, char and short become int (-u8 is int), wider integers and floating types keep theirs", "ISO C17 (N2176) §6.5.3.3, §6.3.1.1; "+srcCOps)
	ruleCppPromote  = rule("cpp-integral-promotion", "-x gives the integral promotion of x: bool, char and short become int (-u8 is int), wider integers and floating types keep theirs", "ISO C++23 (N4950) [expr.unary.op], [conv.prom]; "+srcCppOps)
	ruleCCompare    = rule("c-comparison", "a comparison gives int (0 or 1), not _Bool; the operands meet under the usual arithmetic conversions", "ISO C17 (N2176) §6.5.8, §6.5.9; "+srcCOps)
	ruleCppCompare  = rule("cpp-comparison", "a comparison gives bool; the operands meet under the usual arithmetic conversions", "ISO C++23 (N4950) [expr.rel], [expr.eq]; "+srcCppOps)
	ruleCDiv        = rule("c-int-div", "/ of two integers is integer division in their common type (int / int is int, truncated toward zero)", "ISO C17 (N2176) §6.5.5; "+srcCOps)
	ruleCIntOnly    = rule("c-integer-operands", "%, & | ^ need integer operands (bool counts: it promotes to int)", "ISO C17 (N2176) §6.5.5p2, §6.5.10-12; ISO C++23 [expr.mul], [expr.bit.and]")
	ruleCNoFloorDiv = rule("c-no-floordiv", "C and C++ have no floor-division operator (// begins a comment): / of two integers truncates toward zero", "ISO C17 (N2176) §6.5.5, §6.4.9; ISO C++23 [expr.mul]")
	ruleCMath       = rule("c-math", "a <math.h> function (exp, log, sqrt, sin, cos, tanh, floor, ceil, round, fabs) takes and returns double whatever the argument (expf and expl are the float and long double versions; <tgmath.h> would keep a floating argument's type); a complex argument goes to <complex.h>'s cexp and the like, double complex, and cabs gives double; there is no complex floor, ceil or round", "ISO C17 (N2176) §7.12, §7.3, §7.25; "+srcCOps)
	ruleCAbs        = rule("c-abs", "abs of an integer is its integer promotion (abs, labs; as -x), of a floating type fabs's double, of a complex cabs's double", "ISO C17 (N2176) §7.22.6.1, §7.12.7.2, §7.3.8.1; "+srcCOps+" (promote's reading)")
	ruleCPow        = rule("c-pow", "C has no power operator: a ** b is read as pow(a, b) from <math.h>, a double (cpow for complex operands: double complex)", "ISO C17 (N2176) §7.12.7.4, §7.3.8.2; promote's reading")
	ruleCSum        = rule("c-sum", "sum(x) is x[0] + x[1] + ...: a left fold of + under the usual arithmetic conversions, so narrow integers and bool give int (a loop T acc; acc += x[i] converts back to T)", "ISO C17 (N2176) §6.5.6, §6.5.16.2; ISO C++23 [expr.add]; "+srcCOps+" (promote's reading)")
	ruleCMaxRed     = rule("c-max-min", "max(x) and min(x) are x[i] > m ? x[i] : m: the usual arithmetic conversions of two elements (int for narrow integers)", "ISO C17 (N2176) §6.5.15p5; "+srcCOps+" (promote's reading)")
	ruleCMax2       = rule("c-max", "max(a, b) and min(a, b) are a > b ? a : b: the usual arithmetic conversions of a and b", "ISO C17 (N2176) §6.5.15p5; promote's reading")
	ruleCWhere      = rule("c-conditional", "where(c, a, b) is c ? a : b: the usual arithmetic conversions of a and b, even of two operands of one type (u8 with u8 is int)", "ISO C17 (N2176) §6.5.15p5; "+srcCOps)
	ruleCNotOp      = rule("c-not-an-operator", "mean, argmax, matmul and concat are not operators of C or C++: a hand-written loop has the type its author declares", srcCOps+"; "+srcCppOps)
	ruleCppMath     = rule("cpp-math", "std::exp, std::sqrt and the other <cmath> functions (std::floor, std::ceil, std::round too) keep a floating argument's type (std::float16_t too, in C++23) and give double for an integer or bool argument (the additional overloads); std::exp of std::complex<T> is std::complex<T>, and there is no complex floor, ceil or round", "ISO C++23 (N4950) [cmath.syn], [complex.transcendentals]; "+srcCppOps)
	ruleCppAbs      = rule("cpp-abs", "std::abs of an integer is its integral promotion (the int, long and long long overloads), of a floating type that type, of std::complex<T> T", "ISO C++23 (N4950) [c.math.abs], [complex.value.ops]; "+srcCppOps)
	ruleCppPow      = rule("cpp-pow", "a ** b is std::pow(a, b): integer and bool arguments count as double, then the floating types meet as in the usual arithmetic conversions (std::pow(float, int) is double)", "ISO C++23 (N4950) [cmath.syn] (additional overloads); promote's reading")
	ruleCppMax2     = rule("cpp-max", "max(a, b) and min(a, b) are std::max and std::min, templates over one type: operands of two types do not compile; one type gives that type, unpromoted (std::max of two u8 is u8)", "ISO C++23 (N4950) [alg.min.max]; promote's reading")
	ruleCppMaxRed   = rule("cpp-max-min", "max(x) and min(x) are *std::max_element and *std::min_element: the element type, unpromoted", "ISO C++23 (N4950) [alg.min.max]; promote's reading")
	ruleCppWhere    = rule("cpp-conditional", "where(c, a, b) is c ? a : b: operands of one type give that type, unpromoted (u8 with u8 is u8); two types meet under the usual arithmetic conversions", "ISO C++23 (N4950) [expr.cond]p7; "+srcCppOps)
)

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

// Julia (rules/julia/spec.md §10).

func (in *Inferer) juliaBinary(ts *Types, op Op, a, b *tval, res promote.Result) (decision, bool) {
	p := res.DType
	switch op {
	case OpAdd, OpSub:
		if p == dtype.Bool {
			return decision{dt: dtype.I64, rule: ruleJuliaBoolArith}, true
		}
	case OpDiv:
		if isIntOrBool(p) {
			return decision{dt: dtype.F64, rule: ruleJuliaDiv}, true
		}
	case OpFloorDiv, OpMod:
		if !p.IsComplex() {
			return decision{dt: p, rule: ruleJuliaIntDiv}, true
		}
	case OpPow:
		if !isIntOrBool(b.dt) {
			return decision{}, false
		}
		if b.flags&flagLit != 0 && isIntOrBool(a.dt) {
			if v := ts.lits[b.aux]; v.Kind == promote.IntValue && v.Int.Sign() < 0 {
				return decision{dt: dtype.F64, rule: ruleJuliaPow}, true
			}
		}
		return decision{dt: a.dt, rule: ruleJuliaPow}, true
	}
	return decision{}, false
}

func (in *Inferer) juliaUnary(op Op, a *tval) (decision, bool) {
	d := a.dt
	switch {
	case op == OpNeg && d == dtype.Bool:
		return decision{dt: dtype.I64, rule: ruleJuliaNegBool}, true
	case op.isFloatFunc():
		if isIntOrBool(d) {
			return decision{dt: dtype.F64, rule: ruleJuliaFloat}, true
		}
		return decision{dt: d, rule: ruleJuliaFloat}, true
	case op == OpSum:
		switch d {
		case dtype.Bool, dtype.I8, dtype.I16, dtype.I32:
			return decision{dt: dtype.I64, rule: ruleJuliaSum}, true
		case dtype.U8, dtype.U16, dtype.U32:
			return decision{dt: dtype.U64, rule: ruleJuliaSum}, true
		}
		return decision{dt: d, rule: ruleJuliaSum}, true
	case op == OpMean:
		if isIntOrBool(d) {
			return decision{dt: dtype.F64, rule: ruleJuliaMean}, true
		}
		return decision{dt: d, rule: ruleJuliaMean}, true
	case op == OpArgmax:
		return decision{dt: dtype.I64, rule: ruleJuliaArg}, true
	}
	return decision{}, false
}

func juliaWhere(c, a, b *tval) (decision, bool) {
	switch {
	case c.dt != dtype.Bool:
		return refuse(ruleJuliaWhere, "TypeError: non-boolean (%s) used in boolean context", juliaName(c.dt)), true
	case a.dt != b.dt:
		return refuse(ruleJuliaWhere, "ifelse.(c, a, b) of %s and %s has no numeric element type: the broadcast widens to their promote_typejoin", juliaName(a.dt), juliaName(b.dt)), true
	}
	return decision{dt: a.dt, rule: ruleJuliaWhere}, true
}

func (in *Inferer) juliaMatmul(ts *Types, a, b *tval) (decision, bool) {
	res, err := in.promote2(ts, a, b)
	if err != nil {
		return decision{err: err}, true
	}
	if res.DType == dtype.Bool {
		return decision{dt: dtype.I64, rule: ruleJuliaMatmul}, true
	}
	return decision{dt: res.DType, rule: ruleJuliaMatmul}, true
}

// C and C++ (rules/c/spec.md §9, rules/cpp/spec.md §8).

// cNames are GCC's names of the C types of the catalogue's dtypes, as its
// diagnostics print them (C++ prints complex types as std::complex<T>).
var cNames = map[dtype.DType]string{
	dtype.Bool: "_Bool", dtype.I8: "signed char", dtype.I16: "short int", dtype.I32: "int", dtype.I64: "long int",
	dtype.U8: "unsigned char", dtype.U16: "short unsigned int", dtype.U32: "unsigned int", dtype.U64: "long unsigned int",
	dtype.F16: "_Float16", dtype.BF16: "__bf16", dtype.F32: "float", dtype.F64: "double", dtype.F80: "long double",
	dtype.C32: "complex _Float16", dtype.C64: "complex float", dtype.C128: "complex double", dtype.C160: "complex long double",
}

// cName spells d as GCC's C (cpp false) or C++ front end does.
func cName(d dtype.DType, cpp bool) string {
	if cpp {
		switch {
		case d == dtype.Bool:
			return "bool"
		case d.IsComplex():
			return "std::complex<" + cName(realOf(d), true) + ">"
		}
	}
	if n, ok := cNames[d]; ok {
		return n
	}
	return d.String()
}

// cPromote is the integer promotion of d (bool, char and short become
// int): the usual arithmetic conversions of two operands of type d, which
// for one type are the integer promotion alone. Other types are d.
func (in *Inferer) cPromote(ts *Types, d dtype.DType) decision {
	if !isIntOrBool(d) {
		return decision{dt: d}
	}
	t := tval{dt: d, rank: 1, dims: -1}
	res, err := in.promote2(ts, &t, &t)
	if err != nil {
		return decision{err: err}
	}
	return decision{dt: res.DType}
}

func (in *Inferer) cBinary(ts *Types, op Op, a, b *tval, res promote.Result) (decision, bool) {
	cpp := in.sys.id == sysCPP
	p := res.DType
	switch {
	case op.IsComparison():
		if op.isOrdering() && p.IsComplex() {
			return decision{}, false
		}
		if cpp {
			return decision{dt: dtype.Bool, rule: ruleCppCompare}, true
		}
		return decision{dt: dtype.I32, rule: ruleCCompare}, true
	case op == OpDiv:
		if p.IsInteger() {
			return decision{dt: p, rule: ruleCDiv}, true
		}
	case op == OpFloorDiv:
		return refuse(ruleCNoFloorDiv, "%s has no floor-division operator: / of two integers truncates toward zero", langName(cpp)), true
	case op == OpMod || op.isBitwise():
		if !p.IsInteger() {
			return refuse(ruleCIntOnly, "invalid operands to binary %s (have '%s' and '%s')", op, cName(a.dt, cpp), cName(b.dt, cpp)), true
		}
	case op == OpMaximum || op == OpMinimum:
		if !cpp {
			return decision{dt: p, rule: ruleCMax2}, true
		}
		if a.dt != b.dt {
			return refuse(ruleCppMax2, "no matching function for call to '%s(%s, %s)': deduced conflicting types for parameter", op, cName(a.dt, true), cName(b.dt, true)), true
		}
		return decision{dt: a.dt, rule: ruleCppMax2}, true
	}
	return decision{}, false
}

// powArg is the type an argument of std::pow counts as: double for an
// integer or bool, the real type of a complex, its own type otherwise.
func powArg(d dtype.DType) dtype.DType {
	switch {
	case isIntOrBool(d):
		return dtype.F64
	case d.IsComplex():
		return realOf(d)
	}
	return d
}

// cPow types a ** b: pow(a, b) in C, std::pow(a, b) in C++.
func (in *Inferer) cPow(a, b *tval) decision {
	if in.sys.id == sysCPP {
		return in.cppPow(a.dt, b.dt)
	}
	if a.dt.IsComplex() || b.dt.IsComplex() {
		return decision{dt: dtype.C128, rule: ruleCPow}
	}
	return decision{dt: dtype.F64, rule: ruleCPow}
}

// cppPow types std::pow(a, b): the floating types of the arguments
// (integers as double) meet; with a complex argument the result is the
// complex of that type, except that libstdc++ keeps pow(complex<T>, int)
// (by the GCC oracle).
func (in *Inferer) cppPow(a, b dtype.DType) decision {
	if a.IsComplex() && b == dtype.I32 {
		return decision{dt: a, rule: ruleCppPow}
	}
	r, err := in.r.Result(promote.T(powArg(a)), promote.T(powArg(b)))
	d := fromResult(r, err, ruleCppPow)
	if err == nil && (a.IsComplex() || b.IsComplex()) {
		d.dt = complexOf(d.dt)
	}
	return d
}

// complexOf is the complex type whose parts are d (f32 gives c64).
func complexOf(d dtype.DType) dtype.DType {
	for _, c := range [...]dtype.DType{dtype.C32, dtype.C64, dtype.C128, dtype.C160} {
		if realOf(c) == d {
			return c
		}
	}
	return dtype.Invalid
}

func langName(cpp bool) string {
	if cpp {
		return "C++"
	}
	return "C"
}

func (in *Inferer) cUnary(ts *Types, op Op, a *tval) (decision, bool) {
	cpp := in.sys.id == sysCPP
	d := a.dt
	switch {
	case op == OpNeg:
		r := ruleCPromote
		if cpp {
			r = ruleCppPromote
		}
		out := in.cPromote(ts, d)
		out.rule = r
		return out, true
	case op == OpAbs:
		switch {
		case isIntOrBool(d):
			out := in.cPromote(ts, d)
			out.rule = ruleCAbs
			if cpp {
				out.rule = ruleCppAbs
				if out.dt.IsUnsigned() {
					return refuse(ruleCppAbs, "call of overloaded 'abs(%s)' is ambiguous", cName(out.dt, true)), true
				}
			}
			return out, true
		case cpp && d.IsComplex():
			return decision{dt: realOf(d), rule: ruleCppAbs}, true
		case cpp:
			return decision{dt: d, rule: ruleCppAbs}, true
		}
		return decision{dt: dtype.F64, rule: ruleCAbs}, true
	case op.isFloatFunc() || op == OpRound || op == OpFloor || op == OpCeil:
		r := ruleCMath
		if cpp {
			r = ruleCppMath
		}
		switch {
		case d.IsComplex() && !op.isFloatFunc():
			return refuse(r, "%s has no complex %s", langName(cpp), op), true
		case d.IsComplex() && !cpp:
			return decision{dt: dtype.C128, rule: r}, true
		case isIntOrBool(d) || !cpp:
			return decision{dt: dtype.F64, rule: r}, true
		}
		return decision{dt: d, rule: r}, true
	case op == OpSum:
		out := in.cPromote(ts, d)
		out.rule = ruleCSum
		return out, true
	case op == OpMax || op == OpMin:
		if cpp {
			return decision{dt: d, rule: ruleCppMaxRed}, true
		}
		out := in.cPromote(ts, d)
		out.rule = ruleCMaxRed
		return out, true
	case op == OpMean || op == OpArgmax:
		return in.cNotOp(op), true
	}
	return decision{}, false
}

// cNotOp refuses an operation C and C++ do not have.
func (in *Inferer) cNotOp(op Op) decision {
	return refuse(ruleCNotOp, "%s is not an operator of %s: a hand-written loop has the type its author declares", op, langName(in.sys.id == sysCPP))
}

func cppWhere(a, b *tval, res promote.Result, err error) (decision, bool) {
	switch {
	case a.dt == b.dt && a.dt != dtype.Invalid:
		return decision{dt: a.dt, rule: ruleCppWhere}, true
	case a.dt.IsComplex() || b.dt.IsComplex():
		// std::complex<T> is a class: the other operand converts to it
		// through complex's converting constructor, which is implicit
		// from any arithmetic type and from a narrower complex.
		out := a.dt
		if !a.dt.IsComplex() || b.dt.IsComplex() && realOf(b.dt).Bits() > realOf(a.dt).Bits() {
			out = b.dt
		}
		return decision{dt: out, rule: ruleCppWhere}, true
	}
	if err != nil {
		return decision{}, false
	}
	return decision{dt: res.DType, rule: ruleCppWhere}, true
}
