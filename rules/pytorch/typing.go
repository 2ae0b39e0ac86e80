package pytorch

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// PyTorch's op typing (promote.OpTyper): what its operations do around
// the promotion. The default float dtype is the option default_float.

const srcTorchOps = "rules/pytorch/spec.md §3 (op-level behaviour); pytorch/pytorch aten/src/ATen/native/{BinaryOps,UnaryOps,ReduceOps}.cpp"

var (
	ruleTorchDiv     = opkit.Rule("pytorch-true-div", "true division of integral or bool operands gives the default float dtype", srcTorchOps+" (div_true_kernel: promote_integer_inputs_to_float)")
	ruleTorchFloat   = opkit.Rule("pytorch-float-func", "a floating-point function of integral or bool input gives the default float dtype", srcTorchOps+" (unary float ops: promote_integer_inputs_to_float)")
	ruleTorchSum     = opkit.Rule("pytorch-sum", "sum of integral or bool input gives int64", "torch.sum documentation; aten ReduceOps.cpp get_dtype_from_self(promote_integers=true)")
	ruleTorchMean    = opkit.Rule("pytorch-mean", "mean needs a floating point or complex input", "aten/src/ATen/native/ReduceOps.cpp mean_dtype_out (could not infer output dtype)")
	ruleTorchArg     = opkit.Rule("pytorch-argmax", "argmax gives int64", "torch.argmax documentation (LongTensor indices)")
	ruleTorchMatmul  = opkit.Rule("pytorch-matmul", "matmul does not promote: both operands must have the same dtype", "aten/src/ATen/native/LinearAlgebra.cpp (addmm_impl_cpu_: expected m1 and m2 to have the same dtype)")
	ruleTorchWhere   = opkit.Rule("pytorch-where-cond", "where's condition must be a bool tensor", "aten/src/ATen/native/TensorCompare.cpp where (expected condition to be a boolean tensor)")
	ruleTorchCxOrder = opkit.Rule("pytorch-complex-order", "lt, le, gt and ge have no complex kernels: an ordering comparison of complex operands is refused", "pytorch/pytorch aten/src/ATen/native/cpu/BinaryOpsKernel.cpp (lt_kernel, le_kernel, gt_kernel, ge_kernel dispatch over all types but complex)")
)

// torchName is PyTorch's ScalarType name for error messages.
func torchName(d dtype.DType) string {
	if n := ScalarTypeName(d); n != "" {
		return n
	}
	return d.String()
}

// OpPolicy implements promote.OpTyper: PyTorch has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpWhere:
		if q.Early && q.Args[0].DType != dtype.Bool {
			return promote.OpRefuse(ruleTorchWhere, "where expected condition to be a boolean tensor, but got a tensor with dtype %s", torchName(q.Args[0].DType))
		}
	case op == promote.OpMatmul:
		if a, b := q.Args[0].DType, q.Args[1].DType; a != b {
			return promote.OpRefuse(ruleTorchMatmul, "expected m1 and m2 to have the same dtype, but got: %s != %s", torchName(a), torchName(b))
		}
	case op.IsBinary():
		if q.Err != nil {
			break
		}
		p := q.Res.DType
		switch {
		case op.IsOrdering() && p.IsComplex():
			return promote.OpRefuse(ruleTorchCxOrder, "%q not implemented for '%s'", opkit.CmpNames[op-promote.OpLt]+"_cpu", torchName(p))
		case op == promote.OpDiv && opkit.IsIntOrBool(p):
			return promote.OpDecision{DType: r.defaultFloat, Rule: ruleTorchDiv}
		case op == promote.OpPow && p.IsInteger() && opkit.NegativeIntLiteral(&q.Args[1]):
			return promote.OpRefuse(opkit.IntNegPow, "Integers to negative integer powers are not allowed.")
		}
	case op.IsElementwise() || op.IsReduction():
		return r.typeUnary(q)
	}
	return q.Generic
}

func (r *rules) typeUnary(q *promote.OpQuery) promote.OpDecision {
	d := q.Args[0].DType
	switch {
	case q.Op == promote.OpNeg && d == dtype.Bool:
		return promote.OpRefuse(opkit.NegBool, "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
	case q.Op.IsFloatFunc() && opkit.IsIntOrBool(d):
		return promote.OpDecision{DType: r.defaultFloat, Rule: ruleTorchFloat}
	case q.Op == promote.OpSum && opkit.IsIntOrBool(d):
		return promote.OpDecision{DType: dtype.I64, Rule: ruleTorchSum}
	case q.Op == promote.OpMean && opkit.IsIntOrBool(d):
		return promote.OpRefuse(ruleTorchMean, "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: %s", torchName(d))
	case q.Op == promote.OpArgmax:
		return promote.OpDecision{DType: dtype.I64, Rule: ruleTorchArg}
	}
	return q.Generic
}
