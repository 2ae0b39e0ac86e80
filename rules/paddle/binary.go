package paddle

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// The rules of the code, in the order Paddle applies them.
var (
	ruleSame = &promote.Rule{ID: "same-dtype",
		Text:   "operands of one dtype need no promotion: that dtype",
		Source: srcPromote + " (NeedTypePromotion: x_dtype == y_dtype)"}
	ruleTensorTensor = &promote.Rule{ID: "tensor-tensor",
		Text:   "two tensors of different dtypes promote only when both are floating point or either is complex: promoteTypes (bfloat16 with float16 is float32)",
		Source: srcPromote + " (NeedTypePromotion); " + srcTable}
	ruleTensorTensorRefused = &promote.Rule{ID: "tensor-tensor-refused",
		Text:   "two tensors of different dtypes that are not both floating point and neither complex (any integer or bool mix) raise TypeError",
		Source: srcPromote + " (NeedTypePromotion, PADDLE_THROW InvalidType); PaddlePaddle/Paddle@0ab6998c test/legacy_test/test_tensor_type_promotion.py TestTypePromotionRaiseError"}
	ruleZeroDim = &promote.Rule{ID: "zero-dim-tensor",
		Text:   "a tensor with a 0-d tensor of the same category (both integer, both floating point or both complex) takes the dimensioned tensor's dtype",
		Source: srcPromote + " (GetPromoteDtype, Tensor + 0-d Tensor); " + srcPatch}
	ruleZeroDimPromote = &promote.Rule{ID: "zero-dim-promote",
		Text:   "a 0-d tensor with a tensor of another category, or two 0-d tensors, promote by promoteTypes",
		Source: srcPromote + " (GetPromoteDtype, Tensor + 0-d Tensor); " + srcTable}
	ruleInvalidEnum = &promote.Rule{ID: "invalid-enum",
		Text:   "promoteTypes has no row for this dtype (float8, uint16/32/64): InvalidType",
		Source: srcTable + " (DataTypeToNum)"}
	ruleScalarFloat = &promote.Rule{ID: "scalar-float-int-tensor",
		Text:   "a Python float with an integer or bool tensor casts the tensor to float32 (not the default dtype)",
		Source: srcPatch + " (the PyFloat_Check branch: _supported_int_dtype_ -> FLOAT32)"}
	ruleScalarIntBool = &promote.Rule{ID: "scalar-int-bool-tensor",
		Text:   "a Python int with a bool tensor casts the tensor to int64",
		Source: srcPatch + " (the PyCheckInteger branch: BOOL -> INT64); " + srcPyCheck}
	ruleScalarKeep = &promote.Rule{ID: "scalar-keeps-tensor",
		Text:   "otherwise a Python bool, int or float takes the tensor's dtype (scale or full with the tensor's dtype)",
		Source: srcPatch + " (CallScalarFunction, full_ad_func(..., self_tensor.dtype()))"}
	ruleScalarComplex = &promote.Rule{ID: "scalar-complex",
		Text:   "a Python complex with a real tensor casts the tensor to promoteTypes(tensor, complex64): complex128 for float64, complex64 otherwise",
		Source: srcPatch + " (the PyComplex_Check branch); " + srcTable}
	rulePython = kit.PythonScalars.Adopt(promote.Rule{ID: "python-scalars",
		Text:   "Python scalars alone are Python arithmetic (bool < int < float < complex); the result is typed as paddle.to_tensor types it: bool, int64, float32, complex64",
		Source: "the Python language reference; " + srcGuide + " (the scalar's default dtype)"})
	ruleNoDType = &promote.Rule{ID: "not-a-paddle-dtype",
		Text:   "Paddle has no such dtype",
		Source: srcDTypes}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak",
		Text:   "Paddle has no weak tensors; its only weakly typed operands are Python scalars",
		Source: srcPatch})
	ruleDynamicRank = &promote.Rule{ID: "dynamic-rank",
		Text:   "a tensor of unknown rank cannot be placed: Paddle treats 0-d tensors differently",
		Source: srcPromote + " (GetPromoteDtype: x_shape.size() == 0)"}
)

// The guide's rules.
var (
	ruleGuideTensor = &promote.Rule{ID: "guide-tensor-tensor",
		Text:   "the guide's Tensor-to-Tensor table: between floating-point types and between complex and real types, the larger type",
		Source: srcGuide + " (Type Promotion Rules in Tensor-to-Tensor)"}
	ruleGuideRefused = &promote.Rule{ID: "guide-tensor-tensor-refused",
		Text:   "the guide's Tensor-to-Tensor table has '-' here: automatic promotion between tensors covers only floating-point types, and complex with real types; TypeError",
		Source: srcGuide + " (Type Promotion Rules in Tensor-to-Tensor; For Unsupported Case)"}
	ruleGuideScalar = &promote.Rule{ID: "guide-tensor-scalar",
		Text:   "the guide's Tensor-to-Scalar table: a scalar of the tensor's broad type takes the tensor's dtype, otherwise the Tensor-to-Tensor table with the scalar's default dtype (int64, float32, complex64); every type is supported",
		Source: srcGuide + " (Type Promotion Rules in Tensor-to-Scalar)"}
	ruleGuideUnlisted = &promote.Rule{ID: "guide-unlisted",
		Text:   "the guide's tables list only bool, uint8, int8, int16, int32, int64, bfloat16, float16, float32, float64, complex64 and complex128",
		Source: srcGuide}
)

