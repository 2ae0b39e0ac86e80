//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// The kernels whose output is at least as large as their input. Each is
// built twice from one macro: NAME stores with ordinary unaligned stores,
// NAME+NT with non-temporal stores (VMOVNTDQ). The NT loops do not fence:
// the Go side calls sfence once after the last of them in a kernel call
// (a chain runs one per chunk; a fence each time would wait for the
// write-combining buffers to drain every chunk).
// Non-temporal stores skip the read-for-ownership of every destination
// line and keep a large output from evicting the source from the caches,
// which is why memmove uses them for large copies; the Go side calls the
// NT variant only for large outputs and with dst aligned to 64 bytes (the
// stores below are all whole, aligned 64-byte vectors then, since every
// iteration writes a multiple of 64 bytes). As in kernels_amd64.s, n is a
// positive multiple of the block, AVX-512F/BW/DQ/VL are assumed, and
// rounding follows MXCSR (round to nearest even, no FTZ, no DAZ).

// func sfence() orders the non-temporal stores before it before every
// store after it, making them visible as ordinary stores would be.
TEXT ·sfence(SB), NOSPLIT, $0-0
	SFENCE
	RET

// PF (kernels_amd64.h): the loops here read at most 128 bytes per
// iteration and prefetch one line; with the hardware prefetchers that
// keeps the reads streaming when a chain (chain.go) alternates them with
// the f32 loops a chunk at a time.

// CVT1 converts with one instruction reading memory: two vectors of 64
// output bytes per iteration, each from STEP input bytes; BLK elements.
// PFS prefetches a line per 64 bytes read: PF64 when STEP is 32, PF128
// when it is 64 (with one prefetch for two lines read, the same-size
// pairs i32 and i64 to f32 and f64 ran at 0.73 to 0.76 of copy where
// f32 to i32, prefetching both, ran at 1.0).
#define CVT1(NAME, OP, STEP, BLK, ST, PFS) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PFS; \
	LD2(OP, STEP, Z0, Z1); \
	ST2(ST, Z0, Z1, 64); \
	NEXT(2*STEP, 128, BLK)

// CVT2 widens an integer exactly with LOAD, then converts with OP.
#define CVT2(NAME, LOAD, OP, STEP, BLK, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PF64; \
	LD2(LOAD, STEP, Z0, Z1); \
	OP Z0, Z0; \
	OP Z1, Z1; \
	ST2(ST, Z0, Z1, 64); \
	NEXT(2*STEP, 128, BLK)

// func cvtF16F32(dst, src *byte, n int) — block 32; F16C.
// VCVTPH2PS is exact; a signalling NaN comes out quiet, payload kept.
CVT1(·cvtF16F32, VCVTPH2PS, 32, 32, STU, PF64)
CVT1(·cvtF16F32NT, VCVTPH2PS, 32, 32, STNT, PF64)

// func cvtF32F64(dst, src *byte, n int) — block 16. Exact; NaNs quieted.
CVT1(·cvtF32F64, VCVTPS2PD, 32, 16, STU, PF64)
CVT1(·cvtF32F64NT, VCVTPS2PD, 32, 16, STNT, PF64)

// Integers to f32: widen the narrow ones exactly, then convert (rounding
// to nearest even where the value needs more than 24 bits).

// func cvtI8F32(dst, src *byte, n int) — block 32.
CVT2(·cvtI8F32, VPMOVSXBD, VCVTDQ2PS, 16, 32, STU)
CVT2(·cvtI8F32NT, VPMOVSXBD, VCVTDQ2PS, 16, 32, STNT)

// func cvtU8F32(dst, src *byte, n int) — block 32.
CVT2(·cvtU8F32, VPMOVZXBD, VCVTDQ2PS, 16, 32, STU)
CVT2(·cvtU8F32NT, VPMOVZXBD, VCVTDQ2PS, 16, 32, STNT)

// func cvtI16F32(dst, src *byte, n int) — block 32.
CVT2(·cvtI16F32, VPMOVSXWD, VCVTDQ2PS, 32, 32, STU)
CVT2(·cvtI16F32NT, VPMOVSXWD, VCVTDQ2PS, 32, 32, STNT)

// func cvtU16F32(dst, src *byte, n int) — block 32.
CVT2(·cvtU16F32, VPMOVZXWD, VCVTDQ2PS, 32, 32, STU)
CVT2(·cvtU16F32NT, VPMOVZXWD, VCVTDQ2PS, 32, 32, STNT)

// func cvtI32F32(dst, src *byte, n int) — block 32.
CVT1(·cvtI32F32, VCVTDQ2PS, 64, 32, STU, PF128)
CVT1(·cvtI32F32NT, VCVTDQ2PS, 64, 32, STNT, PF128)

