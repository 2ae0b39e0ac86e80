package c

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
	"github.com/promote-dev/promote/rules/internal/clit"
)

// C's op typing (promote.OpTyper), spec.md §9: the usual arithmetic
// conversions of each operator, comparisons that give int, <math.h>'s
// double functions, pow for **, and the operations C lacks. Each rule
// cites the op-typing section of the spec, which cites ISO C17.

const srcCOps = "rules/c/spec.md §9"

var (
	ruleCPromote = opkit.Rule("c-integer-promotion", "-x gives the integer promotion of x: bool, char and short become int (-u8 is int), wider integers and floating types keep theirs", "ISO C17 (N2176) §6.5.3.3, §6.3.1.1; "+srcCOps)
	ruleCCompare = opkit.Rule("c-comparison", "a comparison gives int (0 or 1), not _Bool; the operands meet under the usual arithmetic conversions", "ISO C17 (N2176) §6.5.8, §6.5.9; "+srcCOps)
	ruleCMath    = opkit.Rule("c-math", "a <math.h> function (exp, log, sqrt, sin, cos, tanh, floor, ceil, round, fabs) takes and returns double whatever the argument (expf and expl are the float and long double versions; <tgmath.h> would keep a floating argument's type); a complex argument goes to <complex.h>'s cexp and the like, double complex, and cabs gives double; there is no complex floor, ceil or round", "ISO C17 (N2176) §7.12, §7.3, §7.25; "+srcCOps)
	ruleCAbs     = opkit.Rule("c-abs", "abs of an integer is its integer promotion (abs, labs; as -x), of a floating type fabs's double, of a complex cabs's double", "ISO C17 (N2176) §7.22.6.1, §7.12.7.2, §7.3.8.1; "+srcCOps+" (promote's reading)")
	ruleCPow     = opkit.Rule("c-pow", "C has no power operator: a ** b is read as pow(a, b) from <math.h>, a double (cpow for complex operands: double complex)", "ISO C17 (N2176) §7.12.7.4, §7.3.8.2; promote's reading")
	ruleCMaxRed  = opkit.Rule("c-max-min", "max(x) and min(x) are x[i] > m ? x[i] : m: the usual arithmetic conversions of two elements (int for narrow integers)", "ISO C17 (N2176) §6.5.15p5; "+srcCOps+" (promote's reading)")
	ruleCMax2    = opkit.Rule("c-max", "max(a, b) and min(a, b) are a > b ? a : b: the usual arithmetic conversions of a and b", "ISO C17 (N2176) §6.5.15p5; promote's reading")
	ruleCWhere   = opkit.Rule("c-conditional", "where(c, a, b) is c ? a : b: the usual arithmetic conversions of a and b, even of two operands of one type (u8 with u8 is int)", "ISO C17 (N2176) §6.5.15p5; "+srcCOps)
)

// rules is the c rule set: the C-family folding of package clit, with
// C's op typing.
type rules struct{ *clit.Folder }

// OpPolicy implements promote.OpTyper: C has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision { return cOps.TypeOp(r, q) }

// cOps is what C's op typing adds to the dispatch it shares with C++.
var cOps = &clit.Ops{
	Lang:    "C",
	Compare: promote.OpDecision{DType: dtype.I32, Rule: ruleCCompare},
	Pow:     pow,
	Where:   where,
	MaxMin: func(_ promote.Op, _, _, p dtype.DType) promote.OpDecision {
		return promote.OpDecision{DType: p, Rule: ruleCMax2}
	},
	Unary: typeUnary,
}

// pow types a ** b: C has no power operator, so pow(a, b), or cpow.
func pow(_ promote.Rules, a, b dtype.DType) promote.OpDecision {
	if a.IsComplex() || b.IsComplex() {
		return promote.OpDecision{DType: dtype.C128, Rule: ruleCPow}
	}
	return promote.OpDecision{DType: dtype.F64, Rule: ruleCPow}
}

// where types c ? a : b: the usual arithmetic conversions of a and b.
func where(q *promote.OpQuery) (promote.OpDecision, bool) {
	if q.Err != nil {
		return promote.OpDecision{}, false
	}
	return promote.OpDecision{DType: q.Res.DType, Rule: ruleCWhere}, true
}

func typeUnary(r promote.Rules, op promote.Op, d dtype.DType) (promote.OpDecision, bool) {
	switch {
	case op == promote.OpNeg:
		return clit.PromoteAs(r, d, ruleCPromote), true
	case op == promote.OpAbs:
		if opkit.IsIntOrBool(d) {
			return clit.PromoteAs(r, d, ruleCAbs), true
		}
		return promote.OpDecision{DType: dtype.F64, Rule: ruleCAbs}, true
	case op.IsFloatFunc() || op == promote.OpRound || op == promote.OpFloor || op == promote.OpCeil:
		switch {
		case d.IsComplex() && !op.IsFloatFunc():
			return promote.OpRefuse(ruleCMath, "C has no complex %s", op), true
		case d.IsComplex():
			return promote.OpDecision{DType: dtype.C128, Rule: ruleCMath}, true
		}
		return promote.OpDecision{DType: dtype.F64, Rule: ruleCMath}, true
	case op == promote.OpMax || op == promote.OpMin:
		return clit.PromoteAs(r, d, ruleCMaxRed), true
	}
	return promote.OpDecision{}, false
}
