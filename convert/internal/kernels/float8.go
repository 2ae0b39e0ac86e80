package kernels

import (
	"math"

	"github.com/promote-dev/promote/dtype"
)

// f8Params describes a float of 8 bits or fewer with an IEEE-like
// rounding (the f8, f6 and f4 formats; sub-byte ones one per byte, in
// the low bits) to the encoding kernels, and holds its decoding table.
// The assembly kernels read the uint32 fields by offset, in this order.
type f8Params struct {
	minNormal uint32 // f32 pattern of the format's least normal value
	roundAdd  uint32 // half the dropped bits' quantum less one, minus the rebias (mod 2^32)
	lsbMask   uint32 // the f32 bit that becomes the format's lowest mantissa bit
	magic     uint32 // f32 pattern of 2^k whose f32 quantum is the format's subnormal quantum
	ovf       uint32 // the overflow pattern: maxMag+1 (inf, or the NaN of fn and fnuz), or maxMag (f4, f6)
	nanMant   uint32 // mask of the payload bits a NaN keeps (0 without payloads)
	nanBase   uint32 // NaN pattern without payload or sign
	shift     uint32 // 23 - mantissa bits: f32 mantissa bits dropped
	signShift uint32 // 32 - bits: moves the f32 sign bit to the format's
	signBit   uint32 // the format's sign bit
	nanFlip   uint32 // XORed into a NaN's sign: the sign bit for f4 and f6

	noNegZero bool // fnuz: a zero result takes no sign
	nanClass  dtype.NaNEncoding

	toF32 [256]uint32 // every pattern widened to f32
}

// f8 holds the parameters of each 8-bit float, indexed by DType; nil for
// other types.
var f8 [dtype.Count]*f8Params

// f8Types are the 8-bit floats with both f32 kernels; f8e8m0fnu, whose
// rounding is not IEEE-like (spec.md, "f8e8m0fnu as destination"), has kernels of its own
// (e8m0.go).
var f8Types = []dtype.DType{
	dtype.F8E3M4, dtype.F8E4M3, dtype.F8E4M3FN, dtype.F8E4M3FNUZ,
	dtype.F8E4M3B11FNUZ, dtype.F8E5M2, dtype.F8E5M2FNUZ,
}

// subByteFloats are the floats narrower than a byte, one per byte.
var subByteFloats = []dtype.DType{dtype.F6E2M3FN, dtype.F6E3M2FN, dtype.F4E2M1FN}

// smallFloats are f8Types and subByteFloats: the formats f8Params encodes.
var smallFloats = append(append([]dtype.DType(nil), f8Types...), subByteFloats...)

func newF8Params(f dtype.Format) *f8Params {
	m, bias := uint32(f.MantBits), uint32(f.Bias)
	mant := uint32(1)<<m - 1
	top := uint32(1)<<f.ExpBits - 1 // all-ones exponent
	signBit := uint32(1) << (f.Bits - 1)
	rebias := (127 - bias) << 23
	p := &f8Params{
		minNormal: (127 + 1 - bias) << 23,
		roundAdd:  1<<(22-m) - 1 - rebias,
		lsbMask:   1 << (23 - m),
		magic:     (127 + 24 - bias - m) << 23,
		shift:     23 - m,
		signShift: uint32(32 - f.Bits),
		signBit:   signBit,
		nanClass:  f.NaN,
	}
	switch f.NaN {
	case dtype.NaNIEEE: // IEEE-like: inf, NaN payloads, a quiet bit
		p.ovf = top << m // inf, one past the largest finite
		p.nanMant = mant
		p.nanBase = top<<m | 1<<(m-1)
	case dtype.NaNAllOnes: // fn: S.1111.111 is NaN, no inf
		p.ovf = signBit - 1
		p.nanBase = signBit - 1
	case dtype.NaNNegZero: // fnuz: 0x80 is the only NaN, no -0, no inf
		p.ovf = signBit
		p.nanBase = signBit
		p.noNegZero = true
	case dtype.NaNNone:
		// f4 and f6: every pattern is finite, so overflow and ±inf
		// saturate, and a NaN becomes ml_dtypes' placeholder, -0 with
		// the sign flipped: +NaN gives -0, -NaN +0 (spec.md, "NaN in"; the
		// default policy's NoNaN choice, convert.NoNaNMLDtypes).
		p.ovf = signBit - 1
		p.nanFlip = signBit
	}
	for b := range 256 {
		p.toF32[b] = decodeF8(f, uint8(b))
	}
	return p
}

