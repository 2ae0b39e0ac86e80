//go:build !purego

#include "textflag.h"

// func transpose16(dst, src *byte, rows, cols, nr, nc int)
// dst (cols × rows) = the transpose of src (rows × cols), 2-byte
// elements, for the first nr rows and nc columns of src, positive
// multiples of 8: 8×8 blocks, each read
// as eight 16-byte rows, transposed with three rounds of unpacks (words,
// dwords, qwords) and written as eight 16-byte rows. SSE2 only.
TEXT ·transpose16(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), R8
	MOVQ cols+24(FP), R9
	MOVQ R9, R10
	SHLQ $1, R10          // source row stride, bytes
	MOVQ R8, R11
	SHLQ $1, R11          // destination row stride, bytes
	XORQ R12, R12         // source row of the block

rowblk:
	XORQ R13, R13         // source column of the block

colblk:
	// AX = src + (R12*cols + R13)*2
	MOVQ R12, AX
	IMULQ R9, AX
	ADDQ R13, AX
	SHLQ $1, AX
	ADDQ SI, AX
	MOVOU (AX), X0
	ADDQ R10, AX
	MOVOU (AX), X1
	ADDQ R10, AX
	MOVOU (AX), X2
	ADDQ R10, AX
	MOVOU (AX), X3
	ADDQ R10, AX
	MOVOU (AX), X4
	ADDQ R10, AX
	MOVOU (AX), X5
	ADDQ R10, AX
	MOVOU (AX), X6
	ADDQ R10, AX
	MOVOU (AX), X7

	// Words: X8 = a0 b0 a1 b1 a2 b2 a3 b3, X0 = a4 b4 ..., likewise cd,
	// ef, gh.
	MOVO X0, X8
	PUNPCKLWL X1, X8
	PUNPCKHWL X1, X0
	MOVO X2, X9
	PUNPCKLWL X3, X9
	PUNPCKHWL X3, X2
	MOVO X4, X10
	PUNPCKLWL X5, X10
	PUNPCKHWL X5, X4
	MOVO X6, X11
	PUNPCKLWL X7, X11
	PUNPCKHWL X7, X6

	// Dwords: pairs of columns of four rows.
	MOVO X8, X1
	PUNPCKLLQ X9, X1      // a0 b0 c0 d0 a1 b1 c1 d1
	PUNPCKHLQ X9, X8      // columns 2, 3
	MOVO X0, X3
	PUNPCKLLQ X2, X3      // columns 4, 5
	PUNPCKHLQ X2, X0      // columns 6, 7
	MOVO X10, X5
	PUNPCKLLQ X11, X5     // e..h, columns 0, 1
	PUNPCKHLQ X11, X10    // columns 2, 3
	MOVO X4, X7
	PUNPCKLLQ X6, X7      // columns 4, 5
	PUNPCKHLQ X6, X4      // columns 6, 7

	// Qwords: whole columns.
	MOVO X1, X2
	PUNPCKLQDQ X5, X2     // column 0
	PUNPCKHQDQ X5, X1     // column 1
	MOVO X8, X6
	PUNPCKLQDQ X10, X6    // column 2
	PUNPCKHQDQ X10, X8    // column 3
	MOVO X3, X9
	PUNPCKLQDQ X7, X9     // column 4
	PUNPCKHQDQ X7, X3     // column 5
	MOVO X0, X11
	PUNPCKLQDQ X4, X11    // column 6
	PUNPCKHQDQ X4, X0     // column 7

	// BX = dst + (R13*rows + R12)*2
	MOVQ R13, BX
	IMULQ R8, BX
	ADDQ R12, BX
	SHLQ $1, BX
	ADDQ DI, BX
	MOVOU X2, (BX)
	ADDQ R11, BX
	MOVOU X1, (BX)
	ADDQ R11, BX
	MOVOU X6, (BX)
	ADDQ R11, BX
	MOVOU X8, (BX)
	ADDQ R11, BX
	MOVOU X9, (BX)
	ADDQ R11, BX
	MOVOU X3, (BX)
	ADDQ R11, BX
	MOVOU X11, (BX)
	ADDQ R11, BX
	MOVOU X0, (BX)

	ADDQ $8, R13
	CMPQ R13, nc+40(FP)
	JLT colblk
	ADDQ $8, R12
	CMPQ R12, nr+32(FP)
	JLT rowblk
	RET

// func transpose32(dst, src *byte, rows, cols, nr, nc int)
// The same for 4-byte elements, nr and nc positive multiples of 4:
// 4×4 blocks, two rounds of unpacks (dwords, qwords).
TEXT ·transpose32(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), R8
	MOVQ cols+24(FP), R9
	MOVQ R9, R10
	SHLQ $2, R10
	MOVQ R8, R11
	SHLQ $2, R11
	XORQ R12, R12

rowblk32:
	XORQ R13, R13

colblk32:
	MOVQ R12, AX
	IMULQ R9, AX
	ADDQ R13, AX
	SHLQ $2, AX
	ADDQ SI, AX
	MOVOU (AX), X0
	ADDQ R10, AX
	MOVOU (AX), X1
	ADDQ R10, AX
	MOVOU (AX), X2
	ADDQ R10, AX
	MOVOU (AX), X3

	MOVO X0, X4
	PUNPCKLLQ X1, X4      // a0 b0 a1 b1
	PUNPCKHLQ X1, X0      // a2 b2 a3 b3
	MOVO X2, X5
	PUNPCKLLQ X3, X5      // c0 d0 c1 d1
	PUNPCKHLQ X3, X2      // c2 d2 c3 d3
	MOVO X4, X6
	PUNPCKLQDQ X5, X6     // column 0
	PUNPCKHQDQ X5, X4     // column 1
	MOVO X0, X7
	PUNPCKLQDQ X2, X7     // column 2
	PUNPCKHQDQ X2, X0     // column 3

	MOVQ R13, BX
	IMULQ R8, BX
	ADDQ R12, BX
	SHLQ $2, BX
	ADDQ DI, BX
	MOVOU X6, (BX)
	ADDQ R11, BX
	MOVOU X4, (BX)
	ADDQ R11, BX
	MOVOU X7, (BX)
	ADDQ R11, BX
	MOVOU X0, (BX)

	ADDQ $4, R13
	CMPQ R13, nc+40(FP)
	JLT colblk32
	ADDQ $4, R12
	CMPQ R12, nr+32(FP)
	JLT rowblk32
	RET
