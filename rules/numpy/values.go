package numpy

import (
	"fmt"
	"math"
	"math/big"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// checkPyScalars does what a ufunc does after resolving the result dtype
// out: it stores each weak Python scalar in out (spec.md §3,
// numpy/_core/tests/test_nep50_promotions.py @1f90bbb5). A Python int
// that does not fit an integer out raises OverflowError, and so does one
// beyond float64's range when out is a float or complex dtype (it goes
// through a Python float; live NumPy 1.24 in its NEP 50 state raises for
// float16, float32 and complex64 too). Any other overflow (a value within
// float64's range, too large for float16, float32 or complex64) becomes
// inf with a RuntimeWarning and keeps the dtype: warned reports it. Operands are
// converted in order, so the first that fails is the one reported.
func (r *rules) checkPyScalars(ops []promote.Operand, out dtype.DType) (warned bool, err error) {
	for _, o := range ops {
		if o.Kind != promote.Literal {
			continue
		}
		v := o.Value
		switch v.Kind {
		case promote.IntValue:
			switch {
			case out == dtype.F80:
				// longdouble reads a Python int through its decimal
				// string, which CPython refuses past 4300 digits; any
				// shorter int is within longdouble's range.
				if len(new(big.Int).Abs(v.Int).String()) > maxIntStrDigits {
					return false, r.Refuse(ruleIntToLongDouble, "ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", ops...)
				}
			case out.IsInteger():
				if !kit.IntFits(v.Int, out) {
					return false, r.Refuse(ruleIntBounds, fmt.Sprintf("OverflowError: Python integer %s out of bounds for %s", v.Int, npName(out)), ops...)
				}
			default:
				// A float or complex dtype: NumPy converts the int to a
				// Python float first, which raises past float64's range
				// whatever the dtype; a float64-sized value too large for
				// float16, float32 or complex64 becomes inf.
				f := bigFloat64(v.Int)
				if math.IsInf(f, 0) {
					return false, r.Refuse(ruleIntToFloat, "OverflowError: int too large to convert to float", ops...)
				}
				warned = warned || overflows(f, out)
			}
		case promote.FloatValue:
			warned = warned || overflows(v.Real, out)
		case promote.ComplexValue:
			warned = warned || overflows(v.Real, out) || overflows(v.Imag, out)
		}
	}
	return warned, nil
}

// maxIntStrDigits is CPython's default limit on converting an int to a
// decimal string (sys.get_int_max_str_digits(), Python 3.11 and later).
const maxIntStrDigits = 4300

// overflows reports whether storing x in out (or in each part of a complex
// out) rounds a finite value to infinity: |x| at or past the midpoint
// between out's largest finite value and the next power of two (ties go
// to even, which is up, since the largest value's significand is odd).
// An infinite x stays infinite without a warning.
func overflows(x float64, out dtype.DType) bool {
	f := out.Format()
	if f.Kind == dtype.KindComplex {
		f = f.Elem.Format()
	}
	if f.Kind != dtype.KindFloat || math.IsNaN(x) {
		return false
	}
	if math.IsInf(x, 0) {
		return false
	}
	max := f.MaxFinite()
	if max == math.MaxFloat64 {
		return false // a finite float64 always fits float64
	}
	_, e := math.Frexp(max) // max = m·2^e with m in [0.5, 1)
	halfULP := math.Ldexp(1, e-f.MantBits-2)
	return math.Abs(x) >= max+halfULP
}
