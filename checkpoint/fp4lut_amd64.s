//go:build !purego

#include "textflag.h"

// func fp4LUT16(dst, blk, scales *byte, tabs *[256][32]byte, n int)
//
// For each of n groups: 16 bytes of blk (32 packed E2M1 codes, the first
// in the low nibble) become 32 two-byte results at dst, looked up in the
// table of the group's scale byte: tabs[scale][0:16] holds the low bytes
// of the 16 codes' results, tabs[scale][16:32] the high bytes. SSSE3.
TEXT ·fp4LUT16(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blk+8(FP), SI
	MOVQ scales+16(FP), DX
	MOVQ tabs+24(FP), R8
	MOVQ n+32(FP), CX
	MOVQ $0x0f0f0f0f0f0f0f0f, AX
	MOVQ AX, X8
	PUNPCKLQDQ X8, X8
	TESTQ CX, CX
	JEQ done
loop:
	MOVBQZX (DX), AX
	SHLQ $5, AX
	MOVOU (R8)(AX*1), X6
	MOVOU 16(R8)(AX*1), X7
	MOVOU (SI), X0
	MOVO X0, X1
	PAND X8, X1        // low nibbles: the even codes
	PSRLW $4, X0
	PAND X8, X0        // high nibbles: the odd codes
	MOVO X1, X2
	PUNPCKLBW X0, X2   // codes 0..15 in order
	PUNPCKHBW X0, X1   // codes 16..31
	MOVO X6, X3
	PSHUFB X2, X3      // their results' low bytes
	MOVO X7, X4
	PSHUFB X2, X4      // and high bytes
	MOVO X3, X5
	PUNPCKLBW X4, X5
	PUNPCKHBW X4, X3
	MOVOU X5, (DI)
	MOVOU X3, 16(DI)
	MOVO X6, X3
	PSHUFB X1, X3
	MOVO X7, X4
	PSHUFB X1, X4
	MOVO X3, X5
	PUNPCKLBW X4, X5
	PUNPCKHBW X4, X3
	MOVOU X5, 32(DI)
	MOVOU X3, 48(DI)
	ADDQ $16, SI
	ADDQ $64, DI
	INCQ DX
	DECQ CX
	JNZ loop
done:
	RET

// func fp4LUT8(dst, blk, scales *byte, tabs *[256][32]byte, n int)
//
// fp4LUT16 for groups of 8 bytes (16 codes, NVFP4's block): 32 bytes of
// results a group.
TEXT ·fp4LUT8(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ blk+8(FP), SI
	MOVQ scales+16(FP), DX
	MOVQ tabs+24(FP), R8
	MOVQ n+32(FP), CX
	MOVQ $0x0f0f0f0f0f0f0f0f, AX
	MOVQ AX, X8
	PUNPCKLQDQ X8, X8
	TESTQ CX, CX
	JEQ done8
loop8:
	MOVBQZX (DX), AX
	SHLQ $5, AX
	MOVOU (R8)(AX*1), X6
	MOVOU 16(R8)(AX*1), X7
	MOVQ (SI), X0
	MOVO X0, X1
	PAND X8, X1
	PSRLW $4, X0
	PAND X8, X0
	PUNPCKLBW X0, X1   // codes 0..15 in order
	MOVO X6, X3
	PSHUFB X1, X3
	MOVO X7, X4
	PSHUFB X1, X4
	MOVO X3, X5
	PUNPCKLBW X4, X5
	PUNPCKHBW X4, X3
	MOVOU X5, (DI)
	MOVOU X3, 16(DI)
	ADDQ $8, SI
	ADDQ $32, DI
	INCQ DX
	DECQ CX
	JNZ loop8
done8:
	RET
