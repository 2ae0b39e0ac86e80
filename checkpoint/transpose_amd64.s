//go:build !purego

#include "textflag.h"

// Transposes of the top-left nr × nc block of src (rows × cols) into dst
// (cols × rows), a square block of elements at a time, SSE2 only.
// Registers: DI dst, SI src, R8 rows, R9 cols, R10 and R11 the source's
// and the destination's row strides in bytes, R12 and R13 the source row
// and column of the block, AX and BX the block's first source and
// destination rows.

// SETUP(SH) loads the arguments for elements of 1<<SH bytes.
#define SETUP(SH) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ rows+16(FP), R8; \
	MOVQ cols+24(FP), R9; \
	MOVQ R9, R10; \
	SHLQ $SH, R10; \
	MOVQ R8, R11; \
	SHLQ $SH, R11; \
	XORQ R12, R12

// SRCAT(SH) points AX at the block: src + (R12*cols + R13) << SH.
#define SRCAT(SH) \
	MOVQ R12, AX; \
	IMULQ R9, AX; \
	ADDQ R13, AX; \
	SHLQ $SH, AX; \
	ADDQ SI, AX

// DSTAT(SH) points BX at the block's transpose: dst + (R13*rows + R12) << SH.
#define DSTAT(SH) \
	MOVQ R13, BX; \
	IMULQ R8, BX; \
	ADDQ R12, BX; \
	SHLQ $SH, BX; \
	ADDQ DI, BX

// LD(X) and ST(X) read and write one 16-byte row, then step to the next.
#define LD(X) MOVOU (AX), X; ADDQ R10, AX
#define ST(X) MOVOU X, (BX); ADDQ R11, BX

// NEXT(N, COL, ROW) steps to the next block of N × N: along the row to
// label COL, then down to label ROW.
#define NEXT(N, COL, ROW) \
	ADDQ $N, R13; \
	CMPQ R13, nc+40(FP); \
	JLT COL; \
	ADDQ $N, R12; \
	CMPQ R12, nr+32(FP); \
	JLT ROW

// func transpose16(dst, src *byte, rows, cols, nr, nc int)
// 2-byte elements, nr and nc positive multiples of 8: each 8×8 block is
// read as eight 16-byte rows a..h, transposed with three rounds of
// unpacks (words, dwords, qwords) and written as eight 16-byte rows.
TEXT ·transpose16(SB), NOSPLIT, $0-48
	SETUP(1)

rowblk:
	XORQ R13, R13

colblk:
	SRCAT(1)
	LD(X0); LD(X1); LD(X2); LD(X3); LD(X4); LD(X5); LD(X6)
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

	DSTAT(1)
	ST(X2); ST(X1); ST(X6); ST(X8); ST(X9); ST(X3); ST(X11)
	MOVOU X0, (BX)
	NEXT(8, colblk, rowblk)
	RET

// func transpose32(dst, src *byte, rows, cols, nr, nc int)
// 4-byte elements, nr and nc positive multiples of 4: 4×4 blocks, two
// rounds of unpacks (dwords, qwords).
TEXT ·transpose32(SB), NOSPLIT, $0-48
	SETUP(2)

rowblk32:
	XORQ R13, R13

colblk32:
	SRCAT(2)
	LD(X0); LD(X1); LD(X2)
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

	DSTAT(2)
	ST(X6); ST(X4); ST(X7)
	MOVOU X0, (BX)
	NEXT(4, colblk32, rowblk32)
	RET
