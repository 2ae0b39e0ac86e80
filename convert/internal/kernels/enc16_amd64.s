//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Encoders from f16 and bf16 into the floats of 8 bits or fewer, in
// 16-bit lanes (AVX-512BW, VBMI): each iteration reads 64 source elements
// as two vectors of 32 words (128 bytes), rounds them with integer steps
// only, as enc16Params (enc16_amd64.go) describes, packs the low bytes
// of the results into one vector (VPERMT2B) and writes it with one
// 64-byte store, non-temporal in the NAME+NT twins (dst 64-byte aligned,
// as fast.run arranges). The results equal f8Params.fromF32 and
// e8m0FromF32 of the widened source, as the f32-lane kernels of
// smallenc_amd64.s compute them. Operand order is Go's:
// sources first, destination last; VPTERNLOGD's immediate is the truth
// table of (dst, middle, first) as bits 2, 1, 0 of its index, and VPERMW
// takes the table, then the indices (their low 5 bits).

// ENC16PARAMS loads p's tables d, lm and k into Z20-Z22 and broadcasts
// its words: ovf Z23, nanMant Z26, nanBase Z27, nanShift Z28, signShift
// Z29, hi Z19, and signBit in every byte of Z31; Z24 holds ones, Z25 the abs mask,
// Z30 the source's inf pattern INF, Z17 zeros.
#define ENC16PARAMS(INF) \
	MOVQ p+24(FP), AX; \
	VMOVDQU16 0(AX), Z20; \
	VMOVDQU16 64(AX), Z21; \
	VMOVDQU16 128(AX), Z22; \
	VPBROADCASTW 192(AX), Z23; \
	VPBROADCASTW 194(AX), Z26; \
	VPBROADCASTW 196(AX), Z27; \
	VPBROADCASTW 198(AX), Z28; \
	VPBROADCASTW 200(AX), Z29; \
	VPBROADCASTB 202(AX), Z31; \
	VPBROADCASTW 204(AX), Z19; \
	BCASTD(0x00010001, Z24); \
	BCASTD(0x7fff7fff, Z25); \
	BCASTD(INF, Z30); \
	VPXORD Z17, Z17, Z17

// enc16Pack<> gathers the low bytes of the words of two vectors, the
// first then the second (VPERMT2B), into one.
DATA enc16Pack<>+0(SB)/8, $0x0e0c0a0806040200
DATA enc16Pack<>+8(SB)/8, $0x1e1c1a1816141210
DATA enc16Pack<>+16(SB)/8, $0x2e2c2a2826242220
DATA enc16Pack<>+24(SB)/8, $0x3e3c3a3836343230
DATA enc16Pack<>+32(SB)/8, $0x4e4c4a4846444240
DATA enc16Pack<>+40(SB)/8, $0x5e5c5a5856545250
DATA enc16Pack<>+48(SB)/8, $0x6e6c6a6866646260
DATA enc16Pack<>+56(SB)/8, $0x7e7c7a7876747270
GLOBL enc16Pack<>(SB), RODATA|NOPTR, $64

// enc16PackHi<> gathers the high bytes, which hold the sign bits.
DATA enc16PackHi<>+0(SB)/8, $0x0f0d0b0907050301
DATA enc16PackHi<>+8(SB)/8, $0x1f1d1b1917151311
DATA enc16PackHi<>+16(SB)/8, $0x2f2d2b2927252321
DATA enc16PackHi<>+24(SB)/8, $0x3f3d3b3937353331
DATA enc16PackHi<>+32(SB)/8, $0x4f4d4b4947454341
DATA enc16PackHi<>+40(SB)/8, $0x5f5d5b5957555351
DATA enc16PackHi<>+48(SB)/8, $0x6f6d6b6967656361
DATA enc16PackHi<>+56(SB)/8, $0x7f7d7b7977757371
GLOBL enc16PackHi<>(SB), RODATA|NOPTR, $64

// The steps below take their registers as arguments: the source words X,
// a = |x| in A, the table index I, the result R, temporaries T and U,
// and mask registers KL, KN, KZ.

