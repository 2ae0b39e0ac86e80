package dtype

import "math"

// InfEncoding says how a float format encodes infinity.
type InfEncoding uint8

const (
	// InfNone: the format has no infinity.
	InfNone InfEncoding = iota
	// InfIEEE: all-ones exponent with a zero mantissa, both signs.
	InfIEEE
)

// NaNEncoding says how a float format encodes NaN.
type NaNEncoding uint8

const (
	// NaNNone: the format has no NaN (FP4, FP6).
	NaNNone NaNEncoding = iota
	// NaNIEEE: all-ones exponent with a non-zero mantissa, both signs.
	NaNIEEE
	// NaNAllOnes: only the all-ones exponent and mantissa, both signs
	// (the OCP "fn" formats, e.g. f8e4m3fn's 0x7f and 0xff).
	NaNAllOnes
	// NaNNegZero: the negative-zero pattern (sign bit alone) is the only
	// NaN (the "fnuz" formats' 0x80).
	NaNNegZero
	// NaNAllOnesUnsigned: the all-ones pattern of an unsigned format
	// (f8e8m0fnu's 0xff).
	NaNAllOnesUnsigned
)

// Format is what a DType is made of. Integer formats use Kind, Bits and
// Signed; float formats add the exponent and mantissa fields; complex
// formats name their part type in Elem. Every numeric fact (range,
// precision, exact representability) is derived from these fields.
type Format struct {
	Kind     Kind
	Bits     int  // storage bits of one element (complex: both parts)
	Signed   bool // a sign bit (floats) or two's complement (integers)
	ExpBits  int  // float: exponent field width
	MantBits int  // float: stored mantissa (fraction) bits
	Bias     int  // float: exponent bias
	Inf      InfEncoding
	NaN      NaNEncoding
	NegZero  bool  // float: a distinct -0 exists
	NoZero   bool  // float: no pattern encodes zero (f8e8m0fnu)
	Elem     DType // complex: the type of each part
}

// Precision returns the significand precision in bits, the implicit leading
// bit included (24 for f32). Integers report their value bits (7 for i8,
// 8 for u8, 1 for bool); complex types report their part's precision.
func (f Format) Precision() int {
	switch f.Kind {
	case KindFloat:
		return f.MantBits + 1
	case KindSigned:
		return f.Bits - 1
	case KindUnsigned:
		return f.Bits
	case KindBool:
		return 1
	case KindComplex:
		return f.Elem.Format().Precision()
	}
	return 0
}

// maxExponent returns the unbiased exponent of the largest finite value.
func (f Format) maxExponent() int {
	top := 1<<f.ExpBits - 1 // the all-ones exponent field
	switch {
	case f.Inf == InfIEEE || f.NaN == NaNIEEE:
		top-- // IEEE reserves the all-ones exponent
	case f.NaN == NaNAllOnesUnsigned && f.MantBits == 0:
		top-- // e8m0: 0xff is NaN, so 0xfe is the largest
	}
	return top - f.Bias
}

// MaxFinite returns the largest finite value (for integers, the largest
// integer as a float64, which rounds for 64-bit types; use IntRange for the
// exact value).
func (f Format) MaxFinite() float64 {
	switch f.Kind {
	case KindBool:
		return 1
	case KindSigned, KindUnsigned:
		_, hi := f.IntRange()
		return float64(hi)
	case KindComplex:
		return f.Elem.Format().MaxFinite()
	case KindFloat:
		// The top binade is full unless the all-ones mantissa there is NaN.
		frac := 2 - math.Ldexp(1, -f.MantBits)
		if f.NaN == NaNAllOnes {
			frac = 2 - math.Ldexp(2, -f.MantBits)
		}
		if f.MantBits == 0 {
			frac = 1
		}
		return math.Ldexp(frac, f.maxExponent())
	}
	return 0
}

// MinNormal returns the smallest positive normal value (floats only).
// For f8e8m0fnu, which has no subnormals, it is the smallest value, 2^-127.
func (f Format) MinNormal() float64 {
	switch f.Kind {
	case KindComplex:
		return f.Elem.Format().MinNormal()
	case KindFloat:
		if f.NoZero {
			return math.Ldexp(1, -f.Bias)
		}
		return math.Ldexp(1, 1-f.Bias)
	}
	return 0
}

// MinSubnormal returns the smallest positive subnormal value, the
// format's quantum at the bottom of its range (floats only). A format with
// no subnormals (f8e8m0fnu) returns 0.
func (f Format) MinSubnormal() float64 {
	switch f.Kind {
	case KindComplex:
		return f.Elem.Format().MinSubnormal()
	case KindFloat:
		if f.NoZero || f.MantBits == 0 {
			return 0
		}
		return math.Ldexp(1, 1-f.Bias-f.MantBits)
	}
	return 0
}

// minQuantumExp returns the exponent of the smallest step between values:
// every finite value is an integer multiple of 2^minQuantumExp.
func (f Format) minQuantumExp() int {
	switch f.Kind {
	case KindFloat:
		if f.NoZero {
			return -f.Bias
		}
		return 1 - f.Bias - f.MantBits
	case KindComplex:
		return f.Elem.Format().minQuantumExp()
	}
	return 0
}

