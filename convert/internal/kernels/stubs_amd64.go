//go:build !purego

package kernels

import (
	"math"
	"math/bits"

	"github.com/promote-dev/promote/dtype"
	"golang.org/x/sys/cpu"
)

// The assembly kernels. Each converts n elements, n a positive multiple
// of its block; fast.run below adds the head and the tail. The kernels in
// widen_amd64.s, narrow_amd64.s and half_amd64.s, and the widening ones
// in chain_amd64.s, come in pairs: NAME with ordinary stores and NAME+NT
// with non-temporal ones, which need dst aligned to 64 bytes and an
// sfence after the last of them.

//go:noescape
func cvtF32F16(dst, src *byte, n int)

//go:noescape
func cvtF32F16NT(dst, src *byte, n int)

//go:noescape
func cvtF32F16AVX2(dst, src *byte, n int)

//go:noescape
func cvtF16F32AVX2(dst, src *byte, n int)

//go:noescape
func cvtF32BF16(dst, src *byte, n int)

//go:noescape
func cvtF32BF16NT(dst, src *byte, n int)

//go:noescape
func cvtF64F32(dst, src *byte, n int)

//go:noescape
func cvtF64F32NT(dst, src *byte, n int)

//go:noescape
func cvtF32I32(dst, src *byte, n int)

//go:noescape
func cvtF32I32NT(dst, src *byte, n int)

//go:noescape
func cvtF32U32(dst, src *byte, n int)

//go:noescape
func cvtF32U32NT(dst, src *byte, n int)

//go:noescape
func cvtI64F32(dst, src *byte, n int)

//go:noescape
func cvtI64F32NT(dst, src *byte, n int)

//go:noescape
func cvtU64F32(dst, src *byte, n int)

//go:noescape
func cvtU64F32NT(dst, src *byte, n int)

//go:noescape
func cvtF64I32(dst, src *byte, n int)

//go:noescape
func cvtF64I32NT(dst, src *byte, n int)

//go:noescape
func cvtF64U32(dst, src *byte, n int)

//go:noescape
func cvtF64U32NT(dst, src *byte, n int)