// The table index of each lane into I: the f16 exponent (VPERMW ignores
// the sign above it), the bf16 exponent clamped to hi.
#define IDXF16(X, A, I) VPSRLW $10, X, I
#define IDXBF16(X, A, I) VPSRLW $7, A, I; VPMINUW Z19, I, I

// a + d into R, which holds d: ADDF16 adds, ADDBF16 subtracts -d with
// unsigned saturation.
#define ADDF16(A, R) VPADDW R, A, R
#define ADDBF16(A, R) VPSUBUSW R, A, R

// The clamp to ovf and the NaN steps, KN the NaN lanes. NAN16IEEE: a NaN
// keeps its top payload bits under the quiet NaN base; NAN16IEEEF16: the
// table gave a NaN inf | payload, to which the quiet bit is added;
// NAN16OVF (fn, fnuz): NaN and inf lanes are already ovf, the format's
// NaN; NAN16NONE (f4, f6): the lanes are found here and given a zero with
// the sign flipped by SIGN16NONE.
#define NAN16IEEE(A, R, T, KN) \
	VPMINUW Z23, R, R; \
	VPCMPUW $6, Z30, A, KN; \
	VPSRLVW Z28, A, T; \
	VPTERNLOGD $0xea, Z27, Z26, T; \
	VMOVDQU16 T, KN, R
#define NAN16IEEEF16(A, R, T, KN) \
	VPCMPUW $6, Z30, A, KN; \
	VPORD Z27, R, T; \
	VPMINUW Z23, R, R; \
	VMOVDQU16 T, KN, R
#define NAN16OVF(A, R, T, KN) VPMINUW Z23, R, R
#define NAN16NONE(A, R, T, KN) VPMINUW Z23, R, R; VPCMPUW $6, Z30, A, KN

// Sign steps, on the 64 packed result bytes R with the sources' high
// bytes, which hold their signs, packed in X: the sign moved to the
// format's sign bit is ORed in; SIGN16NZ (fnuz, no -0) then clears the
// bytes whose result was 0; SIGN16NONE (f4, f6: the sign moved down by
// signShift) writes ~sign & signBit into the NaN lanes, whose masks KN
// and KM (of the second vector) it joins in KN.
#define SIGN16(X, R, T, KN, KM) VPTERNLOGD $0xf8, Z31, X, R
#define SIGN16NZ(X, R, T, KN, KM) VPTESTNMB R, R, KN; SIGN16(X, R, T, KN, KM); VMOVDQU8 Z17, KN, R
#define SIGN16NONE(X, R, T, KN, KM) \
	VPSRLVW Z29, X, X; \
	SIGN16(X, R, T, KN, KM); \
	KUNPCKDQ KN, KM, KN; \
	VPANDND Z31, X, T; \
	VMOVDQU8 T, KN, R

// ENC16BODY rounds the 32 words of X into the low bytes of R's words:
// r = min((a + d + (a&lm != 0)) >> k, ovf) for a = |x|, then the NaN
// step.
#define ENC16BODY(X, A, I, R, T, U, KL, KN, IDX, ADD, NAN) \
	VPANDD Z25, X, A; \
	IDX(X, A, I); \
	VPERMW Z20, I, R; \
	VPERMW Z21, I, T; \
	VPERMW Z22, I, U; \
	VPTESTMW T, A, KL; \
	ADD(A, R); \
	VPADDW Z24, R, KL, R; \
	VPSRLVW U, R, R; \
	NAN(A, R, T, KN)

// ENC16(NAME, INF, IDX, ADD, NAN, SIGN, ST): func NAME(dst, src *byte, n int, p
// *enc16Params), block 64: two vectors of 32 words each iteration, their
// results packed into 64 bytes, signed, and written by one store (ST: STU, or STNT in the NAME+NT
// twins, at a multiple of 64 from a 64-byte-aligned dst).
#define ENC16(NAME, INF, IDX, ADD, NAN, SIGN, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	ENC16PARAMS(INF); \
	VMOVDQU64 enc16Pack<>(SB), Z16; \
	VMOVDQU64 enc16PackHi<>(SB), Z14; \
