package tvm

import (
	"math"
	"math/big"
	"strconv"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

const (
	srcFFI    = "apache/tvm@5d4dc87 include/tvm/ir/expr.h and src/ir/expr.cc (TypeTraits<PrimExpr>::ConvertFallbackValue), python/tvm/tirx/expr.py (ExprOp.__add__ and kin), src/tirx/op/op.cc (DEF_MAKE_BINARY_OP)"
	srcConst  = "apache/tvm@5d4dc87 python/tvm/runtime/object_generic.py (const, _scalar_type_inference); tests/python/tirx-base/test_tir_imm_values.py (test_tir_const_auto_dtype)"
	srcImm    = "apache/tvm@5d4dc87 src/ir/expr.cc (FloatImm::FloatImm) and src/support/limits.h"
	srcPython = "the Python language reference, numeric literals"
)

var (
	ruleTensor = &promote.Rule{ID: "expr",
		Text:   "a tensor is a TIR PrimExpr of its dtype (a buffer element): rank does not enter promotion",
		Source: srcFFI}
	ruleTyped = &promote.Rule{ID: "typed-scalar",
		Text:   "a typed scalar DTYPE(VALUE) is tvm.tirx.const(VALUE, DTYPE): an IntImm or FloatImm of that dtype, never weak",
		Source: srcConst}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak",
		Text:   "TVM has no weak types: a Python literal is converted to a PrimExpr of its own dtype before promotion",
		Source: srcFFI})
	ruleFFIBool = kit.PythonBool.Adopt(promote.Rule{ID: "python-bool",
		Text:   "a Python bool in an operator is IntImm::Bool, a bool",
		Source: srcFFI})
	ruleFFIInt = kit.PythonInt.Adopt(promote.Rule{ID: "python-int",
		Text:   "a Python int in an operator is an IntImm of int32 when it fits int32, else int64; it takes full part",
		Source: srcFFI})
	ruleFFIFloat = kit.PythonFloat.Adopt(promote.Rule{ID: "python-float",
		Text:   "a Python float in an operator is a float32 FloatImm, whatever its value; it takes full part",
		Source: srcFFI})
	ruleConstBool = &promote.Rule{ID: "const-bool",
		Text:   "a Python bool alone, as tvm.tirx.const(v), is bool",
		Source: srcConst}
	ruleConstInt = &promote.Rule{ID: "const-int",
		Text:   "a Python int alone, as tvm.tirx.const(v), is int32 in [-2^31, 2^31), else int64",
		Source: srcConst}
	ruleConstFloat = &promote.Rule{ID: "const-float",
		Text:   "a Python float alone, as tvm.tirx.const(v), is float32 when -3.40282347e38 <= v <= 3.40282347e38, else float64 (NaN and ±inf fail the test: float64)",
		Source: srcConst}
	ruleInt64 = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-range",
		Text:   "TVM's FFI carries a Python int to C++ as int64_t: an int outside int64 cannot become a PrimExpr",
		Source: srcFFI})
	ruleImmRange = &promote.Rule{ID: "literal-range",
		Text:   "FloatImm refuses a finite value beyond its type's bound (TVM's bounds, src/support/limits.h) and a negative value of the fnuz/fnu float8 types, which it treats as unsigned",
		Source: srcImm}
	ruleLitKind = kit.PythonComplex.Adopt(promote.Rule{ID: "python-complex",
		Text:   "operands are Python values: bool, int and float convert to PrimExprs; complex has no TIR type",
		Source: srcPython + "; " + srcFFI})
)

// constFloatBound is _scalar_type_inference's float32 bound, a little
// above float32's largest finite value.
const constFloatBound = 3.40282347e38

