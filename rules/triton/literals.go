package triton

import (
	"math"
	"math/big"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

const (
	srcToTensor = srcMain + " (to_tensor, to_tensor_type)"
	srcChecks   = srcMain + " (binary_op_type_checking_impl)"
)

// How operands enter a binary operator.
var (
	ruleTensor = &promote.Rule{ID: "tensor",
		Text:   "a tensor of any rank, 0-d included, keeps its dtype and takes full part: only Python numbers are scalars",
		Source: srcChecks + ": isinstance(x, numbers.Number)"}
	ruleTypedScalar = &promote.Rule{ID: "typed-scalar",
		Text:   "a typed scalar DTYPE(VALUE) is read as tl.full((), VALUE, DTYPE), a 0-d tensor that takes full part (promote's reading: Triton has no typed host scalar)",
		Source: srcMain + " (full, scalar_constant)"}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak",
		Text:   "Triton has no weak tensors; its only operands that may not take part are Python scalars",
		Source: srcChecks})
	ruleLitBool = kit.PythonBool.Adopt(promote.Rule{ID: "python-bool",
		Text:   "a Python bool is int1",
		Source: srcToTensor})
	ruleLitInt = kit.PythonInt.Adopt(promote.Rule{ID: "python-int",
		Text:   "a Python int is int32, uint32, int64 or uint64: the first whose range holds its value",
		Source: srcToTensor})
	ruleLitFloat = kit.PythonFloat.Adopt(promote.Rule{ID: "python-float",
		Text:   "a Python float is fp32 when it is ±inf, ±0, NaN or of magnitude in [2^-126, (2-2^-23)·2^127] (f32's normal range), else fp64",
		Source: srcToTensor})
	ruleLitRange = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-range",
		Text:   "a Python int outside [-2^63, 2^64) is not representable",
		Source: srcToTensor})
	ruleLitKind = kit.PythonComplex.Adopt(promote.Rule{ID: "python-complex",
		Text:   "only Python bool, int and float become tensors: a complex raises TypeError",
		Source: srcToTensor})
	ruleNegUnsigned = &promote.Rule{ID: "negative-scalar-unsigned",
		Text:   "a negative Python scalar in an operation whose common type is unsigned raises ValueError",
		Source: srcChecks}
	ruleFP8Const = &promote.Rule{ID: "fp8-constant",
		Text:   "in the releases, a Python scalar other than 0 whose common type is an fp8 type (and tl.full of an fp8 type) does not compile: scalar_constant calls builder.get_<fp8 name>, which the IR builder lacks (fixed on main by PR #8882)",
		Source: src32 + " (scalar_constant, binary_op_type_checking_impl); triton-lang/triton issue #5601"}
	ruleScalarRange = &promote.Rule{ID: "scalar-range",
		Text:   "a Python scalar must fit an integer common type, or ValueError",
		Source: srcChecks}
)

// literalType is to_tensor_type: the dtype Triton gives a Python scalar by
// its value. A refusal has a non-empty message.
func literalType(v promote.Value) (dtype.DType, *promote.Rule, string) {
	if msg := pylit.Check(v); msg != "" {
		return dtype.Invalid, pylit.Rule, msg
	}
	switch v.Kind {
	case promote.BoolValue:
		return dtype.Bool, ruleLitBool, ""
	case promote.IntValue:
		if d, ok := kit.FirstFit(v.Int, dtype.I32, dtype.U32, dtype.I64, dtype.U64); ok {
			return d, ruleLitInt, ""
		}
		return dtype.Invalid, ruleLitRange, "ValueError: Nonrepresentable integer " + v.Int.String() + "."
	case promote.FloatValue:
		x := math.Abs(v.Real)
		if math.IsInf(x, 0) || x == 0 || math.IsNaN(x) || x >= 0x1p-126 && x <= math.MaxFloat32 {
			return dtype.F32, ruleLitFloat, ""
		}
		return dtype.F64, ruleLitFloat, ""
	}
	return dtype.Invalid, ruleLitKind, "TypeError: cannot convert " + pyText(v) + " of type <class '" + v.Kind.String() + "'> to tensor"
}

// pyText writes a literal as Python prints it in a message.
func pyText(v promote.Value) string {
	switch v.Kind {
	case promote.BoolValue:
		if v.Bool {
			return "True"
		}
		return "False"
	case promote.IntValue:
		return v.Int.String()
	}
	return v.Text
}

// isZero reports whether a scalar's value equals 0 as Python's value == 0
// does (False, 0, 0.0 and -0.0; not NaN).
func isZero(v promote.Value) bool {
	switch v.Kind {
	case promote.BoolValue:
		return !v.Bool
	case promote.IntValue:
		return v.Int.Sign() == 0
	case promote.FloatValue:
		return v.Real == 0
	}
	return false
}

// negative reports whether a scalar's value is below zero (Python's
// scalar < 0).
func negative(v promote.Value) bool {
	switch v.Kind {
	case promote.IntValue:
		return v.Int.Sign() < 0
	case promote.FloatValue:
		return v.Real < 0
	}
	return false
}

// intValue is a bool or int scalar's value as an integer; ok is false for
// floats.
func intValue(v promote.Value) (*big.Int, bool) {
	switch v.Kind {
	case promote.IntValue:
		return v.Int, true
	case promote.BoolValue:
		if v.Bool {
			return big.NewInt(1), true
		}
		return big.NewInt(0), true
	}
	return nil, false
}

// checkScalar runs binary_op_type_checking_impl's checks of a Python
// scalar against the common type out. It returns the refusing rule and
// message, or nil.
func checkScalar(v promote.Value, out dtype.DType) (*promote.Rule, string) {
	if negative(v) && unsigned(out) {
		return ruleNegUnsigned, "ValueError: Cannot perform a binary operation between an unsigned tensor and a negative scalar. Perform a explicit cast on one of them."
	}
	if !isInt(out) {
		return nil, ""
	}
	n, ok := intValue(v)
	if !ok {
		return nil, ""
	}
	if !kit.IntFits(n, out) {
		return ruleScalarRange, "ValueError: Scalar " + pyText(v) + " is out of range for type " + names[out]
	}
	return nil, ""
}
