package kernels

import (
	"encoding/binary"
	"math"
	"sync"
)

// Scalar bit conversions between f32 and the 16-bit floats. They are the
// pure-Go definition every vector kernel is tested against.

// f32ToF16 rounds an f32 pattern to the nearest f16, ties to even,
// without branches: both the normal and the subnormal result are
// computed and one is selected (the compiler makes the selections
// conditional moves).
func f32ToF16(x uint32) uint16 {
	a := x & 0x7fffffff
	// Normal in f16 (>= 2^-14): rebias, then round the 13 dropped bits
	// (half less one, plus the lowest kept bit, so that the shift rounds
	// to nearest even); a carry into the exponent is the correct result.
	// Below 2^-14 this wraps around, and is not selected.
	r := (a - (127-15)<<23 + 0xfff + (a>>13)&1) >> 13
	// Subnormal or zero in f16: adding 0.5, whose f32 quantum is f16's
	// subnormal quantum 2^-24, makes the f32 adder round to it (ties to
	// even); the low bits are then the pattern, 0x400 when it rounds up
	// to 2^-14.
	// (Computed before the test: with the addition inside it, the
	// compiler makes the selection a branch, which data with many small
	// values mispredicts.)
	sub := math.Float32bits(math.Float32frombits(a)+0.5) - 0x3f000000
	if a < 0x38800000 {
		r = sub
	}
	// 65520, halfway between 65504 and 2^16, rounds to even, past the
	// largest finite: it and all above (inf too) become inf.
	r = min(r, 0x7c00)
	if a > 0x7f800000 { // NaN: quiet bit set, the top 9 payload bits kept
		r = 0x7e00 | a>>13&0x3ff
	}
	return uint16(x>>16)&0x8000 | uint16(r)
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
		binary.LittleEndian.PutUint16(dst[2*i:2*i+2], f32ToF16(binary.LittleEndian.Uint32(src[4*i:4*i+4])))
	}
}

func goF16ToF32(dst, src []byte) {
	n := count(dst, src, 4, 2)
	d, s := dst[:4*n], src[:2*n]
	w := f16Widened()
	for i := range n {
		binary.LittleEndian.PutUint32(d[4*i:4*i+4], w[binary.LittleEndian.Uint16(s[2*i:2*i+2])])
	}
}

func goF32ToBF16(dst, src []byte) {
	n := count(dst, src, 2, 4)
	for i := range n {
		binary.LittleEndian.PutUint16(dst[2*i:2*i+2], f32ToBF16(binary.LittleEndian.Uint32(src[4*i:4*i+4])))
	}
}

func goBF16ToF32(dst, src []byte) {
	n := count(dst, src, 4, 2)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:4*i+4], bf16ToF32(binary.LittleEndian.Uint16(src[2*i:2*i+2])))
	}
}

// f16Widened is the table of f16ToF32 over every f16 pattern (256 KiB),
// built on first use: the pure-Go kernels from f16 look the widening up
// rather than compute it.
var f16Widened = sync.OnceValue(func() *[1 << 16]uint32 {
	t := new([1 << 16]uint32)
	for h := range t {
		t[h] = f16ToF32(uint16(h))
	}
	return t
})
