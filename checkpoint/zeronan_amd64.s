//go:build !purego

#include "textflag.h"

// func countZeroNaN512(src *byte, n int) (zeros, nans int)
// n is a positive multiple of 128. In e4m3fn (OCP OFP8 rev 1.0, E4M3)
// ±0 is S.0000.000 and NaN S.1111.111, whatever the sign. Per 64 bytes: VPTESTNMB with 0x7f
// sets a mask bit for each byte whose low seven bits are all zero (±0);
// VPANDQ and VPCMPEQB with 0x7f set one for each byte whose low seven
// bits are all one (NaN); POPCNTQ counts each mask.
TEXT ·countZeroNaN512(SB), NOSPLIT, $0-32
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL $0x7f7f7f7f, AX
	VPBROADCASTD AX, Z7
	XORQ R8, R8 // zeros
	XORQ R9, R9 // NaNs

loop:
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z1
	VPTESTNMB Z7, Z0, K1
	VPTESTNMB Z7, Z1, K2
	VPANDQ    Z7, Z0, Z0
	VPANDQ    Z7, Z1, Z1
	VPCMPEQB  Z7, Z0, K3
	VPCMPEQB  Z7, Z1, K4
	KMOVQ     K1, AX
	KMOVQ     K2, BX
	KMOVQ     K3, DX
	KMOVQ     K4, DI
	POPCNTQ   AX, AX
	POPCNTQ   BX, BX
	POPCNTQ   DX, DX
	POPCNTQ   DI, DI
	ADDQ      AX, R8
	ADDQ      BX, R8
	ADDQ      DX, R9
	ADDQ      DI, R9
	ADDQ      $128, SI
	SUBQ      $128, CX
	JNZ       loop

	VZEROUPPER
	MOVQ R8, zeros+16(FP)
	MOVQ R9, nans+24(FP)
	RET
