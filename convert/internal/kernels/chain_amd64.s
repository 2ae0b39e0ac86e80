//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Integer to integer kernels (the default policy wraps: narrowing keeps
// the low bits, widening extends by the source's signedness) and the
// round-to-odd kernels that feed the chained kernels (chain.go). As in
// widen_amd64.s, the widening loops come with non-temporal twins.

// WIDEN extends integers with one instruction reading memory: two vectors
// of 64 output bytes per iteration, each from STEP input bytes.
#define WIDEN(NAME, OP, STEP, BLK, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	LD2(OP, STEP, Z0, Z1); \
	ST2(ST, Z0, Z1, 64); \
	NEXT(2*STEP, 128, BLK)

// func sxBW(dst, src *byte, n int) and the like: sign (sx) or zero (zx)
// extension from bytes (B), words (W) or doublewords (D) to words,
// doublewords or quadwords (Q).
WIDEN(·sxBW, VPMOVSXBW, 32, 64, STU)
WIDEN(·sxBWNT, VPMOVSXBW, 32, 64, STNT)
WIDEN(·zxBW, VPMOVZXBW, 32, 64, STU)
WIDEN(·zxBWNT, VPMOVZXBW, 32, 64, STNT)
WIDEN(·sxBD, VPMOVSXBD, 16, 32, STU)
WIDEN(·sxBDNT, VPMOVSXBD, 16, 32, STNT)
WIDEN(·zxBD, VPMOVZXBD, 16, 32, STU)
WIDEN(·zxBDNT, VPMOVZXBD, 16, 32, STNT)
WIDEN(·sxBQ, VPMOVSXBQ, 8, 16, STU)
WIDEN(·sxBQNT, VPMOVSXBQ, 8, 16, STNT)
WIDEN(·zxBQ, VPMOVZXBQ, 8, 16, STU)
WIDEN(·zxBQNT, VPMOVZXBQ, 8, 16, STNT)
WIDEN(·sxWD, VPMOVSXWD, 32, 32, STU)
WIDEN(·sxWDNT, VPMOVSXWD, 32, 32, STNT)
WIDEN(·zxWD, VPMOVZXWD, 32, 32, STU)
WIDEN(·zxWDNT, VPMOVZXWD, 32, 32, STNT)
WIDEN(·sxWQ, VPMOVSXWQ, 16, 16, STU)
WIDEN(·sxWQNT, VPMOVSXWQ, 16, 16, STNT)
WIDEN(·zxWQ, VPMOVZXWQ, 16, 16, STU)
WIDEN(·zxWQNT, VPMOVZXWQ, 16, 16, STNT)
WIDEN(·sxDQ, VPMOVSXDQ, 32, 16, STU)
WIDEN(·sxDQNT, VPMOVSXDQ, 32, 16, STNT)
WIDEN(·zxDQ, VPMOVZXDQ, 32, 16, STU)
WIDEN(·zxDQNT, VPMOVZXDQ, 32, 16, STNT)

// NARROW keeps the low bits of two vectors of 64 input bytes per
// iteration, each giving OUT output bytes.
#define NARROW(NAME, OP, OUT, BLK) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PF128; \
	LD2(VMOVDQU64, 64, Z0, Z1); \
	ST2(OP, Z0, Z1, OUT); \
	NEXT(128, 2*OUT, BLK)

// NARROWNT is NARROW's non-temporal twin: OP keeps the low bits in
// registers A and B (X or Y, OUT = 16 or 32 bytes), stored whole. With
// dst 64-byte aligned at the start, every store lands at a multiple of
// its own size, as VMOVNTDQ requires.
#define NARROWNT(NAME, OP, A, B, OUT, BLK) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PF128; \
	LD2(VMOVDQU64, 64, Z0, Z1); \
	OP Z0, A; \
	OP Z1, B; \
	ST2(STNT, A, B, OUT); \
	NEXT(128, 2*OUT, BLK)

// func truncWB(dst, src *byte, n int) and the like: words, doublewords or
// quadwords to their low bytes, words or doublewords.
NARROW(·truncWB, VPMOVWB, 32, 64)
NARROW(·truncDB, VPMOVDB, 16, 32)
NARROW(·truncDW, VPMOVDW, 32, 32)
NARROW(·truncQB, VPMOVQB, 8, 16)
NARROW(·truncQW, VPMOVQW, 16, 16)
NARROW(·truncQD, VPMOVQD, 32, 16)
NARROWNT(·truncDBNT, VPMOVDB, X2, X3, 16, 32)
NARROWNT(·truncQWNT, VPMOVQW, X2, X3, 16, 16)

