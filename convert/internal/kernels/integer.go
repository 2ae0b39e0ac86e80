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

// intRange is T's range: its least and greatest values, and as float64
// the least value (exact: a power of two or 0) and 2^bits or 2^(bits-1),
// the first value above the greatest (exact too).
type intRange[T integer] struct {
	min, max T
	lo, hi   float64
}

func rangeOf[T integer]() intRange[T] {
	bits := 8 * sizeOf[T]()
	if ^T(0) < 0 { // signed
		m := T(1) << (bits - 1)
		return intRange[T]{min: m, max: ^m, lo: -math.Ldexp(1, bits-1), hi: math.Ldexp(1, bits-1)}
	}
	return intRange[T]{min: 0, max: ^T(0), lo: 0, hi: math.Ldexp(1, bits)}
}

// toInt truncates f toward zero and saturates to T's range; NaN is 0.
// Every f32 and f64 value converts through float64 exactly.
func toInt[T integer](f float64, r intRange[T]) T {
	switch {
	case f != f:
		return 0
	case f >= r.hi:
		return r.max
	case f < r.lo:
		// Between lo-1 and lo truncation would give lo = min anyway.
		return r.min
	}
	return T(f)
}

func goF32ToInt[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, size, 4)
	r := rangeOf[T]()
	for i := range n {
		f := math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))
		store(dst[size*i:], toInt(float64(f), r))
	}
}

func goF64ToInt[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, size, 8)
	r := rangeOf[T]()
	for i := range n {
		f := math.Float64frombits(binary.LittleEndian.Uint64(src[8*i:]))
		store(dst[size*i:], toInt(f, r))
	}
}

// goIntToF32 relies on Go's integer to float conversion, which the
// language defines as IEEE round to nearest even (one rounding, for
// uint64 too).
func goIntToF32[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 4, size)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(float32(load[T](src[size*i:]))))
	}
}

func goIntToF64[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 8, size)
	for i := range n {
		binary.LittleEndian.PutUint64(dst[8*i:], math.Float64bits(float64(load[T](src[size*i:]))))
	}
}
