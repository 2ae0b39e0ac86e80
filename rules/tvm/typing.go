package tvm

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// TVM's op typing (promote.OpTyper): TIR's scalar operations, from
// src/tirx/op/op.cc and python/tvm/tirx/expr.py (spec.md §7).

const (
	codeTVM = "apache/tvm@5d4dc87 src/tirx/op/op.cc, python/tvm/tirx/expr.py"
	specTVM = "rules/tvm/spec.md §7"
)

var (
	ruleTVMDiv    = opkit.Rule("tvm-div", "/ of two signed integers (a Python int, or a kDLInt dtype) is refused, since TIR has several integer divisions; otherwise / is div, of the promoted dtype (uint32 / uint32 is uint32)", opkit.Cite(codeTVM, "(ExprOp.__truediv__, _dtype_is_int)", specTVM))
	ruleTVMIntDiv = opkit.Rule("tvm-floordiv", "// (floordiv) and % (floormod) need integer operands (kDLInt or kDLUInt): floats and bool fail an ICHECK; the result is the promoted dtype", opkit.Cite(codeTVM, "(floordiv, floormod)", specTVM))
	ruleTVMPow    = opkit.Rule("tvm-pow", "** (pow) needs an IEEE float promoted dtype", opkit.Cite(codeTVM, "(pow); tests/python/tirx-base/test_tir_ops.py verify_callop_float_only", specTVM))
	ruleTVMBit    = opkit.Rule("tvm-bitwise", "& | ^ with a Python int give the other operand's dtype (MakeConst); integers (and bool) only", opkit.Cite(codeTVM, "(DEF_MAKE_BIT_OP)", specTVM))
	ruleTVMMath   = opkit.Rule("tvm-math", "exp, log and sqrt keep the dtype, integers too (no input check; bfloat16 is computed in float32 and cast back)", "apache/tvm@5d4dc87 include/tvm/tirx/op.h (TVM_DECLARE_INTRIN_UNARY); rules/tvm/spec.md §7")
	ruleTVMTrig   = opkit.Rule("tvm-trig", "tanh, sin and cos need a floating-point input (kDLFloat or bfloat16) and keep it", opkit.Cite(codeTVM, "(CheckMathUnaryOpInputDType)", specTVM))
	ruleTVMNeg    = opkit.Rule("tvm-neg", "-x is x * const(-1, x.dtype): x's dtype; -1 is no constant of an unsigned or bool dtype", opkit.Cite(codeTVM, "(ExprOp.__neg__); src/ir/expr.cc IntImm (by reading)", specTVM))
	ruleTVMReduce = opkit.Rule("tvm-reduce", "sum, max and min (comm reducers) keep the input dtype", opkit.Cite(codeTVM, "(sum, max, min)", specTVM))
	ruleTVMNotTIR = opkit.Rule("tvm-not-tir", "argmax, mean, matmul and concat are not TIR scalar operations (they are Relax's or TOPI's)", "rules/tvm/spec.md §7")
	ruleTVMCond   = opkit.Rule("tvm-if-then-else", "where is if_then_else, whose condition must be bool; the branches promote", opkit.Cite(codeTVM, "(if_then_else); tests/python/tirx-base/test_tir_ops.py test_if_then_else", specTVM))
)

// OpPolicy implements promote.OpTyper: TVM has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpMatmul:
		return promote.OpRefuse(ruleTVMNotTIR, "matmul is not a TIR scalar operation (it is Relax's or TOPI's)")
	case op == promote.OpConcat:
		return promote.OpRefuse(ruleTVMNotTIR, "concat is not a TIR scalar operation (it is Relax's or TOPI's)")
	case op == promote.OpWhere && !q.Early:
		if q.Args[0].DType != dtype.Bool {
			return promote.OpRefuse(ruleTVMCond, "if_then_else only accept the condition to be boolean type.")
		}
	case (op.IsBinary() || op == promote.OpMaximum || op == promote.OpMinimum) && q.Err == nil:
		if d, ok := typeBinary(op, &q.Args[0], &q.Args[1], q.Res); ok {
			return d
		}
	case op.IsElementwise() || op.IsReduction():
		if d, ok := typeUnary(op, q.Args[0].DType); ok {
			return d
		}
	}
	return q.Generic
}

