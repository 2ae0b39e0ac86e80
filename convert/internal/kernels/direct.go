package kernels

import (
	"encoding/binary"
	"math"
	"sync"

	"github.com/promote-dev/promote/dtype"
)

// registerDirect replaces pure-Go chains (chain.go) by kernels that
// convert each element in one step, without the intermediate buffer; it
// runs after registerPureChains. Each rounds once, or rounds to odd first
// where its chain does, and so is exact for the reason the chain is.
func registerDirect() {
	registerIntDirect[int8](dtype.I8)
	registerIntDirect[int16](dtype.I16)
	registerIntDirect[int32](dtype.I32)
	registerIntDirect[int64](dtype.I64)
	registerIntDirect[uint8](dtype.U8)
	registerIntDirect[uint16](dtype.U16)
	registerIntDirect[uint32](dtype.U32)
	registerIntDirect[uint64](dtype.U64)

	setPure(dtype.F16, dtype.F64, goF64ToF16)
	setPure(dtype.BF16, dtype.F64, goF64ToBF16)
	setPure(dtype.F64, dtype.F16, goF16ToF64)
	setPure(dtype.F64, dtype.BF16, goBF16ToF64)
	setPure(dtype.BF16, dtype.F16, goF16ToBF16)
	setPure(dtype.F16, dtype.BF16, lookup16(bf16Narrowed))
	// i16 and u16 into f16 round on every element (intF32ToF16); a table
	// of the 65536 results (128 KiB each) is looked up faster.
	setPure(dtype.F16, dtype.I16, lookup16(table16(goIntToF16[int16])))
	setPure(dtype.F16, dtype.U16, lookup16(table16(goIntToF16[uint16])))

}

// registerByteTables replaces every pure-Go kernel from a one-byte
// source (i8, u8, bool) by the table of its 256 results, which the loop
// of LUT looks up faster than any of them computes: it runs last.
func registerByteTables() {
	for _, s := range []dtype.DType{dtype.I8, dtype.U8, dtype.Bool} {
		for d := range dtype.Count {
			if d := dtype.DType(d); pure[d][s] != nil {
				setPure(d, s, byteTable(d, s))
			}
		}
	}
}

// byteTable returns the table kernel of a one-byte source: each of its
// 256 patterns converted by the pair's kernel.
func byteTable(d, s dtype.DType) Kernel {
	var src [256]byte
	for b := range src {
		src[b] = byte(b)
	}
	size := elemBytes(d)
	out := make([]byte, 256*size)
	pure[d][s](out, src[:])
	var vals [256]uint64
	for b := range vals {
		vals[b] = get64(out[b*size : (b+1)*size])
	}
	lt := new(LUT)
	lt.Init(&vals, size)
	return lt.runGo
}

func registerIntDirect[T integer](t dtype.DType) {
	setPure(t, dtype.F16, goF16ToInt[T])
	setPure(t, dtype.BF16, goBF16ToInt[T])
	setPure(dtype.F16, t, goIntToF16[T])
	setPure(dtype.BF16, t, goIntToBF16[T])
}

// f64ToF16 rounds an f64 pattern to the nearest f16, ties to even, in one
// rounding and without branches, as f32ToF16 does an f32 pattern; a NaN
// is made quiet and keeps its sign and top 9 payload bits, as through
// f32.
func f64ToF16(x uint64) uint16 {
	a := x & (1<<63 - 1)
	r := (a - (1023-15)<<52 + (1<<41 - 1) + (a>>42)&1) >> 42
	// below 2^-14: 2^28's f64 quantum is 2^-24 (computed before the
	// test, which stays a conditional move, as in f32ToF16)
	sub := math.Float64bits(math.Float64frombits(a)+0x1p28) - (1023+28)<<52
	if a < (1023-14)<<52 {
		r = sub
	}
	r = min(r, 0x7c00)
	if a > 0x7ff0000000000000 {
		r = 0x7e00 | a>>42&0x3ff
	}
	return uint16(x>>48)&0x8000 | uint16(r)
}

// f64ToBF16 is f64ToF16 for bf16 (subnormals below 2^-126, quantum 2^-133).
func f64ToBF16(x uint64) uint16 {
	a := x & (1<<63 - 1)
	r := (a - (1023-127)<<52 + (1<<44 - 1) + (a>>45)&1) >> 45
	sub := math.Float64bits(math.Float64frombits(a)+0x1p-81) - (1023-81)<<52
	if a < (1023-126)<<52 { // 2^-81's f64 quantum is 2^-133
		r = sub
	}
	r = min(r, 0x7f80)
	if a > 0x7ff0000000000000 {
		r = 0x7fc0 | a>>45&0x7f
	}
	return uint16(x>>48)&0x8000 | uint16(r)
}

func goF64ToF16(dst, src []byte) {
	n := count(dst, src, 2, 8)
	d, s := dst[:2*n], src[:8*n]
	for i := range n {
		binary.LittleEndian.PutUint16(d[2*i:2*i+2], f64ToF16(binary.LittleEndian.Uint64(s[8*i:8*i+8])))
	}
}

func goF64ToBF16(dst, src []byte) {
	n := count(dst, src, 2, 8)
	d, s := dst[:2*n], src[:8*n]
	for i := range n {
		binary.LittleEndian.PutUint16(d[2*i:2*i+2], f64ToBF16(binary.LittleEndian.Uint64(s[8*i:8*i+8])))
	}
}

func goBF16ToF64(dst, src []byte) {
	n := count(dst, src, 8, 2)
	d, s := dst[:8*n], src[:2*n]
	for i := range n {
		binary.LittleEndian.PutUint64(d[8*i:8*i+8], f32ToF64(bf16ToF32(binary.LittleEndian.Uint16(s[2*i:2*i+2]))))
	}
}

func goF16ToF64(dst, src []byte) {
	n := count(dst, src, 8, 2)
	d, s := dst[:8*n], src[:2*n]
	w := f16Widened()
	for i := range n {
		binary.LittleEndian.PutUint64(d[8*i:8*i+8], f32ToF64(w[binary.LittleEndian.Uint16(s[2*i:2*i+2])]))
	}
}

func goF16ToBF16(dst, src []byte) {
	n := count(dst, src, 2, 2)
	d, s := dst[:2*n], src[:2*n]
	w := f16Widened()
	for i := range n {
		binary.LittleEndian.PutUint16(d[2*i:2*i+2], f32ToBF16(w[binary.LittleEndian.Uint16(s[2*i:2*i+2])]))
	}
}

// bf16Narrowed is the table of f32ToF16(bf16ToF32(h)) over every bf16
// pattern (128 KiB), built on first use: the pure-Go kernel from bf16
// to f16 looks the rounding up rather than compute it.
var bf16Narrowed = sync.OnceValue(func() *[1 << 16]uint16 {
	t := new([1 << 16]uint16)
	for h := range t {
		t[h] = f32ToF16(bf16ToF32(uint16(h)))
	}
	return t
})
