//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// The f32 kernels that end chains (chain.go), where the output may be as
// large as the input or larger (f16 to i32, i8 to f16): each is built
// twice, with ordinary and with non-temporal stores, as in
// widen_amd64.s. Each iteration writes 64 bytes or more, in vectors of
// 16 to 64 bytes at multiples of their size.

// F32F16: VCVTPS2PH with imm 0 rounds to nearest even, keeps subnormals,
// and makes a NaN quiet keeping its top payload bits. F16C + AVX-512.
#define F32F16(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PF128; \
	LD2(VMOVUPS, 64, Z0, Z1); \
	VCVTPS2PH $0, Z0, Y2; \
	VCVTPS2PH $0, Z1, Y3; \
	ST2(ST, Y2, Y3, 32); \
	NEXT(128, 64, 32)

// func cvtF32F16(dst, src *byte, n int) — block 32.
F32F16(·cvtF32F16, STU)

// func cvtF32F16NT(dst, src *byte, n int) — block 32: F32F16 with its
// two halves joined into one whole 64-byte non-temporal store.
TEXT ·cvtF32F16NT(SB), NOSPLIT, $0-24
	ARGS
loop:
	PF128
	LD2(VMOVUPS, 64, Z0, Z1)
	VCVTPS2PH $0, Z0, Y2
	VCVTPS2PH $0, Z1, Y3
	VINSERTI64X4 $1, Y3, Z2, Z2
	STNT Z2, (DI)
	NEXT(128, 64, 32)

// F32BF16 rounds with integer arithmetic (VCVTNEPS2BF16 would flush
// subnormals): the result is (x + 0x7fff + bit16(x)) >> 16, or for a NaN
// (x | quiet) >> 16.
#define F32BF16(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	BF16CONST; \
loop: \
	PF128; \
	LD2(VMOVDQU32, 64, Z0, Z4); \
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
	ST2(ST, Y2, Y6, 32); \
	NEXT(128, 64, 32)

// func cvtF32BF16(dst, src *byte, n int) — block 32.
F32BF16(·cvtF32BF16, STU)
F32BF16(·cvtF32BF16NT, STNT)

// F32I32: truncation gives 0x80000000 for NaN and out of range: NaN lanes
// are zeroed, lanes >= 2^31 set to the maximum; below -2^31 the result is
// already the minimum.
#define F32I32(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATI32CONST; \
loop: \
	PF128; \
	LD2(VMOVUPS, 64, Z0, Z1); \
	SATI32; \
	ST2(ST, Z2, Z3, 64); \
	NEXT(128, 128, 32)

// func cvtF32I32(dst, src *byte, n int) — block 32.
F32I32(·cvtF32I32, STU)
F32I32(·cvtF32I32NT, STNT)

// F32U32: negative lanes are raised to 0 first (VMAXPS gives its second
// operand, 0, for a NaN too); at 2^32 and above the unsigned truncation
// gives 0xffffffff, the saturated value.
#define F32U32(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATU32CONST; \
loop: \
	PF128; \
	LD2(VMOVUPS, 64, Z0, Z1); \
	SATU32; \
	ST2(ST, Z2, Z3, 64); \
	NEXT(128, 128, 32)

// func cvtF32U32(dst, src *byte, n int) — block 32.
F32U32(·cvtF32U32, STU)
F32U32(·cvtF32U32NT, STNT)

// F32NARROW is f32 to i8, u8, i16 or u16: clamp to [lo, hi] (f32
// patterns), truncate, keep the low bytes or words with PMOV into
// registers R0..R3, and store OUT bytes per 16 lanes. Four vectors per
// iteration: 64 lanes. A NaN lane comes out 0, as the policy wants (see
// CLAMPCVT4).
#define F32NARROW(NAME, PMOV, R0, R1, R2, R3, OUT, ST) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	LOHI32; \
loop: \
	PF128; \
	PREFETCHT0 (PF+128)(SI); \
	PREFETCHT0 (PF+192)(SI); \
	LD2(VMOVUPS, 64, Z0, Z1); \
	VMOVUPS 128(SI), Z2; \
	VMOVUPS 192(SI), Z3; \
	CLAMPCVT4(PMOV, R0, R1, R2, R3); \
	ST4(ST, R0, R1, R2, R3, OUT); \
	NEXT(256, 4*OUT, 64)

// func cvtF32Narrow8(dst, src *byte, n int, lo, hi uint32) — block 64.
F32NARROW(·cvtF32Narrow8, VPMOVDB, X4, X5, X6, X7, 16, STU)
F32NARROW(·cvtF32Narrow8NT, VPMOVDB, X4, X5, X6, X7, 16, STNT)

// func cvtF32Narrow16(dst, src *byte, n int, lo, hi uint32) — block 64.
F32NARROW(·cvtF32Narrow16, VPMOVDW, Y4, Y5, Y6, Y7, 32, STU)
F32NARROW(·cvtF32Narrow16NT, VPMOVDW, Y4, Y5, Y6, Y7, 32, STNT)
