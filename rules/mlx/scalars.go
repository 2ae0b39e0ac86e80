package mlx

import (
	"math/big"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// toArray is to_array(v, dtype) (python/src/utils.cpp:8) for a Python
// scalar: the dtype of the array it becomes, meeting an array of dtype
// other, or alone when other is dtype.Invalid. A refusal returns
// dtype.Invalid with its rule and message.
func toArray(v promote.Value, other dtype.DType) (dtype.DType, *promote.Rule, string) {
	if msg := pylit.Check(v); msg != "" {
		return dtype.Invalid, pylit.Rule, msg
	}
	switch v.Kind {
	case promote.BoolValue:
		// mx::array(bool, dtype.value_or(bool_)).
		if other != dtype.Invalid {
			return other, rulePyBool, ""
		}
		return dtype.Bool, rulePyBool, ""
	case promote.IntValue:
		return intToArray(v.Int, other)
	case promote.FloatValue:
		// A float scalar keeps a real float array's dtype; anything else
		// (no array, an integer, bool or complex64 array) makes float32.
		switch other {
		case dtype.F16, dtype.F32, dtype.F64, dtype.BF16:
			return other, rulePyFloat, ""
		}
		return dtype.F32, rulePyFloat, ""
	case promote.ComplexValue:
		return dtype.C64, rulePyComplex, ""
	}
	return dtype.Invalid, rulePython, "invalid literal " + v.Text
}

// intToArray is to_array's nb::int_ branch (utils.cpp:13-31).
func intToArray(n *big.Int, other dtype.DType) (dtype.DType, *promote.Rule, string) {
	if !kit.IntFits(n, dtype.I64) {
		text := "?"
		if n != nil {
			text = n.String()
		}
		return dtype.Invalid, rulePyIntInt64, "the Python int " + text + " does not fit int64_t, so nb::cast<int64_t> fails before MLX picks a dtype"
	}
	out := other
	if out == dtype.Invalid {
		out, _ = kit.FirstFit(n, dtype.I32, dtype.I64)
	}
	// issubdtype(out_t, integer) && out_t.size() < 8: the value must fit.
	if out.IsInteger() && out.Bits() < 64 {
		if !kit.IntFits(n, out) {
			return dtype.Invalid, rulePyIntOverflow, "ValueError: Converting " + n.String() + " to " + name(out) + " would result in overflow."
		}
	}
	// "bool_ is an exception and is always promoted".
	if out == dtype.Bool {
		out = dtype.I32
	}
	return out, rulePyInt, ""
}