// typeErrorMsg is NeedTypePromotion's InvalidType, as Python raises it.
func typeErrorMsg(x, y dtype.DType) string {
	return fmt.Sprintf("TypeError: (InvalidType) Type promotion only support calculations between floating-point numbers and between complex and real numbers. But got different data type x: %s, y: %s.", paddleName(x), paddleName(y))
}

// invalidEnumMsg is DataTypeToNum's InvalidType.
func invalidEnumMsg(d dtype.DType) string {
	return fmt.Sprintf("TypeError: (InvalidType) Invalid enum data type for type promote %s.", paddleName(d))
}

// promote2 runs promoteTypes and words its failure.
func promote2(x, y dtype.DType, why *promote.Rule) (dtype.DType, *promote.Rule, string) {
	out, bad, ok := promoteTypes(x, y)
	if !ok {
		return dtype.Invalid, ruleInvalidEnum, invalidEnumMsg(bad)
	}
	return out, why, ""
}

// codeBinary is one binary operation as Paddle 3 computes it, for an
// operation in support_promotion_ops (add, subtract, multiply, divide,
// comparisons, ...). A non-empty message is a refusal by the returned rule.
func codeBinary(x, y side) (side, *promote.Rule, string) {
	switch {
	case x.k == python && y.k == python:
		return pythonPair(x, y), rulePython, ""
	case y.k == python:
		return scalarBinary(x, y)
	case x.k == python:
		return scalarBinary(y, x)
	}
	k := ranked
	if x.k == zeroD && y.k == zeroD {
		k = zeroD
	}
	if x.dt == y.dt {
		return side{dt: x.dt, k: k}, ruleSame, ""
	}
	if x.k == zeroD || y.k == zeroD {
		if k == zeroD || !isCommonDTypeForScalar(x.dt, y.dt) {
			out, why, msg := promote2(x.dt, y.dt, ruleZeroDimPromote)
			return side{dt: out, k: k}, why, msg
		}
		if x.k == zeroD {
			return side{dt: y.dt, k: k}, ruleZeroDim, ""
		}
		return side{dt: x.dt, k: k}, ruleZeroDim, ""
	}
	if isSupportFloat(x.dt) && isSupportFloat(y.dt) || isSupportComplex(x.dt) || isSupportComplex(y.dt) {
		out, why, msg := promote2(x.dt, y.dt, ruleTensorTensor)
		return side{dt: out, k: k}, why, msg
	}
	return side{}, ruleTensorTensorRefused, typeErrorMsg(x.dt, y.dt)
}

// scalarBinary is a tensor t (dimensioned or 0-d) with a Python scalar s,
// as the operator methods of eager_math_op_patch.cc compute it. The
// result keeps the tensor's rank class.
func scalarBinary(t, s side) (side, *promote.Rule, string) {
	switch s.lit {
	case promote.FloatValue:
		if isSupportInt(t.dt) || t.dt == dtype.Bool {
			return side{dt: dtype.F32, k: t.k}, ruleScalarFloat, ""
		}
	case promote.IntValue:
		if t.dt == dtype.Bool {
			return side{dt: dtype.I64, k: t.k}, ruleScalarIntBool, ""
		}
	case promote.ComplexValue:
		if !isSupportComplex(t.dt) {
			out, why, msg := promote2(t.dt, dtype.C64, ruleScalarComplex)
			return side{dt: out, k: t.k}, why, msg
		}
	}
	return side{dt: t.dt, k: t.k}, ruleScalarKeep, ""
}

// pythonPair is two Python scalars: Python arithmetic gives the higher
// kind (promote's reading: two bools stay a bool, as a comparison or
// where would keep them).
func pythonPair(x, y side) side {
	k := x.lit
	if y.lit > k {
		k = y.lit
	}
	return side{dt: toTensorDType(k), k: python, lit: k}
}

// guideBinary is one binary operation by the guide's tables: 0-d tensors
// are tensors like any other.
func guideBinary(x, y side) (side, *promote.Rule, string) {
	switch {
	case x.k == python && y.k == python:
		return pythonPair(x, y), rulePython, ""
	case y.k == python:
		out, _, msg := scalarBinary(x, y)
		return out, ruleGuideScalar, msg
	case x.k == python:
		out, _, msg := scalarBinary(y, x)
		return out, ruleGuideScalar, msg
	}
	if x.dt == y.dt {
		return side{dt: x.dt}, ruleSame, ""
	}
	if isSupportFloat(x.dt) && isSupportFloat(y.dt) || isSupportComplex(x.dt) || isSupportComplex(y.dt) {
		out, _, _ := promoteTypes(x.dt, y.dt)
		return side{dt: out}, ruleGuideTensor, ""
	}
	return side{}, ruleGuideRefused, fmt.Sprintf("TypeError: the guide's Tensor-to-Tensor table has '-' for %s with %s: automatic type promotion between Tensors supports only floating-point types, and complex with real types", paddleName(x.dt), paddleName(y.dt))
}

// allRules is every rule of the rule set; the tests require each to be
// reached by a vector, and every rule declared here to be listed.
var allRules = []*promote.Rule{
	ruleSame, ruleTensorTensor, ruleTensorTensorRefused, ruleZeroDim, ruleZeroDimPromote,
	ruleInvalidEnum, ruleScalarFloat, ruleScalarIntBool, ruleScalarKeep, ruleScalarComplex,
	rulePython, ruleNoDType, ruleNoWeak, ruleDynamicRank, ruleGuideTensor,
	ruleGuideRefused, ruleGuideScalar, ruleGuideUnlisted, pylit.Rule,
}
