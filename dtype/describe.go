package dtype

import (
	"math/big"
	"strconv"
)

// Info is a dtype's facts in one row, as promote dtypes prints them: its
// kind and widths, how it encodes infinities and NaN, its range as exact
// decimals, and the other spellings the neutral reading accepts.
type Info struct {
	Name         string   `json:"name"`
	Kind         string   `json:"kind"`
	Bits         int      `json:"bits"`
	StorageBits  int      `json:"storage_bits,omitempty"` // only where padding makes it differ from bits (f80, c160)
	Exponent     int      `json:"exponent_bits,omitempty"`
	Mantissa     int      `json:"mantissa_bits,omitempty"`
	Bias         int      `json:"bias,omitempty"`
	Inf          bool     `json:"inf"`
	NaN          string   `json:"nan,omitempty"`
	NegZero      bool     `json:"negative_zero"`
	Min          string   `json:"min,omitempty"`
	MaxFinite    string   `json:"max_finite,omitempty"`
	MinSubnormal string   `json:"min_subnormal,omitempty"`
	Elem         string   `json:"element,omitempty"`
	Spellings    []string `json:"spellings"`
}

// nanNames name the NaN encodings in Info.
var nanNames = map[NaNEncoding]string{
	NaNNone: "", NaNIEEE: "ieee", NaNAllOnes: "S.1..1 only",
	NaNNegZero: "0x80 only", NaNAllOnesUnsigned: "0xff only",
}

// Describe returns d's facts. The range is written exactly: as the
// shortest decimal that reads back as the value (in float64 when it is one,
// else in d's own format: f80's smallest subnormal is "4e-4951", as
// NumPy's finfo prints it). Min is the most negative value (floats: the
// negated largest finite; unsigned floats: the smallest normal).
func Describe(d DType) Info {
	f := d.Format()
	info := Info{Name: d.String(), Kind: f.Kind.String(), Bits: f.Bits, Inf: f.HasInf(), NegZero: f.NegZero,
		Spellings: Neutral.Spellings(d)[1:]}
	if sb := f.StorageBits(); sb != f.Bits {
		info.StorageBits = sb
	}
	switch f.Kind {
	case KindFloat:
		g := func(v *big.Float) string { return exactText(v, f) }
		info.Exponent, info.Mantissa, info.Bias, info.NaN = f.ExpBits, f.MantBits, f.Bias, nanNames[f.NaN]
		info.MaxFinite = g(f.MaxFiniteExact())
		if f.HasSubnormals() {
			info.MinSubnormal = g(f.MinSubnormalExact())
		}
		if f.Signed {
			info.Min = g(new(big.Float).Neg(f.MaxFiniteExact()))
		} else {
			info.Min = g(f.MinNormalExact())
		}
	case KindBool, KindSigned, KindUnsigned:
		lo, hi := f.IntRange()
		info.Min, info.MaxFinite = strconv.FormatInt(lo, 10), strconv.FormatUint(hi, 10)
	case KindComplex:
		info.Elem = f.Elem.String()
		info.MaxFinite = exactText(f.MaxFiniteExact(), f.Elem.Format())
		info.Inf, info.NaN = true, "ieee"
	}
	return info
}

// exactText writes v, a value of the float format f: as the shortest
// float64 decimal when v is a float64 (every format but f80), else as the
// shortest decimal that f rounds back to v.
func exactText(v *big.Float, f Format) string {
	if x, acc := v.Float64(); acc == big.Exact {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	// Digits enough for any format: a 64-bit significand needs 21.
	for digits := 1; digits <= 40; digits++ {
		s := v.Text('e', digits-1)
		x, _, err := big.ParseFloat(s, 10, 256, big.ToNearestEven)
		if err != nil {
			break
		}
		if roundTo(x, f).Cmp(v) == 0 {
			return v.Text('g', digits) // as %g: 0.1, 4e-4951, 1.2e+4900
		}
	}
	return v.Text('g', -1)
}

// roundTo rounds x to the nearest value of the float format f, ties to
// even, subnormals included (the range's top is not checked: x is near a
// value of f).
func roundTo(x *big.Float, f Format) *big.Float {
	neg := x.Signbit()
	a := new(big.Float).Abs(x)
	if a.Sign() == 0 {
		return a
	}
	q := f.minQuantumExp()
	// The bits of a's significand that f keeps: its precision, fewer
	// below the normal range, where the quantum 2^q is the last bit.
	bits := a.MantExp(nil) - q
	if p := f.Precision(); bits > p {
		bits = p
	}
	var r *big.Float
	switch {
	case bits > 0:
		r = new(big.Float).SetMode(big.ToNearestEven).SetPrec(uint(bits)).Set(a)
	case bits == 0 && a.Cmp(pow2Float(1, q-1)) > 0:
		r = pow2Float(1, q) // above half the quantum: the quantum
	default:
		r = new(big.Float) // at most half the quantum: zero (ties to even)
	}
	if neg {
		r.Neg(r)
	}
	return r
}
