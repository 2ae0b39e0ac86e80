//go:build !purego

#include "textflag.h"

// NEON kernels (stubs_arm64.go). Each takes (dst, src *byte, n int) with
// n a positive multiple of its block and converts with FPCR as Go leaves
// it: round to nearest even, no flush-to-zero, NaNs propagated (not
// replaced by the default NaN). Go's assembler has no mnemonics for the
// vector FCVTL, FCVTN and CMHI, so they are written as WORDs from the
// Arm A64 encodings (Arm ARM C7.2: FCVTL, FCVTN, CMHI (register)),
// d, n and m being register numbers.

#define FCVTL_4S_4H(d, n) WORD $(0x0E217800 | (n<<5) | d)
#define FCVTL2_4S_8H(d, n) WORD $(0x4E217800 | (n<<5) | d)
#define FCVTN_4H_4S(d, n) WORD $(0x0E216800 | (n<<5) | d)
#define FCVTN2_8H_4S(d, n) WORD $(0x4E216800 | (n<<5) | d)
#define FCVTL_2D_2S(d, n) WORD $(0x0E617800 | (n<<5) | d)
#define FCVTL2_2D_4S(d, n) WORD $(0x4E617800 | (n<<5) | d)
#define FCVTN_2S_2D(d, n) WORD $(0x0E616800 | (n<<5) | d)
#define FCVTN2_4S_2D(d, n) WORD $(0x4E616800 | (n<<5) | d)
// CMHI_4S: d = n > m (unsigned), lane by lane, all ones or zero.
#define CMHI_4S(d, n, m) WORD $(0x6EA03400 | (m<<16) | (n<<5) | d)

#define ARGS MOVD dst+0(FP), R0; MOVD src+8(FP), R1; MOVD n+16(FP), R2

// func cvtF32F16(dst, src *byte, n int) — block 16. FCVTN rounds to
// nearest even and keeps subnormals; a NaN comes out quiet with its top
// payload bits.
TEXT ·cvtF32F16(SB), NOSPLIT, $0-24
	ARGS
loop:
	VLD1.P 64(R1), [V0.S4, V1.S4, V2.S4, V3.S4]
	FCVTN_4H_4S(4, 0)
	FCVTN2_8H_4S(4, 1)
	FCVTN_4H_4S(5, 2)
	FCVTN2_8H_4S(5, 3)
	VST1.P [V4.H8, V5.H8], 32(R0)
	SUBS $16, R2, R2
	BNE loop
	RET

// func cvtF16F32(dst, src *byte, n int) — block 16. Exact; a signalling
// NaN comes out quiet.
TEXT ·cvtF16F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VLD1.P 32(R1), [V0.H8, V1.H8]
	FCVTL_4S_4H(2, 0)
	FCVTL2_4S_8H(3, 0)
	FCVTL_4S_4H(4, 1)
	FCVTL2_4S_8H(5, 1)
	VST1.P [V2.S4, V3.S4, V4.S4, V5.S4], 64(R0)
	SUBS $16, R2, R2
	BNE loop
	RET

// func cvtF64F32(dst, src *byte, n int) — block 8 (f64 to f32).
TEXT ·cvtF64F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	VLD1.P 64(R1), [V0.D2, V1.D2, V2.D2, V3.D2]
	FCVTN_2S_2D(4, 0)
	FCVTN2_4S_2D(4, 1)
	FCVTN_2S_2D(5, 2)
	FCVTN2_4S_2D(5, 3)
	VST1.P [V4.S4, V5.S4], 32(R0)
	SUBS $8, R2, R2
	BNE loop
	RET

// func cvtF32F64(dst, src *byte, n int) — block 8 (f32 to f64). Exact.
TEXT ·cvtF32F64(SB), NOSPLIT, $0-24
	ARGS
loop:
	VLD1.P 32(R1), [V0.S4, V1.S4]
	FCVTL_2D_2S(2, 0)
	FCVTL2_2D_4S(3, 0)
	FCVTL_2D_2S(4, 1)
	FCVTL2_2D_4S(5, 1)
	VST1.P [V2.D2, V3.D2, V4.D2, V5.D2], 64(R0)
	SUBS $8, R2, R2
	BNE loop
	RET

// BF16CONST puts 1 (V20), 0x7fff (V21), the f32 magnitude mask (V22),
// +inf (V23) and the f32 quiet bit (V24) in every 32-bit lane.
#define BF16CONST \
	MOVW $1, R3; VDUP R3, V20.S4; \
	MOVW $0x7fff, R3; VDUP R3, V21.S4; \
	MOVW $0x7fffffff, R3; VDUP R3, V22.S4; \
	MOVW $0x7f800000, R3; VDUP R3, V23.S4; \
	MOVW $0x00400000, R3; VDUP R3, V24.S4

// RNEBF16(X, T, U, u) rounds the f32 lanes of X to bf16 in the high
// halves of X, as f32ToBF16 does: x + 0x7fff + (bit 16 of x), except that
// a NaN becomes x with the quiet bit set. T and U are scratch, u is U's
// number.
#define RNEBF16(X, T, U, u) \
	VUSHR $16, X.S4, T.S4; \
	VAND V20.B16, T.B16, T.B16; \
	VADD V21.S4, T.S4, T.S4; \
	VAND V22.B16, X.B16, U.B16; \
	CMHI_4S(u, u, 23); \
	VADD X.S4, T.S4, T.S4; \
	VORR V24.B16, X.B16, X.B16; \
	VBIF U.B16, T.B16, X.B16

// func cvtF32BF16(dst, src *byte, n int) — block 8.
TEXT ·cvtF32BF16(SB), NOSPLIT, $0-24
	ARGS
	BF16CONST
loop:
	VLD1.P 32(R1), [V0.S4, V1.S4]
	RNEBF16(V0, V2, V3, 3)
	RNEBF16(V1, V4, V5, 5)
	VUZP2 V1.H8, V0.H8, V6.H8
	VST1.P [V6.H8], 16(R0)
	SUBS $8, R2, R2
	BNE loop
	RET

// func cvtBF16F32(dst, src *byte, n int) — block 8: each bf16 becomes the
// high half of an f32 (ZIP1/ZIP2 with zeros), and a NaN is made quiet,
// as bf16ToF32 does.
TEXT ·cvtBF16F32(SB), NOSPLIT, $0-24
	ARGS
	BF16CONST
	VEOR V25.B16, V25.B16, V25.B16
loop:
	VLD1.P 16(R1), [V0.H8]
	VZIP1 V0.H8, V25.H8, V1.H8
	VZIP2 V0.H8, V25.H8, V2.H8
	VAND V22.B16, V1.B16, V3.B16
	CMHI_4S(3, 3, 23)
	VAND V24.B16, V3.B16, V3.B16
	VORR V3.B16, V1.B16, V1.B16
	VAND V22.B16, V2.B16, V4.B16
	CMHI_4S(4, 4, 23)
	VAND V24.B16, V4.B16, V4.B16
	VORR V4.B16, V2.B16, V2.B16
	VST1.P [V1.S4, V2.S4], 32(R0)
	SUBS $8, R2, R2
	BNE loop
	RET
