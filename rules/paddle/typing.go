package paddle

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// PaddlePaddle's op typing (promote.OpTyper), spec.md §8.

const srcPaddleOps = "rules/paddle/spec.md §8"

var (
	rulePaddleDiv    = opkit.Rule("paddle-true-div", "/ of integers or bool gives float32: int / int tensors of one dtype (NeedTypePromotion returns true for divide, GetPromoteDtype gives FLOAT32), and an integer or bool tensor with a Python int or float (tensor__div__method casts the tensor to FLOAT32); int / int of two dtypes is already refused by the promotion", srcPaddleOps+"; paddle/phi/common/type_promotion.h NeedTypePromotion, GetPromoteDtype; paddle/fluid/pybind/eager_math_op_patch.cc")
	rulePaddleCast   = opkit.Rule("paddle-autocast", "sin, cos, tanh, sqrt, floor and ceil (support_autocast_ops) cast integer input (uint8 to int64, not bool) to float32", srcPaddleOps+"; paddle/phi/common/type_promotion.h NeedTypeAutoCast; PaddlePaddle/Paddle PR #69252")
	rulePaddleSum    = opkit.Rule("paddle-sum", "sum of bool or int32 gives int64; other dtypes are kept", "paddle.sum documentation (docs/api/paddle/sum_cn: bool and int32 give int64, otherwise the input's dtype)")
	rulePaddleArg    = opkit.Rule("paddle-argmax", "argmax gives int64 (its dtype argument defaults to 'int64')", srcPaddleOps+" (API default, not verified in the kernel)")
	rulePaddleMatmul = opkit.Rule("paddle-matmul", "matmul does not promote: operands of two dtypes raise TypeError", srcPaddleOps+"; test/legacy_test/test_tensor_type_promotion.py TestTypePromotionRaiseError.test_static_type_error")
	rulePaddleChoice = opkit.Rule("paddle-unconfirmed", "exp, log, mean and concat keep the promoted dtype: their typing was not read in Paddle's source (spec §8), so this is promote's choice", opkit.SrcChoice+"; "+srcPaddleOps)
)

// OpPolicy implements promote.OpTyper: Paddle has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpDiv && q.Err == nil && opkit.IsIntOrBool(q.Res.DType):
		return promote.OpDecision{DType: dtype.F32, Rule: rulePaddleDiv}
	case op == promote.OpMatmul:
		if a, b := q.Args[0].DType, q.Args[1].DType; a != b {
			return promote.OpRefuse(rulePaddleMatmul, "TypeError: matmul does not promote: x is %s and y is %s", opkit.PyName(a), opkit.PyName(b))
		}
	case op.IsElementwise() || op.IsReduction():
		d := q.Args[0].DType
		switch op {
		case promote.OpSin, promote.OpCos, promote.OpTanh, promote.OpSqrt, promote.OpFloor, promote.OpCeil:
			if d.IsInteger() {
				return promote.OpDecision{DType: dtype.F32, Rule: rulePaddleCast}
			}
		case promote.OpExp, promote.OpLog, promote.OpMean:
			if opkit.IsIntOrBool(d) {
				return promote.OpDecision{DType: d, Rule: rulePaddleChoice}
			}
		case promote.OpSum:
			if d == dtype.Bool || d == dtype.I32 {
				return promote.OpDecision{DType: dtype.I64, Rule: rulePaddleSum}
			}
			return promote.OpDecision{DType: d, Rule: rulePaddleSum}
		case promote.OpArgmax:
			return promote.OpDecision{DType: dtype.I64, Rule: rulePaddleArg}
		}
	}
	return q.Generic
}
