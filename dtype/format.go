package dtype

import (
	"math"
	"math/big"
)

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
//
// A float pattern is, from the top bit down: the sign bit (when Signed),
// ExpBits of exponent, the integer bit of the significand (only when
// ExplicitInt), and MantBits of fraction. So Bits is 1+ExpBits+MantBits for
// the IEEE-like formats and 1+ExpBits+1+MantBits for f80, whose 63
// fraction bits follow a stored integer bit (precision 64).
type Format struct {
	Kind     Kind
	Bits     int  // bits of one element's pattern (complex: both parts)
	Signed   bool // a sign bit (floats) or two's complement (integers)
	ExpBits  int  // float: exponent field width
	MantBits int  // float: fraction bits, the integer bit not counted
	Bias     int  // float: exponent bias
	// ExplicitInt reports a float format that stores the significand's
	// integer bit instead of implying it from the exponent (the x87
	// extended format, f80). Its patterns whose stored bit disagrees
	// with the exponent are the non-canonical encodings; package convert
	// documents how it decodes them.
	ExplicitInt bool
	// Padding is the bits stored above the pattern in memory (f80: 48, so
	// an element takes 16 bytes as GCC and NumPy lay it out on x86-64);
	// for complex formats it is the padding of both parts together.
	Padding int
	Inf     InfEncoding
	NaN     NaNEncoding
	NegZero bool  // float: a distinct -0 exists
	NoZero  bool  // float: no pattern encodes zero (f8e8m0fnu)
	Elem    DType // complex: the type of each part
	// Lanes is the number of values packed in one element when it is
	// more than one (f4e2m1fnx2: 2); the other fields describe one lane.
	Lanes int
}

// StorageBits returns the bits one element takes in a dense array: Bits
// plus Padding, times Lanes for a packed format.
func (f Format) StorageBits() int { return (f.Bits + f.Padding) * max(f.Lanes, 1) }

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

