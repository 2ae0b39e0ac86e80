package clit

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// What the op typing of C and of C++ share (rules/c/typing.go,
// rules/cpp/typing.go): the rules both languages follow, GCC's names of
// the types, and the integer promotion.

const (
	srcCOps   = "rules/c/spec.md §9"
	srcCppOps = "rules/cpp/spec.md §8"
)

// The rules C and C++ share.
var (
	// RuleIntDiv: / of two integers is integer division.
	RuleIntDiv = opkit.Rule("c-int-div", "/ of two integers is integer division in their common type (int / int is int, truncated toward zero)", "ISO C17 (N2176) §6.5.5; "+srcCOps)
	// RuleIntOperands: % & | ^ need integer operands.
	RuleIntOperands = opkit.Rule("c-integer-operands", "%, & | ^ need integer operands (bool counts: it promotes to int)", "ISO C17 (N2176) §6.5.5p2, §6.5.10-12; ISO C++23 [expr.mul], [expr.bit.and]")
	// RuleNoFloorDiv: there is no // operator.
	RuleNoFloorDiv = opkit.Rule("c-no-floordiv", "C and C++ have no floor-division operator (// begins a comment): / of two integers truncates toward zero", "ISO C17 (N2176) §6.5.5, §6.4.9; ISO C++23 [expr.mul]")
	// RuleNotOp: mean, argmax, matmul and concat are no operators.
	RuleNotOp = opkit.Rule("c-not-an-operator", "mean, argmax, matmul and concat are not operators of C or C++: a hand-written loop has the type its author declares", srcCOps+"; "+srcCppOps)
	// RuleSum: sum(x) is a left fold of +.
	RuleSum = opkit.Rule("c-sum", "sum(x) is x[0] + x[1] + ...: a left fold of + under the usual arithmetic conversions, so narrow integers and bool give int (a loop T acc; acc += x[i] converts back to T)", "ISO C17 (N2176) §6.5.6, §6.5.16.2; ISO C++23 [expr.add]; "+srcCOps+" (promote's reading)")
)

// cNames are GCC's names of the C types of the catalogue's dtypes, as its
// diagnostics print them (C++ prints complex types as std::complex<T>).
var cNames = map[dtype.DType]string{
	dtype.Bool: "_Bool", dtype.I8: "signed char", dtype.I16: "short int", dtype.I32: "int", dtype.I64: "long int",
	dtype.U8: "unsigned char", dtype.U16: "short unsigned int", dtype.U32: "unsigned int", dtype.U64: "long unsigned int",
	dtype.F16: "_Float16", dtype.BF16: "__bf16", dtype.F32: "float", dtype.F64: "double", dtype.F80: "long double",
	dtype.C32: "complex _Float16", dtype.C64: "complex float", dtype.C128: "complex double", dtype.C160: "complex long double",
}

// Name spells d as GCC's C (cpp false) or C++ front end does.
func Name(d dtype.DType, cpp bool) string {
	if cpp {
		switch {
		case d == dtype.Bool:
			return "bool"
		case d.IsComplex():
			return "std::complex<" + Name(opkit.RealOf(d), true) + ">"
		}
	}
	if n, ok := cNames[d]; ok {
		return n
	}
	return d.String()
}

// Promote is the integer promotion of d (bool, char and short become
// int) under the rule set r: the usual arithmetic conversions of two
// operands of type d, which for one type are the integer promotion alone.
// Other types are d. The decision has no rule: the caller names it.
func Promote(r promote.Rules, d dtype.DType) promote.OpDecision {
	if !opkit.IsIntOrBool(d) {
		return promote.OpDecision{DType: d}
	}
	res, err := r.PromoteTypes(d, d)
	if err != nil {
		return promote.OpDecision{Err: err}
	}
	return promote.OpDecision{DType: res.DType}
}

// NoFloorDiv refuses a // b in the language lang ("C" or "C++").
func NoFloorDiv(lang string) promote.OpDecision {
	return promote.OpRefuse(RuleNoFloorDiv, "%s has no floor-division operator: / of two integers truncates toward zero", lang)
}