// func cvtU32F32(dst, src *byte, n int) — block 32.
CVT1(·cvtU32F32, VCVTUDQ2PS, 64, 32, STU, PF128)
CVT1(·cvtU32F32NT, VCVTUDQ2PS, 64, 32, STNT, PF128)

// Integers to f64: every value of 32 bits or fewer is exact (the narrow
// ones are widened to 64 bits exactly first); i64 and u64 round to
// nearest even per MXCSR, as Go's conversion does.

// func cvtI8F64(dst, src *byte, n int) — block 16.
CVT2(·cvtI8F64, VPMOVSXBQ, VCVTQQ2PD, 8, 16, STU)
CVT2(·cvtI8F64NT, VPMOVSXBQ, VCVTQQ2PD, 8, 16, STNT)

// func cvtU8F64(dst, src *byte, n int) — block 16.
CVT2(·cvtU8F64, VPMOVZXBQ, VCVTQQ2PD, 8, 16, STU)
CVT2(·cvtU8F64NT, VPMOVZXBQ, VCVTQQ2PD, 8, 16, STNT)

// func cvtI16F64(dst, src *byte, n int) — block 16.
CVT2(·cvtI16F64, VPMOVSXWQ, VCVTQQ2PD, 16, 16, STU)
CVT2(·cvtI16F64NT, VPMOVSXWQ, VCVTQQ2PD, 16, 16, STNT)

// func cvtU16F64(dst, src *byte, n int) — block 16.
CVT2(·cvtU16F64, VPMOVZXWQ, VCVTQQ2PD, 16, 16, STU)
CVT2(·cvtU16F64NT, VPMOVZXWQ, VCVTQQ2PD, 16, 16, STNT)

// func cvtI32F64(dst, src *byte, n int) — block 16.
CVT1(·cvtI32F64, VCVTDQ2PD, 32, 16, STU, PF64)
CVT1(·cvtI32F64NT, VCVTDQ2PD, 32, 16, STNT, PF64)

// func cvtU32F64(dst, src *byte, n int) — block 16.
CVT1(·cvtU32F64, VCVTUDQ2PD, 32, 16, STU, PF64)
CVT1(·cvtU32F64NT, VCVTUDQ2PD, 32, 16, STNT, PF64)

// func cvtI64F64(dst, src *byte, n int) — block 16.
CVT1(·cvtI64F64, VCVTQQ2PD, 64, 16, STU, PF128)
CVT1(·cvtI64F64NT, VCVTQQ2PD, 64, 16, STNT, PF128)

// func cvtU64F64(dst, src *byte, n int) — block 16.
CVT1(·cvtU64F64, VCVTUQQ2PD, 64, 16, STU, PF128)
CVT1(·cvtU64F64NT, VCVTUQQ2PD, 64, 16, STNT, PF128)

// BF16F32 widens bf16 to f32 by a shift; a NaN is made quiet.
#define BF16F32(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	NANCONST; \
loop: \
	PF64; \
	LD2(VPMOVZXWD, 32, Z0, Z1); \
	VPSLLD $16, Z0, Z0; \
	VPSLLD $16, Z1, Z1; \
	VPANDD Z12, Z0, Z2; \
	VPANDD Z12, Z1, Z3; \
	VPCMPUD $6, Z13, Z2, K1; \
	VPCMPUD $6, Z13, Z3, K2; \
	VPORD Z14, Z0, K1, Z0; \
	VPORD Z14, Z1, K2, Z1; \
	ST2(ST, Z0, Z1, 64); \
	NEXT(64, 128, 32)

// func cvtBF16F32(dst, src *byte, n int) — block 32.
BF16F32(·cvtBF16F32, STU)
BF16F32(·cvtBF16F32NT, STNT)

// TOI64 truncates f64 (or f32, with LOAD widening) to i64: truncation
// gives 0x8000000000000000 for NaN and out of range; NaN lanes are zeroed
// and lanes >= 2^63 set to the maximum; below -2^63 the result is already
// the minimum. LIM is the f64 pattern of 2^63.
#define TOI64(NAME, LOAD, CVT, LIM, STEP, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATI64CONST(LIM); \
loop: \
	LD2(LOAD, STEP, Z0, Z1); \
	SATI64(CVT); \
	ST2(ST, Z2, Z3, 64); \
	NEXT(2*STEP, 128, 16)

// TOU64 truncates to u64: lanes are raised to 0 first (VMAXPD returns its
// second operand, 0, for NaN too); at 2^64 and above the unsigned
// truncation gives all ones, the saturated value.
#define TOU64(NAME, LOAD, CVT, STEP, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATU64CONST; \
loop: \
	LD2(LOAD, STEP, Z0, Z1); \
	SATU64(CVT); \
	ST2(ST, Z2, Z3, 64); \
	NEXT(2*STEP, 128, 16)

