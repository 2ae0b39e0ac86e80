package cann

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// CANN's op typing (promote.OpTyper): the aclnn operators compute integer
// input as float, and its PyTorch frontend refuses complex ordering.

var (
	ruleCANNFloat   = opkit.Rule("cann-float", "division and floating-point functions of integer or bool input give float32 (aclnnDiv, aclnnExp, ...: integer inputs are computed as FLOAT)", opkit.SrcChoice+"; hicann/ops-math aclnn op docs")
	ruleCANNArg     = opkit.Rule("cann-argmax", "aclnnArgMax gives int64", "hicann/ops-math aclnnArgMax documentation")
	ruleCANNCxOrder = opkit.Rule("cann-complex-order", "an ordering comparison of complex operands is refused, as PyTorch (whose frontend torch_npu drives CANN) refuses it", opkit.SrcChoice+"; pytorch/pytorch aten/src/ATen/native/cpu/BinaryOpsKernel.cpp")
)

// OpPolicy implements promote.OpTyper: CANN has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch p, promoted := opkit.Promoted(q); {
	case promoted && opkit.ComplexOrdering(op, p):
		return promote.OpRefuse(ruleCANNCxOrder, "%s of %s operands is refused (PyTorch has no complex %s)", op, p, opkit.CmpNames[op-promote.OpLt])
	case promoted && opkit.IntTrueDiv(op, p):
		return promote.OpDecision{DType: dtype.F32, Rule: ruleCANNFloat}
	case op.IsFloatFunc() && opkit.IsIntOrBool(q.Args[0].DType):
		return promote.OpDecision{DType: dtype.F32, Rule: ruleCANNFloat}
	case op == promote.OpArgmax:
		return promote.OpDecision{DType: dtype.I64, Rule: ruleCANNArg}
	}
	return q.Generic
}
