//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Encoders from f16 and bf16 into the floats of 8 bits or fewer, in
// 16-bit lanes (AVX-512BW): each iteration reads 32 source elements (64
// bytes) and writes 32 bytes, rounding with integer steps only, as
// enc16Params (enc16_amd64.go) describes; the results equal
// f8Params.fromF32 and e8m0FromF32 of the widened source, as the f32-lane
// kernels of smallenc_amd64.s compute them. Operand order is Go's:
// sources first, destination last; VPTERNLOGD's immediate is the truth
// table of (dst, middle, first) as bits 2, 1, 0 of its index, and VPERMW
// takes the table, then the indices (their low 5 bits).

// ENC16PARAMS loads p's tables d, lm and k into Z20-Z22 and broadcasts
// its words: ovf Z23, nanMant Z26, nanBase Z27, nanShift Z28, signShift
// Z29, signBit Z31, lo Z18, hi Z19; Z24 holds ones, Z25 the abs mask,
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
	VPBROADCASTW 202(AX), Z31; \
	VPBROADCASTW 204(AX), Z18; \
	VPBROADCASTW 206(AX), Z19; \
	BCASTD(0x00010001, Z24); \
	BCASTD(0x7fff7fff, Z25); \
	BCASTD(INF, Z30); \
	VPXORD Z17, Z17, Z17

// The table index of each lane into Z2: the f16 exponent (VPERMW ignores
// the sign above it), the bf16 exponent clamped to [lo, hi].
#define IDXF16 VPSRLW $10, Z0, Z2
#define IDXBF16 VPSRLW $7, Z1, Z2; VPMAXUW Z18, Z2, Z2; VPMINUW Z19, Z2, Z2

// NaN steps, K2 the NaN lanes. NAN16IEEE: a NaN keeps its top payload
// bits under the quiet NaN base; NAN16OVF (fn, fnuz): NaN and inf lanes
// are already ovf, the format's NaN; NAN16NONE (f4, f6): the lanes are
// found here and given a zero with the sign flipped by SIGN16NONE.
#define NAN16IEEE \
	VPCMPUW $6, Z30, Z1, K2; \
	VPSRLVW Z28, Z1, Z6; \
	VPTERNLOGD $0xea, Z27, Z26, Z6; \
	VMOVDQU16 Z6, K2, Z3
#define NAN16OVF
#define NAN16NONE VPCMPUW $6, Z30, Z1, K2

// Sign steps: the source sign moved to the format's sign bit (Z7) is ORed
// in; SIGN16NZ (fnuz, no -0) then clears the lanes whose result was 0;
// SIGN16NONE writes ~sign & signBit into the NaN lanes.
#define SIGN16 VPSRLVW Z29, Z0, Z7; VPTERNLOGD $0xf8, Z31, Z7, Z3
#define SIGN16NZ VPTESTNMW Z3, Z3, K3; SIGN16; VMOVDQU16 Z17, K3, Z3
#define SIGN16NONE SIGN16; VPANDND Z31, Z7, Z8; VMOVDQU16 Z8, K2, Z3

// The stores: the 32 bytes of Z3's words, ordinary, or one non-temporal
// 32-byte store at a multiple of 32 from a 64-byte-aligned dst (the
// NAME+NT twins).
#define ST16 VPMOVWB Z3, (DI)
#define ST16NT VPMOVWB Z3, Y3; STNT Y3, (DI)

// ENC16(NAME, INF, IDX, NAN, SIGN, ST): func NAME(dst, src *byte, n int, p
// *enc16Params), block 32: r = min((a + d + (a&lm != 0)) >> k, ovf) for
// a = |x|, then the NaN and sign steps, stored as 32 bytes.
#define ENC16(NAME, INF, IDX, NAN, SIGN, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	ENC16PARAMS(INF); \
loop: \
	PF64; \
	VMOVDQU16 (SI), Z0; \
	VPANDD Z25, Z0, Z1; \
	IDX; \
	VPERMW Z20, Z2, Z3; \
	VPERMW Z21, Z2, Z4; \
	VPERMW Z22, Z2, Z5; \
	VPTESTMW Z4, Z1, K1; \
	VPADDW Z3, Z1, Z3; \
	VPADDW Z24, Z3, K1, Z3; \
	VPSRLVW Z5, Z3, Z3; \
	VPMINUW Z23, Z3, Z3; \
	NAN; \
	SIGN; \
	ST; \
	NEXT(64, 32, 32)

