//go:build !purego

package kernels

import (
	"math"
	"unsafe"

	"github.com/promote-dev/promote/dtype"
	"golang.org/x/sys/cpu"
)

// The assembly kernels. Each converts n elements, n a positive multiple
// of its block; bulk below adds the head and the tail. The kernels in
// widen_amd64.s come in pairs: NAME with ordinary stores and NAME+NT with
// non-temporal ones, which need dst aligned to 64 bytes.

//go:noescape
func cvtF32F16(dst, src *byte, n int)

//go:noescape
func cvtF32F16AVX2(dst, src *byte, n int)

//go:noescape
func cvtF16F32AVX2(dst, src *byte, n int)

//go:noescape
func cvtF32BF16(dst, src *byte, n int)

//go:noescape
func cvtF64F32(dst, src *byte, n int)

//go:noescape
func cvtF32I32(dst, src *byte, n int)

//go:noescape
func cvtF32U32(dst, src *byte, n int)

//go:noescape
func cvtI64F32(dst, src *byte, n int)

//go:noescape
func cvtU64F32(dst, src *byte, n int)

//go:noescape
func cvtF64I32(dst, src *byte, n int)

//go:noescape
func cvtF64U32(dst, src *byte, n int)

//go:noescape
func cvtF32Narrow8(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtF32Narrow16(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtF64Narrow8(dst, src *byte, n int, lo, hi uint64)

//go:noescape
func cvtF64Narrow16(dst, src *byte, n int, lo, hi uint64)

//go:noescape
func cvtF32F8(dst, src *byte, n int, p *f8Params)

//go:noescape
func toBool2(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool4(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool8(dst, src *byte, n int, mask uint64)

//go:noescape
func cvtF16F32(dst, src *byte, n int)

//go:noescape
func cvtF16F32NT(dst, src *byte, n int)

//go:noescape
func cvtF32F64(dst, src *byte, n int)

//go:noescape
func cvtF32F64NT(dst, src *byte, n int)

//go:noescape
func cvtI8F32(dst, src *byte, n int)

//go:noescape
func cvtI8F32NT(dst, src *byte, n int)

//go:noescape
func cvtU8F32(dst, src *byte, n int)

//go:noescape
func cvtU8F32NT(dst, src *byte, n int)

//go:noescape
func cvtI16F32(dst, src *byte, n int)

//go:noescape
func cvtI16F32NT(dst, src *byte, n int)

//go:noescape
func cvtU16F32(dst, src *byte, n int)

//go:noescape
func cvtU16F32NT(dst, src *byte, n int)

//go:noescape
func cvtI32F32(dst, src *byte, n int)

//go:noescape
func cvtI32F32NT(dst, src *byte, n int)

//go:noescape
func cvtU32F32(dst, src *byte, n int)

//go:noescape
func cvtU32F32NT(dst, src *byte, n int)

//go:noescape
func cvtI8F64(dst, src *byte, n int)

//go:noescape
func cvtI8F64NT(dst, src *byte, n int)

//go:noescape
func cvtU8F64(dst, src *byte, n int)

//go:noescape
func cvtU8F64NT(dst, src *byte, n int)

//go:noescape
func cvtI16F64(dst, src *byte, n int)

//go:noescape
func cvtI16F64NT(dst, src *byte, n int)

//go:noescape
func cvtU16F64(dst, src *byte, n int)

//go:noescape
func cvtU16F64NT(dst, src *byte, n int)

//go:noescape
func cvtI32F64(dst, src *byte, n int)

//go:noescape
func cvtI32F64NT(dst, src *byte, n int)

//go:noescape
func cvtU32F64(dst, src *byte, n int)

//go:noescape
func cvtU32F64NT(dst, src *byte, n int)

//go:noescape
func cvtI64F64(dst, src *byte, n int)

//go:noescape
func cvtI64F64NT(dst, src *byte, n int)

//go:noescape
func cvtU64F64(dst, src *byte, n int)

//go:noescape
func cvtU64F64NT(dst, src *byte, n int)

//go:noescape
func cvtBF16F32(dst, src *byte, n int)

//go:noescape
func cvtBF16F32NT(dst, src *byte, n int)

//go:noescape
func cvtF64I64(dst, src *byte, n int)

//go:noescape
func cvtF64I64NT(dst, src *byte, n int)

//go:noescape
func cvtF64U64(dst, src *byte, n int)

//go:noescape
func cvtF64U64NT(dst, src *byte, n int)

//go:noescape
func cvtF32I64(dst, src *byte, n int)

//go:noescape
func cvtF32I64NT(dst, src *byte, n int)

//go:noescape
func cvtF32U64(dst, src *byte, n int)

//go:noescape
func cvtF32U64NT(dst, src *byte, n int)

//go:noescape
func cvtF8F32(dst, src *byte, n int, table *[256]uint32)

//go:noescape
func cvtF8F32NT(dst, src *byte, n int, table *[256]uint32)

//go:noescape
func fromBool1(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool1NT(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool2(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool2NT(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool4(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool4NT(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool8(dst, src *byte, n int, one uint64)

//go:noescape
func fromBool8NT(dst, src *byte, n int, one uint64)

//go:noescape
func toBool1(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool1NT(dst, src *byte, n int, mask uint64)

// loop is an assembly loop: n elements, n a positive multiple of its
// block.
type loop = func(dst, src *byte, n int)

// The bool loops by element size (index log2 of bytes), with their
// blocks; nil where there is no non-temporal variant (the narrowing
// to-bool loops write a quarter or less of what they read).
var (
	toBoolLoops     = [4]func(dst, src *byte, n int, mask uint64){toBool1, toBool2, toBool4, toBool8}
	toBoolLoopsNT   = [4]func(dst, src *byte, n int, mask uint64){toBool1NT, nil, nil, nil}
	toBoolBlocks    = [4]int{128, 32, 16, 8}
	fromBoolLoops   = [4]func(dst, src *byte, n int, one uint64){fromBool1, fromBool2, fromBool4, fromBool8}
	fromBoolLoopsNT = [4]func(dst, src *byte, n int, one uint64){fromBool1NT, fromBool2NT, fromBool4NT, fromBool8NT}
	fromBoolBlocks  = [4]int{128, 64, 32, 16}
)

// registerBool installs the bool kernels between bool and t, whose
// elements are 1<<lg bytes; mask selects the bits that make a value
// non-zero and one is the pattern of 1.
func registerBool(t dtype.DType, lg int, mask, one uint64) {
	to, toNT := toBoolLoops[lg], toBoolLoopsNT[lg]
	var ntTo loop
	if toNT != nil {
		ntTo = func(d, s *byte, n int) { toNT(d, s, n, mask) }
	}
	setNT(dtype.Bool, t, func(d, s *byte, n int) { to(d, s, n, mask) }, ntTo, toBoolBlocks[lg])
	from, fromNT := fromBoolLoops[lg], fromBoolLoopsNT[lg]
	setNT(t, dtype.Bool, func(d, s *byte, n int) { from(d, s, n, one) },
		func(d, s *byte, n int) { fromNT(d, s, n, one) }, fromBoolBlocks[lg])
}

// bulk makes a kernel from an assembly loop over whole blocks of block
// elements (a power of two), its non-temporal twin nt (or nil) and the
// pure-Go twin for the head and the tail. From ntMin bytes of output the
// non-temporal loop runs, after a head that aligns dst to 64 bytes (when
// dst is aligned to its element size; else the ordinary loop runs).
func bulk(lp, nt loop, block, dsize, ssize int, tail Kernel) Kernel {
	return func(dst, src []byte) {
		n := count(dst, src, dsize, ssize)
		i := 0
		if nt != nil && n*dsize >= ntMin {
			if p := uintptr(unsafe.Pointer(unsafe.SliceData(dst))); p%uintptr(dsize) == 0 {
				h := int(-p&63) / dsize
				if m := (n - h) &^ (block - 1); m > 0 {
					tail(dst[:h*dsize], src[:h*ssize])
					nt(&dst[h*dsize], &src[h*ssize], m)
					i = h + m
				}
			}
		}
		if m := (n - i) &^ (block - 1); m > 0 {
			lp(&dst[i*dsize], &src[i*ssize], m)
			i += m
		}
		if i < n {
			tail(dst[i*dsize:n*dsize], src[i*ssize:n*ssize])
		}
	}
}

// set installs an assembly kernel for dst <- src.
func set(dst, src dtype.DType, lp loop, block int) {
	setNT(dst, src, lp, nil, block)
}

// setNT installs an assembly kernel for dst <- src with a non-temporal
// twin of its loop.
func setNT(dst, src dtype.DType, lp, nt loop, block int) {
	table[dst][src] = bulk(lp, nt, block, dst.Bits()/8, src.Bits()/8, pure[dst][src])
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
	if !avx512 {
		return
	}
	set(dtype.F16, dtype.F32, cvtF32F16, 32)
	setNT(dtype.F32, dtype.F16, cvtF16F32, cvtF16F32NT, 32)
	set(dtype.BF16, dtype.F32, cvtF32BF16, 16)
	setNT(dtype.F32, dtype.BF16, cvtBF16F32, cvtBF16F32NT, 32)
	setNT(dtype.F64, dtype.F32, cvtF32F64, cvtF32F64NT, 16)
	set(dtype.F32, dtype.F64, cvtF64F32, 16)

	set(dtype.I32, dtype.F32, cvtF32I32, 16)
	set(dtype.U32, dtype.F32, cvtF32U32, 16)
	setNT(dtype.I64, dtype.F32, cvtF32I64, cvtF32I64NT, 16)
	setNT(dtype.U64, dtype.F32, cvtF32U64, cvtF32U64NT, 16)
	set(dtype.I8, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow8(d, s, n, f32bits(-128), f32bits(127)) }, 16)
	set(dtype.U8, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow8(d, s, n, f32bits(0), f32bits(255)) }, 16)
	set(dtype.I16, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow16(d, s, n, f32bits(-32768), f32bits(32767)) }, 16)
	set(dtype.U16, dtype.F32, func(d, s *byte, n int) { cvtF32Narrow16(d, s, n, f32bits(0), f32bits(65535)) }, 16)

	setNT(dtype.F32, dtype.I8, cvtI8F32, cvtI8F32NT, 32)
	setNT(dtype.F32, dtype.U8, cvtU8F32, cvtU8F32NT, 32)
	setNT(dtype.F32, dtype.I16, cvtI16F32, cvtI16F32NT, 32)
	setNT(dtype.F32, dtype.U16, cvtU16F32, cvtU16F32NT, 32)
	setNT(dtype.F32, dtype.I32, cvtI32F32, cvtI32F32NT, 32)
	setNT(dtype.F32, dtype.U32, cvtU32F32, cvtU32F32NT, 32)
	set(dtype.F32, dtype.I64, cvtI64F32, 8)
	set(dtype.F32, dtype.U64, cvtU64F32, 8)

	set(dtype.I32, dtype.F64, cvtF64I32, 16)
	set(dtype.U32, dtype.F64, cvtF64U32, 16)
	setNT(dtype.I64, dtype.F64, cvtF64I64, cvtF64I64NT, 16)
	setNT(dtype.U64, dtype.F64, cvtF64U64, cvtF64U64NT, 16)
	set(dtype.I8, dtype.F64, func(d, s *byte, n int) { cvtF64Narrow8(d, s, n, f64bits(-128), f64bits(127)) }, 16)
	set(dtype.U8, dtype.F64, func(d, s *byte, n int) { cvtF64Narrow8(d, s, n, f64bits(0), f64bits(255)) }, 16)
	set(dtype.I16, dtype.F64, func(d, s *byte, n int) { cvtF64Narrow16(d, s, n, f64bits(-32768), f64bits(32767)) }, 16)
	set(dtype.U16, dtype.F64, func(d, s *byte, n int) { cvtF64Narrow16(d, s, n, f64bits(0), f64bits(65535)) }, 16)

	setNT(dtype.F64, dtype.I8, cvtI8F64, cvtI8F64NT, 16)
	setNT(dtype.F64, dtype.U8, cvtU8F64, cvtU8F64NT, 16)
	setNT(dtype.F64, dtype.I16, cvtI16F64, cvtI16F64NT, 16)
	setNT(dtype.F64, dtype.U16, cvtU16F64, cvtU16F64NT, 16)
	setNT(dtype.F64, dtype.I32, cvtI32F64, cvtI32F64NT, 16)
	setNT(dtype.F64, dtype.U32, cvtU32F64, cvtU32F64NT, 16)
	setNT(dtype.F64, dtype.I64, cvtI64F64, cvtI64F64NT, 16)
	setNT(dtype.F64, dtype.U64, cvtU64F64, cvtU64F64NT, 16)

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
			setNT(dtype.F32, dtype.DType(t), func(d, s *byte, n int) { cvtF8F32(d, s, n, &p.toF32) },
				func(d, s *byte, n int) { cvtF8F32NT(d, s, n, &p.toF32) }, 32)
		}
	}
}

func f32bits(f float32) uint32 { return math.Float32bits(f) }

func f64bits(f float64) uint64 { return math.Float64bits(f) }
