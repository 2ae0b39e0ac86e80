package kernels

import "github.com/promote-dev/promote/dtype"

// Integer to integer under the default policy wraps: the result is the
// source value modulo 2^bits of the destination, which is what Go's
// conversion between integer types does (truncate, or extend by the
// source's signedness).

func goIntToInt[D, S integer](dst, src []byte) {
	ds, ss := sizeOf[D](), sizeOf[S]()
	n := count(dst, src, ds, ss)
	for i := range n {
		store(dst[ds*i:ds*i+ds], D(load[S](src[ss*i:ss*i+ss])))
	}
}

// registerIntInt registers the pure-Go kernels between every two distinct
// integer types of 8 to 64 bits.
func registerIntInt() {
	registerIntFrom[int8](dtype.I8)
	registerIntFrom[int16](dtype.I16)
	registerIntFrom[int32](dtype.I32)
	registerIntFrom[int64](dtype.I64)
	registerIntFrom[uint8](dtype.U8)
	registerIntFrom[uint16](dtype.U16)
	registerIntFrom[uint32](dtype.U32)
	registerIntFrom[uint64](dtype.U64)
}

func registerIntFrom[S integer](s dtype.DType) {
	set := func(d dtype.DType, k Kernel) {
		if d != s {
			setPure(d, s, k)
		}
	}
	set(dtype.I8, goIntToInt[int8, S])
	set(dtype.I16, goIntToInt[int16, S])
	set(dtype.I32, goIntToInt[int32, S])
	set(dtype.I64, goIntToInt[int64, S])
	set(dtype.U8, goIntToInt[uint8, S])
	set(dtype.U16, goIntToInt[uint16, S])
	set(dtype.U32, goIntToInt[uint32, S])
	set(dtype.U64, goIntToInt[uint64, S])
}