// func cvtF64I64(dst, src *byte, n int) — block 16.
TOI64(·cvtF64I64, VMOVUPD, VCVTTPD2QQ, 0x43e0000000000000, 64, STU)
TOI64(·cvtF64I64NT, VMOVUPD, VCVTTPD2QQ, 0x43e0000000000000, 64, STNT)

// func cvtF64U64(dst, src *byte, n int) — block 16.
TOU64(·cvtF64U64, VMOVUPD, VCVTTPD2UQQ, 64, STU)
TOU64(·cvtF64U64NT, VMOVUPD, VCVTTPD2UQQ, 64, STNT)

// f32 to i64 and u64 widen to f64 first (exactly; a NaN stays a NaN), then
// go as from f64.

// func cvtF32I64(dst, src *byte, n int) — block 16.
TOI64(·cvtF32I64, VCVTPS2PD, VCVTTPD2QQ, 0x43e0000000000000, 32, STU)
TOI64(·cvtF32I64NT, VCVTPS2PD, VCVTTPD2QQ, 0x43e0000000000000, 32, STNT)

// func cvtF32U64(dst, src *byte, n int) — block 16.
TOU64(·cvtF32U64, VCVTPS2PD, VCVTTPD2UQQ, 32, STU)
TOU64(·cvtF32U64NT, VCVTPS2PD, VCVTTPD2UQQ, 32, STNT)

// FROMBOOL writes the pattern one for each non-zero byte, 0 for a zero
// byte: LOAD widens the bytes to the element size, TEST finds the
// non-zero lanes, MOVZ writes one there and zeros elsewhere.
#define FROMBOOL(NAME, BCAST, LOAD, TEST, MOVZ, STEP, BLK, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	MOVQ one+24(FP), AX; \
	BCAST AX, Z10; \
loop: \
	LD2(LOAD, STEP, Z0, Z1); \
	TEST Z0, Z0, K1; \
	TEST Z1, Z1, K2; \
	MOVZ Z10, K1, Z2; \
	MOVZ Z10, K2, Z3; \
	ST2(ST, Z2, Z3, 64); \
	NEXT(2*STEP, 128, BLK)

// func fromBool1(dst, src *byte, n int, one uint64) — block 128.
FROMBOOL(·fromBool1, VPBROADCASTB, VMOVDQU8, VPTESTMB, VMOVDQU8.Z, 64, 128, STU)
FROMBOOL(·fromBool1NT, VPBROADCASTB, VMOVDQU8, VPTESTMB, VMOVDQU8.Z, 64, 128, STNT)

// func fromBool2(dst, src *byte, n int, one uint64) — block 64.
FROMBOOL(·fromBool2, VPBROADCASTW, VPMOVZXBW, VPTESTMW, VMOVDQU16.Z, 32, 64, STU)
FROMBOOL(·fromBool2NT, VPBROADCASTW, VPMOVZXBW, VPTESTMW, VMOVDQU16.Z, 32, 64, STNT)

// func fromBool4(dst, src *byte, n int, one uint64) — block 32.
FROMBOOL(·fromBool4, VPBROADCASTD, VPMOVZXBD, VPTESTMD, VMOVDQA32.Z, 16, 32, STU)
FROMBOOL(·fromBool4NT, VPBROADCASTD, VPMOVZXBD, VPTESTMD, VMOVDQA32.Z, 16, 32, STNT)

// func fromBool8(dst, src *byte, n int, one uint64) — block 16.
FROMBOOL(·fromBool8, VPBROADCASTQ, VPMOVZXBQ, VPTESTMQ, VMOVDQA64.Z, 8, 16, STU)
FROMBOOL(·fromBool8NT, VPBROADCASTQ, VPMOVZXBQ, VPTESTMQ, VMOVDQA64.Z, 8, 16, STNT)

// TOBOOL1 writes 1 for each byte with a bit under mask set, else 0.
#define TOBOOL1(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	MOVQ mask+24(FP), AX; \
	VPBROADCASTB AX, Z10; \
	MOVL $1, AX; \
	VPBROADCASTB AX, Z11; \
loop: \
	LD2(VMOVDQU8, 64, Z0, Z1); \
	VPTESTMB Z10, Z0, K1; \
	VPTESTMB Z10, Z1, K2; \
	VMOVDQU8.Z Z11, K1, Z2; \
	VMOVDQU8.Z Z11, K2, Z3; \
	ST2(ST, Z2, Z3, 64); \
	NEXT(128, 128, 128)

// func toBool1(dst, src *byte, n int, mask uint64) — block 128.
TOBOOL1(·toBool1, STU)
TOBOOL1(·toBool1NT, STNT)