loop: \
	PF128; \
	VMOVDQU16 (SI), Z0; \
	VMOVDQU16 64(SI), Z8; \
	ENC16BODY(Z0, Z1, Z2, Z3, Z4, Z5, K1, K2, IDX, ADD, NAN); \
	ENC16BODY(Z8, Z9, Z10, Z11, Z12, Z13, K4, K5, IDX, ADD, NAN); \
	VPERMT2B Z11, Z16, Z3; \
	VPERMT2B Z8, Z14, Z0; \
	SIGN(Z0, Z3, Z4, K2, K5); \
	ST Z3, (DI); \
	NEXT(128, 64, 64)

ENC16(·enc16IEEEF16, 0x7c007c00, IDXF16, ADDF16, NAN16IEEEF16, SIGN16, STU)
ENC16(·enc16IEEEF16NT, 0x7c007c00, IDXF16, ADDF16, NAN16IEEEF16, SIGN16, STNT)
ENC16(·enc16FNF16, 0x7c007c00, IDXF16, ADDF16, NAN16OVF, SIGN16, STU)
ENC16(·enc16FNF16NT, 0x7c007c00, IDXF16, ADDF16, NAN16OVF, SIGN16, STNT)
ENC16(·enc16FNUZF16, 0x7c007c00, IDXF16, ADDF16, NAN16OVF, SIGN16NZ, STU)
ENC16(·enc16FNUZF16NT, 0x7c007c00, IDXF16, ADDF16, NAN16OVF, SIGN16NZ, STNT)
ENC16(·enc16NoneF16, 0x7c007c00, IDXF16, ADDF16, NAN16NONE, SIGN16NONE, STU)
ENC16(·enc16NoneF16NT, 0x7c007c00, IDXF16, ADDF16, NAN16NONE, SIGN16NONE, STNT)
ENC16(·enc16IEEEBF16, 0x7f807f80, IDXBF16, ADDBF16, NAN16IEEE, SIGN16, STU)
ENC16(·enc16IEEEBF16NT, 0x7f807f80, IDXBF16, ADDBF16, NAN16IEEE, SIGN16, STNT)
ENC16(·enc16FNBF16, 0x7f807f80, IDXBF16, ADDBF16, NAN16OVF, SIGN16, STU)
ENC16(·enc16FNBF16NT, 0x7f807f80, IDXBF16, ADDBF16, NAN16OVF, SIGN16, STNT)
ENC16(·enc16FNUZBF16, 0x7f807f80, IDXBF16, ADDBF16, NAN16OVF, SIGN16NZ, STU)
ENC16(·enc16FNUZBF16NT, 0x7f807f80, IDXBF16, ADDBF16, NAN16OVF, SIGN16NZ, STNT)
ENC16(·enc16NoneBF16, 0x7f807f80, IDXBF16, ADDBF16, NAN16NONE, SIGN16NONE, STU)
ENC16(·enc16NoneBF16NT, 0x7f807f80, IDXBF16, ADDBF16, NAN16NONE, SIGN16NONE, STNT)

// E8M0BODY(X, R, KA, KB) rounds the 32 bf16 words of X to f8e8m0fnu in
// the low bytes of R's words. bf16 has f32's exponent, so
// e8m0FromF32's rule is, in 16-bit lanes: r = min((x +sat 0x40) >> 7,
// 255) (the carry adds one at or past 1.5·2^e; a negative x, NaN or inf
// gives 255, the saturating add keeping the largest negative patterns
// from wrapping); below the least normal this gives 1 from 0x40, where
// e8m0FromF32 gives 1 only above 0x40, so x = 0x40 gives 0; +0 gives
// 255.
#define E8M0BODY(X, R, KA, KB) \
	VPADDUSW Z20, X, R; \
	VPSRLW $7, R, R; \
	VPMINUW Z21, R, R; \
	VPCMPUW $0, Z20, X, KA; \
	VMOVDQU16 Z17, KA, R; \
	VPTESTNMW X, X, KB; \
	VMOVDQU16 Z21, KB, R

