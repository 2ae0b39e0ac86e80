//go:build !purego

#include "textflag.h"
#include "kernels_amd64.h"

// Direct kernels from f16 and bf16 to f64 and the 32- and 64-bit
// integers, in place of their chains through f32 (chain.go): each half
// widens to f32 exactly in a register (as in half_amd64.s) and finishes
// as the f32 kernel its chain ends in does (F32I32 and F32U32 in
// narrow_amd64.s; VCVTPS2PD, TOI64 and TOU64 in widen_amd64.s), so each
// computes what its chain does without the f32 round trip through the L1
// cache. A bf16 signalling NaN stays signalling as f32 here: the integer
// kernels zero every NaN, and VCVTPS2PD quiets it keeping its payload,
// as the chain's widening (which quiets it first) and VCVTPS2PD do.
// Built with ordinary (STU) and non-temporal (STNT) stores, whole 64-byte
// vectors at multiples of 64 from a 64-byte-aligned dst.

// LDxx(OFF, Z) loads the 16 halves at OFF(SI) into Z as f32, exactly.
#define LDF16(OFF, Z) VCVTPH2PS OFF(SI), Z
#define LDBF16(OFF, Z) VPMOVZXWD OFF(SI), Z; VPSLLD $16, Z, Z

// PDxx(OFF, Y, Z) loads the 8 halves at OFF(SI) into Z as f64, exactly
// (through f32 in Y; NaNs made quiet, payload kept).
#define PDF16(OFF, Y, Z) VCVTPH2PS OFF(SI), Y; VCVTPS2PD Y, Z
#define PDBF16(OFF, Y, Z) VPMOVZXWD OFF(SI), Y; VPSLLD $16, Y, Y; VCVTPS2PD Y, Z

// HF64 widens to f64: 32 elements (64 input bytes, 256 output) per
// iteration. Block 32.
#define HF64(NAME, PD, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
loop: \
	PF64; \
	PD(0, Y0, Z0); \
	PD(16, Y1, Z1); \
	PD(32, Y2, Z2); \
	PD(48, Y3, Z3); \
	ST4(ST, Z0, Z1, Z2, Z3, 64); \
	NEXT(64, 256, 32)

// HI32 truncates to i32 as F32I32: NaN lanes zeroed, lanes at or above
// 2^31 (Z10) set to the maximum (Z11); below -2^31 truncation already
// gives the minimum. Block 32.
#define HI32(NAME, LD, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATI32CONST; \
loop: \
	PF64; \
	LD(0, Z0); \
	LD(32, Z1); \
	SATI32; \
	ST2(ST, Z2, Z3, 64); \
	NEXT(64, 128, 32)

// HU32 truncates to u32 as F32U32: lanes raised to 0 first (VMAXPS gives
// its second operand, 0, for a NaN too); at 2^32 and above the unsigned
// truncation saturates. Block 32.
#define HU32(NAME, LD, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATU32CONST; \
loop: \
	PF64; \
	LD(0, Z0); \
	LD(32, Z1); \
	SATU32; \
	ST2(ST, Z2, Z3, 64); \
	NEXT(64, 128, 32)

// HI64 truncates to i64 as TOI64: NaN lanes zeroed, lanes at or above
// 2^63 (Z10, an f64 pattern) set to the maximum (Z11); below -2^63
// truncation already gives the minimum. Block 16.
#define HI64(NAME, PD, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATI64CONST(0x43e0000000000000); \
loop: \
	PD(0, Y0, Z0); \
	PD(16, Y1, Z1); \
	SATI64(VCVTTPD2QQ); \
	ST2(ST, Z2, Z3, 64); \
	NEXT(32, 128, 16)

// HU64 truncates to u64 as TOU64: lanes raised to 0 first (NaN too); at
// 2^64 and above the unsigned truncation saturates. Block 16.
#define HU64(NAME, PD, ST) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	ARGS; \
	SATU64CONST; \
loop: \
	PD(0, Y0, Z0); \
	PD(16, Y1, Z1); \
	SATU64(VCVTTPD2UQQ); \
	ST2(ST, Z2, Z3, 64); \
	NEXT(32, 128, 16)

// func f16F64(dst, src *byte, n int) and the like.
HF64(·f16F64, PDF16, STU)
HF64(·f16F64NT, PDF16, STNT)
HF64(·bf16F64, PDBF16, STU)
HF64(·bf16F64NT, PDBF16, STNT)
HI32(·f16I32, LDF16, STU)
HI32(·f16I32NT, LDF16, STNT)
HI32(·bf16I32, LDBF16, STU)
HI32(·bf16I32NT, LDBF16, STNT)
HU32(·f16U32, LDF16, STU)
HU32(·f16U32NT, LDF16, STNT)
HU32(·bf16U32, LDBF16, STU)
HU32(·bf16U32NT, LDBF16, STNT)
HI64(·f16I64, PDF16, STU)
HI64(·f16I64NT, PDF16, STNT)
HI64(·bf16I64, PDBF16, STU)
HI64(·bf16I64NT, PDBF16, STNT)
HU64(·f16U64, PDF16, STU)
HU64(·f16U64NT, PDF16, STNT)
HU64(·bf16U64, PDBF16, STU)
HU64(·bf16U64NT, PDBF16, STNT)
