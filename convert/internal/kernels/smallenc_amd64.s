//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Encoders into the floats of 8 bits or fewer (smallencode.go) from f32,
// AVX-512F, and f16 -> f8e5m2 (AVX-512BW); enc16_amd64.s has the other
// encoders from f16 and bf16. Each iteration reads 16 f32 patterns
// (LOADF32, STEP bytes) and rounds them lane by lane as
// f8Params.fromF32 or e8m0FromF32 do, writing 16 bytes. Operand order is
// Go's: sources first, destination last; VPTERNLOGD's immediate is the
// truth table of (dst, middle, first) as bits 2, 1, 0 of its index.

#define LOADF32 VMOVDQU32 (SI), Z0

// The steps of fromF32 (float8.go), with the f8Params fields in Z17-Z31:
// a = |x| (Z1); the normal path adds roundAdd, and one more where the
// lowest kept bit is set, and shifts (Z3); the subnormal path adds magic
// so that the f32 adder rounds to the format's subnormal quantum (Z5),
// taken below minNormal; min with ovf; the sign moved to the format's
// sign bit (Z2); NAN(...) is the NaN step for the format's NaN encoding
// and SIGN(...) how the sign goes on.
#define ENCPARAMS \
	MOVQ p+24(FP), AX; \
	VPBROADCASTD 0(AX), Z20; \
	VPBROADCASTD 4(AX), Z21; \
	VPBROADCASTD 8(AX), Z22; \
	VPBROADCASTD 12(AX), Z23; \
	VPBROADCASTD 16(AX), Z25; \
	VPBROADCASTD 20(AX), Z26; \
	VPBROADCASTD 24(AX), Z27; \
	VPBROADCASTD 28(AX), Z28; \
	VPBROADCASTD 32(AX), Z18; \
	VPBROADCASTD 36(AX), Z19; \
	VPBROADCASTD 40(AX), Z17; \
	BCASTD(0x7fffffff, Z29); \
	BCASTD(0x7f800000, Z30); \
	BCASTD(1, Z31)

// NANIEEE: a NaN keeps its top payload bits under the NaN base (quiet).
#define NANIEEE \
	VPCMPUD $6, Z30, Z1, K3; \
	VPSRLVD Z28, Z1, Z6; \
	VPTERNLOGD $0xea, Z27, Z26, Z6; \
	VMOVDQA32 Z6, K3, Z3

// NANNONE (f4, f6): a NaN gives a zero with its sign flipped.
#define NANNONE \
	VPCMPUD $6, Z30, Z1, K3; \
	VPXORD Z3, Z3, K3, Z3; \
	VPXORD Z17, Z2, K3, Z2

// NANOVF (fn, fnuz): NaN and inf lanes are already ovf, the format's NaN.
#define NANOVF

// SIGNALL: r | (sign & signBit); SIGNNZ (fnuz, no -0): only where r != 0.
#define SIGNALL VPTERNLOGD $0xf8, Z19, Z2, Z3
#define SIGNNZ VPTESTMD Z3, Z3, K4; VPTERNLOGD $0xf8, Z19, Z2, K4, Z3

// STB stores the 16 bytes of Z3's lanes with ordinary stores; STBNT with
// one non-temporal 16-byte store, at a multiple of 16 from a
// 64-byte-aligned dst (the NAME+NT twins, called as in widen_amd64.s).
#define STB VPMOVDB Z3, (DI)
#define STBNT VPMOVDB Z3, X3; STNT X3, (DI)

// SMALLENC(NAME, LOAD, STEP, NAN, SIGN, ST): func NAME(dst, src *byte, n
// int, p *f8Params), block 16.
#define SMALLENC(NAME, LOAD, STEP, NAN, SIGN, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	ENCPARAMS; \
loop: \
	PF64; \
	LOAD; \
	VPANDD Z29, Z0, Z1; \
	VPADDD Z21, Z1, Z3; \
	VPTESTMD Z22, Z1, K2; \
	VPADDD Z31, Z3, K2, Z3; \
	VPSRLVD Z28, Z3, Z3; \
	VADDPS Z23, Z1, Z5; \
	VPSUBD Z23, Z5, Z5; \
	VPCMPUD $1, Z20, Z1, K1; \
	VMOVDQA32 Z5, K1, Z3; \
	VPMINUD Z25, Z3, Z3; \
	VPSRLVD Z18, Z0, Z2; \
	NAN; \
	SIGN; \
	ST; \
	NEXT(STEP, 16, 16)

