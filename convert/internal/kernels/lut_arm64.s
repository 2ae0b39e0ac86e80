//go:build !purego

#include "textflag.h"

// Table lookups of one-byte sources (lut_arm64.go). Each iteration reads
// 64 bytes (V0-V3) and looks each plane up in four quarters: TBL for
// entries 0-63, then TBX, which leaves a lane whose index is out of range
// alone, for 64-127, 128-191 and 192-255 with the indices lowered by 64
// each time (V8-V11; V31 holds 64 in every byte). A quarter's table is
// loaded into V16-V19 as it is used (it stays in L1).

#define ARGS MOVD dst+0(FP), R0; MOVD src+8(FP), R1; MOVD n+16(FP), R2; MOVD t+24(FP), R3

// PLANE(OFF, A, B, C, D) sets A-D to the plane at OFF(R3) looked up at
// V0-V3.
#define PLANE(OFF, A, B, C, D) \
	ADD $(OFF), R3, R4; \
	VLD1.P 64(R4), [V16.B16, V17.B16, V18.B16, V19.B16]; \
	VTBL V0.B16, [V16.B16, V17.B16, V18.B16, V19.B16], A.B16; \
	VTBL V1.B16, [V16.B16, V17.B16, V18.B16, V19.B16], B.B16; \
	VTBL V2.B16, [V16.B16, V17.B16, V18.B16, V19.B16], C.B16; \
	VTBL V3.B16, [V16.B16, V17.B16, V18.B16, V19.B16], D.B16; \
	VSUB V31.B16, V0.B16, V8.B16; \
	VSUB V31.B16, V1.B16, V9.B16; \
	VSUB V31.B16, V2.B16, V10.B16; \
	VSUB V31.B16, V3.B16, V11.B16; \
	QUARTER(A, B, C, D); \
	QUARTER(A, B, C, D); \
	QUARTER(A, B, C, D)

#define QUARTER(A, B, C, D) \
	VLD1.P 64(R4), [V16.B16, V17.B16, V18.B16, V19.B16]; \
	VTBX V8.B16, [V16.B16, V17.B16, V18.B16, V19.B16], A.B16; \
	VTBX V9.B16, [V16.B16, V17.B16, V18.B16, V19.B16], B.B16; \
	VTBX V10.B16, [V16.B16, V17.B16, V18.B16, V19.B16], C.B16; \
	VTBX V11.B16, [V16.B16, V17.B16, V18.B16, V19.B16], D.B16; \
	VSUB V31.B16, V8.B16, V8.B16; \
	VSUB V31.B16, V9.B16, V9.B16; \
	VSUB V31.B16, V10.B16, V10.B16; \
	VSUB V31.B16, V11.B16, V11.B16

// func lutB(dst, src *byte, n int, t *lutVec) — block 64.
TEXT ·lutB(SB), NOSPLIT, $0-32
	ARGS
	VMOVI $64, V31.B16
loop:
	VLD1.P 64(R1), [V0.B16, V1.B16, V2.B16, V3.B16]
	PLANE(0, V4, V5, V6, V7)
	VST1.P [V4.B16, V5.B16, V6.B16, V7.B16], 64(R0)
	SUBS $64, R2, R2
	BNE loop
	RET

// func lutW(dst, src *byte, n int, t *lutVec) — block 64: the planes
// interleaved by ZIP1/ZIP2 into halfwords.
TEXT ·lutW(SB), NOSPLIT, $0-32
	ARGS
	VMOVI $64, V31.B16
loop:
	VLD1.P 64(R1), [V0.B16, V1.B16, V2.B16, V3.B16]
	PLANE(0, V4, V5, V6, V7)
	PLANE(256, V12, V13, V14, V15)
	VZIP1 V12.B16, V4.B16, V20.B16
	VZIP2 V12.B16, V4.B16, V21.B16
	VZIP1 V13.B16, V5.B16, V22.B16
	VZIP2 V13.B16, V5.B16, V23.B16
	VST1.P [V20.B16, V21.B16, V22.B16, V23.B16], 64(R0)
	VZIP1 V14.B16, V6.B16, V20.B16
	VZIP2 V14.B16, V6.B16, V21.B16
	VZIP1 V15.B16, V7.B16, V22.B16
	VZIP2 V15.B16, V7.B16, V23.B16
	VST1.P [V20.B16, V21.B16, V22.B16, V23.B16], 64(R0)
	SUBS $64, R2, R2
	BNE loop
	RET

// WORDS(H, A, B) writes the halfwords of H as the high halves of 32-bit
// words: ZIP1/ZIP2 with zeros (V30) into A and B, stored.
#define WORDS(H, A, B) \
	VZIP1 H.H8, V30.H8, A.H8; \
	VZIP2 H.H8, V30.H8, B.H8

// DWORDS16(LO, HI) interleaves 16 bytes of each plane (LO the low byte of
// each result, HI the high one), widens the 16 words to the top halves
// of 16 dwords (WORDS) and stores them: 64 bytes of lutD's output.
#define DWORDS16(LO, HI) \
	VZIP1 HI.B16, LO.B16, V20.B16; \
	VZIP2 HI.B16, LO.B16, V21.B16; \
	WORDS(V20, V24, V25); \
	WORDS(V21, V26, V27); \
	VST1.P [V24.S4, V25.S4, V26.S4, V27.S4], 64(R0)

// func lutD(dst, src *byte, n int, t *lutVec) — block 64: the planes are
// the top half of each 4-byte result.
TEXT ·lutD(SB), NOSPLIT, $0-32
	ARGS
	VMOVI $64, V31.B16
	VEOR V30.B16, V30.B16, V30.B16
loop:
	VLD1.P 64(R1), [V0.B16, V1.B16, V2.B16, V3.B16]
	PLANE(0, V4, V5, V6, V7)
	PLANE(256, V12, V13, V14, V15)
	DWORDS16(V4, V12)
	DWORDS16(V5, V13)
	DWORDS16(V6, V14)
	DWORDS16(V7, V15)
	SUBS $64, R2, R2
	BNE loop
	RET