// E8M0ENC16(NAME, ST): func NAME(dst, src *byte, n int), block 64: two
// vectors of bf16 each iteration, packed as in ENC16.
#define E8M0ENC16(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BCASTD(0x00400040, Z20); \
	BCASTD(0x00ff00ff, Z21); \
	VPXORD Z17, Z17, Z17; \
	VMOVDQU64 enc16Pack<>(SB), Z16; \
loop: \
	PF128; \
	VMOVDQU16 (SI), Z0; \
	VMOVDQU16 64(SI), Z8; \
	E8M0BODY(Z0, Z3, K1, K2); \
	E8M0BODY(Z8, Z11, K3, K4); \
	VPERMT2B Z11, Z16, Z3; \
	ST Z3, (DI); \
	NEXT(128, 64, 64)

E8M0ENC16(·e8m0Enc16BF16, STU)
E8M0ENC16(·e8m0Enc16BF16NT, STNT)

// E8M0F16BODY(X, R, T, U, V, KA, KB, KC) rounds the 32 f16 words of X to
// f8e8m0fnu in the low bytes of R's words, as e8m0FromF32 does the
// widened h. A positive normal h gives its f32 exponent, e + 112, plus
// one at or past 1.5·2^e: ((h + 0x200) >> 10) + 112. A subnormal
// (h < 0x400) is an f32 normal whose exponent and next bit the table
// (Z28, Z29) gives from h >> 4, once h below 32 is shifted up by 5 (and 5
// taken off its result). +0, every negative h, inf and NaN
// (h - 1 >= 0x7bff, unsigned) give 255.
#define E8M0F16BODY(X, R, T, U, V, KA, KB, KC) \
	VPADDW Z20, X, R; \
	VPSRLW $10, R, R; \
	VPADDW Z21, R, R; \
	VPCMPUW $1, Z23, X, KA; \
	VPSLLW $5, X, T; \
	VPBLENDMW T, X, KA, U; \
	VPSRLW $4, U, U; \
	VPERMI2W Z29, Z28, U; \
	VPSUBW Z24, U, KA, U; \
	VPCMPUW $1, Z22, X, KB; \
	VMOVDQU16 U, KB, R; \
	VPSUBW Z25, X, V; \
	VPCMPUW $5, Z26, V, KC; \
	VMOVDQU16 Z27, KC, R

// E8M0ENCF16(NAME, ST): func NAME(dst, src *byte, n int, t
// *[64]uint16), block 64: two vectors of f16 each iteration, packed as
// in ENC16.
#define E8M0ENCF16(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	MOVQ t+24(FP), AX; \
	VMOVDQU16 0(AX), Z28; \
	VMOVDQU16 64(AX), Z29; \
	BCASTD(0x02000200, Z20); \
	BCASTD(0x00700070, Z21); \
	BCASTD(0x04000400, Z22); \
	BCASTD(0x00200020, Z23); \
	BCASTD(0x00050005, Z24); \
	BCASTD(0x00010001, Z25); \
	BCASTD(0x7bff7bff, Z26); \
	BCASTD(0x00ff00ff, Z27); \
	VMOVDQU64 enc16Pack<>(SB), Z16; \
loop: \
	PF128; \
	VMOVDQU16 (SI), Z0; \
	VMOVDQU16 64(SI), Z8; \
	E8M0F16BODY(Z0, Z3, Z4, Z5, Z6, K1, K2, K3); \
	E8M0F16BODY(Z8, Z11, Z12, Z13, Z14, K4, K5, K6); \
	VPERMT2B Z11, Z16, Z3; \
	ST Z3, (DI); \
	NEXT(128, 64, 64)

E8M0ENCF16(·e8m0Enc16F16, STU)
E8M0ENCF16(·e8m0Enc16F16NT, STNT)
