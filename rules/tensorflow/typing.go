package tensorflow

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// TensorFlow's op typing (promote.OpTyper): truediv's table, the kernels'
// dtype lists, and weak results.

const srcTFOps = "tensorflow/tensorflow python/ops/math_ops.py (_TRUEDIV_TABLE, reduce_sum, reduce_mean, argmax), python/ops/weak_tensor_ops.py"

var (
	ruleTFDiv     = opkit.Rule("tensorflow-truediv", "/ is truediv: int8, uint8, int16, uint16 give float32; int32, uint32, int64, uint64 float64; bool is refused; weakness is kept", srcTFOps)
	ruleTFFloat   = opkit.Rule("tensorflow-float-func", "a floating-point function refuses integer and bool input", "tensorflow/core/ops/math_ops.cc (UnaryFloat ops: T in {bfloat16, half, float, double, complex64, complex128})")
	ruleTFBool    = opkit.Rule("tensorflow-reduce-bool", "sum and mean refuse bool input", "tensorflow/core/ops/math_ops.cc (Sum, Mean: T is a numeric type)")
	ruleTFArg     = opkit.Rule("tensorflow-argmax", "argmax gives int64 (output_type default)", "tf.math.argmax documentation")
	ruleTFCxOrder = opkit.Rule("tensorflow-complex-order", "Less, LessEqual, Greater and GreaterEqual take real number types only", "tensorflow/tensorflow tensorflow/core/ops/math_ops.cc (COMPARISON(): Attr T: realnumbertype)")
)

// tfCmpNames name the ordering comparisons in TensorFlow's messages,
// indexed from OpLt.
var tfCmpNames = [...]string{"Less", "LessEqual", "Greater", "GreaterEqual"}

// opDTypeName is TensorFlow's dtype name in op typing messages (tfName
// with NumPy's spelling of the types TensorFlow lacks).
func opDTypeName(d dtype.DType) string {
	switch d {
	case dtype.F16:
		return "float16"
	case dtype.BF16:
		return "bfloat16"
	}
	if d.IsInteger() || d == dtype.Bool || d.IsFloat() || d.IsComplex() {
		return opkit.NumPyName(d)
	}
	return d.String()
}

// tfTrueDiv is truediv of operands promoted to p, bool or an integer:
// _TRUEDIV_TABLE's float (weakness kept), or a refusal of bool.
func tfTrueDiv(p dtype.DType, weak bool) promote.OpDecision {
	switch {
	case p == dtype.Bool:
		return promote.OpRefuse(ruleTFDiv, "TypeError: Invalid dtype <dtype: 'bool'> in __truediv__")
	case p.Bits() <= 16:
		return promote.OpDecision{DType: dtype.F32, Weak: weak, Rule: ruleTFDiv}
	}
	return promote.OpDecision{DType: dtype.F64, Weak: weak, Rule: ruleTFDiv}
}

// OpPolicy implements promote.OpTyper: TensorFlow's results may stay weak.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{Weak: true} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch p, promoted := opkit.Promoted(q); {
	case promoted && opkit.ComplexOrdering(op, p):
		return promote.OpRefuse(ruleTFCxOrder, "%s takes a real number type, not %s", tfCmpNames[op-promote.OpLt], opDTypeName(p))
	case promoted && opkit.IntTrueDiv(op, p):
		return tfTrueDiv(p, q.Res.Weak)
	case op.IsElementwise() || op.IsReduction():
		d := q.Args[0].DType
		switch {
		case op.IsFloatFunc() && opkit.IsIntOrBool(d):
			return promote.OpRefuse(ruleTFFloat, "Value passed to parameter 'x' has DataType %s not in list of allowed values: bfloat16, float16, float32, float64, complex64, complex128", opDTypeName(d))
		case (op == promote.OpSum || op == promote.OpMean) && d == dtype.Bool:
			return promote.OpRefuse(ruleTFBool, "Value for attr 'T' of bool is not in the list of allowed values")
		case op == promote.OpArgmax:
			return promote.OpDecision{DType: dtype.I64, Rule: ruleTFArg}
		}
	}
	return q.Generic
}
