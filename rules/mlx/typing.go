package mlx

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// MLX's op typing (promote.OpTyper): at_least_float and the checks of
// mlx/ops.cpp (spec.md §8).

const (
	codeMLX = "ml-explore/mlx@846d1762 mlx/ops.cpp"
	specMLX = "rules/mlx/spec.md §8"
)

var (
	ruleMLXDiv    = opkit.Rule("mlx-divide", "divide is at_least_float(promote_types(a, b)): integers and bool give float32 (int64 and uint64 too)", opkit.Cite(codeMLX, "(divide, at_least_float); python/tests/test_ops.py test_divide", specMLX))
	ruleMLXFloat  = opkit.Rule("mlx-float-func", "exp, log, sqrt, sin, cos and tanh are at_least_float(x): integers and bool give float32, inexact types are kept", opkit.Cite(codeMLX, "(exp, log, sqrt, sin, at_least_float)", specMLX))
	ruleMLXRem    = opkit.Rule("mlx-remainder", "remainder of complex64 is refused", opkit.Cite(codeMLX, "(remainder); python/tests/test_ops.py test_remainder", specMLX))
	ruleMLXNeg    = opkit.Rule("mlx-negative", "negative of bool is refused", opkit.Cite(codeMLX, "(negative)", specMLX))
	ruleMLXFloor  = opkit.Rule("mlx-floor", "floor and ceil keep the dtype (an integer stays an integer); complex64 is refused", opkit.Cite(codeMLX, "(floor, ceil)", specMLX))
	ruleMLXSum    = opkit.Rule("mlx-sum", "sum of signed integers of at most 4 bytes and of bool gives int32, of int64 int64; of unsigned integers of at most 4 bytes uint32, of uint64 uint64; floats and complex keep their dtype", opkit.Cite(codeMLX, "(sum)", specMLX))
	ruleMLXMean   = opkit.Rule("mlx-mean", "mean of integers or bool is float32 (sum's dtype times a normalizer of at_least_float(x)); floats keep their dtype", opkit.Cite(codeMLX, "(mean)", specMLX))
	ruleMLXArg    = opkit.Rule("mlx-argmax", "argmax gives uint32", opkit.Cite(codeMLX, "(argmax)", specMLX))
	ruleMLXMatmul = opkit.Rule("mlx-matmul", "matmul needs an inexact promoted type: integers and bool are refused", opkit.Cite(codeMLX, "(matmul)", specMLX))
)

// atLeastFloat is MLX's at_least_float: an inexact d is kept, an integer
// or bool gives float32.
func atLeastFloat(d dtype.DType) dtype.DType {
	if opkit.IsIntOrBool(d) {
		return dtype.F32
	}
	return d
}

// OpPolicy implements promote.OpTyper: MLX has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch p, promoted := opkit.Promoted(q); {
	case promoted && opkit.IntTrueDiv(op, p):
		return promote.OpDecision{DType: dtype.F32, Rule: ruleMLXDiv}
	case promoted && op == promote.OpMod && p.IsComplex():
		return promote.OpRefuse(ruleMLXRem, "[remainder] Complex type not supported.")
	case op == promote.OpMatmul:
		a, b := q.Args[0].DType, q.Args[1].DType
		res, err := q.PromoteArgs(0, 1)
		if err != nil {
			return promote.OpDecision{Err: err}
		}
		if opkit.IsIntOrBool(res.DType) {
			return promote.OpRefuse(ruleMLXMatmul, "[matmul] Only inexact types are supported but %s and %s were provided which results in %s, which is not a floating point type.",
				opkit.PyName(a), opkit.PyName(b), opkit.PyName(res.DType))
		}
		return promote.OpDecision{DType: res.DType, Rule: res.Rule}
	case op.IsElementwise() || op.IsReduction():
		return typeUnary(op, q.Args[0].DType, q.Generic)
	}
	return q.Generic
}

func typeUnary(op promote.Op, d dtype.DType, generic promote.OpDecision) promote.OpDecision {
	switch {
	case op.IsFloatFunc():
		return promote.OpDecision{DType: atLeastFloat(d), Rule: ruleMLXFloat}
	case op == promote.OpNeg && d == dtype.Bool:
		return promote.OpRefuse(ruleMLXNeg, "[negative] Not supported for bool, use logical_not instead.")
	case (op == promote.OpFloor || op == promote.OpCeil) && d.IsComplex():
		return promote.OpRefuse(ruleMLXFloor, "[%s] Not supported for %s.", op, opkit.PyName(d))
	case op == promote.OpSum:
		switch {
		case d == dtype.Bool || d.IsSigned() && d.Bits() <= 32:
			return promote.OpDecision{DType: dtype.I32, Rule: ruleMLXSum}
		case d.IsUnsigned() && d.Bits() <= 32:
			return promote.OpDecision{DType: dtype.U32, Rule: ruleMLXSum}
		}
		return promote.OpDecision{DType: d, Rule: ruleMLXSum}
	case op == promote.OpMean:
		return promote.OpDecision{DType: atLeastFloat(d), Rule: ruleMLXMean}
	case op == promote.OpArgmax:
		return promote.OpDecision{DType: dtype.U32, Rule: ruleMLXArg}
	}
	return generic
}