//go:noescape
func cvtF32Narrow8(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtF32Narrow8NT(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtF32Narrow16(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtF32Narrow16NT(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func cvtF64Narrow8(dst, src *byte, n int, lo, hi uint64)

//go:noescape
func cvtF64Narrow8NT(dst, src *byte, n int, lo, hi uint64)

//go:noescape
func cvtF64Narrow16(dst, src *byte, n int, lo, hi uint64)

//go:noescape
func cvtF64Narrow16NT(dst, src *byte, n int, lo, hi uint64)

//go:noescape
func toBool2(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool2NT(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool4(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool4NT(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool8(dst, src *byte, n int, mask uint64)

//go:noescape
func toBool8NT(dst, src *byte, n int, mask uint64)

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

// sfence makes the non-temporal stores before it visible (widen_amd64.s).
//
//go:noescape
func sfence()

// The kernels of chain_amd64.s.

//go:noescape
func sxBW(dst, src *byte, n int)

//go:noescape
func sxBWNT(dst, src *byte, n int)

//go:noescape
func zxBW(dst, src *byte, n int)

//go:noescape
func zxBWNT(dst, src *byte, n int)

//go:noescape
func sxBD(dst, src *byte, n int)

//go:noescape
func sxBDNT(dst, src *byte, n int)

//go:noescape
func zxBD(dst, src *byte, n int)

//go:noescape
func zxBDNT(dst, src *byte, n int)

//go:noescape
func sxBQ(dst, src *byte, n int)

//go:noescape
func sxBQNT(dst, src *byte, n int)

//go:noescape
func zxBQ(dst, src *byte, n int)

//go:noescape
func zxBQNT(dst, src *byte, n int)

//go:noescape
func sxWD(dst, src *byte, n int)

//go:noescape
func sxWDNT(dst, src *byte, n int)

//go:noescape
func zxWD(dst, src *byte, n int)

//go:noescape
func zxWDNT(dst, src *byte, n int)

//go:noescape
func sxWQ(dst, src *byte, n int)

//go:noescape
func sxWQNT(dst, src *byte, n int)

//go:noescape
func zxWQ(dst, src *byte, n int)

//go:noescape
func zxWQNT(dst, src *byte, n int)

//go:noescape
func sxDQ(dst, src *byte, n int)

//go:noescape
func sxDQNT(dst, src *byte, n int)

//go:noescape
func zxDQ(dst, src *byte, n int)

//go:noescape
func zxDQNT(dst, src *byte, n int)

//go:noescape
func truncWB(dst, src *byte, n int)

//go:noescape
func truncWBNT(dst, src *byte, n int)

//go:noescape
func truncDB(dst, src *byte, n int)

//go:noescape
func truncDBNT(dst, src *byte, n int)

//go:noescape
func truncDW(dst, src *byte, n int)

//go:noescape
func truncDWNT(dst, src *byte, n int)

//go:noescape
func truncQB(dst, src *byte, n int)

//go:noescape
func truncQBNT(dst, src *byte, n int)

//go:noescape
func truncQW(dst, src *byte, n int)

//go:noescape
func truncQWNT(dst, src *byte, n int)

//go:noescape
func truncQD(dst, src *byte, n int)

//go:noescape
func truncQDNT(dst, src *byte, n int)

//go:noescape
func rtoF64F32(dst, src *byte, n int)

//go:noescape
func rtoI64F32(dst, src *byte, n int)

//go:noescape
func rtoU64F32(dst, src *byte, n int)

//go:noescape
func rtoI32F32(dst, src *byte, n int)

//go:noescape
func rtoU32F32(dst, src *byte, n int)

// The kernels of half_amd64.s.

//go:noescape
func f16Narrow8(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func f16Narrow8NT(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func f16Narrow16(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func f16Narrow16NT(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func bf16Narrow8(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func bf16Narrow8NT(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func bf16Narrow16(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func bf16Narrow16NT(dst, src *byte, n int, lo, hi uint32)

//go:noescape
func bf16F16(dst, src *byte, n int)

//go:noescape
func bf16F16NT(dst, src *byte, n int)

//go:noescape
func i8F16(dst, src *byte, n int)

//go:noescape
func i8F16NT(dst, src *byte, n int)

//go:noescape
func u8F16(dst, src *byte, n int)

//go:noescape
func u8F16NT(dst, src *byte, n int)

//go:noescape
func i16F16(dst, src *byte, n int)

//go:noescape
func i16F16NT(dst, src *byte, n int)

//go:noescape
func u16F16(dst, src *byte, n int)

//go:noescape
func u16F16NT(dst, src *byte, n int)

//go:noescape
func f16BF16(dst, src *byte, n int)

//go:noescape
func f16BF16NT(dst, src *byte, n int)

//go:noescape
func i8BF16(dst, src *byte, n int)

//go:noescape
func i8BF16NT(dst, src *byte, n int)

//go:noescape
func u8BF16(dst, src *byte, n int)

//go:noescape
func u8BF16NT(dst, src *byte, n int)

//go:noescape
func i16BF16(dst, src *byte, n int)

//go:noescape
func i16BF16NT(dst, src *byte, n int)

//go:noescape
func u16BF16(dst, src *byte, n int)

//go:noescape
func u16BF16NT(dst, src *byte, n int)

// The bool loops by element size (index log2 of bytes), with their
// blocks (toBool8's is toBool8NT's, twice its own).
var (
	toBoolLoops     = [4]func(dst, src *byte, n int, mask uint64){toBool1, toBool2, toBool4, toBool8}
	toBoolLoopsNT   = [4]func(dst, src *byte, n int, mask uint64){toBool1NT, toBool2NT, toBool4NT, toBool8NT}
	toBoolBlocks    = [4]int{128, 32, 16, 16}
	fromBoolLoops   = [4]func(dst, src *byte, n int, one uint64){fromBool1, fromBool2, fromBool4, fromBool8}
	fromBoolLoopsNT = [4]func(dst, src *byte, n int, one uint64){fromBool1NT, fromBool2NT, fromBool4NT, fromBool8NT}
	fromBoolBlocks  = [4]int{128, 64, 32, 16}
)

// registerBool installs the bool kernels between bool and t, whose
// elements are 1<<lg bytes; mask selects the bits that make a value
// non-zero and one is the pattern of 1.
func registerBool(t dtype.DType, lg int, mask, one uint64) {
	to, toNT := toBoolLoops[lg], toBoolLoopsNT[lg]
	setNT(dtype.Bool, t, func(d, s *byte, n int) { to(d, s, n, mask) },
		func(d, s *byte, n int) { toNT(d, s, n, mask) }, toBoolBlocks[lg])
	from, fromNT := fromBoolLoops[lg], fromBoolLoopsNT[lg]
	setNT(t, dtype.Bool, func(d, s *byte, n int) { from(d, s, n, one) },
		func(d, s *byte, n int) { fromNT(d, s, n, one) }, fromBoolBlocks[lg])
}

// registerFastHalves installs the direct kernels of half_amd64.s in place
// of the chains for the pairs of f16 and bf16 with each other and with the
// 8- and 16-bit integers.
func registerFastHalves() {
	type narrowLoop = func(dst, src *byte, n int, lo, hi uint32)
	narrow := func(d, s dtype.DType, lp, nt narrowLoop, lo, hi float32) {
		a, b := f32bits(lo), f32bits(hi)
		setNT(d, s, func(dp, sp *byte, n int) { lp(dp, sp, n, a, b) }, func(dp, sp *byte, n int) { nt(dp, sp, n, a, b) }, 64)
	}
	for _, h := range []struct {
		t                    dtype.DType
		n8, n8NT, n16, n16NT narrowLoop
	}{
		{dtype.F16, f16Narrow8, f16Narrow8NT, f16Narrow16, f16Narrow16NT},
		{dtype.BF16, bf16Narrow8, bf16Narrow8NT, bf16Narrow16, bf16Narrow16NT},
	} {
		narrow(dtype.I8, h.t, h.n8, h.n8NT, -128, 127)
		narrow(dtype.U8, h.t, h.n8, h.n8NT, 0, 255)
		narrow(dtype.I16, h.t, h.n16, h.n16NT, -32768, 32767)
		narrow(dtype.U16, h.t, h.n16, h.n16NT, 0, 65535)
	}
	setNT(dtype.F16, dtype.BF16, bf16F16, bf16F16NT, 64)
	setNT(dtype.BF16, dtype.F16, f16BF16, f16BF16NT, 64)
	setNT(dtype.F16, dtype.I8, i8F16, i8F16NT, 64)
	setNT(dtype.F16, dtype.U8, u8F16, u8F16NT, 64)
	setNT(dtype.F16, dtype.I16, i16F16, i16F16NT, 64)
	setNT(dtype.F16, dtype.U16, u16F16, u16F16NT, 64)
	setNT(dtype.BF16, dtype.I8, i8BF16, i8BF16NT, 64)
	setNT(dtype.BF16, dtype.U8, u8BF16, u8BF16NT, 64)
	setNT(dtype.BF16, dtype.I16, i16BF16, i16BF16NT, 64)
	setNT(dtype.BF16, dtype.U16, u16BF16, u16BF16NT, 64)
}

// registerFastIntInt installs the integer to integer kernels: a copy
// between types of one size, extension or truncation otherwise.
func registerFastIntInt() {
	type widen struct {
		lp, nt loop
		block  int
	}
	// By log2 of the source and destination sizes in bytes, for signed
	// and unsigned sources.
	var sx, zx [4][4]widen
	sx[0][1], zx[0][1] = widen{sxBW, sxBWNT, 64}, widen{zxBW, zxBWNT, 64}
	sx[0][2], zx[0][2] = widen{sxBD, sxBDNT, 32}, widen{zxBD, zxBDNT, 32}
	sx[0][3], zx[0][3] = widen{sxBQ, sxBQNT, 16}, widen{zxBQ, zxBQNT, 16}
	sx[1][2], zx[1][2] = widen{sxWD, sxWDNT, 32}, widen{zxWD, zxWDNT, 32}
	sx[1][3], zx[1][3] = widen{sxWQ, sxWQNT, 16}, widen{zxWQ, zxWQNT, 16}
	sx[2][3], zx[2][3] = widen{sxDQ, sxDQNT, 16}, widen{zxDQ, zxDQNT, 16}
	var trunc [4][4]widen
	trunc[1][0] = widen{truncWB, truncWBNT, 64}
	trunc[2][0] = widen{truncDB, truncDBNT, 32}
	trunc[2][1] = widen{truncDW, truncDWNT, 32}
	trunc[3][0] = widen{truncQB, truncQBNT, 32} // truncQBNT's block; truncQB's is 16
	trunc[3][1] = widen{truncQW, truncQWNT, 16}
	trunc[3][2] = widen{truncQD, truncQDNT, 16}
	lg := func(t dtype.DType) int { return bits.TrailingZeros(uint(t.Bits() / 8)) }
	for _, s := range intTypes {
		for _, d := range intTypes {
			ls, ld := lg(s), lg(d)
			switch {
			case d == s:
			case ls == ld:
				size := 1 << ls
				setRunner(d, s, func(dst, src []byte, _ bool) {
					n := count(dst, src, size, size)
					copy(dst[:n*size], src[:n*size])
				})
			case ls < ld && s.IsSigned():
				setNT(d, s, sx[ls][ld].lp, sx[ls][ld].nt, sx[ls][ld].block)
			case ls < ld:
				setNT(d, s, zx[ls][ld].lp, zx[ls][ld].nt, zx[ls][ld].block)
			default:
				setNT(d, s, trunc[ls][ld].lp, trunc[ls][ld].nt, trunc[ls][ld].block)
			}
		}
	}
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
	setNT(dtype.F16, dtype.F32, cvtF32F16, cvtF32F16NT, 32)
	setNT(dtype.F32, dtype.F16, cvtF16F32, cvtF16F32NT, 32)
	setNT(dtype.BF16, dtype.F32, cvtF32BF16, cvtF32BF16NT, 32)
	setNT(dtype.F32, dtype.BF16, cvtBF16F32, cvtBF16F32NT, 32)
	setNT(dtype.F64, dtype.F32, cvtF32F64, cvtF32F64NT, 16)
	setNT(dtype.F32, dtype.F64, cvtF64F32, cvtF64F32NT, 16)

	setNT(dtype.I32, dtype.F32, cvtF32I32, cvtF32I32NT, 32)
	setNT(dtype.U32, dtype.F32, cvtF32U32, cvtF32U32NT, 32)
	setNT(dtype.I64, dtype.F32, cvtF32I64, cvtF32I64NT, 16)
	setNT(dtype.U64, dtype.F32, cvtF32U64, cvtF32U64NT, 16)
	narrow := func(t dtype.DType, lp, nt func(dst, src *byte, n int, lo, hi uint32), lo, hi float32) {
		a, b := f32bits(lo), f32bits(hi)
		setNT(t, dtype.F32, func(d, s *byte, n int) { lp(d, s, n, a, b) }, func(d, s *byte, n int) { nt(d, s, n, a, b) }, 64)
	}
	narrow(dtype.I8, cvtF32Narrow8, cvtF32Narrow8NT, -128, 127)
	narrow(dtype.U8, cvtF32Narrow8, cvtF32Narrow8NT, 0, 255)
	narrow(dtype.I16, cvtF32Narrow16, cvtF32Narrow16NT, -32768, 32767)
	narrow(dtype.U16, cvtF32Narrow16, cvtF32Narrow16NT, 0, 65535)

	setNT(dtype.F32, dtype.I8, cvtI8F32, cvtI8F32NT, 32)
	setNT(dtype.F32, dtype.U8, cvtU8F32, cvtU8F32NT, 32)
	setNT(dtype.F32, dtype.I16, cvtI16F32, cvtI16F32NT, 32)
	setNT(dtype.F32, dtype.U16, cvtU16F32, cvtU16F32NT, 32)
	setNT(dtype.F32, dtype.I32, cvtI32F32, cvtI32F32NT, 32)
	setNT(dtype.F32, dtype.U32, cvtU32F32, cvtU32F32NT, 32)
	setNT(dtype.F32, dtype.I64, cvtI64F32, cvtI64F32NT, 8)
	setNT(dtype.F32, dtype.U64, cvtU64F32, cvtU64F32NT, 8)

	setNT(dtype.I32, dtype.F64, cvtF64I32, cvtF64I32NT, 16)
	setNT(dtype.U32, dtype.F64, cvtF64U32, cvtF64U32NT, 16)
	setNT(dtype.I64, dtype.F64, cvtF64I64, cvtF64I64NT, 16)
	setNT(dtype.U64, dtype.F64, cvtF64U64, cvtF64U64NT, 16)
	narrow64 := func(d dtype.DType, lp, nt func(dst, src *byte, n int, lo, hi uint64), lo, hi float64) {
		a, b := f64bits(lo), f64bits(hi)
		setNT(d, dtype.F64, func(dp, sp *byte, n int) { lp(dp, sp, n, a, b) }, func(dp, sp *byte, n int) { nt(dp, sp, n, a, b) }, 16)
	}
	narrow64(dtype.I8, cvtF64Narrow8, cvtF64Narrow8NT, -128, 127)
	narrow64(dtype.U8, cvtF64Narrow8, cvtF64Narrow8NT, 0, 255)
	narrow64(dtype.I16, cvtF64Narrow16, cvtF64Narrow16NT, -32768, 32767)
	narrow64(dtype.U16, cvtF64Narrow16, cvtF64Narrow16NT, 0, 65535)

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

	registerFastSmallEncode()
	for d := range f8LUTs {
		for s, lt := range f8LUTs[d] {
			if lt != nil && lt.fast {
				setRunner(dtype.DType(d), dtype.DType(s), lt.RunNT)
			}
		}
	}

	registerFastIntInt()
	odd := [dtype.Count]*fast{
		dtype.F64: {lp: rtoF64F32, block: 16, dsize: 4, ssize: 8, tail: goF64ToF32Odd},
		dtype.I32: {lp: rtoI32F32, block: 16, dsize: 4, ssize: 4, tail: goIntToF32Odd[int32]},
		dtype.I64: {lp: rtoI64F32, block: 16, dsize: 4, ssize: 8, tail: goIntToF32Odd[int64]},
		dtype.U32: {lp: rtoU32F32, block: 16, dsize: 4, ssize: 4, tail: goIntToF32Odd[uint32]},
		dtype.U64: {lp: rtoU64F32, block: 16, dsize: 4, ssize: 8, tail: goIntToF32Odd[uint64]},
	}
	var oddKernels [dtype.Count]Kernel
	for t, f := range odd {
		if f != nil {
			oddKernels[t] = f.kernel()
		}
	}
	registerFastChains(&oddKernels) // the chains are made of the kernels above
	registerFastHalves()            // and some give way to direct kernels
	registerOddHalves()
	registerHalfWide()
}

func f32bits(f float32) uint32 { return math.Float32bits(f) }

func f64bits(f float64) uint64 { return math.Float64bits(f) }
