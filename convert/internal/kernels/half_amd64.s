//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Direct kernels for the pairs of f16 and bf16 with each other and with
// the 8- and 16-bit integers, which would otherwise run as chains through
// f32 (chain.go): with little memory traffic per element, the chain's
// round trip through the L1 cache costs a good share of the time. Each
// loads 16 elements as exact f32 lanes (an LD macro) and finishes as the
// f32 kernels do (narrow_amd64.s), 64 elements per iteration, built with
// ordinary and with non-temporal stores.

// LDxx(k, z) loads the k-th 16 elements of an iteration into z as f32,
// exactly. A bf16 signalling NaN stays signalling here: the integer
// kernels zero every NaN and VCVTPS2PH quiets it, as bf16ToF32 would.
#define LDF16(k, z) VCVTPH2PS (32*k)(SI), z
#define LDBF16(k, z) VPMOVZXWD (32*k)(SI), z; VPSLLD $16, z, z
#define LDI8(k, z) VPMOVSXBD (16*k)(SI), z; VCVTDQ2PS z, z
#define LDU8(k, z) VPMOVZXBD (16*k)(SI), z; VCVTDQ2PS z, z
#define LDI16(k, z) VPMOVSXWD (32*k)(SI), z; VCVTDQ2PS z, z
#define LDU16(k, z) VPMOVZXWD (32*k)(SI), z; VCVTDQ2PS z, z

// LD4(LD) loads the four vectors of an iteration into Z0..Z3.
#define LD4(LD) LD(0, Z0); LD(1, Z1); LD(2, Z2); LD(3, Z3)

// TONARROW is f16 or bf16 to i8, u8, i16 or u16: clamp to [lo, hi] (f32
// patterns), truncate, keep the low bytes or words (PMOV into R0..R3),
// OUT bytes per 16 lanes. func(dst, src *byte, n int, lo, hi uint32),
// block 64. A NaN lane comes out 0, as the policy wants (see CLAMPCVT4).
#define TONARROW(NAME, LD, INB, PFS, PMOV, R0, R1, R2, R3, OUT, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	LOHI32; \
loop: \
	PFS; \
	LD4(LD); \
	CLAMPCVT4(PMOV, R0, R1, R2, R3); \
	ST4(ST, R0, R1, R2, R3, OUT); \
	NEXT(INB, 4*OUT, 64)

TONARROW(·f16Narrow8, LDF16, 128, PF128, VPMOVDB, X4, X5, X6, X7, 16, STU)
TONARROW(·f16Narrow8NT, LDF16, 128, PF128, VPMOVDB, X4, X5, X6, X7, 16, STNT)
TONARROW(·f16Narrow16, LDF16, 128, PF128, VPMOVDW, Y4, Y5, Y6, Y7, 32, STU)
TONARROW(·f16Narrow16NT, LDF16, 128, PF128, VPMOVDW, Y4, Y5, Y6, Y7, 32, STNT)
TONARROW(·bf16Narrow8, LDBF16, 128, PF128, VPMOVDB, X4, X5, X6, X7, 16, STU)
TONARROW(·bf16Narrow8NT, LDBF16, 128, PF128, VPMOVDB, X4, X5, X6, X7, 16, STNT)
TONARROW(·bf16Narrow16, LDBF16, 128, PF128, VPMOVDW, Y4, Y5, Y6, Y7, 32, STU)
TONARROW(·bf16Narrow16NT, LDBF16, 128, PF128, VPMOVDW, Y4, Y5, Y6, Y7, 32, STNT)

// TOF16 rounds to f16 with VCVTPS2PH (nearest even, subnormals kept, a
// NaN quieted with its top payload bits). func(dst, src *byte, n int),
// block 64.
#define TOF16(NAME, LD, INB, PFS, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PFS; \
	LD4(LD); \
	VCVTPS2PH $0, Z0, Y4; \
	VCVTPS2PH $0, Z1, Y5; \
	VCVTPS2PH $0, Z2, Y6; \
	VCVTPS2PH $0, Z3, Y7; \
	ST4(ST, Y4, Y5, Y6, Y7, 32); \
	NEXT(INB, 128, 64)

