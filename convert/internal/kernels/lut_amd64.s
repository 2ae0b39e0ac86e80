//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Table lookups of one-byte sources (lut_amd64.go), AVX-512 F/BW/VBMI.
// Each iteration reads 64 bytes, permutes them with VPERMB into the order
// the unpacks need, looks each plane up with two VPERMI2B (entries 0-127
// and 128-255; VPERMI2B uses the low 7 bits of each index) blended on the
// index's top bit, and interleaves the planes, and zeros below them for
// 4- and 8-byte results, into 64 results. Z16-Z19 hold the low plane,
// Z20-Z23 the high one, Z24 zero, Z25 the permutation, K1 the top bits.

#define LUTARGS \
	ARGS; \
	MOVQ t+24(FP), AX; \
	LUTLOAD

// LUTLOAD loads the table at AX into Z16-Z23 and Z25, and zeros Z24.
#define LUTLOAD \
	VMOVDQU64 0(AX), Z16; \
	VMOVDQU64 64(AX), Z17; \
	VMOVDQU64 128(AX), Z18; \
	VMOVDQU64 192(AX), Z19; \
	VMOVDQU64 256(AX), Z20; \
	VMOVDQU64 320(AX), Z21; \
	VMOVDQU64 384(AX), Z22; \
	VMOVDQU64 448(AX), Z23; \
	VMOVDQU64 512(AX), Z25; \
	VPXORQ Z24, Z24, Z24

// LOOKUP(T0, T1, T2, T3, R) sets R to the plane T0-T3 at the bytes of Z0
// (K1 their top bits), through Z3.
#define LOOKUP(T0, T1, T2, T3, R) \
	VMOVDQA64 Z0, R; \
	VPERMI2B T1, T0, R; \
	VMOVDQA64 Z0, Z3; \
	VPERMI2B T3, T2, Z3; \
	VPBLENDMB Z3, R, K1, R

// LOAD64 reads 64 source bytes into Z0 in the loop's order, top bits in K1.
#define LOAD64 \
	VMOVDQU8 (SI), Z0; \
	VPERMB Z0, Z25, Z0; \
	VPMOVB2M Z0, K1

// func lutB(dst, src *byte, n int, t *lutVec) — block 64: one plane.
#define LUTB(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	LUTARGS; \
loop: \
	VMOVDQU8 (SI), Z0; \
	VPMOVB2M Z0, K1; \
	LOOKUP(Z16, Z17, Z18, Z19, Z1); \
	ST Z1, (DI); \
	NEXT(64, 64, 64)

LUTB(·lutB, STU)
LUTB(·lutBNT, STNT)

// LUTWORDS looks 64 source bytes up in both planes and interleaves the
// results into 64 words, low plane first, in Z4 and Z5 (the 2-byte
// results); LUTDWORDS widens those words to the top halves of 64
// dwords (zeros from Z24 below), in Z6 to Z9. Every wider LUT loop starts
// with them.
#define LUTWORDS \
	LOAD64; \
	LOOKUP(Z16, Z17, Z18, Z19, Z1); \
	LOOKUP(Z20, Z21, Z22, Z23, Z2); \
	VPUNPCKLBW Z2, Z1, Z4; \
	VPUNPCKHBW Z2, Z1, Z5
#define LUTDWORDS \
	LUTWORDS; \
	VPUNPCKLWD Z4, Z24, Z6; \
	VPUNPCKHWD Z4, Z24, Z7; \
	VPUNPCKLWD Z5, Z24, Z8; \
	VPUNPCKHWD Z5, Z24, Z9

// func lutW(dst, src *byte, n int, t *lutVec) — block 64: two planes.
#define LUTW(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	LUTARGS; \
loop: \
	LUTWORDS; \
	ST2(ST, Z4, Z5, 64); \
	NEXT(64, 128, 64)

LUTW(·lutW, STU)
LUTW(·lutWNT, STNT)

// func lutD(dst, src *byte, n int, t *lutVec) — block 64: the two planes
// are the top half of each 4-byte result.
#define LUTD(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	LUTARGS; \
loop: \
	LUTDWORDS; \
	ST4(ST, Z6, Z7, Z8, Z9, 64); \
	NEXT(64, 256, 64)

LUTD(·lutD, STU)
LUTD(·lutDNT, STNT)

// func lutQ(dst, src *byte, n int, t *lutVec) — block 64: the two planes
// are the top quarter of each 8-byte result.
#define LUTQ(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	LUTARGS; \
loop: \
	LUTDWORDS; \
	VPUNPCKLDQ Z6, Z24, Z10; \
	VPUNPCKHDQ Z6, Z24, Z11; \
	VPUNPCKLDQ Z7, Z24, Z12; \
	VPUNPCKHDQ Z7, Z24, Z13; \
	ST4(ST, Z10, Z11, Z12, Z13, 64); \
	VPUNPCKLDQ Z8, Z24, Z10; \
	VPUNPCKHDQ Z8, Z24, Z11; \
	VPUNPCKLDQ Z9, Z24, Z12; \
	VPUNPCKHDQ Z9, Z24, Z13; \
	ST Z10, 256(DI); \
	ST Z11, 320(DI); \
	ST Z12, 384(DI); \
	ST Z13, 448(DI); \
	NEXT(64, 512, 64)

LUTQ(·lutQ, STU)
LUTQ(·lutQNT, STNT)

// The row loops: rows rows of width source bytes (width a positive
// multiple of 64, rows positive), row r at src + r*srcStride, its results
// at dst + r*dstStride. The table is loaded once for all of them: a block
// column of a block-scaled weight is many short rows under one table, and
// loading the table per row cost more than the lookups. Reading a block
// column's rows one after another defeats the hardware prefetcher, so
// each 64 bytes read prefetch the 64 a width further on: the same row's
// bytes in the next block column.

// LUTROWS(NAME, BODY, OUTB) is the row loop whose iteration is BODY,
// writing OUTB bytes per 64 source bytes:
// func NAME(dst, src *byte, rows, width, dstStride, srcStride int, t *lutVec)
#define LUTROWS(NAME, BODY, OUTB) \
TEXT NAME(SB), NOSPLIT, $0-56; \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ rows+16(FP), R8; \
	MOVQ width+24(FP), R9; \
	MOVQ dstStride+32(FP), R10; \
	MOVQ srcStride+40(FP), R11; \
	MOVQ t+48(FP), AX; \
	LUTLOAD; \
row: \
	MOVQ DI, R12; \
	MOVQ SI, R13; \
	MOVQ R9, CX; \
loop: \
	PREFETCHT0 (SI)(R9*1); \
	BODY; \
	ADDQ $64, SI; \
	ADDQ $(OUTB), DI; \
	SUBQ $64, CX; \
	JNZ  loop; \
	LEAQ (R12)(R10*1), DI; \
	LEAQ (R13)(R11*1), SI; \
	DECQ R8; \
	JNZ  row; \
	VZEROUPPER; \
	RET

// The iterations: 64 words (2-byte results), 64 dwords (4-byte ones).
#define ROWSW LUTWORDS; ST2(STU, Z4, Z5, 64)
#define ROWSD LUTDWORDS; ST4(STU, Z6, Z7, Z8, Z9, 64)

LUTROWS(·lutRowsW, ROWSW, 128)
LUTROWS(·lutRowsD, ROWSD, 256)
