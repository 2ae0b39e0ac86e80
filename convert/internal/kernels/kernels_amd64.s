//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Every kernel takes (dst, src *byte, n int[, params]) with n a positive
// multiple of its block (the Go side converts the tail) and uses unaligned
// loads and stores. Rounding follows MXCSR, which Go leaves at round to
// nearest even with no flush-to-zero and no denormals-are-zero.

// func cvtF32F16AVX2(dst, src *byte, n int) — block 16; F16C + AVX.
TEXT ·cvtF32F16AVX2(SB), NOSPLIT, $0-24
	ARGS
loop:
	LD2(VMOVUPS, 32, Y0, Y1)
	VCVTPS2PH $0, Y0, (DI)
	VCVTPS2PH $0, Y1, 16(DI)
	NEXT(64, 32, 16)

// func cvtF16F32AVX2(dst, src *byte, n int) — block 16; F16C + AVX.
TEXT ·cvtF16F32AVX2(SB), NOSPLIT, $0-24
	ARGS
loop:
	LD2(VCVTPH2PS, 16, Y0, Y1)
	ST2(VMOVUPS, Y0, Y1, 32)
	NEXT(32, 64, 16)

// func cvtF64F32(dst, src *byte, n int) — block 16; AVX-512F.
TEXT ·cvtF64F32(SB), NOSPLIT, $0-24
	ARGS
loop:
	PF128
	LD2(VMOVUPD, 64, Z0, Z1)
	VCVTPD2PS Z0, Y0
	VCVTPD2PS Z1, Y1
	ST2(VMOVUPS, Y0, Y1, 32)
	NEXT(128, 64, 16)

// func cvtF64F32NT(dst, src *byte, n int) — block 16; AVX-512F;
// non-temporal stores, dst 64-byte aligned.
TEXT ·cvtF64F32NT(SB), NOSPLIT, $0-24
	ARGS
loop:
	PF128
	LD2(VMOVUPD, 64, Z0, Z1)
	VCVTPD2PS Z0, Y0
	VCVTPD2PS Z1, Y1
	ST2(STNT, Y0, Y1, 32)
	NEXT(128, 64, 16)

// Q2PS converts 64-bit integers to f32 with OP and stores them with ST
// (STU, or STNT for the non-temporal twin: one 32-byte store an
// iteration, at a multiple of 32 from a 64-byte-aligned dst). AVX-512DQ,
// block 8.
#define Q2PS(NAME, OP, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PF64; \
	VMOVDQU64 (SI), Z0; \
	OP Z0, Y0; \
	ST Y0, (DI); \
	NEXT(64, 32, 8)

// func cvtI64F32(dst, src *byte, n int) — block 8; AVX-512DQ.
Q2PS(·cvtI64F32, VCVTQQ2PS, STU)
Q2PS(·cvtI64F32NT, VCVTQQ2PS, STNT)

// func cvtU64F32(dst, src *byte, n int) — block 8; AVX-512DQ.
Q2PS(·cvtU64F32, VCVTUQQ2PS, STU)
Q2PS(·cvtU64F32NT, VCVTUQQ2PS, STNT)

// Bool kernels, AVX-512F/BW. To bool: a lane is true when its bits under
// mask (a float's without the sign) are not all zero. (From bool and the
// one-byte toBool1 are in widen_amd64.s.)

// TOBOOL: BCAST broadcasts mask and the lane value 1 at the element
// size, LOAD reads 64 bytes, TEST finds the lanes with a bit under mask
// set, MOVZ puts 1 there and 0 elsewhere, and PMOV stores the low bytes,
// OUT of them per iteration (BLK elements).
// TOBOOLCONST broadcasts the mask and the lane value 1 to Z10 and Z11;
// TOBOOLSTEP reads 64 bytes and leaves 1 in the lanes of Z1 with a bit
// under the mask set, 0 elsewhere. TOBOOL and its twin differ only in
// how they store.
#define TOBOOLCONST(BCAST) \
	MOVQ mask+24(FP), AX; \
	BCAST AX, Z10; \
	MOVL $1, AX; \
	BCAST AX, Z11
#define TOBOOLSTEP(LOAD, TEST, MOVZ) \
	PF64; \
	LOAD (SI), Z0; \
	TEST Z10, Z0, K1; \
	MOVZ Z11, K1, Z1
