package kernels

import (
	"encoding/binary"
	"math"

	"github.com/promote-dev/promote/dtype"
)

// f8Params describes an 8-bit float to the f32 -> f8 kernels. The
// assembly kernel reads the uint32 fields by offset, in this order.
type f8Params struct {
	minNormal  uint32 // f32 pattern of the format's least normal value
	rebias     uint32 // subtracted from an f32 pattern to rebias its exponent
	halfMinus1 uint32 // half the dropped-bits quantum, minus one (for ties to even)
	magic      uint32 // f32 pattern of 2^k whose f32 quantum is the format's subnormal quantum
	maxMag     uint32 // largest finite magnitude pattern
	ovf        uint32 // magnitude pattern written on overflow (inf, else NaN)
	nanMant    uint32 // mask of the payload bits a NaN keeps (0 without payloads)
	nanBase    uint32 // NaN pattern without payload or sign
	shift      uint32 // 23 - mantissa bits: f32 mantissa bits dropped
	zeroSign   uint32 // 0xffff if a zero keeps its sign, 0 for fnuz (no -0)

	toF32 [256]uint32 // every pattern widened to f32
}

// f8 holds the parameters of each 8-bit float, indexed by DType; nil for
// other types.
var f8 [dtype.Count]*f8Params

// f8Types are the 8-bit floats with both f32 kernels; f8e8m0fnu, whose
// rounding is not IEEE-like (formats.md), only has a decoder.
var f8Types = []dtype.DType{
	dtype.F8E3M4, dtype.F8E4M3, dtype.F8E4M3FN, dtype.F8E4M3FNUZ,
	dtype.F8E4M3B11FNUZ, dtype.F8E5M2, dtype.F8E5M2FNUZ,
}

func newF8Params(f dtype.Format) *f8Params {
	m, bias := uint32(f.MantBits), uint32(f.Bias)
	mant := uint32(1)<<m - 1
	top := uint32(1)<<f.ExpBits - 1 // all-ones exponent
	p := &f8Params{
		minNormal:  (127 + 1 - bias) << 23,
		rebias:     (127 - bias) << 23,
		halfMinus1: 1<<(22-m) - 1,
		magic:      (127 + 24 - bias - m) << 23,
		shift:      23 - m,
		zeroSign:   0xffff,
	}
	switch f.NaN {
	case dtype.NaNIEEE: // IEEE-like: inf, NaN payloads, a quiet bit
		p.maxMag = (top-1)<<m | mant
		p.ovf = top << m
		p.nanMant = mant
		p.nanBase = top<<m | 1<<(m-1)
	case dtype.NaNAllOnes: // fn: S.1111.111 is NaN, no inf
		p.maxMag = 0x7e
		p.ovf = 0x7f
		p.nanBase = 0x7f
	case dtype.NaNNegZero: // fnuz: 0x80 is the only NaN, no -0, no inf
		p.maxMag = 0x7f
		p.ovf = 0x80
		p.nanBase = 0x80
		p.zeroSign = 0
	}
	for b := range 256 {
		p.toF32[b] = decodeF8(f, uint8(b))
	}
	return p
}

// decodeF8 widens an 8-bit float pattern to f32, exactly. A NaN of a
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
	m := uint(f.MantBits)
	sign := uint32(b&0x80) << 24
	e := int(b&0x7f) >> m
	mant := uint32(b) & (1<<m - 1)
	top := 1<<f.ExpBits - 1
	switch {
	case f.NaN == dtype.NaNNegZero && b == 0x80,
		f.NaN == dtype.NaNAllOnes && b&0x7f == 0x7f:
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
// kernel computes exactly these steps, lane by lane.
func (p *f8Params) fromF32(x uint32) uint8 {
	sign := x >> 24 & 0x80
	a := x & 0x7fffffff
	if a > 0x7f800000 {
		return uint8(sign | (a>>p.shift)&p.nanMant | p.nanBase)
	}
	var r uint32
	if a >= p.minNormal {
		// Normal in the format: rebias, round the dropped bits; a carry
		// into the exponent is right, and inf or a huge value comes out
		// above maxMag.
		t := a - p.rebias
		r = (t + p.halfMinus1 + (t>>p.shift)&1) >> p.shift
	} else {
		// Subnormal: adding 2^k, whose f32 quantum is the format's
		// subnormal quantum, makes the f32 adder round the value to that
		// quantum (ties to even); the low bits are then the pattern.
		r = math.Float32bits(math.Float32frombits(a)+math.Float32frombits(p.magic)) - p.magic
	}
	if r > p.maxMag {
		return uint8(sign | p.ovf)
	}
	if r == 0 && p.zeroSign == 0 {
		return 0
	}
	return uint8(sign | r)
}

func (p *f8Params) goFromF32(dst, src []byte) {
	n := count(dst, src, 1, 4)
	for i := range n {
		dst[i] = p.fromF32(binary.LittleEndian.Uint32(src[4*i:]))
	}
}

func (p *f8Params) goToF32(dst, src []byte) {
	n := count(dst, src, 4, 1)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:], p.toF32[src[i]])
	}
}