// MaxExponent returns the unbiased exponent of the largest finite value
// of a float format (127 for f32, 16383 for f80): the largest finite value
// is in [2^MaxExponent, 2^(MaxExponent+1)). Complex formats report their
// part's; other kinds 0. Facts that must be exact for every format compare
// exponents, since f80's range is beyond float64's.
func (f Format) MaxExponent() int {
	switch f.Kind {
	case KindFloat:
		return f.maxExponent()
	case KindComplex:
		return f.Elem.Format().MaxExponent()
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

// MaxFinite returns the largest finite value as a float64: exact for every
// format whose range float64 covers, +Inf for f80 (whose largest value,
// about 1.19e4932, overflows float64; so comparisons with float64 values
// stay right), and for integers the largest integer rounded to float64
// (use IntRange for the exact value). MaxFiniteExact is exact for every
// format.
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

// maxFiniteSig returns the largest finite value of a float format as
// sig·2^exp with an integer sig.
func (f Format) maxFiniteSig() (sig uint64, exp int) {
	switch {
	case f.MantBits == 0:
		sig = 1
	case f.NaN == NaNAllOnes: // the all-ones fraction of the top binade is NaN
		sig = 1<<(f.MantBits+1) - 2
	default:
		sig = 1<<(f.MantBits+1) - 1 // wraps to 2^64-1 for f80, as it should
	}
	return sig, f.maxExponent() - f.MantBits
}

// MaxFiniteExact returns the largest finite value exactly, for every kind
// but Dynamic (0): floats and complex formats their part's largest finite
// value, integers and bool their largest value.
func (f Format) MaxFiniteExact() *big.Float {
	switch f.Kind {
	case KindComplex:
		return f.Elem.Format().MaxFiniteExact()
	case KindFloat:
		sig, exp := f.maxFiniteSig()
		return pow2Float(sig, exp)
	case KindBool, KindSigned, KindUnsigned:
		_, hi := f.IntRange()
		return pow2Float(hi, 0)
	}
	return new(big.Float)
}

// MinNormalExact returns MinNormal exactly (0 for non-float kinds).
func (f Format) MinNormalExact() *big.Float {
	switch f.Kind {
	case KindComplex:
		return f.Elem.Format().MinNormalExact()
	case KindFloat:
		if f.NoZero {
			return pow2Float(1, -f.Bias)
		}
		return pow2Float(1, 1-f.Bias)
	}
	return new(big.Float)
}

// MinSubnormalExact returns MinSubnormal exactly: 0 for a float format
// without subnormals (f8e8m0fnu) and for non-float kinds.
func (f Format) MinSubnormalExact() *big.Float {
	switch f.Kind {
	case KindComplex:
		return f.Elem.Format().MinSubnormalExact()
	case KindFloat:
		if f.NoZero || f.MantBits == 0 {
			return new(big.Float)
		}
		return pow2Float(1, f.minQuantumExp())
	}
	return new(big.Float)
}

// pow2Float returns sig·2^exp as an exact big.Float.
func pow2Float(sig uint64, exp int) *big.Float {
	v := new(big.Float).SetPrec(64).SetUint64(sig)
	return v.SetMantExp(v, exp)
}

// MinNormal returns the smallest positive normal value (floats only).
// For f8e8m0fnu, which has no subnormals, it is the smallest value, 2^-127.
// For f80 (2^-16382, below float64's range) it is 0: every positive
// float64 is above it. MinNormalExact is exact for every format.
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
// no subnormals (f8e8m0fnu) returns 0, and so does f80, whose 2^-16445 is
// below float64's range (HasSubnormals tells the two apart;
// MinSubnormalExact is exact for every format).
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

// HasSubnormals reports whether a float (or complex) format has
// subnormal values: every float format with a zero and a fraction field.
func (f Format) HasSubnormals() bool {
	switch f.Kind {
	case KindComplex:
		return f.Elem.Format().HasSubnormals()
	case KindFloat:
		return !f.NoZero && f.MantBits > 0
	}
	return false
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

// x87 is the x87 FPU's double extended-precision format (Intel 64 and
// IA-32 Architectures Software Developer's Manual, Vol. 1, §4.2.2 and
// Table 4-3): a sign, a 15-bit exponent with bias 16383, an explicit
// integer bit and 63 fraction bits; infinity and NaN in the all-ones
// exponent as in IEEE 754 (the quiet bit is the fraction's top bit, bit
// 62). GCC's long double and NumPy's longdouble on x86-64 Linux store it
// in the low 10 bytes of 16 (System V x86-64 psABI §3.1.2: long double
// has size 16 and alignment 16).
func x87() Format {
	return Format{Kind: KindFloat, Bits: 80, Padding: 48, Signed: true, ExpBits: 15, MantBits: 63,
		Bias: 16383, ExplicitInt: true, Inf: InfIEEE, NaN: NaNIEEE, NegZero: true}
}

// formats is the catalogue. Float rows follow the formats'
// definitions: ml_dtypes float8.h / mxfloat.h (v0.6.0), the OCP OFP8
// rev 1.0 and MX v1.0 specifications, and IEEE 754-2019; f80 is x87's.
var formats = [numDTypes]entry{
	Bool: {"bool", Format{Kind: KindBool, Bits: 8}},
	// "i1" is taken: StableHLO and MLIR spell bool i1 (names.go), so the
	// one-bit signed integer is written out.
	I1:  {"int1", intFmt(1, true)},
	I2:  {"i2", intFmt(2, true)},
	I3:  {"i3", intFmt(3, true)},
	I4:  {"i4", intFmt(4, true)},
	I5:  {"i5", intFmt(5, true)},
	I6:  {"i6", intFmt(6, true)},
	I7:  {"i7", intFmt(7, true)},
	I8:  {"i8", intFmt(8, true)},
	I16: {"i16", intFmt(16, true)},
	I32: {"i32", intFmt(32, true)},
	I64: {"i64", intFmt(64, true)},
	// C's long, unsigned long and plain char (LP64, x86-64): formats of
	// i64, u64 and i8 under their own names.
	CLong:  {"clong", intFmt(64, true)},
	CULong: {"culong", intFmt(64, false)},
	CChar:  {"cchar", intFmt(8, true)},
	U1:     {"u1", intFmt(1, false)},
	U2:     {"u2", intFmt(2, false)},
	U3:     {"u3", intFmt(3, false)},
	U4:     {"u4", intFmt(4, false)},
	U5:     {"u5", intFmt(5, false)},
	U6:     {"u6", intFmt(6, false)},
	U7:     {"u7", intFmt(7, false)},
	U8:     {"u8", intFmt(8, false)},
	U16:    {"u16", intFmt(16, false)},
	U32:    {"u32", intFmt(32, false)},
	U64:    {"u64", intFmt(64, false)},
	// MX v1.0 element types: no inf, no NaN, signed zero.
	F4E2M1FN: {"f4e2m1fn", Format{Kind: KindFloat, Bits: 4, Signed: true, ExpBits: 2, MantBits: 1, Bias: 1, NegZero: true}},
	// PyTorch's packed pair (c10/util/Float4_e2m1fn_x2.h, PR #148791):
	// each lane is an f4e2m1fn.
	F4E2M1FNX2: {"f4e2m1fnx2", Format{Kind: KindFloat, Bits: 4, Lanes: 2, Signed: true, ExpBits: 2, MantBits: 1, Bias: 1, NegZero: true}},
	F6E2M3FN:   {"f6e2m3fn", Format{Kind: KindFloat, Bits: 6, Signed: true, ExpBits: 2, MantBits: 3, Bias: 1, NegZero: true}},
	F6E3M2FN:   {"f6e3m2fn", Format{Kind: KindFloat, Bits: 6, Signed: true, ExpBits: 3, MantBits: 2, Bias: 3, NegZero: true}},
	// ml_dtypes' IEEE-like float8 types.
	F8E3M4: {"f8e3m4", ieee(8, 3, 4)},
	F8E4M3: {"f8e4m3", ieee(8, 4, 3)},
	// OCP E4M3: no inf, NaN only at S.1111.111.
	F8E4M3FN: {"f8e4m3fn", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 4, MantBits: 3, Bias: 7, NaN: NaNAllOnes, NegZero: true}},
	// fnuz: 0x80 is the only NaN, no -0, no inf; bias one above IEEE's.
	F8E4M3FNUZ:    {"f8e4m3fnuz", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 4, MantBits: 3, Bias: 8, NaN: NaNNegZero}},
	F8E4M3B11FNUZ: {"f8e4m3b11fnuz", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 4, MantBits: 3, Bias: 11, NaN: NaNNegZero}},
	// Triton's fp8e4b15 (python/triton/language/core.py: fp_mantissa_width
	// 3, exponent_bias 15): every pattern is finite (0x7f is 1.875), zero
	// is signed. Triton's own casts to it saturate at 1.75 (0x7e).
	F8E4M3B15:  {"f8e4m3b15", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 4, MantBits: 3, Bias: 15, NegZero: true}},
	F8E5M2:     {"f8e5m2", ieee(8, 5, 2)},
	F8E5M2FNUZ: {"f8e5m2fnuz", Format{Kind: KindFloat, Bits: 8, Signed: true, ExpBits: 5, MantBits: 2, Bias: 16, NaN: NaNNegZero}},
	// MX scale type: unsigned, exponent only, 0xff NaN, no zero.
	F8E8M0FNU: {"f8e8m0fnu", Format{Kind: KindFloat, Bits: 8, ExpBits: 8, MantBits: 0, Bias: 127, NaN: NaNAllOnesUnsigned, NoZero: true}},
	F16:       {"f16", ieee(16, 5, 10)},
	BF16:      {"bf16", ieee(16, 8, 7)},
	F32:       {"f32", ieee(32, 8, 23)},
	F64:       {"f64", ieee(64, 11, 52)},
	F80:       {"f80", x87()},
	C32:       {"c32", Format{Kind: KindComplex, Bits: 32, Signed: true, Elem: F16}},
	// ml_dtypes 0.6.0's bcomplex32 (include/complex_types.h: a
	// std::complex<bfloat16>), PyTorch's torch.bcomplex32.
	BC32: {"bc32", Format{Kind: KindComplex, Bits: 32, Signed: true, Elem: BF16}},
	C64:  {"c64", Format{Kind: KindComplex, Bits: 64, Signed: true, Elem: F32}},
	C128: {"c128", Format{Kind: KindComplex, Bits: 128, Signed: true, Elem: F64}},
	// NumPy's clongdouble: two f80 parts, each padded to 16 bytes.
	C160:    {"c160", Format{Kind: KindComplex, Bits: 160, Padding: 96, Signed: true, Elem: F80}},
	Dynamic: {"dynamic", Format{Kind: KindDynamic}},
}