#define TOBOOL(NAME, BCAST, LOAD, TEST, MOVZ, PMOV, OUT, BLK) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	TOBOOLCONST(BCAST); \
loop: \
	TOBOOLSTEP(LOAD, TEST, MOVZ); \
	PMOV Z1, (DI); \
	NEXT(64, OUT, BLK)

// TOBOOLNT is TOBOOL's non-temporal twin: PMOV narrows into R (Y for 32
// bytes, X for 16), stored whole, at a multiple of its size from a
// 64-byte-aligned dst.
#define TOBOOLNT(NAME, BCAST, LOAD, TEST, MOVZ, PMOV, R, OUT, BLK) \
TEXT NAME(SB), NOSPLIT, $0-32; \
	ARGS; \
	TOBOOLCONST(BCAST); \
loop: \
	TOBOOLSTEP(LOAD, TEST, MOVZ); \
	PMOV Z1, R; \
	STNT R, (DI); \
	NEXT(64, OUT, BLK)

// func toBool2(dst, src *byte, n int, mask uint64) — block 32.
TOBOOL(·toBool2, VPBROADCASTW, VMOVDQU16, VPTESTMW, VMOVDQU16.Z, VPMOVWB, 32, 32)
TOBOOLNT(·toBool2NT, VPBROADCASTW, VMOVDQU16, VPTESTMW, VMOVDQU16.Z, VPMOVWB, Y1, 32, 32)

// func toBool4(dst, src *byte, n int, mask uint64) — block 16.
TOBOOL(·toBool4, VPBROADCASTD, VMOVDQU32, VPTESTMD, VMOVDQA32.Z, VPMOVDB, 16, 16)
TOBOOLNT(·toBool4NT, VPBROADCASTD, VMOVDQU32, VPTESTMD, VMOVDQA32.Z, VPMOVDB, X1, 16, 16)

// func toBool8(dst, src *byte, n int, mask uint64) — block 8.
TOBOOL(·toBool8, VPBROADCASTQ, VMOVDQU64, VPTESTMQ, VMOVDQA64.Z, VPMOVQB, 8, 8)

// func toBool8NT(dst, src *byte, n int, mask uint64) — block 16: 8
// bytes a vector is below the smallest non-temporal vector store, so two
// are joined into one 16-byte store.
TEXT ·toBool8NT(SB), NOSPLIT, $0-32
	ARGS
	MOVQ mask+24(FP), AX
	VPBROADCASTQ AX, Z10
	MOVL $1, AX
	VPBROADCASTQ AX, Z11
loop:
	PF128
	LD2(VMOVDQU64, 64, Z0, Z2)
	VPTESTMQ Z10, Z0, K1
	VPTESTMQ Z10, Z2, K2
	VMOVDQA64.Z Z11, K1, Z1
	VMOVDQA64.Z Z11, K2, Z3
	VPMOVQB Z1, X1
	VPMOVQB Z3, X3
	VPUNPCKLQDQ X3, X1, X1
	STNT X1, (DI)
	NEXT(128, 16, 16)

// f64 to the integers of 32 bits or fewer (f64 to i64 and u64 are in
// widen_amd64.s). Block 16: two vectors of 8 lanes per iteration.

// F64I32 (cvtF64I32, block 16): truncation gives 0x80000000 for NaN and
// out of range: NaN lanes are zeroed, lanes >= 2^31 set to the maximum; at
// or below -2^31 - 1 the result is already the minimum. ST is STU, or STNT
// for the non-temporal twin: its 32-byte stores land at multiples of 32
// when dst starts 64-byte aligned.
#define F64I32(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	MOVQ $0x41e0000000000000, AX; \
	VPBROADCASTQ AX, Z10; \
	MOVL $0x7fffffff, AX; \
	VPBROADCASTD AX, Y11; \
loop: \
	PF128; \
	LD2(VMOVUPD, 64, Z0, Z1); \
	VCMPPD $7, Z0, Z0, K1; \
	VCMPPD $7, Z1, Z1, K2; \
	VCMPPD $29, Z10, Z0, K3; \
	VCMPPD $29, Z10, Z1, K4; \
	VCVTTPD2DQ.Z Z0, K1, Y2; \
	VCVTTPD2DQ.Z Z1, K2, Y3; \
	VMOVDQA32 Y11, K3, Y2; \
	VMOVDQA32 Y11, K4, Y3; \
	ST2(ST, Y2, Y3, 32); \
	NEXT(128, 64, 16)

