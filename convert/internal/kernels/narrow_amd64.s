//go:build !purego

#include "textflag.h"

// The f32 kernels that end chains (chain.go), where the output may be as
// large as the input or larger (f16 to i32, i8 to f16): each is built
// twice, with ordinary and with non-temporal stores, as in
// widen_amd64.s. Each iteration writes 64 bytes or more, in vectors of
// 16 to 64 bytes at multiples of their size.

#define ARGS MOVQ dst+0(FP), DI; MOVQ src+8(FP), SI; MOVQ n+16(FP), CX

#define STU VMOVDQU64
#define STNT VMOVNTDQ

// PF: see kernels_amd64.s.
#define PF 2048

// F32F16: VCVTPS2PH with imm 0 rounds to nearest even, keeps subnormals,
// and makes a NaN quiet keeping its top payload bits. F16C + AVX-512.
#define F32F16(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PREFETCHT0 PF(SI); \
	PREFETCHT0 (PF+64)(SI); \
	VMOVUPS (SI), Z0; \
	VMOVUPS 64(SI), Z1; \
	VCVTPS2PH $0, Z0, Y2; \
	VCVTPS2PH $0, Z1, Y3; \
	ST Y2, (DI); \
	ST Y3, 32(DI); \
	ADDQ $128, SI; \
	ADDQ $64, DI; \
	SUBQ $32, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

// func cvtF32F16(dst, src *byte, n int) — block 32.
F32F16(·cvtF32F16, STU)
F32F16(·cvtF32F16NT, STNT)

// F32BF16 rounds with integer arithmetic (VCVTNEPS2BF16 would flush
// subnormals): the result is (x + 0x7fff + bit16(x)) >> 16, or for a NaN
// (x | quiet) >> 16.
#define F32BF16(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	MOVL $0x7fff, AX; \
	VPBROADCASTD AX, Z10; \
	MOVL $1, AX; \
	VPBROADCASTD AX, Z11; \
	MOVL $0x7fffffff, AX; \
	VPBROADCASTD AX, Z12; \
	MOVL $0x7f800000, AX; \
	VPBROADCASTD AX, Z13; \
	MOVL $0x00400000, AX; \
	VPBROADCASTD AX, Z14; \
loop: \
	PREFETCHT0 PF(SI); \
	PREFETCHT0 (PF+64)(SI); \
	VMOVDQU32 (SI), Z0; \
	VMOVDQU32 64(SI), Z4; \
	VPSRLD $16, Z0, Z1; \
	VPSRLD $16, Z4, Z5; \
	VPANDD Z11, Z1, Z1; \
	VPANDD Z11, Z5, Z5; \
	VPADDD Z10, Z0, Z2; \
	VPADDD Z10, Z4, Z6; \
	VPADDD Z1, Z2, Z2; \
	VPADDD Z5, Z6, Z6; \
	VPANDD Z12, Z0, Z3; \
	VPANDD Z12, Z4, Z7; \
	VPCMPUD $6, Z13, Z3, K1; \
	VPCMPUD $6, Z13, Z7, K2; \
	VPORD Z14, Z0, K1, Z2; \
	VPORD Z14, Z4, K2, Z6; \
	VPSRLD $16, Z2, Z2; \
	VPSRLD $16, Z6, Z6; \
	VPMOVDW Z2, Y2; \
	VPMOVDW Z6, Y6; \
	ST Y2, (DI); \
	ST Y6, 32(DI); \
	ADDQ $128, SI; \
	ADDQ $64, DI; \
	SUBQ $32, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

// func cvtF32BF16(dst, src *byte, n int) — block 32.
F32BF16(·cvtF32BF16, STU)
F32BF16(·cvtF32BF16NT, STNT)

// F32I32: truncation gives 0x80000000 for NaN and out of range: NaN lanes
// are zeroed, lanes >= 2^31 set to the maximum; below -2^31 the result is
// already the minimum.
#define F32I32(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	MOVL $0x4f000000, AX; \
	VPBROADCASTD AX, Z10; \
	MOVL $0x7fffffff, AX; \
	VPBROADCASTD AX, Z11; \
loop: \
	PREFETCHT0 PF(SI); \
	PREFETCHT0 (PF+64)(SI); \
	VMOVUPS (SI), Z0; \
	VMOVUPS 64(SI), Z1; \
	VCMPPS $7, Z0, Z0, K1; \
	VCMPPS $7, Z1, Z1, K2; \
	VCMPPS $29, Z10, Z0, K3; \
	VCMPPS $29, Z10, Z1, K4; \
	VCVTTPS2DQ.Z Z0, K1, Z2; \
	VCVTTPS2DQ.Z Z1, K2, Z3; \
	VMOVDQA32 Z11, K3, Z2; \
	VMOVDQA32 Z11, K4, Z3; \
	ST Z2, (DI); \
	ST Z3, 64(DI); \
	ADDQ $128, SI; \
	ADDQ $128, DI; \
	SUBQ $32, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

