package kernels

import (
	"encoding/binary"
	"math"
	"sync"
)

// The pure-Go kernels from the integers into f16 and bf16. Each converts
// the integer to a float the hardware converts to exactly (after a clamp
// or a sticky fold that changes no result), then rounds that float's bits
// to the half format with integer arithmetic, which for an integer value
// needs no subnormal, NaN or (for bf16) overflow case: an integer is 0 or
// at least 1 in magnitude, below 2^64 < bf16's largest finite.
//
// The one-byte sources do not run these loops: registerByteTables
// replaces them by the tables of their 256 results; i16 and u16 into f16
// look up a table of 65536 results (table16) built by these loops.

// intF32ToF16 rounds the f32 pattern of an integer value to the nearest
// f16, ties to even (of any f32 that is ±0 or at least 2^-14 in
// magnitude and not NaN). Such a value is 0 or f16-normal, so the
// subnormal step of f32ToF16 is not needed: the rebias, clamped at 0,
// keeps 0 at 0 and leaves the low 13 bits (those rounded away) and the
// parity of the 14th as they were. 65520 and above round to inf, as in
// f32ToF16.
func intF32ToF16(x uint32) uint16 {
	r := max(int32(x&0x7fffffff)-(127-15)<<23, 0)
	r = min((r+0xfff+(r>>13)&1)>>13, 0x7c00)
	return uint16(x>>16)&0x8000 | uint16(r)
}

// intF32ToBF16 rounds the f32 pattern of an integer value (any f32 but
// NaN) to the nearest bf16, ties to even: f32ToBF16 without its NaN
// case.
func intF32ToBF16(x uint32) uint16 {
	return uint16((x + 0x7fff + (x>>16)&1) >> 16)
}

// intF64ToBF16 rounds the f64 pattern of an integer value (0, or
// between 1 and 2^64 in magnitude) to the nearest bf16, ties to even:
// f64ToBF16 without its subnormal, overflow and NaN cases, none of
// which such a value reaches. The rebias is done on the whole pattern:
// for every such value but 0 the exponent field is at least 1023, more
// than the 896 taken off, so the sign bit is kept, and lands at bit 18
// of the shifted result, above the 15 bits of magnitude (an exponent of
// at most 1087-896 fits in 8 bits), whence it moves to bit 15.
func intF64ToBF16(x uint64) uint16 {
	r := x - (1023-127)<<52
	r = (r + (1<<44 - 1) + (r>>45)&1) >> 45
	if x == 0 {
		r = 0
	}
	return uint16(r) | uint16(r>>3)&0x8000
}

// intF64ToBF16Pos is intF64ToBF16 for the non-negative values, which
// have no sign to move; it clamps at 0 rather than tests for it.
func intF64ToBF16Pos(x uint64) uint16 {
	r := max(int64(x)-(1023-127)<<52, 0)
	return uint16((r + (1<<44 - 1) + (r>>45)&1) >> 45)
}

// goIntToF16 is the kernel from T into f16, rounding to nearest even
// through f32. An integer of magnitude below 2^24 converts to f32
// exactly; a larger one converts (rounded) to an f32 of magnitude 2^24
// or more, and both round to ±inf in f16, as does everything from 65520
// (halfway from f16's largest finite, 65504, to 2^16, rounding to even,
// up), so the one rounding that matters is intF32ToF16's. uint64 is
// first clamped to 2^17 (which rounds to inf too), so that it converts
// as int64: Go's uint64 to f32 conversion branches on the top bit,
// which random data mispredicts.
func goIntToF16[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 2, size)
	d, s := dst[:2*n], src[:size*n]
	if size == 8 && ^T(0) > 0 {
		for i := range n {
			f := float32(int64(min(binary.LittleEndian.Uint64(s[8*i:8*i+8]), 1<<17)))
			binary.LittleEndian.PutUint16(d[2*i:2*i+2], intF32ToF16(math.Float32bits(f)))
		}
		return
	}
	for i := range n {
		f := float32(load[T](s[size*i : size*i+size]))
		binary.LittleEndian.PutUint16(d[2*i:2*i+2], intF32ToF16(math.Float32bits(f)))
	}
}