// tvmSignedInt is TVM's _dtype_is_int: a Python int (bool is one in
// Python) or an expression of a signed integer dtype.
func tvmSignedInt(v *promote.OpArg) bool {
	if v.Literal {
		k := v.Value.Kind
		return k == promote.IntValue || k == promote.BoolValue
	}
	return v.DType.IsSigned()
}

func isIEEEFloat(d dtype.DType) bool { return d == dtype.F16 || d == dtype.F32 || d == dtype.F64 }

func typeBinary(op promote.Op, a, b *promote.OpArg, res promote.Result) (promote.OpDecision, bool) {
	p := res.DType
	switch {
	case op == promote.OpDiv:
		if tvmSignedInt(a) && tvmSignedInt(b) {
			return promote.OpRefuse(ruleTVMDiv, "RuntimeError: TVM supports multiple types of integer divisions, please call div, indexdiv/indexmod, floordiv/floormod  or truncdiv/truncmod directly to avoid ambiguity in the code."), true
		}
		return promote.OpDecision{DType: p, Rule: ruleTVMDiv}, true
	case op == promote.OpFloorDiv || op == promote.OpMod:
		if !p.IsInteger() {
			name := "floordiv"
			if op == promote.OpMod {
				name = "floormod"
			}
			return promote.OpRefuse(ruleTVMIntDiv, "%s needs integer operands (kDLInt or kDLUInt), not %s", name, opkit.NumPyName(p)), true
		}
		return promote.OpDecision{DType: p, Rule: ruleTVMIntDiv}, true
	case op == promote.OpPow:
		if !isIEEEFloat(p) {
			return promote.OpRefuse(ruleTVMPow, "power only applies to float"), true
		}
	case op.IsBitwise() && a.Literal != b.Literal:
		// One Python literal: MakeConst gives it the other's dtype.
		lit, other := a, b
		if b.Literal {
			lit, other = b, a
		}
		if lit.Value.Kind == promote.IntValue {
			if !opkit.IsIntOrBool(other.DType) {
				return promote.OpRefuse(ruleTVMBit, "%s needs integer or bool operands, not %s", op, opkit.NumPyName(other.DType)), true
			}
			return promote.OpDecision{DType: other.DType, Rule: ruleTVMBit}, true
		}
	}
	return promote.OpDecision{}, false
}

func typeUnary(op promote.Op, d dtype.DType) (promote.OpDecision, bool) {
	switch op {
	case promote.OpExp, promote.OpLog, promote.OpSqrt:
		return promote.OpDecision{DType: d, Rule: ruleTVMMath}, true
	case promote.OpTanh, promote.OpSin, promote.OpCos:
		if !d.IsFloat() {
			return promote.OpRefuse(ruleTVMTrig, "TypeError: tirx.%s only supports floating-point inputs, but got %s", op, opkit.NumPyName(d)), true
		}
		return promote.OpDecision{DType: d, Rule: ruleTVMTrig}, true
	case promote.OpNeg:
		if d == dtype.Bool || d.IsUnsigned() {
			return promote.OpRefuse(ruleTVMNeg, "-x multiplies by const(-1, %s), which %s cannot hold", opkit.NumPyName(d), opkit.NumPyName(d)), true
		}
		return promote.OpDecision{DType: d, Rule: ruleTVMNeg}, true
	case promote.OpSum, promote.OpMax, promote.OpMin:
		return promote.OpDecision{DType: d, Rule: ruleTVMReduce}, true
	case promote.OpArgmax, promote.OpMean:
		return promote.OpRefuse(ruleTVMNotTIR, "%s is not a TIR scalar operation (it is Relax's or TOPI's)", op), true
	}
	return promote.OpDecision{}, false
}
