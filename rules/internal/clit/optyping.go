package clit

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// The op typing of C and C++ (promote.OpTyper), shared by the c and cpp
// rule sets (rules/c/spec.md §9, rules/cpp/spec.md §8): the usual
// arithmetic conversions applied by each operator, <math.h> and <cmath>,
// and the operations neither language has. Each rule cites the op-typing
// section of the spec, which cites the language's definition.

const (
	srcCOps   = "rules/c/spec.md §9"
	srcCppOps = "rules/cpp/spec.md §8"
)

var (
	ruleCPromote    = opkit.Rule("c-integer-promotion", "-x gives the integer promotion of x: bool, char and short become int (-u8 is int), wider integers and floating types keep theirs", "ISO C17 (N2176) §6.5.3.3, §6.3.1.1; "+srcCOps)
	ruleCppPromote  = opkit.Rule("cpp-integral-promotion", "-x gives the integral promotion of x: bool, char and short become int (-u8 is int), wider integers and floating types keep theirs", "ISO C++23 (N4950) [expr.unary.op], [conv.prom]; "+srcCppOps)
	ruleCCompare    = opkit.Rule("c-comparison", "a comparison gives int (0 or 1), not _Bool; the operands meet under the usual arithmetic conversions", "ISO C17 (N2176) §6.5.8, §6.5.9; "+srcCOps)
	ruleCppCompare  = opkit.Rule("cpp-comparison", "a comparison gives bool; the operands meet under the usual arithmetic conversions", "ISO C++23 (N4950) [expr.rel], [expr.eq]; "+srcCppOps)
	ruleCDiv        = opkit.Rule("c-int-div", "/ of two integers is integer division in their common type (int / int is int, truncated toward zero)", "ISO C17 (N2176) §6.5.5; "+srcCOps)
	ruleCIntOnly    = opkit.Rule("c-integer-operands", "%, & | ^ need integer operands (bool counts: it promotes to int)", "ISO C17 (N2176) §6.5.5p2, §6.5.10-12; ISO C++23 [expr.mul], [expr.bit.and]")
	ruleCNoFloorDiv = opkit.Rule("c-no-floordiv", "C and C++ have no floor-division operator (// begins a comment): / of two integers truncates toward zero", "ISO C17 (N2176) §6.5.5, §6.4.9; ISO C++23 [expr.mul]")
	ruleCMath       = opkit.Rule("c-math", "a <math.h> function (exp, log, sqrt, sin, cos, tanh, floor, ceil, round, fabs) takes and returns double whatever the argument (expf and expl are the float and long double versions; <tgmath.h> would keep a floating argument's type); a complex argument goes to <complex.h>'s cexp and the like, double complex, and cabs gives double; there is no complex floor, ceil or round", "ISO C17 (N2176) §7.12, §7.3, §7.25; "+srcCOps)
	ruleCAbs        = opkit.Rule("c-abs", "abs of an integer is its integer promotion (abs, labs; as -x), of a floating type fabs's double, of a complex cabs's double", "ISO C17 (N2176) §7.22.6.1, §7.12.7.2, §7.3.8.1; "+srcCOps+" (promote's reading)")
	ruleCPow        = opkit.Rule("c-pow", "C has no power operator: a ** b is read as pow(a, b) from <math.h>, a double (cpow for complex operands: double complex)", "ISO C17 (N2176) §7.12.7.4, §7.3.8.2; promote's reading")
	ruleCSum        = opkit.Rule("c-sum", "sum(x) is x[0] + x[1] + ...: a left fold of + under the usual arithmetic conversions, so narrow integers and bool give int (a loop T acc; acc += x[i] converts back to T)", "ISO C17 (N2176) §6.5.6, §6.5.16.2; ISO C++23 [expr.add]; "+srcCOps+" (promote's reading)")
	ruleCMaxRed     = opkit.Rule("c-max-min", "max(x) and min(x) are x[i] > m ? x[i] : m: the usual arithmetic conversions of two elements (int for narrow integers)", "ISO C17 (N2176) §6.5.15p5; "+srcCOps+" (promote's reading)")
	ruleCMax2       = opkit.Rule("c-max", "max(a, b) and min(a, b) are a > b ? a : b: the usual arithmetic conversions of a and b", "ISO C17 (N2176) §6.5.15p5; promote's reading")
	ruleCWhere      = opkit.Rule("c-conditional", "where(c, a, b) is c ? a : b: the usual arithmetic conversions of a and b, even of two operands of one type (u8 with u8 is int)", "ISO C17 (N2176) §6.5.15p5; "+srcCOps)
	ruleCNotOp      = opkit.Rule("c-not-an-operator", "mean, argmax, matmul and concat are not operators of C or C++: a hand-written loop has the type its author declares", srcCOps+"; "+srcCppOps)
	ruleCppMath     = opkit.Rule("cpp-math", "std::exp, std::sqrt and the other <cmath> functions (std::floor, std::ceil, std::round too) keep a floating argument's type (std::float16_t too, in C++23) and give double for an integer or bool argument (the additional overloads); std::exp of std::complex<T> is std::complex<T>, and there is no complex floor, ceil or round", "ISO C++23 (N4950) [cmath.syn], [complex.transcendentals]; "+srcCppOps)
	ruleCppAbs      = opkit.Rule("cpp-abs", "std::abs of an integer is its integral promotion (the int, long and long long overloads), of a floating type that type, of std::complex<T> T", "ISO C++23 (N4950) [c.math.abs], [complex.value.ops]; "+srcCppOps)
	ruleCppPow      = opkit.Rule("cpp-pow", "a ** b is std::pow(a, b): integer and bool arguments count as double, then the floating types meet as in the usual arithmetic conversions (std::pow(float, int) is double)", "ISO C++23 (N4950) [cmath.syn] (additional overloads); promote's reading")
	ruleCppMax2     = opkit.Rule("cpp-max", "max(a, b) and min(a, b) are std::max and std::min, templates over one type: operands of two types do not compile; one type gives that type, unpromoted (std::max of two u8 is u8)", "ISO C++23 (N4950) [alg.min.max]; promote's reading")
	ruleCppMaxRed   = opkit.Rule("cpp-max-min", "max(x) and min(x) are *std::max_element and *std::min_element: the element type, unpromoted", "ISO C++23 (N4950) [alg.min.max]; promote's reading")
	ruleCppWhere    = opkit.Rule("cpp-conditional", "where(c, a, b) is c ? a : b: operands of one type give that type, unpromoted (u8 with u8 is u8); two types meet under the usual arithmetic conversions", "ISO C++23 (N4950) [expr.cond]p7; "+srcCppOps)
)