// NotOp refuses an operation that the language lang does not have.
func NotOp(op promote.Op, lang string) promote.OpDecision {
	return promote.OpRefuse(RuleNotOp, "%s is not an operator of %s: a hand-written loop has the type its author declares", op, lang)
}

// IntOperands refuses op of a and b, which are not both integers after
// promotion (cpp: in C++'s spelling of the types).
func IntOperands(op promote.Op, a, b dtype.DType, cpp bool) promote.OpDecision {
	return promote.OpRefuse(RuleIntOperands, "invalid operands to binary %s (have '%s' and '%s')", op, Name(a, cpp), Name(b, cpp))
}

// PromoteAs is Promote(r, d) decided by rule.
func PromoteAs(r promote.Rules, d dtype.DType, rule *promote.Rule) promote.OpDecision {
	out := Promote(r, d)
	out.Rule = rule
	return out
}

// Ops is what the op typing of C and of C++ differ in; its TypeOp is the
// dispatch both share: ** as the language's pow, where as its conditional
// operator, the binary operators under the usual arithmetic conversions,
// and the unary functions and reductions.
type Ops struct {
	// Lang is the language as its errors name it: "C", "C++".
	Lang string
	// CPP spells the types in errors as C++ does.
	CPP bool
	// Compare is what a comparison gives: its type and rule.
	Compare promote.OpDecision
	// Pow types a ** b, which the language reads as pow(a, b).
	Pow func(r promote.Rules, a, b dtype.DType) promote.OpDecision
	// Where types where(c, a, b), c ? a : b; false leaves q.Generic.
	Where func(q *promote.OpQuery) (promote.OpDecision, bool)
	// MaxMin types maximum(a, b) and minimum(a, b), p being the usual
	// arithmetic conversions of a and b.
	MaxMin func(op promote.Op, a, b, p dtype.DType) promote.OpDecision
	// Unary types the unary functions and the reductions other than
	// sum, mean and argmax; false leaves q.Generic.
	Unary func(r promote.Rules, op promote.Op, d dtype.DType) (promote.OpDecision, bool)
}

// TypeOp types q for the language o, under the rule set r.
func (o *Ops) TypeOp(r promote.Rules, q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpPow:
		return o.Pow(r, q.Args[0].DType, q.Args[1].DType)
	case op == promote.OpWhere && !q.Early:
		if d, ok := o.Where(q); ok {
			return d
		}
	case op == promote.OpMatmul || op == promote.OpConcat:
		return NotOp(op, o.Lang)
	case (op.IsBinary() || op == promote.OpMaximum || op == promote.OpMinimum) && q.Err == nil:
		if d, ok := o.binary(op, q.Args[0].DType, q.Args[1].DType, q.Res.DType); ok {
			return d
		}
	case op.IsElementwise() || op.IsReduction():
		d := q.Args[0].DType
		switch op {
		case promote.OpSum:
			return PromoteAs(r, d, RuleSum)
		case promote.OpMean, promote.OpArgmax:
			return NotOp(op, o.Lang)
		}
		if d, ok := o.Unary(r, op, d); ok {
			return d
		}
	}
	return q.Generic
}

// binary types a op b, p being their usual arithmetic conversions.
func (o *Ops) binary(op promote.Op, a, b, p dtype.DType) (promote.OpDecision, bool) {
	switch {
	case op.IsComparison():
		if opkit.ComplexOrdering(op, p) {
			return promote.OpDecision{}, false
		}
		return o.Compare, true
	case op == promote.OpDiv:
		if p.IsInteger() {
			return promote.OpDecision{DType: p, Rule: RuleIntDiv}, true
		}
	case op == promote.OpFloorDiv:
		return NoFloorDiv(o.Lang), true
	case op == promote.OpMod || op.IsBitwise():
		if !p.IsInteger() {
			return IntOperands(op, a, b, o.CPP), true
		}
	case op == promote.OpMaximum || op == promote.OpMinimum:
		return o.MaxMin(op, a, b, p), true
	}
	return promote.OpDecision{}, false
}
