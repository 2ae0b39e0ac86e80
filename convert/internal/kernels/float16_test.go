package kernels

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// f32ToF16Cases rounds an f32 pattern to f16 case by case, as the
// branch-free f32ToF16 does not: the second reading of the rule it is
// checked against.
func f32ToF16Cases(x uint32) uint16 {
	sign := uint16(x>>16) & 0x8000
	a := x & 0x7fffffff
	switch {
	case a > 0x7f800000:
		return sign | 0x7e00 | uint16(a>>13)&0x3ff
	case a >= 0x477ff000:
		return sign | 0x7c00
	case a >= 0x38800000:
		a -= (127 - 15) << 23
		return sign | uint16((a+0xfff+(a>>13)&1)>>13)
	}
	e := a >> 23
	if e < 102 {
		return sign
	}
	m := a&0x7fffff | 0x800000
	shift := 126 - e
	r := m >> shift
	rem := m & (1<<shift - 1)
	half := uint32(1) << (shift - 1)
	if rem > half || rem == half && r&1 == 1 {
		r++
	}
	return sign | uint16(r)
}

// TestF32ToF16Cases checks f32ToF16 and its kernel against the case by
// case rounding for every top half of an f32 pattern with low halves at
// and around the ties of f16 subnormals and normals, and random ones.
func TestF32ToF16Cases(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	lows := []uint32{0, 1, 0xfff, 0x1000, 0x1001, 0x7fff, 0x8000, 0x8001, 0xffff, 0, 0, 0}
	src := make([]byte, 4*len(lows)<<16)
	for hi := range 1 << 16 {
		for j := len(lows) - 3; j < len(lows); j++ {
			lows[j] = rng.Uint32() & 0xffff
		}
		for j, lo := range lows {
			binary.LittleEndian.PutUint32(src[4*(hi*len(lows)+j):], uint32(hi)<<16|lo)
		}
	}
	dst := make([]byte, len(src)/2)
	goF32ToF16(dst, src)
	for i := range len(src) / 4 {
		x := binary.LittleEndian.Uint32(src[4*i:])
		want := f32ToF16Cases(x)
		if got := f32ToF16(x); got != want {
			t.Fatalf("f32ToF16(%#08x) = %#04x, want %#04x", x, got, want)
		}
		if got := binary.LittleEndian.Uint16(dst[2*i:]); got != want {
			t.Fatalf("goF32ToF16 %#08x: %#04x, want %#04x", x, got, want)
		}
	}
}