// literal types a Python literal: alone (tvm.tirx.const) when alone is
// true, else as the FFI converts an operator's argument. It refuses what
// TVM cannot convert, and float values FloatImm refuses.
func (c *cascade) literal(v promote.Value, alone bool) (dtype.DType, *promote.Rule, string) {
	if msg := pylit.Check(v); msg != "" {
		return dtype.Invalid, pylit.Rule, msg
	}
	switch v.Kind {
	case promote.BoolValue:
		if alone {
			return dtype.Bool, ruleConstBool, ""
		}
		return dtype.Bool, ruleFFIBool, ""
	case promote.IntValue:
		n := v.Int
		if !kit.IntFits(n, dtype.I64) {
			return dtype.Invalid, ruleInt64, "the Python int " + n.String() + " does not fit the int64_t that TVM's FFI carries it in"
		}
		why := ruleFFIInt
		if alone {
			why = ruleConstInt
		}
		d, _ := kit.FirstFit(n, dtype.I32, dtype.I64)
		return d, why, ""
	case promote.FloatValue:
		x := v.Real
		if alone {
			if !(-constFloatBound <= x && x <= constFloatBound) {
				return dtype.F64, ruleConstFloat, ""
			}
			if msg := c.immCheck(dtype.F32, x); msg != "" {
				return dtype.Invalid, ruleImmRange, msg
			}
			return dtype.F32, ruleConstFloat, ""
		}
		if msg := c.immCheck(dtype.F32, x); msg != "" {
			return dtype.Invalid, ruleImmRange, msg
		}
		return dtype.F32, ruleFFIFloat, ""
	}
	return dtype.Invalid, ruleLitKind, "TIR has no type for the " + v.Kind.String() + " literal " + v.Text
}

// immBound is FloatImm's bound for d (src/support/limits.h), and whether
// it refuses negative values. ok is false for float64, which has no check.
func immBound(d dtype.DType) (bound float64, nonneg, ok bool) {
	switch d {
	case dtype.F32:
		return math.MaxFloat32, false, true
	case dtype.F16:
		return 65504, false, true
	case dtype.BF16:
		return 3.895313892515354759047080037148786688e38, false, true
	case dtype.F8E3M4:
		return 31, false, true
	case dtype.F8E4M3, dtype.F8E4M3FN:
		return 448, false, true
	case dtype.F8E4M3FNUZ:
		return 448, true, true
	case dtype.F8E4M3B11FNUZ:
		return 30, true, true
	case dtype.F8E5M2:
		return 57344, false, true
	case dtype.F8E5M2FNUZ:
		return 57344, true, true
	case dtype.F8E8M0FNU:
		return 3.4028236692093846e38, true, true
	case dtype.F6E2M3FN:
		return 7.5, false, true
	case dtype.F6E3M2FN:
		return 28, false, true
	case dtype.F4E2M1FN:
		return 6, false, true
	}
	return 0, false, false
}

// immCheck is FloatImm's range check of a finite value, in TVM's words.
func (c *cascade) immCheck(d dtype.DType, x float64) string {
	bound, nonneg, ok := immBound(d)
	if !ok || math.IsInf(x, 0) || math.IsNaN(x) {
		return ""
	}
	name, val := c.v.typeName(d), strconv.FormatFloat(x, 'g', 6, 64)
	low := "below minimum of "
	if d == dtype.F32 || d == dtype.F16 || d == dtype.BF16 {
		low = "exceeds minimum of "
	}
	switch {
	case nonneg && x < 0:
		return "Literal value " + val + " below zero for unsigned " + name
	case x < -bound:
		return "Literal value " + val + " " + low + name
	case x > bound:
		return "Literal value " + val + " exceeds maximum of " + name
	}
	return ""
}

// scalarValue is a typed scalar's value as FloatImm receives it.
func scalarValue(v promote.Value) (float64, bool) {
	switch v.Kind {
	case promote.FloatValue:
		return v.Real, true
	case promote.IntValue:
		f, _ := new(big.Float).SetInt(v.Int).Float64()
		return f, true
	case promote.BoolValue:
		if v.Bool {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