// decodeF8 widens a pattern of an 8-bit or narrower float to f32,
// exactly (bits above the format's are ignored). A NaN of a
// format with IEEE NaNs keeps its payload and is made quiet; the fn, fnuz
// and e8m0 NaNs, which carry no payload, become the quiet NaN with their
// sign bit as sign (so fnuz's 0x80 gives 0xffc00000, e8m0's 0xff
// 0x7fc00000).
func decodeF8(f dtype.Format, b uint8) uint32 {
	if !f.Signed { // e8m0: 2^(b-127), 0xff NaN
		if b == 0xff {
			return 0x7fc00000
		}
		return math.Float32bits(float32(math.Ldexp(1, int(b)-127)))
	}
	b &= uint8(1<<f.Bits - 1)
	m := uint(f.MantBits)
	signBit := uint8(1) << (f.Bits - 1)
	sign := uint32(b&signBit) << (32 - f.Bits)
	e := int(b&^signBit) >> m
	mant := uint32(b) & (1<<m - 1)
	top := 1<<f.ExpBits - 1
	switch {
	case f.NaN == dtype.NaNNegZero && b == signBit,
		f.NaN == dtype.NaNAllOnes && b&^signBit == signBit-1:
		return sign | 0x7fc00000
	case f.NaN == dtype.NaNIEEE && e == top && mant == 0:
		return sign | 0x7f800000
	case f.NaN == dtype.NaNIEEE && e == top:
		return sign | 0x7fc00000 | mant<<(23-m)
	}
	sig, exp := float64(mant), 1-f.Bias-int(m)
	if e != 0 {
		sig += float64(uint32(1) << m)
		exp = e - f.Bias - int(m)
	}
	return sign | math.Float32bits(float32(math.Ldexp(sig, exp)))
}

// fromF32 rounds an f32 pattern to the format, ties to even. The vector
// kernels (smallenc_amd64.s) compute exactly these steps, lane by lane,
// leaving out those that change nothing for the format's NaN encoding;
// here too both paths are computed and one is chosen, so that the
// compiler can select without branching.
func (p *f8Params) fromF32(x uint32) uint8 {
	a := x & 0x7fffffff
	// Normal in the format: rebias and add half the dropped bits' quantum
	// less one, and one more when the lowest kept bit is set, so that the
	// shift rounds to nearest, ties to even; a carry into the exponent is
	// right, and inf, NaN or a value too large come out above ovf.
	r := (a + p.roundAdd + (a>>p.shift)&1) >> p.shift
	// Subnormal: adding 2^k, whose f32 quantum is the format's subnormal
	// quantum, makes the f32 adder round the value to that quantum (ties
	// to even); the low bits are then the pattern.
	if sub := math.Float32bits(math.Float32frombits(a)+math.Float32frombits(p.magic)) - p.magic; a < p.minNormal {
		r = sub
	}
	r = min(r, p.ovf)
	sign := x >> p.signShift & p.signBit
	if a > 0x7f800000 { // NaN: for fn and fnuz, r is already their NaN
		r = (a>>p.shift)&p.nanMant | p.nanBase
		sign ^= p.nanFlip
	}
	if r == 0 && p.noNegZero {
		sign = 0
	}
	return uint8(r | sign)
}