// func cvtF64I32(dst, src *byte, n int) — block 16.
F64I32(·cvtF64I32, STU)
F64I32(·cvtF64I32NT, STNT)

// F64U32 (cvtF64U32, block 16): lanes are raised to 0 first (VMAXPD gives
// its second operand, 0, for a NaN); at 2^32 and above the unsigned
// truncation gives 0xffffffff. ST as in F64I32.
#define F64U32(NAME, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	VPXORQ Z10, Z10, Z10; \
loop: \
	PF128; \
	LD2(VMOVUPD, 64, Z0, Z1); \
	VMAXPD Z10, Z0, Z0; \
	VMAXPD Z10, Z1, Z1; \
	VCVTTPD2UDQ Z0, Y2; \
	VCVTTPD2UDQ Z1, Y3; \
	ST2(ST, Y2, Y3, 32); \
	NEXT(128, 64, 16)

// func cvtF64U32(dst, src *byte, n int) — block 16.
F64U32(·cvtF64U32, STU)
F64U32(·cvtF64U32NT, STNT)

// F64NARROW is f64 to i8, u8 (PMOV VPMOVDB, OUT 8) or i16, u16 (VPMOVDW,
// 16): clamp to [lo, hi] (f64 patterns; VMAXPD turns a NaN into lo, so
// NaN lanes are zeroed by mask), truncate, store the low bytes or words.
// F64CLAMPCVT is the loop body F64NARROW and its twin share: load 16 f64
// lanes into Z0 and Z1, clamp them to [Z10, Z11] and truncate them to i32
// in Y2 and Y3, NaN lanes zeroed.
#define F64CLAMPCVT \
	PF128; \
	LD2(VMOVUPD, 64, Z0, Z1); \
	VCMPPD $7, Z0, Z0, K1; \
	VCMPPD $7, Z1, Z1, K2; \
	VMAXPD Z10, Z0, Z0; \
	VMAXPD Z10, Z1, Z1; \
	VMINPD Z11, Z0, Z0; \
	VMINPD Z11, Z1, Z1; \
	VCVTTPD2DQ.Z Z0, K1, Y2; \
	VCVTTPD2DQ.Z Z1, K2, Y3

// F64LOHI broadcasts the f64 clamp bounds lo+24(FP) and hi+32(FP) to Z10
// and Z11.
#define F64LOHI \
	MOVQ lo+24(FP), AX; \
	VPBROADCASTQ AX, Z10; \
	MOVQ hi+32(FP), AX; \
	VPBROADCASTQ AX, Z11

#define F64NARROW(NAME, PMOV, OUT) \
TEXT NAME(SB), NOSPLIT, $0-40; \
	ARGS; \
	F64LOHI; \
loop: \
	F64CLAMPCVT; \
	ST2(PMOV, Y2, Y3, OUT); \
	NEXT(128, 2*OUT, 16)

// F64NARROWNT is F64NARROW's non-temporal twin: the two halves are
// joined into 16 lanes before PMOV narrows them into R (X for bytes, Y for
// words, OUT = 16 or 32 bytes), one whole store an iteration, at a
// multiple of its size when dst starts 64-byte aligned.
#define F64NARROWNT(NAME, PMOV, R, OUT) \
TEXT NAME(SB), NOSPLIT, $0-40; \
	ARGS; \
	F64LOHI; \
loop: \
	F64CLAMPCVT; \
	VINSERTI64X4 $1, Y3, Z2, Z2; \
	PMOV Z2, R; \
	STNT R, (DI); \
	NEXT(128, OUT, 16)

// func cvtF64Narrow8(dst, src *byte, n int, lo, hi uint64) — block 16.
F64NARROW(·cvtF64Narrow8, VPMOVDB, 8)
F64NARROWNT(·cvtF64Narrow8NT, VPMOVDB, X4, 16)

// func cvtF64Narrow16(dst, src *byte, n int, lo, hi uint64) — block 16.
F64NARROW(·cvtF64Narrow16, VPMOVDW, 16)
F64NARROWNT(·cvtF64Narrow16NT, VPMOVDW, Y4, 32)
