//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Direct kernels from f64 and the 32- and 64-bit integers to f16 and
// bf16: the two steps of their chains (chain.go: round to odd into f32,
// then f32 to the half) run on the same registers, so no f32 passes
// through memory, and each iteration ends in one whole 64-byte store
// (32 elements). Each computes exactly what its chain does: the round to
// odd is chain_amd64.s's RTO and the encodes are narrow_amd64.s's F32F16
// and F32BF16. Built twice, with ordinary (STU) and non-temporal (STNT)
// stores, as in widen_amd64.s; a 64-byte store lands on a multiple of 64
// when dst starts 64-byte aligned. AVX-512F/BW/DQ/VL and F16C.

#define CMPNEPD VCMPPD $4,
#define CMPNEQ VPCMPQ $4,

// ODD(OFF, LOAD, CVT, BACK, CMP, R, ONE) rounds the elements LOAD reads
// at OFF(SI) (8 of 64 bits, or 16 of 32) to f32 by round to odd, into R
// (Y or Z): CVT converts toward zero, BACK converts the result back, and
// the lanes CMP finds changed (NaN lanes too, touching only payload bits
// the halves drop) get their lowest bit set from ONE (Y11 or Z11: 1 in
// every lane). Z0, Z15 and K1 are scratch.
#define ODD(OFF, LOAD, CVT, BACK, CMP, R, ONE) \
	LOAD OFF(SI), Z0; \
	CVT Z0, R; \
	BACK R, Z15; \
	CMP Z0, Z15, K1; \
	VPORD ONE, R, K1, R

// ODD32 rounds the iteration's 32 elements (STEP input bytes each 8) to
// f32 by round to odd, into Z4 (elements 0 to 15) and Z6 (16 to 31).
#define ODD32(LOAD, CVT, BACK, CMP, STEP) \
	ODD(0, LOAD, CVT, BACK, CMP, Y4, Y11); \
	ODD(STEP, LOAD, CVT, BACK, CMP, Y5, Y11); \
	ODD(2*STEP, LOAD, CVT, BACK, CMP, Y6, Y11); \
	ODD(3*STEP, LOAD, CVT, BACK, CMP, Y7, Y11); \
	VINSERTI64X4 $1, Y5, Z4, Z4; \
	VINSERTI64X4 $1, Y7, Z6, Z6

// The sources: f64 lanes, and i64 and u64 lanes, as RTO takes them in
// chain_amd64.s; i32 and u32 in 16 lanes of 32 bits, twice as many a
// vector as RTO's (which widens them to 64 bits first): a value truncated
// toward zero converts back exactly in 32 bits too, and the f32 that
// round to odd gives does not depend on the lane width.
#define CMPNED VPCMPD $4,
#define RTOF64 ODD32(VMOVUPD, VCVTPD2PS.RZ_SAE, VCVTPS2PD, CMPNEPD, 64)
#define RTOI64 ODD32(VMOVDQU64, VCVTQQ2PS.RZ_SAE, VCVTTPS2QQ, CMPNEQ, 64)
#define RTOU64 ODD32(VMOVDQU64, VCVTUQQ2PS.RZ_SAE, VCVTTPS2UQQ, CMPNEQ, 64)
#define RTOI32 ODD(0, VMOVDQU32, VCVTDQ2PS.RZ_SAE, VCVTTPS2DQ, CMPNED, Z4, Z11); ODD(64, VMOVDQU32, VCVTDQ2PS.RZ_SAE, VCVTTPS2DQ, CMPNED, Z6, Z11)
#define RTOU32 ODD(0, VMOVDQU32, VCVTUDQ2PS.RZ_SAE, VCVTTPS2UDQ, CMPNED, Z4, Z11); ODD(64, VMOVDQU32, VCVTUDQ2PS.RZ_SAE, VCVTTPS2UDQ, CMPNED, Z6, Z11)

