package infer

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// This file is the generic op typing: what an operation does to the dtype
// and weakness its operands promote to, in a rule set that says nothing
// else. Binary promotion itself is the rule set's (promote.Rules.Result);
// a rule set that types its operations otherwise does it in its own
// package (promote.OpTyper), where each rule cites the system's source.
// Where no spec speaks the rule's text says "promote's choice".

// decision is what op typing gives: a dtype and weakness with the rule,
// or a refusal.
type decision = promote.OpDecision

// refuse is the refusal by rule r.
func refuse(r *promote.Rule, format string, args ...any) decision {
	return promote.OpRefuse(r, format, args...)
}

// realOf is the real type of a complex type's parts, from its Format.
func realOf(d dtype.DType) dtype.DType { return opkit.RealOf(d) }

// binaryGeneric is the generic typing of a op b, whose promotion is res.
func binaryGeneric(op Op, res promote.Result) decision {
	d := decision{DType: res.DType, Weak: res.Weak, Rule: res.Rule}
	switch {
	case op.IsComparison():
		d = decision{DType: dtype.Bool, Rule: opkit.Compare}
		if op.IsOrdering() && res.DType.IsComplex() {
			d = refuse(opkit.CxOrder, "'%s' is not supported between complex operands (%s)", op, res.DType)
		}
	case op.IsBitwise():
		if !opkit.IsIntOrBool(res.DType) {
			d = refuse(opkit.Bitwise, "%s needs bool or integer operands, not %s", op, res.DType)
		}
	case op == OpMod:
		if res.DType.IsComplex() {
			d = refuse(opkit.ModCplx, "%% is not defined for %s", res.DType)
		}
	case op == OpFloorDiv:
		if res.DType.IsComplex() {
			d = refuse(opkit.FloorDivCplx, "// is not defined for %s", res.DType)
		}
	}
	return d
}

// unaryGeneric is the generic typing of a one-argument call op (not
// convert) of an operand of dtype d; keep is the rule of a function that
// keeps its operand's type.
func unaryGeneric(op Op, d dtype.DType, weak bool, keep *promote.Rule) decision {
	switch {
	case op == OpNeg && d == dtype.Bool:
		return refuse(opkit.NegBool, "negation of a bool operand is not supported")
	case op == OpAbs && d.IsComplex():
		return decision{DType: realOf(d), Weak: weak, Rule: opkit.AbsCplx}
	case (op == OpFloor || op == OpCeil) && d.IsComplex():
		return refuse(opkit.FloorCx, "%s is not defined for %s", op, d)
	case op == OpSum || op == OpMean || op == OpMax || op == OpMin:
		return decision{DType: d, Weak: weak, Rule: opkit.Reduce}
	case op == OpArgmax:
		return decision{DType: dtype.I64, Rule: opkit.Argmax}
	}
	return decision{DType: d, Weak: weak, Rule: keep}
}

func isIntOrBool(d dtype.DType) bool { return opkit.IsIntOrBool(d) }