TOF16(·bf16F16, LDBF16, 128, PF128, STU)
TOF16(·bf16F16NT, LDBF16, 128, PF128, STNT)
TOF16(·i8F16, LDI8, 64, PF64, STU)
TOF16(·i8F16NT, LDI8, 64, PF64, STNT)
TOF16(·u8F16, LDU8, 64, PF64, STU)
TOF16(·u8F16NT, LDU8, 64, PF64, STNT)
TOF16(·i16F16, LDI16, 128, PF128, STU)
TOF16(·i16F16NT, LDI16, 128, PF128, STNT)
TOF16(·u16F16, LDU16, 128, PF128, STU)
TOF16(·u16F16NT, LDU16, 128, PF128, STNT)

// RNDBF16(x, t, y) rounds the f32 lanes of x to bf16 in the low words of
// y's lanes as the f32 kernel does: (x + 0x7fff + bit16(x)) >> 16, or for
// a NaN (x | quiet) >> 16; t is scratch. Z10..Z14 hold the constants.
#define RNDBF16(x, t, y, k) \
	VPSRLD $16, x, t; \
	VPANDD Z11, t, t; \
	VPADDD Z10, x, y; \
	VPADDD t, y, y; \
	VPANDD Z12, x, t; \
	VPCMPUD $6, Z13, t, k; \
	VPORD Z14, x, k, y; \
	VPSRLD $16, y, y

// RNDBF16I is RNDBF16 for lanes that hold no NaN (converted integers).
#define RNDBF16I(x, t, y, k) \
	VPSRLD $16, x, t; \
	VPANDD Z11, t, t; \
	VPADDD Z10, x, y; \
	VPADDD t, y, y; \
	VPSRLD $16, y, y

// HIBF16 takes the top half of lanes that bf16 holds exactly (i8 and u8
// need at most 8 significant bits).
#define HIBF16(x, t, y, k) VPSRLD $16, x, y

// TOBF16 rounds to bf16 with RND (one of the three above).
// func(dst, src *byte, n int), block 64.
#define TOBF16(NAME, LD, INB, PFS, RND, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BF16CONST; \
loop: \
	PFS; \
	LD4(LD); \
	RND(Z0, Z4, Z5, K1); \
	RND(Z1, Z6, Z7, K2); \
	RND(Z2, Z8, Z9, K3); \
	RND(Z3, Z15, Z16, K4); \
	VPMOVDW Z5, Y5; \
	VPMOVDW Z7, Y7; \
	VPMOVDW Z9, Y9; \
	VPMOVDW Z16, Y16; \
	ST4(ST, Y5, Y7, Y9, Y16, 32); \
	NEXT(INB, 128, 64)

TOBF16(·f16BF16, LDF16, 128, PF128, RNDBF16, STU)
TOBF16(·f16BF16NT, LDF16, 128, PF128, RNDBF16, STNT)
TOBF16(·i8BF16, LDI8, 64, PF64, HIBF16, STU)
TOBF16(·i8BF16NT, LDI8, 64, PF64, HIBF16, STNT)
TOBF16(·u8BF16, LDU8, 64, PF64, HIBF16, STU)
TOBF16(·u8BF16NT, LDU8, 64, PF64, HIBF16, STNT)
TOBF16(·i16BF16, LDI16, 128, PF128, RNDBF16I, STU)
TOBF16(·i16BF16NT, LDI16, 128, PF128, RNDBF16I, STNT)
TOBF16(·u16BF16, LDU16, 128, PF128, RNDBF16I, STU)
TOBF16(·u16BF16NT, LDU16, 128, PF128, RNDBF16I, STNT)
