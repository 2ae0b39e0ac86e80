package numpy

import (
	"strings"
	"testing"
)

// Named cases for the spec's surprises and for where NumPy 1.24's
// experimental NEP 50 state (the live oracle) differs from NumPy 2
// (spec.md §4, §5). The rule set follows NumPy 2.

func expect(t *testing.T, line, settings, want string) {
	t.Helper()
	r := resultType
	if settings == "check_values=true" {
		r = ufunc
	}
	got, _ := batch(t, r, line)
	if w, isErr := strings.CutPrefix(want, "error: "); isErr {
		if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, w) {
			t.Errorf("%q [%s] = %q, want an error containing %q", line, settings, got, w)
		}
		return
	}
	if got != want {
		t.Errorf("%q [%s] = %q, want %q", line, settings, got, want)
	}
}

// NumPy 1.24 (weak state) treated np.complex128 scalars as weak because
// they subclass Python complex; NumPy 2 checks the exact type.
func TestNumPy124Disagreement_Complex128ScalarIsStrong(t *testing.T) {
	expect(t, "f32 c128(1.0)", "", "c128")
	expect(t, "f32 1j", "", "c64")
}

// NumPy 1.24 (weak state) still prioritised concrete DTypes in long mixed
// sequences; NumPy 2's test expects float32 here.
func TestNumPy124Disagreement_LongMixedSequence(t *testing.T) {
	expect(t, "f32 f16 0.0 u16 i16 i8 0", "", "f32")
}

// NumPy 1.x value-based casting promoted uint8_array + 1000 to uint16;
// NumPy 2 keeps uint8 and the ufunc raises.
func TestNumPy1Difference_Uint8Plus1000(t *testing.T) {
	expect(t, "u8 1000", "", "u8")
	expect(t, "u8 1000", "check_values=true", "error: OverflowError: Python integer 1000 out of bounds for uint8")
}

// int64 with uint64 has no integer common type: NumPy climbs to float64.
func TestSurprise_Int64Uint64IsFloat64(t *testing.T) {
	expect(t, "i64 u64", "", "f64")
}

// A Python float with an integer array gives float64, not the array's
// width (in 1.x too).
func TestSurprise_Int8PlusPythonFloatIsFloat64(t *testing.T) {
	expect(t, "i8 1.0", "", "f64")
	expect(t, "f16 1.0", "", "f16")
}

// bool_array + 2**63: the result is the default int64, which 2**63 does
// not fit.
func TestSurprise_BoolPlus2To63(t *testing.T) {
	expect(t, "bool 9223372036854775808", "", "i64")
	expect(t, "bool 9223372036854775808", "check_values=true", "error: Python integer 9223372036854775808 out of bounds for int64")
}

// A Python int past float64's range with a float32 result: the spec says
// only float64, complex128 and clongdouble raise, but NumPy converts the
// int through a Python float for every float dtype but longdouble, and
// live NumPy 1.24 (weak state) raises for float16, float32 and complex64.
func TestSpecGap_HugeIntWithFloat32Raises(t *testing.T) {
	huge := "1" + strings.Repeat("0", 309) // 10**309 > float64 max
	expect(t, "f32 "+huge, "check_values=true", "error: OverflowError: int too large to convert to float")
	expect(t, "f32 "+huge, "", "f32")
}