// func cvtF32I32(dst, src *byte, n int) — block 32.
F32I32(·cvtF32I32, STU)
F32I32(·cvtF32I32NT, STNT)

// F32U32: negative lanes are raised to 0 first (VMAXPS gives its second
// operand, 0, for a NaN too); at 2^32 and above the unsigned truncation
// gives 0xffffffff, the saturated value.
#define F32U32(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	VPXORD Z10, Z10, Z10; \
loop: \
	PREFETCHT0 PF(SI); \
	PREFETCHT0 (PF+64)(SI); \
	VMOVUPS (SI), Z0; \
	VMOVUPS 64(SI), Z1; \
	VMAXPS Z10, Z0, Z0; \
	VMAXPS Z10, Z1, Z1; \
	VCVTTPS2UDQ Z0, Z2; \
	VCVTTPS2UDQ Z1, Z3; \
	ST Z2, (DI); \
	ST Z3, 64(DI); \
	ADDQ $128, SI; \
	ADDQ $128, DI; \
	SUBQ $32, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

// func cvtF32U32(dst, src *byte, n int) — block 32.
F32U32(·cvtF32U32, STU)
F32U32(·cvtF32U32NT, STNT)

// F32NARROW is f32 to i8, u8, i16 or u16: clamp to [lo, hi] (f32
// patterns), truncate, keep the low bytes or words with PMOV into
// registers R0..R3, and store OUT bytes per 16 lanes. Four vectors per
// iteration: 64 lanes. The clamps take x as their second operand, which VMAXPS and VMINPS
// return when either is a NaN: a NaN lane stays NaN, truncates to
// 0x80000000, and its low byte or word is 0, as the policy wants.
#define F32NARROW(NAME, PMOV, R0, R1, R2, R3, OUT, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	MOVL lo+24(FP), AX; \
	VPBROADCASTD AX, Z10; \
	MOVL hi+28(FP), AX; \
	VPBROADCASTD AX, Z11; \
loop: \
	PREFETCHT0 PF(SI); \
	PREFETCHT0 (PF+64)(SI); \
	PREFETCHT0 (PF+128)(SI); \
	PREFETCHT0 (PF+192)(SI); \
	VMOVUPS (SI), Z0; \
	VMOVUPS 64(SI), Z1; \
	VMOVUPS 128(SI), Z2; \
	VMOVUPS 192(SI), Z3; \
	VMAXPS Z0, Z10, Z0; \
	VMAXPS Z1, Z10, Z1; \
	VMAXPS Z2, Z10, Z2; \
	VMAXPS Z3, Z10, Z3; \
	VMINPS Z0, Z11, Z0; \
	VMINPS Z1, Z11, Z1; \
	VMINPS Z2, Z11, Z2; \
	VMINPS Z3, Z11, Z3; \
	VCVTTPS2DQ Z0, Z4; \
	VCVTTPS2DQ Z1, Z5; \
	VCVTTPS2DQ Z2, Z6; \
	VCVTTPS2DQ Z3, Z7; \
	PMOV Z4, R0; \
	PMOV Z5, R1; \
	PMOV Z6, R2; \
	PMOV Z7, R3; \
	ST R0, (DI); \
	ST R1, OUT(DI); \
	ST R2, (2*OUT)(DI); \
	ST R3, (3*OUT)(DI); \
	ADDQ $256, SI; \
	ADDQ $(4*OUT), DI; \
	SUBQ $64, CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

// func cvtF32Narrow8(dst, src *byte, n int, lo, hi uint32) — block 64.
F32NARROW(·cvtF32Narrow8, VPMOVDB, X4, X5, X6, X7, 16, STU)
F32NARROW(·cvtF32Narrow8NT, VPMOVDB, X4, X5, X6, X7, 16, STNT)

// func cvtF32Narrow16(dst, src *byte, n int, lo, hi uint32) — block 64.
F32NARROW(·cvtF32Narrow16, VPMOVDW, Y4, Y5, Y6, Y7, 32, STU)
F32NARROW(·cvtF32Narrow16NT, VPMOVDW, Y4, Y5, Y6, Y7, 32, STNT)