// PF4 prefetches the four lines an iteration over 8-byte elements reads
// (PF2 the two of 4-byte elements).
#define PF2 PF128
#define PF4 PF128; PREFETCHT0 (PF+128)(SI); PREFETCHT0 (PF+192)(SI)

// ODDF16 encodes to f16 with VCVTPS2PH (imm 0: nearest even, subnormals
// kept, a NaN made quiet keeping its top payload bits).
#define ODDF16(NAME, PFX, RTO, INB, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BCASTD(1, Z11); \
loop: \
	PFX; \
	RTO; \
	VCVTPS2PH $0, Z4, Y4; \
	VCVTPS2PH $0, Z6, Y6; \
	VINSERTI64X4 $1, Y6, Z4, Z4; \
	ST Z4, (DI); \
	NEXT(INB, 64, 32)

// ODDBF16 encodes to bf16 with integer arithmetic, as F32BF16:
// (x + 0x7fff + bit16(x)) >> 16, or (x | quiet) >> 16 for a NaN.
// BF16CONST's Z11 (1) serves ODD too.
#define ODDBF16(NAME, PFX, RTO, INB, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BF16CONST; \
loop: \
	PFX; \
	RTO; \
	VPSRLD $16, Z4, Z1; \
	VPSRLD $16, Z6, Z5; \
	VPANDD Z11, Z1, Z1; \
	VPANDD Z11, Z5, Z5; \
	VPADDD Z10, Z4, Z2; \
	VPADDD Z10, Z6, Z7; \
	VPADDD Z1, Z2, Z2; \
	VPADDD Z5, Z7, Z7; \
	VPANDD Z12, Z4, Z3; \
	VPANDD Z12, Z6, Z8; \
	VPCMPUD $6, Z13, Z3, K1; \
	VPCMPUD $6, Z13, Z8, K2; \
	VPORD Z14, Z4, K1, Z2; \
	VPORD Z14, Z6, K2, Z7; \
	VPSRLD $16, Z2, Z2; \
	VPSRLD $16, Z7, Z7; \
	VPMOVDW Z2, Y2; \
	VPMOVDW Z7, Y7; \
	VINSERTI64X4 $1, Y7, Z2, Z2; \
	ST Z2, (DI); \
	NEXT(INB, 64, 32)

// func oddF64F16(dst, src *byte, n int) and the like — block 32.
ODDF16(·oddF64F16, PF4, RTOF64, 256, STU)
ODDF16(·oddF64F16NT, PF4, RTOF64, 256, STNT)
ODDF16(·oddI64F16, PF4, RTOI64, 256, STU)
ODDF16(·oddI64F16NT, PF4, RTOI64, 256, STNT)
ODDF16(·oddU64F16, PF4, RTOU64, 256, STU)
ODDF16(·oddU64F16NT, PF4, RTOU64, 256, STNT)
ODDF16(·oddI32F16, PF2, RTOI32, 128, STU)
ODDF16(·oddI32F16NT, PF2, RTOI32, 128, STNT)
ODDF16(·oddU32F16, PF2, RTOU32, 128, STU)
ODDF16(·oddU32F16NT, PF2, RTOU32, 128, STNT)

// func oddF64BF16(dst, src *byte, n int) and the like — block 32.
ODDBF16(·oddF64BF16, PF4, RTOF64, 256, STU)
ODDBF16(·oddF64BF16NT, PF4, RTOF64, 256, STNT)
ODDBF16(·oddI64BF16, PF4, RTOI64, 256, STU)
ODDBF16(·oddI64BF16NT, PF4, RTOI64, 256, STNT)
ODDBF16(·oddU64BF16, PF4, RTOU64, 256, STU)
ODDBF16(·oddU64BF16NT, PF4, RTOU64, 256, STNT)
ODDBF16(·oddI32BF16, PF2, RTOI32, 128, STU)
ODDBF16(·oddI32BF16NT, PF2, RTOI32, 128, STNT)
ODDBF16(·oddU32BF16, PF2, RTOU32, 128, STU)
ODDBF16(·oddU32BF16NT, PF2, RTOU32, 128, STNT)