// IntRange returns the smallest and largest value of an integer or bool
// format; both are 0 for other kinds.
func (f Format) IntRange() (lo int64, hi uint64) {
	switch f.Kind {
	case KindBool:
		return 0, 1
	case KindSigned:
		return -1 << (f.Bits - 1), 1<<(f.Bits-1) - 1
	case KindUnsigned:
		if f.Bits == 64 {
			return 0, math.MaxUint64
		}
		return 0, 1<<f.Bits - 1
	}
	return 0, 0
}

// HasInf reports whether the format encodes infinities.
func (f Format) HasInf() bool { return f.Inf != InfNone }

// HasNaN reports whether the format encodes NaN.
func (f Format) HasNaN() bool { return f.NaN != NaNNone }

// entry is one catalogue row: the canonical name and the format.
type entry struct {
	name string
	Format
}

func intFmt(bits int, signed bool) Format {
	k := KindUnsigned
	if signed {
		k = KindSigned
	}
	return Format{Kind: k, Bits: bits, Signed: signed}
}

// ieee is a format with IEEE 754 specials: inf and NaN in the all-ones
// exponent, a signed zero.
func ieee(bits, e, m int) Format {
	return Format{Kind: KindFloat, Bits: bits, Signed: true, ExpBits: e, MantBits: m,
		Bias: 1<<(e-1) - 1, Inf: InfIEEE, NaN: NaNIEEE, NegZero: true}
}

// formats is the catalogue. Float rows follow ../shared/reference/formats.md,
// whose sources are ml_dtypes float8.h / mxfloat.h (v0.6.0), the OCP OFP8
// rev 1.0 and MX v1.0 specifications, and IEEE 754-2019.
var formats = [numDTypes]entry{
	Bool: {"bool", Format{Kind: KindBool, Bits: 8}},
	I2:   {"i2", intFmt(2, true)},
	I4:   {"i4", intFmt(4, true)},
	I8:   {"i8", intFmt(8, true)},
	I16:  {"i16", intFmt(16, true)},
	I32:  {"i32", intFmt(32, true)},
	I64:  {"i64", intFmt(64, true)},
	U1:   {"u1", intFmt(1, false)},
	U2:   {"u2", intFmt(2, false)},
	U4:   {"u4", intFmt(4, false)},
	U8:   {"u8", intFmt(8, false)},
	U16:  {"u16", intFmt(16, false)},
	U32:  {"u32", intFmt(32, false)},
	U64:  {"u64", intFmt(64, false)},
	// MX v1.0 element types: no inf, no NaN, signed zero.
	F4E2M1FN: {"f4e2m1fn", Format{Kind: KindFloat, Bits: 4, Signed: true, ExpBits: 2, MantBits: 1, Bias: 1, NegZero: true}},
	F6E2M3FN: {"f6e2m3fn", Format{Kind: KindFloat, Bits: 6, Signed: true, ExpBits: 2, MantBits: 3, Bias: 1, NegZero: true}},
	F6E3M2FN: {"f6e3m2fn", Format{Kind: KindFloat, Bits: 6, Signed: true, ExpBits: 3, MantBits: 2, Bias: 3, NegZero: true}},
	// ml_dtypes' IEEE-like float8 types.
	F8E3M4: {"f8e3m4", ieee(8, 3, 4)},
	F8E4M3: {"f8e4m3", ieee(8, 4, 3)},
	// OCP E4M3: no inf, NaN only at S.1111.111.
	F8E4M3FN: {"f8e4m3fn", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 4, MantBits: 3, Bias: 7, NaN: NaNAllOnes, NegZero: true}},
	// fnuz: 0x80 is the only NaN, no -0, no inf; bias one above IEEE's.
	F8E4M3FNUZ:    {"f8e4m3fnuz", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 4, MantBits: 3, Bias: 8, NaN: NaNNegZero}},
	F8E4M3B11FNUZ: {"f8e4m3b11fnuz", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 4, MantBits: 3, Bias: 11, NaN: NaNNegZero}},
	F8E5M2:        {"f8e5m2", ieee(8, 5, 2)},
	F8E5M2FNUZ:    {"f8e5m2fnuz", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 5, MantBits: 2, Bias: 16, NaN: NaNNegZero}},
	// MX scale type: unsigned, exponent only, 0xff NaN, no zero.
	F8E8M0FNU: {"f8e8m0fnu", Format{Kind: KindFloat, Bits: 8, ExpBits: 8, MantBits: 0, Bias: 127, NaN: NaNAllOnesUnsigned, NoZero: true}},
	F16:       {"f16", ieee(16, 5, 10)},
	BF16:      {"bf16", ieee(16, 8, 7)},
	F32:       {"f32", ieee(32, 8, 23)},
	F64:       {"f64", ieee(64, 11, 52)},
	C32:       {"c32", Format{Kind: KindComplex, Bits: 32, Signed: true, Elem: F16}},
	C64:       {"c64", Format{Kind: KindComplex, Bits: 64, Signed: true, Elem: F32}},
	C128:      {"c128", Format{Kind: KindComplex, Bits: 128, Signed: true, Elem: F64}},
	Dynamic:   {"dynamic", Format{Kind: KindDynamic}},
}
