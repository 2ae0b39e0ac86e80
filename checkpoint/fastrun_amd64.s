//go:build !purego

#include "textflag.h"

// func fastRun16x16(xs *uint32, ys *uint16, n int, t, t2, lim uint32) (done, exact int)
// fastRun16's loop (produce_copy.go) 16 elements a step, for n a
// multiple of 16: x the f32 patterns, y the bf16 results shifted left 16,
// z = x - y. A step whose every lane is exact (z == 0, x not NaN) or an
// ordinary rounding (z+t <= 2t and |x| - 2^23 < lim, unsigned) counts its
// exact lanes; the first step with any other lane stops the loop, which
// returns the elements done before it for the Go loop to take on.
TEXT ·fastRun16x16(SB), NOSPLIT, $0-56
	MOVQ xs+0(FP), SI
	MOVQ ys+8(FP), DI
	MOVQ n+16(FP), CX
	MOVL t+24(FP), AX
	VPBROADCASTD AX, Z9
	MOVL t2+28(FP), AX
	VPBROADCASTD AX, Z10
	MOVL lim+32(FP), AX
	VPBROADCASTD AX, Z12
	MOVL $0x7fffffff, AX
	VPBROADCASTD AX, Z7
	MOVL $0x7f800000, AX
	VPBROADCASTD AX, Z8
	MOVL $0x00800000, AX
	VPBROADCASTD AX, Z11
	XORQ BX, BX // elements done
	XORQ R8, R8 // exact

loop:
	CMPQ BX, CX
	JGE  done
	VMOVDQU32 (SI)(BX*4), Z0
	VPMOVZXWD (DI)(BX*2), Z1
	VPSLLD    $16, Z1, Z1
	VPSUBD    Z1, Z0, Z2      // z = x - y
	VPANDD    Z7, Z0, Z3      // |x|
	VPTESTNMD Z2, Z2, K1      // z == 0
	VPCMPUD   $6, Z8, Z3, K2  // |x| > 0x7f800000: NaN
	KANDW     K1, K2, K3      // an exact-looking NaN
	VPADDD    Z9, Z2, Z4
	VPCMPUD   $6, Z10, Z4, K4 // z+t > 2t
	VPSUBD    Z11, Z3, Z5
	VPCMPUD   $5, Z12, Z5, K5 // |x| - 2^23 >= lim
	KORW      K4, K5, K6
	KANDNW    K6, K1, K6      // a rounding that fails a test
	KORW      K3, K6, K6
	KORTESTW  K6, K6
	JNZ       done
	KMOVW     K1, AX
	POPCNTL   AX, AX
	ADDQ      AX, R8
	ADDQ      $16, BX
	JMP       loop

done:
	VZEROUPPER
	MOVQ BX, done+40(FP)
	MOVQ R8, exact+48(FP)
	RET
