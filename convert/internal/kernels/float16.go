package kernels

import (
	"encoding/binary"
	"math"
)

// Scalar bit conversions between f32 and the 16-bit floats. They are the
// pure-Go definition every vector kernel is tested against.

// f32ToF16 rounds an f32 pattern to the nearest f16, ties to even.
func f32ToF16(x uint32) uint16 {
	sign := uint16(x>>16) & 0x8000
	a := x & 0x7fffffff
	switch {
	case a > 0x7f800000:
		// NaN: quiet bit set, the top 9 payload bits kept.
		return sign | 0x7e00 | uint16(a>>13)&0x3ff
	case a >= 0x477ff000:
		// 65520, halfway between 65504 and 2^16, rounds to even, which is
		// past the largest finite f16: so it and all above become inf.
		return sign | 0x7c00
	case a >= 0x38800000:
		// Normal in f16 (>= 2^-14): rebias, then round the 13 dropped
		// bits; a carry into the exponent is the correct result.
		a -= (127 - 15) << 23
		return sign | uint16((a+0xfff+(a>>13)&1)>>13)
	}
	// Subnormal or zero in f16: the value is m*2^(e-150); the f16 quantum
	// is 2^-24, so the result is m*2^(e-126) rounded.
	e := a >> 23
	if e < 102 { // below 2^-25, at most a quarter quantum: rounds to 0
		return sign
	}
	m := a&0x7fffff | 0x800000
	shift := 126 - e // 14..24
	r := m >> shift
	rem := m & (1<<shift - 1)
	half := uint32(1) << (shift - 1)
	if rem > half || rem == half && r&1 == 1 {
		r++
	}
	return sign | uint16(r)
}

// f16ToF32 widens an f16 pattern exactly; a NaN is made quiet. Without
// branches: the exponent and mantissa moved to f32's places read as an
// f32 2^112 times too small (f16's bias is 15, f32's 127), and
// multiplying by 2^112 is exact for normals and subnormals alike; only
// the all-ones exponent (inf, NaN) is then replaced.
func f16ToF32(h uint16) uint32 {
	sign := uint32(h&0x8000) << 16
	o := uint32(h&0x7fff) << 13
	r := math.Float32bits(math.Float32frombits(o) * 0x1p112)
	nan := (o&0x7fffff + 0x7fffff) >> 23 & 1 // 1 when the mantissa is not 0
	if o >= 0x0f800000 {
		r = o | 0x7f800000 | nan<<22
	}
	return sign | r
}

// f32ToBF16 rounds an f32 pattern to the nearest bf16, ties to even. The
// two formats share the exponent range, so integer rounding of the low 16
// bits is exact for subnormals too, and a carry past the largest finite
// value lands on inf.
func f32ToBF16(x uint32) uint16 {
	if x&0x7fffffff > 0x7f800000 {
		return uint16(x>>16) | 0x40
	}
	return uint16((x + 0x7fff + (x>>16)&1) >> 16)
}

// bf16ToF32 widens a bf16 pattern exactly; a NaN is made quiet.
func bf16ToF32(h uint16) uint32 {
	x := uint32(h) << 16
	if x&0x7fffffff > 0x7f800000 {
		x |= 0x00400000
	}
	return x
}

func goF32ToF16(dst, src []byte) {
	n := count(dst, src, 2, 4)
	for i := range n {
		binary.LittleEndian.PutUint16(dst[2*i:], f32ToF16(binary.LittleEndian.Uint32(src[4*i:])))
	}
}

func goF16ToF32(dst, src []byte) {
	n := count(dst, src, 4, 2)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:], f16ToF32(binary.LittleEndian.Uint16(src[2*i:])))
	}
}

func goF32ToBF16(dst, src []byte) {
	n := count(dst, src, 2, 4)
	for i := range n {
		binary.LittleEndian.PutUint16(dst[2*i:], f32ToBF16(binary.LittleEndian.Uint32(src[4*i:])))
	}
}

func goBF16ToF32(dst, src []byte) {
	n := count(dst, src, 4, 2)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:], bf16ToF32(binary.LittleEndian.Uint16(src[2*i:])))
	}
}