// goIntToBF16 is the kernel from T into bf16, rounding to nearest even:
// the 16-bit integers through f32 and the 32-bit ones through f64, which
// hold them exactly, and the 64-bit ones through f64 after a fold
// (foldI64, foldU64) that changes no result.
func goIntToBF16[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 2, size)
	d, s := dst[:2*n], src[:size*n]
	switch {
	case size <= 2:
		for i := range n {
			f := float32(load[T](s[size*i : size*i+size]))
			binary.LittleEndian.PutUint16(d[2*i:2*i+2], intF32ToBF16(math.Float32bits(f)))
		}
	case size == 4 && ^T(0) > 0:
		for i := range n {
			f := float64(load[T](s[size*i : size*i+size]))
			binary.LittleEndian.PutUint16(d[2*i:2*i+2], intF64ToBF16Pos(math.Float64bits(f)))
		}
	case size == 4:
		for i := range n {
			f := float64(load[T](s[size*i : size*i+size]))
			binary.LittleEndian.PutUint16(d[2*i:2*i+2], intF64ToBF16(math.Float64bits(f)))
		}
	case ^T(0) > 0:
		for i := range n {
			binary.LittleEndian.PutUint16(d[2*i:2*i+2], intF64ToBF16Pos(foldU64(binary.LittleEndian.Uint64(s[8*i:8*i+8]))))
		}
	default:
		for i := range n {
			binary.LittleEndian.PutUint16(d[2*i:2*i+2], intF64ToBF16(foldI64(int64(binary.LittleEndian.Uint64(s[8*i:8*i+8])))))
		}
	}
}

// foldI64 returns the f64 pattern of v, or for |v| > 2^52, which f64
// may not hold, of v folded: its low 11 bits cleared and their OR ORed
// into bit 11 (a sticky bit). The folded value has no set bit below bit
// 11 and a magnitude of at most 2^63, so f64's 53 bits hold it exactly.
// It keeps bits 12 up and whether bits 0 to 11 are all zero, so it lies
// in the same open interval between multiples of 2^12 as v, or is v;
// the same holds for the magnitudes of a negative v and its fold, as
// negation maps those intervals onto each other. At magnitude 2^20 or
// more bf16's values and midpoints are multiples of 2^12, none inside
// such an interval, so v and its fold round to the same bf16, and
// rounding once from the f64 (intF64ToBF16) is exact.
func foldI64(v int64) uint64 {
	x := v&^0x7ff | (v&0x7ff+0x7ff)&0x800
	if uint64(v+1<<52) < 1<<53 { // -2^52 <= v < 2^52
		x = v
	}
	return math.Float64bits(float64(x))
}

// foldU64 is foldI64 for uint64 without Go's uint64 to f64 conversion,
// which branches on the top bit: u < 2^52 converts as int64, exactly; a
// larger u is folded as in foldI64 (bit 0 is then clear), halved
// exactly into int64's range, converted exactly, and doubled by adding
// 1 to the exponent field (the halved value is at least 2^51: neither 0
// nor subnormal).
func foldU64(u uint64) uint64 {
	x, e := u, uint64(0)
	if u >= 1<<52 {
		x, e = (u&^0x7ff|(u&0x7ff+0x7ff)&0x800)>>1, 1<<52
	}
	return math.Float64bits(float64(int64(x))) + e
}

// table16 returns the lazy builder of the table of k's result for every
// 16-bit source pattern, k being a kernel into a 16-bit type.
func table16(k Kernel) func() *[1 << 16]uint16 {
	return sync.OnceValue(func() *[1 << 16]uint16 {
		src := make([]byte, 2<<16)
		for p := range 1 << 16 {
			binary.LittleEndian.PutUint16(src[2*p:], uint16(p))
		}
		dst := make([]byte, 2<<16)
		k(dst, src)
		t := new([1 << 16]uint16)
		for p := range t {
			t[p] = binary.LittleEndian.Uint16(dst[2*p:])
		}
		return t
	})
}

// lookup16 returns the kernel between 16-bit types that looks each
// element up in the table that table returns. The loop is a method, not
// a closure made here: such a closure, which the compiler inlined into
// registerDirect with lookup16, was compiled without inlining its loads
// and stores (objdump: calls to binary.littleEndian.Uint16; 4 ns an
// element instead of 0.5).
func lookup16(table func() *[1 << 16]uint16) Kernel {
	return (&tableKernel16{table}).run
}

// tableKernel16 is the kernel of lookup16.
type tableKernel16 struct{ table func() *[1 << 16]uint16 }

func (k *tableKernel16) run(dst, src []byte) {
	n := count(dst, src, 2, 2)
	d, s := dst[:2*n], src[:2*n]
	t := k.table()
	for i := range n {
		binary.LittleEndian.PutUint16(d[2*i:2*i+2], t[binary.LittleEndian.Uint16(s[2*i:2*i+2])])
	}
}