// TypeOp is the op typing of C (cpp false) or C++ for the rule set r
// (promote.OpTyper's TypeOp).
func TypeOp(r promote.Rules, cpp bool, q *promote.OpQuery) promote.OpDecision {
	t := typer{r: r, cpp: cpp}
	op := q.Op
	switch {
	case op == promote.OpPow:
		return t.pow(q.Args[0].DType, q.Args[1].DType)
	case op == promote.OpWhere && !q.Early:
		if d, ok := t.where(q.Args[1].DType, q.Args[2].DType, q.Res, q.Err); ok {
			return d
		}
	case op == promote.OpMatmul || op == promote.OpConcat:
		return t.notOp(op)
	case (op.IsBinary() || op == promote.OpMaximum || op == promote.OpMinimum) && q.Err == nil:
		if d, ok := t.binary(op, q.Args[0].DType, q.Args[1].DType, q.Res); ok {
			return d
		}
	case op.IsElementwise() || op.IsReduction():
		if d, ok := t.unary(op, q.Args[0].DType); ok {
			return d
		}
	}
	return q.Generic
}

// typer is the op typing of one language for one rule set.
type typer struct {
	r   promote.Rules
	cpp bool
}

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
			return "std::complex<" + cName(opkit.RealOf(d), true) + ">"
		}
	}
	if n, ok := cNames[d]; ok {
		return n
	}
	return d.String()
}

// promote is the integer promotion of d (bool, char and short become
// int): the usual arithmetic conversions of two operands of type d, which
// for one type are the integer promotion alone. Other types are d.
func (t typer) promote(d dtype.DType) promote.OpDecision {
	if !opkit.IsIntOrBool(d) {
		return promote.OpDecision{DType: d}
	}
	res, err := t.r.PromoteTypes(d, d)
	if err != nil {
		return promote.OpDecision{Err: err}
	}
	return promote.OpDecision{DType: res.DType}
}

