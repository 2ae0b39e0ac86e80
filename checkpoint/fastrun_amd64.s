//go:build !purego

#include "textflag.h"

// FASTRUN(NAME, LOADY) is fastRun16's loop (produce_copy.go) 16 elements a
// step, for n a multiple of 16: x the f32 patterns, y the results as f32
// patterns (LOADY puts the 16 at DI into Z1), z = x - y. A step whose
// every lane is exact (z == 0, x not NaN) or an ordinary rounding
// (z+t <= 2t and |x| - 2^23 < lim, unsigned) counts its exact lanes; the
// first step with any other lane stops the loop, which returns the
// elements done before it for the Go loop to take on.
#define FASTRUN(NAME, LOADY) \
TEXT NAME(SB), NOSPLIT, $0-56; \
	MOVQ xs+0(FP), SI; \
	MOVQ ys+8(FP), DI; \
	MOVQ n+16(FP), CX; \
	MOVL t+24(FP), AX; \
	VPBROADCASTD AX, Z9; \
	MOVL t2+28(FP), AX; \
	VPBROADCASTD AX, Z10; \
	MOVL lim+32(FP), AX; \
	VPBROADCASTD AX, Z12; \
	MOVL $0x7fffffff, AX; \
	VPBROADCASTD AX, Z7; \
	MOVL $0x7f800000, AX; \
	VPBROADCASTD AX, Z8; \
	MOVL $0x00800000, AX; \
	VPBROADCASTD AX, Z11; \
	XORQ BX, BX; \
	XORQ R8, R8; \
loop: \
	CMPQ BX, CX; \
	JGE  done; \
	VMOVDQU32 (SI)(BX*4), Z0; \
	LOADY; \
	VPSUBD    Z1, Z0, Z2; \
	VPANDD    Z7, Z0, Z3; \
	VPTESTNMD Z2, Z2, K1; \
	VPCMPUD   $6, Z8, Z3, K2; \
	KANDW     K1, K2, K3; \
	VPADDD    Z9, Z2, Z4; \
	VPCMPUD   $6, Z10, Z4, K4; \
	VPSUBD    Z11, Z3, Z5; \
	VPCMPUD   $5, Z12, Z5, K5; \
	KORW      K4, K5, K6; \
	KANDNW    K6, K1, K6; \
	KORW      K3, K6, K6; \
	KORTESTW  K6, K6; \
	JNZ       done; \
	KMOVW     K1, AX; \
	POPCNTL   AX, AX; \
	ADDQ      AX, R8; \
	ADDQ      $16, BX; \
	JMP       loop; \
done: \
	VZEROUPPER; \
	MOVQ BX, done+40(FP); \
	MOVQ R8, exact+48(FP); \
	RET

// In the loop: BX counts the elements done, R8 the exact ones; Z2 is z,
// Z3 |x|; K1 marks z == 0, K2 a NaN x (|x| > 0x7f800000), K3 an
// exact-looking NaN, K4 z+t > 2t, K5 |x| - 2^23 >= lim, K6 a lane that
// stops the loop (K3, or a rounding that fails a test).

// func fastRun16x16(xs *uint32, ys *uint16, n int, t, t2, lim uint32) (done, exact int)
// y: bf16 results, widened and shifted left 16.
#define LOADBF16 VPMOVZXWD (DI)(BX*2), Z1; VPSLLD $16, Z1, Z1
FASTRUN(·fastRun16x16, LOADBF16)

// func fastRun32x16(xs *uint32, ys *uint32, n int, t, t2, lim uint32) (done, exact int)
// y: f32 results.
#define LOADF32 VMOVDQU32 (DI)(BX*4), Z1
FASTRUN(·fastRun32x16, LOADF32)