// Four variants by NaN encoding for each source: IEEE (e3m4, e4m3, e5m2),
// fn (e4m3fn), fnuz (e4m3fnuz, e4m3b11fnuz, e5m2fnuz), none (f4, f6).
SMALLENC(·encIEEEF32, LOADF32, 64, NANIEEE, SIGNALL, STB)
SMALLENC(·encIEEEF32NT, LOADF32, 64, NANIEEE, SIGNALL, STBNT)
SMALLENC(·encFNF32, LOADF32, 64, NANOVF, SIGNALL, STB)
SMALLENC(·encFNF32NT, LOADF32, 64, NANOVF, SIGNALL, STBNT)
SMALLENC(·encFNUZF32, LOADF32, 64, NANOVF, SIGNNZ, STB)
SMALLENC(·encFNUZF32NT, LOADF32, 64, NANOVF, SIGNNZ, STBNT)
SMALLENC(·encNoneF32, LOADF32, 64, NANNONE, SIGNALL, STB)
SMALLENC(·encNoneF32NT, LOADF32, 64, NANNONE, SIGNALL, STBNT)

// E8M0ENC(NAME, LOAD, STEP, ST): func NAME(dst, src *byte, n int), block
// 16.
// As e8m0FromF32: r = min(x>>23 + (x>>22)&1, 255) (the sign makes any
// negative exceed 255, so NaN, inf and negatives give 0xff); below the
// least normal (and non-negative) r is 1 above 2^-127, else 0; +0 gives
// 0xff.
#define E8M0ENC(NAME, LOAD, STEP, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BCASTD(1, Z31); \
	BCASTD(255, Z30); \
	BCASTD(0x800000, Z29); \
	BCASTD(0x400000, Z28); \
	VPXORD Z27, Z27, Z27; \
loop: \
	PF64; \
	LOAD; \
	VPSRLD $23, Z0, Z1; \
	VPSRLD $22, Z0, Z2; \
	VPANDD Z31, Z2, Z2; \
	VPADDD Z2, Z1, Z3; \
	VPMINUD Z30, Z3, Z3; \
	VPCMPUD $1, Z29, Z0, K1; \
	VPCMPUD $6, Z28, Z0, K2; \
	VMOVDQA32 Z27, K1, Z3; \
	KANDW K1, K2, K2; \
	VMOVDQA32 Z31, K2, Z3; \
	VPTESTNMD Z0, Z0, K3; \
	VMOVDQA32 Z30, K3, Z3; \
	ST; \
	NEXT(STEP, 16, 16)

E8M0ENC(·e8m0EncF32, LOADF32, 64, STB)
E8M0ENC(·e8m0EncF32NT, LOADF32, 64, STBNT)

// func f16E5M2(dst, src *byte, n int) — block 32. f8e5m2 is f16 with
// the low 8 mantissa bits dropped (same bias, same subnormals), so 32
// lanes of 16 bits round at once: r = (h + 0x7f + lsb) >> 8, ties to
// even, which keeps the sign (|h| + 0x80 stays below 0x8000 for every
// non-NaN h) and carries the largest values into inf; a NaN keeps its
// sign and top two mantissa bits and is made quiet: (h >> 8) | 0x02.
#define F16E5M2(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	MOVL $0x007f007f, AX; \
	VPBROADCASTD AX, Z20; \
	MOVL $0x00010001, AX; \
	VPBROADCASTD AX, Z21; \
	MOVL $0x00020002, AX; \
	VPBROADCASTD AX, Z22; \
	MOVL $0x7fff7fff, AX; \
	VPBROADCASTD AX, Z23; \
	MOVL $0x7c007c00, AX; \
	VPBROADCASTD AX, Z24; \
loop: \
	PF64; \
	VMOVDQU16 (SI), Z0; \
	VPSRLW $8, Z0, Z1; \
	VPTESTMW Z21, Z1, K1; \
	VPADDW Z20, Z0, Z2; \
	VPADDW Z21, Z2, K1, Z2; \
	VPSRLW $8, Z2, Z2; \
	VPANDD Z23, Z0, Z3; \
	VPCMPUW $6, Z24, Z3, K2; \
	VPORD Z22, Z1, Z4; \
	VMOVDQU16 Z4, K2, Z2; \
	ST; \
	NEXT(64, 32, 32)

// The stores of F16E5M2: 32 bytes from Z2's words, ordinary or one
// non-temporal 32-byte store at a multiple of 32 from a 64-byte-aligned dst.
#define STW VPMOVWB Z2, (DI)
#define STWNT VPMOVWB Z2, Y2; STNT Y2, (DI)

F16E5M2(·f16E5M2, STW)
F16E5M2(·f16E5M2NT, STWNT)