func (t typer) binary(op promote.Op, a, b dtype.DType, res promote.Result) (promote.OpDecision, bool) {
	cpp := t.cpp
	p := res.DType
	switch {
	case op.IsComparison():
		if op.IsOrdering() && p.IsComplex() {
			return promote.OpDecision{}, false
		}
		if cpp {
			return promote.OpDecision{DType: dtype.Bool, Rule: ruleCppCompare}, true
		}
		return promote.OpDecision{DType: dtype.I32, Rule: ruleCCompare}, true
	case op == promote.OpDiv:
		if p.IsInteger() {
			return promote.OpDecision{DType: p, Rule: ruleCDiv}, true
		}
	case op == promote.OpFloorDiv:
		return promote.OpRefuse(ruleCNoFloorDiv, "%s has no floor-division operator: / of two integers truncates toward zero", langName(cpp)), true
	case op == promote.OpMod || op.IsBitwise():
		if !p.IsInteger() {
			return promote.OpRefuse(ruleCIntOnly, "invalid operands to binary %s (have '%s' and '%s')", op, cName(a, cpp), cName(b, cpp)), true
		}
	case op == promote.OpMaximum || op == promote.OpMinimum:
		if !cpp {
			return promote.OpDecision{DType: p, Rule: ruleCMax2}, true
		}
		if a != b {
			return promote.OpRefuse(ruleCppMax2, "no matching function for call to '%s(%s, %s)': deduced conflicting types for parameter", op, cName(a, true), cName(b, true)), true
		}
		return promote.OpDecision{DType: a, Rule: ruleCppMax2}, true
	}
	return promote.OpDecision{}, false
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

// pow types a ** b: pow(a, b) in C, std::pow(a, b) in C++.
func (t typer) pow(a, b dtype.DType) promote.OpDecision {
	if t.cpp {
		return t.cppPow(a, b)
	}
	if a.IsComplex() || b.IsComplex() {
		return promote.OpDecision{DType: dtype.C128, Rule: ruleCPow}
	}
	return promote.OpDecision{DType: dtype.F64, Rule: ruleCPow}
}

// cppPow types std::pow(a, b): the floating types of the arguments
// (integers as double) meet; with a complex argument the result is the
// complex of that type, except that libstdc++ keeps pow(complex<T>, int)
// (by the GCC oracle).
func (t typer) cppPow(a, b dtype.DType) promote.OpDecision {
	if a.IsComplex() && b == dtype.I32 {
		return promote.OpDecision{DType: a, Rule: ruleCppPow}
	}
	res, err := t.r.Result(promote.T(powArg(a)), promote.T(powArg(b)))
	d := promote.OpResult(res, err, ruleCppPow)
	if err == nil && (a.IsComplex() || b.IsComplex()) {
		d.DType = opkit.ComplexOf(d.DType)
	}
	return d
}

func langName(cpp bool) string {
	if cpp {
		return "C++"
	}
	return "C"
}

func (t typer) unary(op promote.Op, d dtype.DType) (promote.OpDecision, bool) {
	cpp := t.cpp
	switch {
	case op == promote.OpNeg:
		r := ruleCPromote
		if cpp {
			r = ruleCppPromote
		}
		out := t.promote(d)
		out.Rule = r
		return out, true
	case op == promote.OpAbs:
		switch {
		case opkit.IsIntOrBool(d):
			out := t.promote(d)
			out.Rule = ruleCAbs
			if cpp {
				out.Rule = ruleCppAbs
				if out.DType.IsUnsigned() {
					return promote.OpRefuse(ruleCppAbs, "call of overloaded 'abs(%s)' is ambiguous", cName(out.DType, true)), true
				}
			}
			return out, true
		case cpp && d.IsComplex():
			return promote.OpDecision{DType: opkit.RealOf(d), Rule: ruleCppAbs}, true
		case cpp:
			return promote.OpDecision{DType: d, Rule: ruleCppAbs}, true
		}
		return promote.OpDecision{DType: dtype.F64, Rule: ruleCAbs}, true
	case op.IsFloatFunc() || op == promote.OpRound || op == promote.OpFloor || op == promote.OpCeil:
		r := ruleCMath
		if cpp {
			r = ruleCppMath
		}
		switch {
		case d.IsComplex() && !op.IsFloatFunc():
			return promote.OpRefuse(r, "%s has no complex %s", langName(cpp), op), true
		case d.IsComplex() && !cpp:
			return promote.OpDecision{DType: dtype.C128, Rule: r}, true
		case opkit.IsIntOrBool(d) || !cpp:
			return promote.OpDecision{DType: dtype.F64, Rule: r}, true
		}
		return promote.OpDecision{DType: d, Rule: r}, true
	case op == promote.OpSum:
		out := t.promote(d)
		out.Rule = ruleCSum
		return out, true
	case op == promote.OpMax || op == promote.OpMin:
		if cpp {
			return promote.OpDecision{DType: d, Rule: ruleCppMaxRed}, true
		}
		out := t.promote(d)
		out.Rule = ruleCMaxRed
		return out, true
	case op == promote.OpMean || op == promote.OpArgmax:
		return t.notOp(op), true
	}
	return promote.OpDecision{}, false
}

// notOp refuses an operation C and C++ do not have.
func (t typer) notOp(op promote.Op) promote.OpDecision {
	return promote.OpRefuse(ruleCNotOp, "%s is not an operator of %s: a hand-written loop has the type its author declares", op, langName(t.cpp))
}

func (t typer) where(a, b dtype.DType, res promote.Result, err error) (promote.OpDecision, bool) {
	if !t.cpp {
		if err == nil {
			return promote.OpDecision{DType: res.DType, Rule: ruleCWhere}, true
		}
		return promote.OpDecision{}, false
	}
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
