//go:build !purego

#include "textflag.h"

// Direct kernels for the pairs of f16 and bf16 with each other and with
// the 8- and 16-bit integers, which would otherwise run as chains through
// f32 (chain.go): with little memory traffic per element, the chain's
// round trip through the L1 cache costs a good share of the time. Each
// loads 16 elements as exact f32 lanes (an LD macro) and finishes as the
// f32 kernels do (narrow_amd64.s), 64 elements per iteration, built with
// ordinary and with non-temporal stores.

#define ARGS MOVQ dst+0(FP), DI; MOVQ src+8(FP), SI; MOVQ n+16(FP), CX

#define STU VMOVDQU64
#define STNT VMOVNTDQ

// PF: see kernels_amd64.s.
#define PF 2048

// LDxx(k, z) loads the k-th 16 elements of an iteration into z as f32,
// exactly. A bf16 signalling NaN stays signalling here: the integer
// kernels zero every NaN and VCVTPS2PH quiets it, as bf16ToF32 would.
#define LDF16(k, z) VCVTPH2PS (32*k)(SI), z
#define LDBF16(k, z) VPMOVZXWD (32*k)(SI), z; VPSLLD $16, z, z
#define LDI8(k, z) VPMOVSXBD (16*k)(SI), z; VCVTDQ2PS z, z
#define LDU8(k, z) VPMOVZXBD (16*k)(SI), z; VCVTDQ2PS z, z
#define LDI16(k, z) VPMOVSXWD (32*k)(SI), z; VCVTDQ2PS z, z
#define LDU16(k, z) VPMOVZXWD (32*k)(SI), z; VCVTDQ2PS z, z

// One prefetch per 64 source bytes an iteration reads (INB: 64 or 128).
#define PF64 PREFETCHT0 PF(SI)
#define PF128 PREFETCHT0 PF(SI); PREFETCHT0 (PF+64)(SI)

// TONARROW is f16 or bf16 to i8, u8, i16 or u16: clamp to [lo, hi] (f32
// patterns), truncate, keep the low bytes or words (PMOV into R0..R3),
// OUT bytes per 16 lanes. func(dst, src *byte, n int, lo, hi uint32),
// block 64. The clamps take x as their second operand, which VMAXPS and
// VMINPS return when either is a NaN: a NaN lane stays NaN, truncates to
// 0x80000000, and its low byte or word is 0, as the policy wants.
#define TONARROW(NAME, LD, INB, PFS, PMOV, R0, R1, R2, R3, OUT, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	MOVL lo+24(FP), AX; \
	VPBROADCASTD AX, Z10; \
	MOVL hi+28(FP), AX; \
	VPBROADCASTD AX, Z11; \
loop: \
	PFS; \
	LD(0, Z0); \
	LD(1, Z1); \
	LD(2, Z2); \
	LD(3, Z3); \
	VMAXPS Z0, Z10, Z0; \
	VMAXPS Z1, Z10, Z1; \
	VMAXPS Z2, Z10, Z2; \
	VMAXPS Z3, Z10, Z3; \
	VMINPS Z0, Z11, Z0; \
	VMINPS Z1, Z11, Z1; \
	VMINPS Z2, Z11, Z2; \
	VMINPS Z3, Z11, Z3; \
	VCVTTPS2DQ Z0, Z4; \
	VCVTTPS2DQ Z1, Z5; \
	VCVTTPS2DQ Z2, Z6; \
	VCVTTPS2DQ Z3, Z7; \
	PMOV Z4, R0; \
	PMOV Z5, R1; \
	PMOV Z6, R2; \
	PMOV Z7, R3; \
	ST R0, (DI); \
	ST R1, OUT(DI); \
	ST R2, (2*OUT)(DI); \
	ST R3, (3*OUT)(DI); \
	ADDQ $INB, SI; \
	ADDQ $(4*OUT), DI; \
	SUBQ $64, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

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
	LD(0, Z0); \
	LD(1, Z1); \
	LD(2, Z2); \
	LD(3, Z3); \
	VCVTPS2PH $0, Z0, Y4; \
	VCVTPS2PH $0, Z1, Y5; \
	VCVTPS2PH $0, Z2, Y6; \
	VCVTPS2PH $0, Z3, Y7; \
	ST Y4, (DI); \
	ST Y5, 32(DI); \
	ST Y6, 64(DI); \
	ST Y7, 96(DI); \
	ADDQ $INB, SI; \
	ADDQ $128, DI; \
	SUBQ $64, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

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
	MOVL $0x7fff, AX; \
	VPBROADCASTD AX, Z10; \
	MOVL $1, AX; \
	VPBROADCASTD AX, Z11; \
	MOVL $0x7fffffff, AX; \
	VPBROADCASTD AX, Z12; \
	MOVL $0x7f800000, AX; \
	VPBROADCASTD AX, Z13; \
	MOVL $0x00400000, AX; \
	VPBROADCASTD AX, Z14; \
loop: \
	PFS; \
	LD(0, Z0); \
	LD(1, Z1); \
	LD(2, Z2); \
	LD(3, Z3); \
	RND(Z0, Z4, Z5, K1); \
	RND(Z1, Z6, Z7, K2); \
	RND(Z2, Z8, Z9, K3); \
	RND(Z3, Z15, Z16, K4); \
	VPMOVDW Z5, Y5; \
	VPMOVDW Z7, Y7; \
	VPMOVDW Z9, Y9; \
	VPMOVDW Z16, Y16; \
	ST Y5, (DI); \
	ST Y7, 32(DI); \
	ST Y9, 64(DI); \
	ST Y16, 96(DI); \
	ADDQ $INB, SI; \
	ADDQ $128, DI; \
	SUBQ $64, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

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
