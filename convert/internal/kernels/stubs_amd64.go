//go:build !purego

package kernels

import (
	"math"

	"github.com/promote-dev/promote/dtype"
	"golang.org/x/sys/cpu"
)

// The assembly kernels (kernels_amd64.s). Each converts n elements, n a
// positive multiple of its block; bulk below adds the tail.

//go:noescape
func cvtF32F16(dst, src *byte, n int)

//go:noescape
func cvtF32F16AVX2(dst, src *byte, n int)

//go:noescape
func cvtF16F32(dst, src *byte, n int)

//go:noescape
func cvtF16F32AVX2(dst, src *byte, n int)

//go:noescape
func cvtF32BF16(dst, src *byte, n int)

//go:noescape
func cvtBF16F32(dst, src *byte, n int)

//go:noescape
func cvtF32F64(dst, src *byte, n int)

//go:noescape
func cvtF64F32(dst, src *byte, n int)

//go:noescape
func cvtF32I32(dst, src *byte, n int)

//go:noescape
func cvtF32U32(dst, src *byte, n int)

//go:noescape
func cvtF32I64(dst, src *byte, n int)

//go:noescape
func cvtF32U64(dst, src *byte, n int)

//go:noescape
func cvtF32Narrow8(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtF32Narrow16(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtI8F32(dst, src *byte, n int)

//go:noescape
func cvtU8F32(dst, src *byte, n int)

//go:noescape
func cvtI16F32(dst, src *byte, n int)

//go:noescape
func cvtU16F32(dst, src *byte, n int)

//go:noescape
func cvtI32F32(dst, src *byte, n int)

//go:noescape
func cvtU32F32(dst, src *byte, n int)

//go:noescape
func cvtI64F32(dst, src *byte, n int)

//go:noescape
func cvtU64F32(dst, src *byte, n int)

//go:noescape
func cvtF32F8(dst, src *byte, n int, p *f8Params)

//go:noescape
func cvtF8F32(dst, src *byte, n int, table *[256]uint32)

//go:noescape
func toBool1(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool2(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool4(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool8(dst, src *byte, n int, mask uint64)

//go:noescape
func fromBool1(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool2(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool4(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool8(dst, src *byte, n int, one uint64)

// boolKernels are the bool loops by element size (index log2 of bytes).
var (
	toBoolLoops   = [4]func(dst, src *byte, n int, mask uint64){toBool1, toBool2, toBool4, toBool8}
	fromBoolLoops = [4]func(dst, src *byte, n int, one uint64){fromBool1, fromBool2, fromBool4, fromBool8}
	boolBlocks    = [4]int{64, 32, 16, 8}
)

// registerBool installs the bool kernels between bool and t, whose
// elements are 1<<lg bytes; mask selects the bits that make a value
// non-zero and one is the pattern of 1.
func registerBool(t dtype.DType, lg int, mask, one uint64) {
	to, from := toBoolLoops[lg], fromBoolLoops[lg]
	set(dtype.Bool, t, func(d, s *byte, n int) { to(d, s, n, mask) }, boolBlocks[lg])
	set(t, dtype.Bool, func(d, s *byte, n int) { from(d, s, n, one) }, boolBlocks[lg])
}

// bulk makes a kernel from an assembly loop over whole blocks of block
// elements (a power of two) and the pure-Go twin for the tail.
func bulk(loop func(dst, src *byte, n int), block, dsize, ssize int, tail Kernel) Kernel {
	return func(dst, src []byte) {
		n := count(dst, src, dsize, ssize)
		m := n &^ (block - 1)
		if m > 0 {
			loop(&dst[0], &src[0], m)
		}
		if m < n {
			tail(dst[m*dsize:n*dsize], src[m*ssize:n*ssize])
		}
	}
}

// set installs an assembly kernel for dst <- src.
func set(dst, src dtype.DType, loop func(dst, src *byte, n int), block int) {
	table[dst][src] = bulk(loop, block, dst.Bits()/8, src.Bits()/8, pure[dst][src])
}

// avx512 reports the AVX-512 subsets every AVX-512 kernel here may use.
var avx512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL

// registerFast replaces pure-Go kernels by assembly ones the CPU can run.
func registerFast() {
	if !cpu.X86.HasAVX || !cpu.X86.HasF16C {
		return
	}
	set(dtype.F16, dtype.F32, cvtF32F16AVX2, 16)
	set(dtype.F32, dtype.F16, cvtF16F32AVX2, 16)
	if !avx512 || !cpu.X86.HasF16C {
		return
	}
	set(dtype.F16, dtype.F32, cvtF32F16, 32)
	set(dtype.F32, dtype.F16, cvtF16F32, 32)
	set(dtype.BF16, dtype.F32, cvtF32BF16, 16)
	set(dtype.F32, dtype.BF16, cvtBF16F32, 16)
	set(dtype.F64, dtype.F32, cvtF32F64, 16)
	set(dtype.F32, dtype.F64, cvtF64F32, 16)

	set(dtype.I32, dtype.F32, cvtF32I32, 16)
	set(dtype.U32, dtype.F32, cvtF32U32, 16)
	set(dtype.I64, dtype.F32, cvtF32I64, 8)
	set(dtype.U64, dtype.F32, cvtF32U64, 8)
	set(dtype.I8, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow8(d, s, n, f32bits(-128), f32bits(127)) }, 16)
	set(dtype.U8, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow8(d, s, n, f32bits(0), f32bits(255)) }, 16)
	set(dtype.I16, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow16(d, s, n, f32bits(-32768), f32bits(32767)) }, 16)
	set(dtype.U16, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow16(d, s, n, f32bits(0), f32bits(65535)) }, 16)

	set(dtype.F32, dtype.I8, cvtI8F32, 16)
	set(dtype.F32, dtype.U8, cvtU8F32, 16)
	set(dtype.F32, dtype.I16, cvtI16F32, 16)
	set(dtype.F32, dtype.U16, cvtU16F32, 16)
	set(dtype.F32, dtype.I32, cvtI32F32, 16)
	set(dtype.F32, dtype.U32, cvtU32F32, 16)
	set(dtype.F32, dtype.I64, cvtI64F32, 8)
	set(dtype.F32, dtype.U64, cvtU64F32, 8)

	registerBool(dtype.F16, 1, 0x7fff, 0x3c00)
	registerBool(dtype.BF16, 1, 0x7fff, 0x3f80)
	registerBool(dtype.F32, 2, 0x7fffffff, 0x3f800000)
	registerBool(dtype.F64, 3, 1<<63-1, 0x3ff0000000000000)
	for lg, ts := range [4][2]dtype.DType{{dtype.I8, dtype.U8}, {dtype.I16, dtype.U16}, {dtype.I32, dtype.U32}, {dtype.I64, dtype.U64}} {
		for _, t := range ts {
			registerBool(t, lg, math.MaxUint64, 1)
		}
	}

	for _, t := range f8Types {
		p := f8[t]
		set(t, dtype.F32, func(d, s *byte, n int) { cvtF32F8(d, s, n, p) }, 16)
	}
	for t, p := range f8 {
		if p != nil {
			set(dtype.F32, dtype.DType(t), func(d, s *byte, n int) { cvtF8F32(d, s, n, &p.toF32) }, 16)
		}
	}
}

func f32bits(f float32) uint32 { return math.Float32bits(f) }
