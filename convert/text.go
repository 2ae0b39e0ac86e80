package convert

import (
	"math"
	"strconv"

	"github.com/promote-dev/promote/dtype"
)

// Text returns the decimal value of pattern x of t: for f32 the shortest
// decimal that reads back as the same f32, for f80 the shortest that
// reads back (through FromDecimal) as the same f80 value, for every other
// float format its value's shortest float64 decimal (exact for the
// formats narrower than f32: "65504", "0.0999755859375", "7.5"), in
// strconv's 'g' form, or
// "inf", "-inf",
// "nan", "-nan" (a NaN's sign is its sign bit), "0", "-0"; integers in
// decimal; bool "0" or "1" (any non-zero pattern is true); a complex
// value as its two parts' texts, real first, separated by a space.
func Text(t dtype.DType, x Pattern) string {
	if !t.Valid() || t == dtype.Dynamic {
		return "?"
	}
	if t.IsComplex() {
		e := infos[t].elem
		return Text(e, Pattern{Re: x.Re, ReHi: x.ReHi}) + " " + Text(e, Pattern{Re: x.Im, ReHi: x.ImHi})
	}
	in := &infos[t]
	n := decodeWide(in, x.Re, uint64(x.ReHi))
	switch n.cls {
	case clsNaN:
		if n.neg {
			return "-nan"
		}
		return "nan"
	case clsInf:
		if n.neg {
			return "-inf"
		}
		return "inf"
	case clsZero:
		if n.neg {
			return "-0"
		}
		return "0"
	}
	switch in.kind {
	case dtype.KindBool, dtype.KindUnsigned:
		return strconv.FormatUint(n.mant, 10)
	case dtype.KindSigned:
		if n.neg {
			return "-" + strconv.FormatUint(n.mant, 10)
		}
		return strconv.FormatUint(n.mant, 10)
	}
	if in.x87 {
		return x87Text(n)
	}
	v := math.Ldexp(float64(n.mant), int(n.exp)) // exact: every float but f80 is a float64
	if n.neg {
		v = -v
	}
	// f32 prints as the shortest decimal that reads back as the same f32
	// (NumPy's and Go's repr). Every other format prints its value's
	// shortest float64 decimal, which for the formats narrower than f32 is
	// the exact value (f16 0x4248 is 3.140625, f6e2m3fn 0x1f is 7.5).
	if t == dtype.F32 {
		return strconv.FormatFloat(v, 'g', -1, 32)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
