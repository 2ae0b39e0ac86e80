package cpp

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
	"github.com/promote-dev/promote/rules/internal/clit"
)

// C++'s op typing (promote.OpTyper), spec.md §8: the usual arithmetic
// conversions of each operator, comparisons that give bool, <cmath>'s
// overloads, std::pow for **, std::max and the conditional operator, which
// do not promote one type, and the operations C++ lacks. Each rule cites
// the op-typing section of the spec, which cites ISO C++23.

const srcCppOps = "rules/cpp/spec.md §8"

var (
	ruleCppPromote = opkit.Rule("cpp-integral-promotion", "-x gives the integral promotion of x: bool, char and short become int (-u8 is int), wider integers and floating types keep theirs", "ISO C++23 (N4950) [expr.unary.op], [conv.prom]; "+srcCppOps)
	ruleCppCompare = opkit.Rule("cpp-comparison", "a comparison gives bool; the operands meet under the usual arithmetic conversions", "ISO C++23 (N4950) [expr.rel], [expr.eq]; "+srcCppOps)
	ruleCppMath    = opkit.Rule("cpp-math", "std::exp, std::sqrt and the other <cmath> functions (std::floor, std::ceil, std::round too) keep a floating argument's type (std::float16_t too, in C++23) and give double for an integer or bool argument (the additional overloads); std::exp of std::complex<T> is std::complex<T>, and there is no complex floor, ceil or round", "ISO C++23 (N4950) [cmath.syn], [complex.transcendentals]; "+srcCppOps)
	ruleCppAbs     = opkit.Rule("cpp-abs", "std::abs of an integer is its integral promotion (the int, long and long long overloads), of a floating type that type, of std::complex<T> T", "ISO C++23 (N4950) [c.math.abs], [complex.value.ops]; "+srcCppOps)
	ruleCppPow     = opkit.Rule("cpp-pow", "a ** b is std::pow(a, b): integer and bool arguments count as double, then the floating types meet as in the usual arithmetic conversions (std::pow(float, int) is double)", "ISO C++23 (N4950) [cmath.syn] (additional overloads); promote's reading")
	ruleCppMax2    = opkit.Rule("cpp-max", "max(a, b) and min(a, b) are std::max and std::min, templates over one type: operands of two types do not compile; one type gives that type, unpromoted (std::max of two u8 is u8)", "ISO C++23 (N4950) [alg.min.max]; promote's reading")
	ruleCppMaxRed  = opkit.Rule("cpp-max-min", "max(x) and min(x) are *std::max_element and *std::min_element: the element type, unpromoted", "ISO C++23 (N4950) [alg.min.max]; promote's reading")
	ruleCppWhere   = opkit.Rule("cpp-conditional", "where(c, a, b) is c ? a : b: operands of one type give that type, unpromoted (u8 with u8 is u8); two types meet under the usual arithmetic conversions", "ISO C++23 (N4950) [expr.cond]p7; "+srcCppOps)
)

// rules is the cpp rule set: the C-family folding of package clit, with
// C++'s op typing.
type rules struct{ *clit.Folder }

// OpPolicy implements promote.OpTyper: C++ has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision { return cppOps.TypeOp(r, q) }

// cppOps is what C++'s op typing adds to the dispatch it shares with C.
var cppOps = &clit.Ops{
	Lang:    "C++",
	CPP:     true,
	Compare: promote.OpDecision{DType: dtype.Bool, Rule: ruleCppCompare},
	Pow:     pow,
	Where: func(q *promote.OpQuery) (promote.OpDecision, bool) {
		return typeWhere(q.Args[1].DType, q.Args[2].DType, q.Res, q.Err)
	},
	MaxMin: maxMin,
	Unary:  typeUnary,
}

// maxMin types std::max(a, b) and std::min(a, b): templates over one
// type, so two types do not compile.
func maxMin(op promote.Op, a, b, _ dtype.DType) promote.OpDecision {
	if a != b {
		return promote.OpRefuse(ruleCppMax2, "no matching function for call to '%s(%s, %s)': deduced conflicting types for parameter", op, clit.Name(a, true), clit.Name(b, true))
	}
	return promote.OpDecision{DType: a, Rule: ruleCppMax2}
}

// powArg is the type an argument of std::pow counts as: double for an
// integer or bool, the real type of a complex, its own type otherwise.
func powArg(d dtype.DType) dtype.DType {
	switch {
	case opkit.IsIntOrBool(d):
		return dtype.F64
	case d.IsComplex():
		return opkit.RealOf(d)
	}
	return d
}

// pow types std::pow(a, b): the floating types of the arguments
// (integers as double) meet; with a complex argument the result is the
// complex of that type, except that libstdc++ keeps pow(complex<T>, int)
// (by the GCC oracle).
func pow(r promote.Rules, a, b dtype.DType) promote.OpDecision {
	if a.IsComplex() && b == dtype.I32 {
		return promote.OpDecision{DType: a, Rule: ruleCppPow}
	}
	res, err := r.Result(promote.T(powArg(a)), promote.T(powArg(b)))
	d := promote.OpResult(res, err, ruleCppPow)
	if err == nil && (a.IsComplex() || b.IsComplex()) {
		d.DType = opkit.ComplexOf(d.DType)
	}
	return d
}

func typeUnary(r promote.Rules, op promote.Op, d dtype.DType) (promote.OpDecision, bool) {
	switch {
	case op == promote.OpNeg:
		return clit.PromoteAs(r, d, ruleCppPromote), true
	case op == promote.OpAbs:
		switch {
		case opkit.IsIntOrBool(d):
			out := clit.PromoteAs(r, d, ruleCppAbs)
			if out.DType.IsUnsigned() {
				return promote.OpRefuse(ruleCppAbs, "call of overloaded 'abs(%s)' is ambiguous", clit.Name(out.DType, true)), true
			}
			return out, true
		case d.IsComplex():
			return promote.OpDecision{DType: opkit.RealOf(d), Rule: ruleCppAbs}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleCppAbs}, true
	case op.IsFloatFunc() || op == promote.OpRound || op == promote.OpFloor || op == promote.OpCeil:
		switch {
		case d.IsComplex() && !op.IsFloatFunc():
			return promote.OpRefuse(ruleCppMath, "C++ has no complex %s", op), true
		case opkit.IsIntOrBool(d):
			return promote.OpDecision{DType: dtype.F64, Rule: ruleCppMath}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleCppMath}, true
	case op == promote.OpMax || op == promote.OpMin:
		return promote.OpDecision{DType: d, Rule: ruleCppMaxRed}, true
	}
	return promote.OpDecision{}, false
}

// typeWhere types c ? a : b: one type gives that type, unpromoted; a
// complex operand takes the other through std::complex's converting
// constructor; two other types meet in res (or fail with err).
func typeWhere(a, b dtype.DType, res promote.Result, err error) (promote.OpDecision, bool) {
	switch {
	case a == b && a != dtype.Invalid:
		return promote.OpDecision{DType: a, Rule: ruleCppWhere}, true
	case a.IsComplex() || b.IsComplex():
		// std::complex<T> is a class: the other operand converts to it
		// through complex's converting constructor, which is implicit
		// from any arithmetic type and from a narrower complex.
		out := a
		if !a.IsComplex() || b.IsComplex() && opkit.RealOf(b).Bits() > opkit.RealOf(a).Bits() {
			out = b
		}
		return promote.OpDecision{DType: out, Rule: ruleCppWhere}, true
	}
	if err != nil {
		return promote.OpDecision{}, false
	}
	return promote.OpDecision{DType: res.DType, Rule: ruleCppWhere}, true
}
