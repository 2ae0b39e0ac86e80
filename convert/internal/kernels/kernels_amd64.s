//go:build !purego

#include "textflag.h"

// Every kernel takes (dst, src *byte, n int[, params]) with n a positive
// multiple of its block (the Go side converts the tail) and uses unaligned
// loads and stores. Rounding follows MXCSR, which Go leaves at round to
// nearest even with no flush-to-zero and no denormals-are-zero.

#define ARGS MOVQ dst+0(FP), DI; MOVQ src+8(FP), SI; MOVQ n+16(FP), CX

// PF is how far ahead of the loads, in bytes, the kernels that read more
// than they write prefetch the source, a line per 64 bytes read. The
// hardware prefetchers alone leave a single core well short of the read
// bandwidth a copy gets; 2 to 4 KiB ahead measured best on this machine
// (prefetches never fault, so reading ahead past the end is harmless).
#define PF 2048

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

// func cvtF64F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtF64F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	PREFETCHT0 PF(SI)
	PREFETCHT0 (PF+64)(SI)
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

// func cvtI64F32(dst, src *byte, n int) — block 8; AVX-512DQ.
TEXT ·cvtI64F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	PREFETCHT0 PF(SI)
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
	PREFETCHT0 PF(SI)
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
	PREFETCHT0 PF(SI)
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

// Bool kernels, AVX-512F/BW. To bool: a lane is true when its bits under
// mask (a float's without the sign) are not all zero. (From bool and the
// one-byte toBool1 are in widen_amd64.s.)

// func toBool2(dst, src *byte, n int, mask uint64) — block 32.
TEXT ·toBool2(SB), NOSPLIT, $0-32
	ARGS
	MOVQ mask+24(FP), AX
	VPBROADCASTW AX, Z10
	MOVL $1, AX
	VPBROADCASTW AX, Z11
loop:
	PREFETCHT0 PF(SI)
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
	PREFETCHT0 PF(SI)
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
	PREFETCHT0 PF(SI)
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

// f64 to the integers of 32 bits or fewer (f64 to i64 and u64 are in
// widen_amd64.s). Block 16: two vectors of 8 lanes per iteration.

// func cvtF64I32(dst, src *byte, n int) — block 16.
// Truncation gives 0x80000000 for NaN and out of range: NaN lanes are
// zeroed, lanes >= 2^31 set to the maximum; at or below -2^31 - 1 the
// result is already the minimum.
TEXT ·cvtF64I32(SB), NOSPLIT, $0-24
	ARGS
	MOVQ $0x41e0000000000000, AX // 2^31
	VPBROADCASTQ AX, Z10
	MOVL $0x7fffffff, AX
	VPBROADCASTD AX, Y11
loop:
	PREFETCHT0 PF(SI)
	PREFETCHT0 (PF+64)(SI)
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z1
	VCMPPD $7, Z0, Z0, K1
	VCMPPD $7, Z1, Z1, K2
	VCMPPD $29, Z10, Z0, K3
	VCMPPD $29, Z10, Z1, K4
	VCVTTPD2DQ.Z Z0, K1, Y2
	VCVTTPD2DQ.Z Z1, K2, Y3
	VMOVDQA32 Y11, K3, Y2
	VMOVDQA32 Y11, K4, Y3
	VMOVDQU32 Y2, (DI)
	VMOVDQU32 Y3, 32(DI)
	ADDQ $128, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF64U32(dst, src *byte, n int) — block 16.
// Lanes are raised to 0 first (VMAXPD gives its second operand, 0, for a
// NaN); at 2^32 and above the unsigned truncation gives 0xffffffff.
TEXT ·cvtF64U32(SB), NOSPLIT, $0-24
	ARGS
	VPXORQ Z10, Z10, Z10
loop:
	PREFETCHT0 PF(SI)
	PREFETCHT0 (PF+64)(SI)
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z1
	VMAXPD Z10, Z0, Z0
	VMAXPD Z10, Z1, Z1
	VCVTTPD2UDQ Z0, Y2
	VCVTTPD2UDQ Z1, Y3
	VMOVDQU32 Y2, (DI)
	VMOVDQU32 Y3, 32(DI)
	ADDQ $128, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF64Narrow8(dst, src *byte, n int, lo, hi uint64) — block 16.
// For i8 and u8: clamp to [lo, hi] (f64 patterns; VMAXPD turns a NaN into
// lo, so NaN lanes are zeroed by mask), truncate, store the low bytes.
TEXT ·cvtF64Narrow8(SB), NOSPLIT, $0-40
	ARGS
	MOVQ lo+24(FP), AX
	VPBROADCASTQ AX, Z10
	MOVQ hi+32(FP), AX
	VPBROADCASTQ AX, Z11
loop:
	PREFETCHT0 PF(SI)
	PREFETCHT0 (PF+64)(SI)
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z1
	VCMPPD $7, Z0, Z0, K1
	VCMPPD $7, Z1, Z1, K2
	VMAXPD Z10, Z0, Z0
	VMAXPD Z10, Z1, Z1
	VMINPD Z11, Z0, Z0
	VMINPD Z11, Z1, Z1
	VCVTTPD2DQ.Z Z0, K1, Y2
	VCVTTPD2DQ.Z Z1, K2, Y3
	VPMOVDB Y2, (DI)
	VPMOVDB Y3, 8(DI)
	ADDQ $128, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET

// func cvtF64Narrow16(dst, src *byte, n int, lo, hi uint64) — block 16.
// For i16 and u16, as cvtF64Narrow8.
TEXT ·cvtF64Narrow16(SB), NOSPLIT, $0-40
	ARGS
	MOVQ lo+24(FP), AX
	VPBROADCASTQ AX, Z10
	MOVQ hi+32(FP), AX
	VPBROADCASTQ AX, Z11
loop:
	PREFETCHT0 PF(SI)
	PREFETCHT0 (PF+64)(SI)
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z1
	VCMPPD $7, Z0, Z0, K1
	VCMPPD $7, Z1, Z1, K2
	VMAXPD Z10, Z0, Z0
	VMAXPD Z10, Z1, Z1
	VMINPD Z11, Z0, Z0
	VMINPD Z11, Z1, Z1
	VCVTTPD2DQ.Z Z0, K1, Y2
	VCVTTPD2DQ.Z Z1, K2, Y3
	VPMOVDW Y2, (DI)
	VPMOVDW Y3, 16(DI)
	ADDQ $128, SI
	ADDQ $32, DI
	SUBQ $16, CX
	JNZ  loop
	VZEROUPPER
	RET
