package kernels

import (
	"encoding/binary"
	"math"
)

// f64ToF32 rounds an f64 pattern to the nearest f32, ties to even (Go's
// conversion does, subnormals included); a NaN is made quiet and keeps
// its sign and top 22 payload bits. NaN is handled on the bits because a
// hardware conversion need not keep the payload.
func f64ToF32(x uint64) uint32 {
	if x&(1<<63-1) > 0x7ff0000000000000 {
		return uint32(x>>32)&0x80000000 | 0x7fc00000 | uint32(x>>29)&0x7fffff
	}
	return math.Float32bits(float32(math.Float64frombits(x)))
}

// f32ToF64 widens an f32 pattern exactly; a NaN is made quiet.
func f32ToF64(x uint32) uint64 {
	if x&0x7fffffff > 0x7f800000 {
		return uint64(x&0x80000000)<<32 | 0x7ff8000000000000 | uint64(x&0x7fffff)<<29
	}
	return math.Float64bits(float64(math.Float32frombits(x)))
}

func goF64ToF32(dst, src []byte) {
	n := count(dst, src, 4, 8)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:4*i+4], f64ToF32(binary.LittleEndian.Uint64(src[8*i:8*i+8])))
	}
}

func goF32ToF64(dst, src []byte) {
	n := count(dst, src, 8, 4)
	for i := range n {
		binary.LittleEndian.PutUint64(dst[8*i:8*i+8], f32ToF64(binary.LittleEndian.Uint32(src[4*i:4*i+4])))
	}
}
