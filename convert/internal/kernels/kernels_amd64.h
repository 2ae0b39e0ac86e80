// The skeleton every amd64 kernel shares, included by each *_amd64.s file.
// A kernel takes (dst, src *byte, n int[, params]) with n a positive
// multiple of its block. After its TEXT line (written out in full, so
// that go vet's asmdecl check sees where each function starts) it loads
// dst, src and n into DI, SI and CX (ARGS), runs one loop that reads from
// SI and writes to DI, and ends each iteration by moving both pointers
// on, counting the block off CX and returning after the last (NEXT). The
// macros only shorten the source: each expands to the instructions it
// replaced, in the same order.

#define ARGS MOVQ dst+0(FP), DI; MOVQ src+8(FP), SI; MOVQ n+16(FP), CX


// NEXT(INB, OUTB, BLK) ends the loop labelled loop: src advances INB
// bytes, dst OUTB bytes, and BLK elements are done; after the last, clear
// the upper vector state (VZEROUPPER) and return.
#define NEXT(INB, OUTB, BLK) \
	ADDQ $(INB), SI; \
	ADDQ $(OUTB), DI; \
	SUBQ $(BLK), CX; \
	JNZ  loop; \
	VZEROUPPER; \
	RET

// Ordinary and non-temporal stores of a whole vector (see widen_amd64.s
// for when the non-temporal ones are used).
#define STU VMOVDQU64
#define STNT VMOVNTDQ

// LD2(OP, STEP, A, B) loads (or converts from memory) two vectors, at SI
// and STEP bytes on.
#define LD2(OP, STEP, A, B) OP (SI), A; OP STEP(SI), B

// ST2(ST, A, B, OFF) stores A at DI and B OFF bytes on; ST4 stores four
// registers OFF bytes apart.
#define ST2(ST, A, B, OFF) ST A, (DI); ST B, OFF(DI)
#define ST4(ST, A, B, C, D, OFF) ST A, (DI); ST B, OFF(DI); ST C, (2*OFF)(DI); ST D, (3*OFF)(DI)

// PF is how far ahead of the loads, in bytes, the kernels that read more
// than they write prefetch the source, a line per 64 bytes read. The
// hardware prefetchers alone leave a single core well short of the read
// bandwidth a copy gets; 2 to 4 KiB ahead measured best on this machine
// (prefetches never fault, so reading ahead past the end is harmless).
#define PF 2048

// One prefetch per 64 source bytes an iteration reads.
#define PF64 PREFETCHT0 PF(SI)
#define PF128 PF64; PREFETCHT0 (PF+64)(SI)

// BCASTD(IMM, Z) broadcasts the 32-bit constant IMM to every lane of Z,
// through AX.
#define BCASTD(IMM, Z) MOVL $(IMM), AX; VPBROADCASTD AX, Z

// LOHI32 broadcasts the f32 clamp bounds lo+24(FP) and hi+28(FP) to Z10
// and Z11.
#define LOHI32 \
	MOVL lo+24(FP), AX; \
	VPBROADCASTD AX, Z10; \
	MOVL hi+28(FP), AX; \
	VPBROADCASTD AX, Z11

// NANCONST puts the f32 constants for finding and quieting a NaN in
// Z12 (abs mask), Z13 (inf) and Z14 (quiet bit); BF16CONST adds the
// rounding constants 0x7fff (Z10) and 1 (Z11) ahead of them.
#define NANCONST BCASTD(0x7fffffff, Z12); BCASTD(0x7f800000, Z13); BCASTD(0x00400000, Z14)
#define BF16CONST BCASTD(0x7fff, Z10); BCASTD(1, Z11); NANCONST

// CLAMPCVT4(PMOV, R0, R1, R2, R3) clamps the f32 lanes of Z0..Z3 to
// [Z10, Z11], truncates them to i32 in Z4..Z7 and keeps their low bytes or
// words with PMOV in R0..R3. The clamps take x as their second operand,
// which VMAXPS and VMINPS return when either is a NaN: a NaN lane stays
// NaN, truncates to 0x80000000, and its low byte or word is 0.
#define CLAMPCVT4(PMOV, R0, R1, R2, R3) \
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
	PMOV Z7, R3

// The float to integer truncations of the default policy, two vectors at
// a time, Z0 and Z1 into Z2 and Z3, shared by every loop that ends in
// them (whatever it loads and however it stores). SATI32 (f32 lanes to
// i32) and SATI64 (f64 lanes to i64, with CVT VCVTTPD2QQ): NaN lanes
// zeroed, lanes at or above 2^31 or 2^63 (Z10) set to the maximum (Z11);
// below the minimum, truncation already gives it. SATU32 and SATU64 (CVT
// VCVTTPD2UQQ): lanes raised to 0 first (VMAXPS and VMAXPD give their
// second operand, 0, for a NaN too); at 2^32 or 2^64 and above the
// unsigned truncation gives all ones, the saturated value. The *CONST
// macros load Z10 and Z11.
#define SATI32CONST BCASTD(0x4f000000, Z10); BCASTD(0x7fffffff, Z11)
#define SATI32 \
	VCMPPS $7, Z0, Z0, K1; \
	VCMPPS $7, Z1, Z1, K2; \
	VCMPPS $29, Z10, Z0, K3; \
	VCMPPS $29, Z10, Z1, K4; \
	VCVTTPS2DQ.Z Z0, K1, Z2; \
	VCVTTPS2DQ.Z Z1, K2, Z3; \
	VMOVDQA32 Z11, K3, Z2; \
	VMOVDQA32 Z11, K4, Z3
#define SATU32CONST VPXORD Z10, Z10, Z10
#define SATU32 \
	VMAXPS Z10, Z0, Z0; \
	VMAXPS Z10, Z1, Z1; \
	VCVTTPS2UDQ Z0, Z2; \
	VCVTTPS2UDQ Z1, Z3
#define SATI64CONST(LIM) \
	MOVQ $LIM, AX; \
	VPBROADCASTQ AX, Z10; \
	MOVQ $0x7fffffffffffffff, AX; \
	VPBROADCASTQ AX, Z11
#define SATI64(CVT) \
	VCMPPD $7, Z0, Z0, K1; \
	VCMPPD $7, Z1, Z1, K2; \
	VCMPPD $29, Z10, Z0, K3; \
	VCMPPD $29, Z10, Z1, K4; \
	CVT.Z Z0, K1, Z2; \
	CVT.Z Z1, K2, Z3; \
	VMOVDQA64 Z11, K3, Z2; \
	VMOVDQA64 Z11, K4, Z3
#define SATU64CONST VPXORQ Z10, Z10, Z10
#define SATU64(CVT) \
	VMAXPD Z10, Z0, Z0; \
	VMAXPD Z10, Z1, Z1; \
	CVT Z0, Z2; \
	CVT Z1, Z3