ENC16(·enc16IEEEF16, 0x7c007c00, IDXF16, NAN16IEEE, SIGN16, ST16)
ENC16(·enc16IEEEF16NT, 0x7c007c00, IDXF16, NAN16IEEE, SIGN16, ST16NT)
ENC16(·enc16FNF16, 0x7c007c00, IDXF16, NAN16OVF, SIGN16, ST16)
ENC16(·enc16FNF16NT, 0x7c007c00, IDXF16, NAN16OVF, SIGN16, ST16NT)
ENC16(·enc16FNUZF16, 0x7c007c00, IDXF16, NAN16OVF, SIGN16NZ, ST16)
ENC16(·enc16FNUZF16NT, 0x7c007c00, IDXF16, NAN16OVF, SIGN16NZ, ST16NT)
ENC16(·enc16NoneF16, 0x7c007c00, IDXF16, NAN16NONE, SIGN16NONE, ST16)
ENC16(·enc16NoneF16NT, 0x7c007c00, IDXF16, NAN16NONE, SIGN16NONE, ST16NT)
ENC16(·enc16IEEEBF16, 0x7f807f80, IDXBF16, NAN16IEEE, SIGN16, ST16)
ENC16(·enc16IEEEBF16NT, 0x7f807f80, IDXBF16, NAN16IEEE, SIGN16, ST16NT)
ENC16(·enc16FNBF16, 0x7f807f80, IDXBF16, NAN16OVF, SIGN16, ST16)
ENC16(·enc16FNBF16NT, 0x7f807f80, IDXBF16, NAN16OVF, SIGN16, ST16NT)
ENC16(·enc16FNUZBF16, 0x7f807f80, IDXBF16, NAN16OVF, SIGN16NZ, ST16)
ENC16(·enc16FNUZBF16NT, 0x7f807f80, IDXBF16, NAN16OVF, SIGN16NZ, ST16NT)
ENC16(·enc16NoneBF16, 0x7f807f80, IDXBF16, NAN16NONE, SIGN16NONE, ST16)
ENC16(·enc16NoneBF16NT, 0x7f807f80, IDXBF16, NAN16NONE, SIGN16NONE, ST16NT)

// E8M0ENC16(NAME, ST): func NAME(dst, src *byte, n int), block 32. bf16 has f32's
// exponent, so e8m0FromF32's rule is, in 16-bit lanes: r = min((x +sat
// 0x40) >> 7, 255) (the carry adds one at or past 1.5·2^e; a negative x,
// NaN or inf gives 255, the saturating add keeping the largest negative
// patterns from wrapping); below the least normal this gives 1 from 0x40,
// where e8m0FromF32 gives 1 only above 0x40, so x = 0x40 gives 0; +0
// gives 255.
#define E8M0ENC16(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BCASTD(0x00400040, Z20); \
	BCASTD(0x00ff00ff, Z21); \
	VPXORD Z17, Z17, Z17; \
loop: \
	PF64; \
	VMOVDQU16 (SI), Z0; \
	VPADDUSW Z20, Z0, Z3; \
	VPSRLW $7, Z3, Z3; \
	VPMINUW Z21, Z3, Z3; \
	VPCMPUW $0, Z20, Z0, K1; \
	VMOVDQU16 Z17, K1, Z3; \
	VPTESTNMW Z0, Z0, K2; \
	VMOVDQU16 Z21, K2, Z3; \
	ST; \
	NEXT(64, 32, 32)

E8M0ENC16(·e8m0Enc16BF16, ST16)
E8M0ENC16(·e8m0Enc16BF16NT, ST16NT)

// E8M0ENCF16(NAME, ST): func NAME(dst, src *byte, n int, t
// *[64]uint16), block 32: e8m0FromF32 of the widened f16 h, in 16-bit
// lanes. A positive normal h gives its f32 exponent, e + 112, plus one at
// or past 1.5·2^e: ((h + 0x200) >> 10) + 112. A subnormal (h < 0x400) is
// an f32 normal whose exponent and next bit the table t gives from
// h >> 4, once h below 32 is shifted up by 5 (and 5 taken off its
// result). +0, every negative h, inf and NaN (h - 1 >= 0x7bff, unsigned)
// give 255.
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
loop: \
	PF64; \
	VMOVDQU16 (SI), Z0; \
	VPADDW Z20, Z0, Z3; \
	VPSRLW $10, Z3, Z3; \
	VPADDW Z21, Z3, Z3; \
	VPCMPUW $1, Z23, Z0, K1; \
	VPSLLW $5, Z0, Z4; \
	VPBLENDMW Z4, Z0, K1, Z5; \
	VPSRLW $4, Z5, Z5; \
	VPERMI2W Z29, Z28, Z5; \
	VPSUBW Z24, Z5, K1, Z5; \
	VPCMPUW $1, Z22, Z0, K2; \
	VMOVDQU16 Z5, K2, Z3; \
	VPSUBW Z25, Z0, Z6; \
	VPCMPUW $5, Z26, Z6, K3; \
	VMOVDQU16 Z27, K3, Z3; \
	ST; \
	NEXT(64, 32, 32)

E8M0ENCF16(·e8m0Enc16F16, ST16)
E8M0ENCF16(·e8m0Enc16F16NT, ST16NT)
