package openvino

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// OpenVINO's op typing (promote.OpTyper) and literals
// (promote.LiteralTyper): its PyTorch frontend makes a Python scalar a
// rank-0 Constant, and argmax a TopK whose indices are i64.

var (
	ruleOVArg = opkit.Rule("openvino-argmax", "argmax (TopK indices as the PyTorch frontend builds it) gives int64", "openvinotoolkit/openvino src/frontends/pytorch/src/op/argmax_argmin.cpp")
	ruleOVLit = opkit.Rule("openvino-literal", "a Python literal reaches OpenVINO as a rank-0 Constant: int as i64, float as f32, bool as boolean; complex has no element type", opkit.SrcChoice+"; rules/openvino/spec.md §7 (the PyTorch frontend makes scalars rank-0 Constants)")
)

// OpPolicy implements promote.OpTyper: OpenVINO has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	if q.Op == promote.OpArgmax {
		return promote.OpDecision{DType: dtype.I64, Rule: ruleOVArg}
	}
	return q.Generic
}

// LiteralOperand implements promote.LiteralTyper: a Python literal is the
// rank-0 Constant a frontend makes of it; a complex literal stays a
// literal, which the rule set refuses. The dtype of that Constant is
// promote's choice, so ruleOVLit names it.
func (r *rules) LiteralOperand(v promote.Value) (promote.Operand, *promote.Rule) {
	switch v.Kind {
	case promote.BoolValue:
		return promote.T0(dtype.Bool), ruleOVLit
	case promote.IntValue:
		return promote.T0(dtype.I64), ruleOVLit
	case promote.FloatValue:
		return promote.T0(dtype.F32), ruleOVLit
	}
	return promote.Operand{Kind: promote.Literal, Value: v}, ruleOVLit
}
