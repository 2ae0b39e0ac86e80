package arrayapi

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// The Array API standard's op typing (promote.OpTyper): what the
// standard specifies for each function, and the refusal of what it leaves
// implementation-dependent.

const srcArrayOps = "data-apis/array-api@8884c406 spec/2024.12/API_specification/elementwise_functions.rst, statistical_functions.rst, searching_functions.rst"

var (
	ruleArrayDiv     = opkit.Rule("array-api-true-div", "/ of integer operands is implementation-dependent and of bool undefined: refused", srcArrayOps+" (divide)")
	ruleArrayFloat   = opkit.Rule("array-api-float-func", "the standard defines this function for floating-point input only: integer and bool input refused", srcArrayOps)
	ruleArraySum     = opkit.Rule("array-api-sum", "sum of bool or a signed integer gives the default integer (int64); of an unsigned integer the unsigned integer of the same width (uint64)", srcArrayOps+" (sum)")
	ruleArrayMean    = opkit.Rule("array-api-mean", "mean needs a real floating-point input", srcArrayOps+" (mean)")
	ruleArrayArg     = opkit.Rule("array-api-argmax", "argmax gives the default array index dtype (int64)", srcArrayOps+" (argmax)")
	ruleArrayCxOrder = opkit.Rule("array-api-complex-order", "the standard leaves the inequality comparison of complex numbers unspecified (implementation-dependent): refused", "data-apis/array-api src/array_api_stubs/_2024_12/elementwise_functions.py (less, less_equal, greater, greater_equal: real-valued data types; complex ordering implementation-dependent)")
)

// OpPolicy implements promote.OpTyper: the standard has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch p, promoted := opkit.Promoted(q); {
	case promoted && opkit.ComplexOrdering(op, p):
		return promote.OpRefuse(ruleArrayCxOrder, "%s of %s operands is implementation-dependent in the standard", op, p)
	case promoted && opkit.IntTrueDiv(op, p):
		return promote.OpRefuse(ruleArrayDiv, "divide of %s operands is not specified by the standard (implementation-dependent for integers)", p)
	case op.IsElementwise() || op.IsReduction():
		d := q.Args[0].DType
		switch {
		case op.IsFloatFunc() && opkit.IsIntOrBool(d):
			return promote.OpRefuse(ruleArrayFloat, "%s is specified for floating-point input, not %s", op, d)
		case op == promote.OpSum:
			return opkit.SumInt64(d, q.Generic, ruleArraySum)
		case op == promote.OpMean && (d.IsComplex() || opkit.IsIntOrBool(d)):
			return promote.OpRefuse(ruleArrayMean, "mean is specified for real floating-point input, not %s", d)
		case op == promote.OpArgmax:
			return promote.OpDecision{DType: dtype.I64, Rule: ruleArrayArg}
		}
	}
	return q.Generic
}
