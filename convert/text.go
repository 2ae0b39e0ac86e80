package convert

import (
	"math"
	"strconv"

	"github.com/promote-dev/promote/dtype"
)

// Text returns the decimal value of pattern x of t: for floats the
// shortest decimal that reads back (nearest even) as the same pattern,
// in strconv's 'g' form ("1.5", "6.55e+04", "1e-40"), or "inf", "-inf",
// "nan", "-nan" (a NaN's sign is its sign bit), "0", "-0"; integers in
// decimal; bool "0" or "1" (any non-zero pattern is true); a complex
// value as its two parts' texts, real first, separated by a space.
func Text(t dtype.DType, x Pattern) string {
	if !t.Valid() || t == dtype.Dynamic {
		return "?"
	}
	if t.IsComplex() {
		e := infos[t].elem
		return Text(e, Pattern{Re: x.Re}) + " " + Text(e, Pattern{Re: x.Im})
	}
	in := &infos[t]
	n := decode(in, x.Re)
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
	v := math.Ldexp(float64(n.mant), int(n.exp)) // exact: every catalogue float is a float64
	if n.neg {
		v = -v
	}
	switch t {
	case dtype.F64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case dtype.F32:
		return strconv.FormatFloat(v, 'g', -1, 32)
	}
	want := x.Re & in.mask
	for prec := 1; prec < 17; prec++ {
		s := strconv.FormatFloat(v, 'g', prec, 64)
		d, err := ParseDecimal(s)
		if err != nil {
			continue
		}
		if got, _, err := FromDecimal(t, d, Policy{}); err == nil && got.Re == want {
			return s
		}
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
