//go:build !purego

#include "textflag.h"

// Every kernel takes (dst, src *byte, n int[, params]) with n a positive
// multiple of its block (the Go side converts the tail) and uses unaligned
// loads and stores. Rounding follows MXCSR, which Go leaves at round to
// nearest even with no flush-to-zero and no denormals-are-zero.

#define ARGS MOVQ dst+0(FP), DI; MOVQ src+8(FP), SI; MOVQ n+16(FP), CX

// func cvtF32F16(dst, src *byte, n int) — block 32; F16C + AVX-512.
// VCVTPS2PH with imm 0 rounds to nearest even, keeps subnormals, and makes
// a NaN quiet keeping its top payload bits.
TEXT ·cvtF32F16(SB), NOSPLIT, $0-24
	ARGS
loop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VCVTPS2PH $0, Z0, (DI)
	VCVTPS2PH $0, Z1, 32(DI)
	ADDQ $128, SI
	ADDQ $64, DI
	SUBQ $32, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32F16AVX2(dst, src *byte, n int) — block 16; F16C + AVX.
TEXT ·cvtF32F16AVX2(SB), NOSPLIT, $0-24
	ARGS
loop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VCVTPS2PH $0, Y0, (DI)
	VCVTPS2PH $0, Y1, 16(DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF16F32(dst, src *byte, n int) — block 32; F16C + AVX-512.
// VCVTPH2PS is exact; a signalling NaN comes out quiet.
TEXT ·cvtF16F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VCVTPH2PS (SI), Z0
	VCVTPH2PS 32(SI), Z1
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	ADDQ $64, SI
	ADDQ $128, DI
	SUBQ $32, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF16F32AVX2(dst, src *byte, n int) — block 16; F16C + AVX.
TEXT ·cvtF16F32AVX2(SB), NOSPLIT, $0-24
	ARGS
loop:
	VCVTPH2PS (SI), Y0
	VCVTPH2PS 16(SI), Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32BF16(dst, src *byte, n int) — block 16; AVX-512F.
// Integer rounding (VCVTNEPS2BF16 would flush subnormals): the result is
// (x + 0x7fff + bit16(x)) >> 16, or for a NaN (x | quiet) >> 16.
TEXT ·cvtF32BF16(SB), NOSPLIT, $0-24
	ARGS
	MOVL $0x7fff, AX
	VPBROADCASTD AX, Z10
	MOVL $1, AX
	VPBROADCASTD AX, Z11
	MOVL $0x7fffffff, AX
	VPBROADCASTD AX, Z12
	MOVL $0x7f800000, AX
	VPBROADCASTD AX, Z13
	MOVL $0x00400000, AX
	VPBROADCASTD AX, Z14
loop:
	VMOVDQU32 (SI), Z0
	VPSRLD $16, Z0, Z1
	VPANDD Z11, Z1, Z1
	VPADDD Z10, Z0, Z2
	VPADDD Z1, Z2, Z2
	VPANDD Z12, Z0, Z3
	VPCMPUD $6, Z13, Z3, K1
	VPORD Z14, Z0, K1, Z2
	VPSRLD $16, Z2, Z2
	VPMOVDW Z2, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtBF16F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtBF16F32(SB), NOSPLIT, $0-24
	ARGS
	MOVL $0x7fffffff, AX
	VPBROADCASTD AX, Z12
	MOVL $0x7f800000, AX
	VPBROADCASTD AX, Z13
	MOVL $0x00400000, AX
	VPBROADCASTD AX, Z14
loop:
	VPMOVZXWD (SI), Z0
	VPSLLD $16, Z0, Z0
	VPANDD Z12, Z0, Z3
	VPCMPUD $6, Z13, Z3, K1
	VPORD Z14, Z0, K1, Z0
	VMOVDQU32 Z0, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32F64(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtF32F64(SB), NOSPLIT, $0-24
	ARGS
loop:
	VCVTPS2PD (SI), Z0
	VCVTPS2PD 32(SI), Z1
	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	ADDQ $64, SI
	ADDQ $128, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF64F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtF64F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z1
	VCVTPD2PS Z0, Y0
	VCVTPD2PS Z1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $128, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32I32(dst, src *byte, n int) — block 16; AVX-512F.
// Truncation gives 0x80000000 for NaN and out of range: NaN lanes are
// zeroed, lanes >= 2^31 set to the maximum; below -2^31 the result is
// already the minimum.
TEXT ·cvtF32I32(SB), NOSPLIT, $0-24
	ARGS
	MOVL $0x4f000000, AX // 2^31
	VPBROADCASTD AX, Z10
	MOVL $0x7fffffff, AX
	VPBROADCASTD AX, Z11
loop:
	VMOVUPS (SI), Z0
	VCMPPS $7, Z0, Z0, K1
	VCMPPS $29, Z10, Z0, K2
	VCVTTPS2DQ.Z Z0, K1, Z1
	VMOVDQA32 Z11, K2, Z1
	VMOVDQU32 Z1, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32U32(dst, src *byte, n int) — block 16; AVX-512F.
// Negative lanes are raised to 0 first; at 2^32 and above the unsigned
// truncation gives 0xffffffff, the saturated value; NaN lanes are zeroed.
TEXT ·cvtF32U32(SB), NOSPLIT, $0-24
	ARGS
	VPXORD Z10, Z10, Z10
loop:
	VMOVUPS (SI), Z0
	VCMPPS $7, Z0, Z0, K1
	VMAXPS Z10, Z0, Z0
	VCVTTPS2UDQ.Z Z0, K1, Z1
	VMOVDQU32 Z1, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32I64(dst, src *byte, n int) — block 8; AVX-512DQ.
TEXT ·cvtF32I64(SB), NOSPLIT, $0-24
	ARGS
	MOVL $0x5f000000, AX // 2^63
	VPBROADCASTD AX, Y10
	MOVQ $0x7fffffffffffffff, AX
	VPBROADCASTQ AX, Z11
loop:
	VMOVUPS (SI), Y0
	VCMPPS $7, Y0, Y0, K1
	VCMPPS $29, Y10, Y0, K2
	VCVTTPS2QQ.Z Y0, K1, Z1
	VMOVDQA64 Z11, K2, Z1
	VMOVDQU64 Z1, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32U64(dst, src *byte, n int) — block 8; AVX-512DQ.
TEXT ·cvtF32U64(SB), NOSPLIT, $0-24
	ARGS
	VPXORD Y10, Y10, Y10
loop:
	VMOVUPS (SI), Y0
	VCMPPS $7, Y0, Y0, K1
	VMAXPS Y10, Y0, Y0
	VCVTTPS2UQQ.Z Y0, K1, Z1
	VMOVDQU64 Z1, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32Narrow8(dst, src *byte, n int, lo, hi uint32) — block 16;
// AVX-512F. For i8 and u8: clamp to [lo, hi] (f32 patterns), truncate,
// zero NaN lanes, store the low bytes.
TEXT ·cvtF32Narrow8(SB), NOSPLIT, $0-32
	ARGS
	MOVL lo+24(FP), AX
	VPBROADCASTD AX, Z10
	MOVL hi+28(FP), AX
	VPBROADCASTD AX, Z11
loop:
	VMOVUPS (SI), Z0
	VCMPPS $7, Z0, Z0, K1
	VMAXPS Z10, Z0, Z0
	VMINPS Z11, Z0, Z0
	VCVTTPS2DQ.Z Z0, K1, Z1
	VPMOVDB Z1, (DI)
	ADDQ $64, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32Narrow16(dst, src *byte, n int, lo, hi uint32) — block 16;
// AVX-512F. For i16 and u16, as cvtF32Narrow8.
TEXT ·cvtF32Narrow16(SB), NOSPLIT, $0-32
	ARGS
	MOVL lo+24(FP), AX
	VPBROADCASTD AX, Z10
	MOVL hi+28(FP), AX
	VPBROADCASTD AX, Z11
loop:
	VMOVUPS (SI), Z0
	VCMPPS $7, Z0, Z0, K1
	VMAXPS Z10, Z0, Z0
	VMINPS Z11, Z0, Z0
	VCVTTPS2DQ.Z Z0, K1, Z1
	VPMOVDW Z1, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// Integers to f32: widen the narrow ones exactly, then convert (rounding
// to nearest even where the value needs more than 24 bits).

// func cvtI8F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtI8F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VPMOVSXBD (SI), Z0
	VCVTDQ2PS Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $16, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtU8F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtU8F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VPMOVZXBD (SI), Z0
	VCVTDQ2PS Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $16, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtI16F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtI16F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VPMOVSXWD (SI), Z0
	VCVTDQ2PS Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtU16F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtU16F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VPMOVZXWD (SI), Z0
	VCVTDQ2PS Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtI32F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtI32F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VMOVDQU32 (SI), Z0
	VCVTDQ2PS Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtU32F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtU32F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VMOVDQU32 (SI), Z0
	VCVTUDQ2PS Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtI64F32(dst, src *byte, n int) — block 8; AVX-512DQ.
TEXT ·cvtI64F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VMOVDQU64 (SI), Z0
	VCVTQQ2PS Z0, Y0
	VMOVUPS Y0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtU64F32(dst, src *byte, n int) — block 8; AVX-512DQ.
TEXT ·cvtU64F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VMOVDQU64 (SI), Z0
	VCVTUQQ2PS Z0, Y0
	VMOVUPS Y0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF32F8(dst, src *byte, n int, p *f8Params) — block 16; AVX-512F.
// The lane-by-lane form of f8Params.fromF32.
TEXT ·cvtF32F8(SB), NOSPLIT, $0-32
	ARGS
	MOVQ p+24(FP), AX
	VPBROADCASTD 0(AX), Z20  // minNormal
	VPBROADCASTD 4(AX), Z21  // rebias
	VPBROADCASTD 8(AX), Z22  // halfMinus1
	VPBROADCASTD 12(AX), Z23 // magic
	VPBROADCASTD 16(AX), Z24 // maxMag
	VPBROADCASTD 20(AX), Z25 // ovf
	VPBROADCASTD 24(AX), Z26 // nanMant
	VPBROADCASTD 28(AX), Z27 // nanBase
	VPBROADCASTD 32(AX), Z28 // shift
	KMOVW 36(AX), K5         // zeroSign
	MOVL $0x7fffffff, BX
	VPBROADCASTD BX, Z29
	MOVL $0x7f800000, BX
	VPBROADCASTD BX, Z30
	MOVL $1, BX
	VPBROADCASTD BX, Z31
	MOVL $0x80, BX
	VPBROADCASTD BX, Z19
loop:
	VMOVDQU32 (SI), Z0
	VPANDD Z29, Z0, Z1      // a = |x|
	VPSRLD $24, Z0, Z2
	VPANDD Z19, Z2, Z2      // sign at bit 7
	// normal path
	VPSUBD Z21, Z1, Z3      // t = a - rebias
	VPSRLVD Z28, Z3, Z4     // t >> shift
	VPANDD Z31, Z4, Z4      // lsb
	VPADDD Z22, Z3, Z3
	VPADDD Z4, Z3, Z3
	VPSRLVD Z28, Z3, Z3     // r (normal)
	// subnormal path
	VADDPS Z23, Z1, Z5
	VPSUBD Z23, Z5, Z5      // r (subnormal)
	VPCMPUD $1, Z20, Z1, K1 // a < minNormal
	VMOVDQA32 Z5, K1, Z3
	// overflow and NaN
	VPCMPUD $6, Z24, Z3, K2 // r > maxMag
	VMOVDQA32 Z25, K2, Z3
	VPCMPUD $6, Z30, Z1, K3 // a > inf: NaN
	VPSRLVD Z28, Z1, Z6
	VPANDD Z26, Z6, Z6
	VPORD Z27, Z6, Z6
	VMOVDQA32 Z6, K3, Z3
	// fnuz: a zero result has no sign
	VPTESTMD Z3, Z3, K4
	KORW K5, K4, K4
	VPORD Z2, Z3, K4, Z3
	VPMOVDB Z3, (DI)
	ADDQ $64, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF8F32(dst, src *byte, n int, table *[256]uint32) — block 16;
// AVX-512F: a gather from the 1 KiB table.
TEXT ·cvtF8F32(SB), NOSPLIT, $0-32
	ARGS
	MOVQ table+24(FP), AX
loop:
	VPMOVZXBD (SI), Z0
	KXNORW K1, K1, K1
	VPGATHERDD (AX)(Z0*4), K1, Z1
	VMOVDQU32 Z1, (DI)
	ADDQ $16, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// Bool kernels, AVX-512F/BW. To bool: a lane is true when its bits under
// mask (a float's without the sign) are not all zero. From bool: a
// non-zero byte gives the pattern one, a zero byte 0.

// func toBool1(dst, src *byte, n int, mask uint64) — block 64.
TEXT ·toBool1(SB), NOSPLIT, $0-32
	ARGS
	MOVQ mask+24(FP), AX
	VPBROADCASTB AX, Z10
	MOVL $1, AX
	VPBROADCASTB AX, Z11
loop:
	VMOVDQU8 (SI), Z0
	VPTESTMB Z10, Z0, K1
	VMOVDQU8.Z Z11, K1, Z1
	VMOVDQU8 Z1, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	JNZ  loop
	VZEROUPPER
	RET

// func toBool2(dst, src *byte, n int, mask uint64) — block 32.
TEXT ·toBool2(SB), NOSPLIT, $0-32
	ARGS
	MOVQ mask+24(FP), AX
	VPBROADCASTW AX, Z10
	MOVL $1, AX
	VPBROADCASTW AX, Z11
loop:
	VMOVDQU16 (SI), Z0
	VPTESTMW Z10, Z0, K1
	VMOVDQU16.Z Z11, K1, Z1
	VPMOVWB Z1, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	SUBQ $32, CX
	JNZ  loop
	VZEROUPPER
	RET

// func toBool4(dst, src *byte, n int, mask uint64) — block 16.
TEXT ·toBool4(SB), NOSPLIT, $0-32
	ARGS
	MOVQ mask+24(FP), AX
	VPBROADCASTD AX, Z10
	MOVL $1, AX
	VPBROADCASTD AX, Z11
loop:
	VMOVDQU32 (SI), Z0
	VPTESTMD Z10, Z0, K1
	VMOVDQA32.Z Z11, K1, Z1
	VPMOVDB Z1, (DI)
	ADDQ $64, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func toBool8(dst, src *byte, n int, mask uint64) — block 8.
TEXT ·toBool8(SB), NOSPLIT, $0-32
	ARGS
	MOVQ mask+24(FP), AX
	VPBROADCASTQ AX, Z10
	MOVL $1, AX
	VPBROADCASTQ AX, Z11
loop:
	VMOVDQU64 (SI), Z0
	VPTESTMQ Z10, Z0, K1
	VMOVDQA64.Z Z11, K1, Z1
	VPMOVQB Z1, (DI)
	ADDQ $64, SI
	ADDQ $8, DI
	SUBQ $8, CX
	JNZ  loop
	VZEROUPPER
	RET

// func fromBool1(dst, src *byte, n int, one uint64) — block 64.
TEXT ·fromBool1(SB), NOSPLIT, $0-32
	ARGS
	MOVQ one+24(FP), AX
	VPBROADCASTB AX, Z10
loop:
	VMOVDQU8 (SI), Z0
	VPTESTMB Z0, Z0, K1
	VMOVDQU8.Z Z10, K1, Z1
	VMOVDQU8 Z1, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $64, CX
	JNZ  loop
	VZEROUPPER
	RET

// func fromBool2(dst, src *byte, n int, one uint64) — block 32.
TEXT ·fromBool2(SB), NOSPLIT, $0-32
	ARGS
	MOVQ one+24(FP), AX
	VPBROADCASTW AX, Z10
loop:
	VPMOVZXBW (SI), Z0
	VPTESTMW Z0, Z0, K1
	VMOVDQU16.Z Z10, K1, Z1
	VMOVDQU16 Z1, (DI)
	ADDQ $32, SI
	ADDQ $64, DI
	SUBQ $32, CX
	JNZ  loop
	VZEROUPPER
	RET

// func fromBool4(dst, src *byte, n int, one uint64) — block 16.
TEXT ·fromBool4(SB), NOSPLIT, $0-32
	ARGS
	MOVQ one+24(FP), AX
	VPBROADCASTD AX, Z10
loop:
	VPMOVZXBD (SI), Z0
	VPTESTMD Z0, Z0, K1
	VMOVDQA32.Z Z10, K1, Z1
	VMOVDQU32 Z1, (DI)
	ADDQ $16, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func fromBool8(dst, src *byte, n int, one uint64) — block 8.
TEXT ·fromBool8(SB), NOSPLIT, $0-32
	ARGS
	MOVQ one+24(FP), AX
	VPBROADCASTQ AX, Z10
loop:
	VPMOVZXBQ (SI), Z0
	VPTESTMQ Z0, Z0, K1
	VMOVDQA64.Z Z10, K1, Z1
	VMOVDQU64 Z1, (DI)
	ADDQ $8, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  loop
	VZEROUPPER
	RET