// NARROWNT64 is NARROWNT for the halving OPs: the two 32-byte halves are
// joined into one vector and stored whole, one 64-byte store to a
// 64-byte boundary per iteration (two 32-byte non-temporal stores per
// line measured slower past the cache on one core).
#define NARROWNT64(NAME, OP, BLK) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PF128; \
	LD2(VMOVDQU64, 64, Z0, Z1); \
	OP Z0, Y2; \
	OP Z1, Y3; \
	VINSERTI64X4 $1, Y3, Z2, Z2; \
	STNT Z2, (DI); \
	NEXT(128, 64, BLK)

NARROWNT64(·truncWBNT, VPMOVWB, 64)
NARROWNT64(·truncDWNT, VPMOVDW, 32)
NARROWNT64(·truncQDNT, VPMOVQD, 16)

// func truncQBNT(dst, src *byte, n int) — block 32. Quadwords to bytes
// give 8 bytes a vector, below the smallest non-temporal vector store:
// four are joined into one 32-byte store.
TEXT ·truncQBNT(SB), NOSPLIT, $0-24
	ARGS
loop:
	PF128
	PREFETCHT0 (PF+128)(SI)
	PREFETCHT0 (PF+192)(SI)
	LD2(VMOVDQU64, 64, Z0, Z1)
	VMOVDQU64 128(SI), Z2
	VMOVDQU64 192(SI), Z3
	VPMOVQB Z0, X4
	VPMOVQB Z1, X5
	VPMOVQB Z2, X6
	VPMOVQB Z3, X7
	VPUNPCKLQDQ X5, X4, X4
	VPUNPCKLQDQ X7, X6, X6
	VINSERTI128 $1, X6, Y4, Y4
	STNT Y4, (DI)
	NEXT(256, 32, 32)

// Round to odd: convert toward zero, then set the lowest bit of each
// inexact result. A value rounded to odd at 24 bits and then to nearest
// even at 13 or fewer is rounded once, correctly (the odd bit stands for
// the dropped rest), so f64 and the wide integers reach f16 and bf16
// through these and the f32 kernels. Per iteration RTO loads two vectors
// of 8 elements (STEP input bytes each) as f64 or i64/u64 lanes, CVT
// converts them toward zero, BACK converts the results back and CMP
// finds the lanes that changed (NaN lanes too, which only touches
// payload bits that f16 and bf16 drop).
#define RTO(NAME, LOAD, CVT, BACK, CMP, STEP) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BCASTD(1, Y10); \
loop: \
	PF128; \
	LD2(LOAD, STEP, Z0, Z1); \
	CVT Z0, Y2; \
	CVT Z1, Y3; \
	BACK Y2, Z4; \
	BACK Y3, Z5; \
	CMP Z0, Z4, K1; \
	CMP Z1, Z5, K2; \
	VPORD Y10, Y2, K1, Y2; \
	VPORD Y10, Y3, K2, Y3; \
	ST2(VMOVDQU32, Y2, Y3, 32); \
	NEXT(2*STEP, 64, 16)

#define CMPNEPD VCMPPD $4,
#define CMPNEQ VPCMPQ $4,

// func rtoF64F32(dst, src *byte, n int) — block 16.
RTO(·rtoF64F32, VMOVUPD, VCVTPD2PS.RZ_SAE, VCVTPS2PD, CMPNEPD, 64)

// func rtoI64F32(dst, src *byte, n int) — block 16.
RTO(·rtoI64F32, VMOVDQU64, VCVTQQ2PS.RZ_SAE, VCVTTPS2QQ, CMPNEQ, 64)

// func rtoU64F32(dst, src *byte, n int) — block 16.
RTO(·rtoU64F32, VMOVDQU64, VCVTUQQ2PS.RZ_SAE, VCVTTPS2UQQ, CMPNEQ, 64)

// func rtoI32F32(dst, src *byte, n int) — block 16. The i32 lanes are
// widened to i64 first so that one macro serves; the f32 result of a
// 32-bit integer converted back fits in 64 bits.
RTO(·rtoI32F32, VPMOVSXDQ, VCVTQQ2PS.RZ_SAE, VCVTTPS2QQ, CMPNEQ, 32)

// func rtoU32F32(dst, src *byte, n int) — block 16.
RTO(·rtoU32F32, VPMOVZXDQ, VCVTUQQ2PS.RZ_SAE, VCVTTPS2UQQ, CMPNEQ, 32)
