package kernels

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// integer is every fixed-width Go integer type the kernels read or write.
type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

func sizeOf[T integer]() int { return int(unsafe.Sizeof(T(0))) }

func load[T integer](b []byte) T {
	switch sizeOf[T]() {
	case 1:
		return T(b[0])
	case 2:
		return T(binary.LittleEndian.Uint16(b))
	case 4:
		return T(binary.LittleEndian.Uint32(b))
	}
	return T(binary.LittleEndian.Uint64(b))
}

func store[T integer](b []byte, v T) {
	switch sizeOf[T]() {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, uint64(v))
	}
}

// intRange is T's least and greatest values as int64, but uint64's
// greatest, for which it gives int64's (floatToInt takes values past it
// apart).
func intRange[T integer]() (lo, hi int64) {
	bits := 8 * sizeOf[T]()
	if ^T(0) < 0 {
		return -1 << (bits - 1), 1<<(bits-1) - 1
	}
	if bits == 64 {
		return 0, math.MaxInt64
	}
	return 0, 1<<bits - 1
}

// floatToInt truncates f toward zero and saturates to an integer type's
// range [lo, hi] (intRange); NaN is 0. The result converts to the type.
// Every f32, f16 and bf16 value converts to float64 exactly. The common
// case, |f| < 2^63, converts to int64 (exactly: the
// language leaves only out-of-range conversions to the machine) and
// clamps without branches: real data is often half negative, which a
// branch per element on the sign (saturating to an unsigned type's 0)
// mispredicts half the time. The rest (NaN, ±inf, huge values) take
// saturate, out of line.
func floatToInt(f float64, lo, hi int64) int64 {
	if f > -0x1p63 && f < 0x1p63 {
		return min(max(int64(f), lo), hi)
	}
	return saturate(f, lo, hi)
}

// saturate is floatToInt for NaN and |f| >= 2^63. For uint64 (lo 0, hi
// int64's greatest: no other type has both) it returns the int64 whose
// pattern is the uint64 result.
//
//go:noinline
func saturate(f float64, lo, hi int64) int64 {
	u64 := lo == 0 && hi == math.MaxInt64
	switch {
	case f != f:
		return 0
	case f < 0:
		return lo
	case u64 && f < 0x1p64:
		return int64(uint64(f))
	case u64:
		return -1 // uint64's greatest
	}
	return hi
}

// The kernels from the floats into T; f16 and bf16 widen to f32 exactly
// and convert in one step, without a chain's intermediate buffer.

func goF32ToInt[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, size, 4)
	d, s := dst[:size*n], src[:4*n]
	lo, hi := intRange[T]()
	for i := range n {
		f := math.Float32frombits(binary.LittleEndian.Uint32(s[4*i : 4*i+4]))
		store(d[size*i:size*i+size], T(floatToInt(float64(f), lo, hi)))
	}
}

func goF64ToInt[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, size, 8)
	d, s := dst[:size*n], src[:8*n]
	lo, hi := intRange[T]()
	for i := range n {
		f := math.Float64frombits(binary.LittleEndian.Uint64(s[8*i : 8*i+8]))
		store(d[size*i:size*i+size], T(floatToInt(f, lo, hi)))
	}
}

func goF16ToInt[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, size, 2)
	d, s := dst[:size*n], src[:2*n]
	lo, hi := intRange[T]()
	w := f16Widened()
	for i := range n {
		f := math.Float32frombits(w[binary.LittleEndian.Uint16(s[2*i:2*i+2])])
		store(d[size*i:size*i+size], T(floatToInt(float64(f), lo, hi)))
	}
}

func goBF16ToInt[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, size, 2)
	d, s := dst[:size*n], src[:2*n]
	lo, hi := intRange[T]()
	for i := range n {
		f := math.Float32frombits(uint32(binary.LittleEndian.Uint16(s[2*i:2*i+2])) << 16)
		store(d[size*i:size*i+size], T(floatToInt(float64(f), lo, hi)))
	}
}

// goIntToF32 relies on Go's integer to float conversion, which the
// language defines as IEEE round to nearest even (one rounding, for
// uint64 too).
func goIntToF32[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 4, size)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:4*i+4], math.Float32bits(float32(load[T](src[size*i:size*i+size]))))
	}
}

func goIntToF64[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 8, size)
	for i := range n {
		binary.LittleEndian.PutUint64(dst[8*i:8*i+8], math.Float64bits(float64(load[T](src[size*i:size*i+size]))))
	}
}
