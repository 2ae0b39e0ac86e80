package convert

import (
	"math/bits"

	"github.com/promote-dev/promote/dtype"
)

// This file is f80, the x87 double extended-precision format (Intel 64 and
// IA-32 Architectures Software Developer's Manual, Vol. 1, §4.2.2, Table
// 4-3, and §8.2.2, Table 8-3). A pattern is 80 bits: Pattern.Re holds bits
// 0-63, the significand with its explicit integer bit at bit 63, and
// Pattern.ReHi bits 64-79, the sign (bit 15) and the 15-bit biased
// exponent (bias 16383). In memory it takes the low 10 bytes of 16,
// little-endian (System V x86-64 psABI §3.1.2), the other 6 are padding.
//
// The significand is 64 bits, so every f80 value fits a num exactly
// (mant is the whole significand) and every catalogue value converts into
// f80 through one rounding to 64 bits.

const (
	x87Bias    = 16383
	x87ExpMask = 0x7fff
	x87Sign    = 0x8000
	x87Int     = 1 << 63 // the explicit integer bit
	x87Quiet   = 1 << 62 // the quiet bit of a NaN
	x87Emin    = 1 - x87Bias
	x87Emax    = x87ExpMask - 1 - x87Bias
	// x87Indefinite is the significand of the QNaN floating-point
	// indefinite (SDM Vol. 1 Table 4-3: sign 1, integer bit 1, fraction
	// 1000...0), what the FPU delivers for an invalid operand when the
	// invalid-operation exception is masked, as it is by default.
	x87Indefinite = x87Int | x87Quiet
)

// decodeX87 returns the exact value of the f80 pattern (lo, hi).
//
// Encodings the x87 FPU no longer supports decode as a current FPU treats
// them as operands (SDM Vol. 1 §8.2.2 and Table 8-3, unchanged since the
// Intel 387):
//   - pseudo-denormals (exponent 0, integer bit 1) are read with their
//     exponent taken as 1 and the significand unchanged, which is the
//     value the denormal formula gives: lo·2^(1-16383-63), a normal value;
//   - pseudo-NaNs and pseudo-infinities (exponent all ones, integer bit
//     0) and unnormals (exponent 1..32766, integer bit 0) raise the
//     invalid-operation exception, whose masked response is the QNaN
//     floating-point indefinite: they decode to that NaN (negative, no
//     payload), whatever their sign and fraction.
//
// So pseudo-denormals keep their value and the three unsupported classes
// become NaN (x87_host_test.go checks both against the host's FPU).
// encodeX87 writes only canonical patterns.
func decodeX87(lo, hi uint64) num {
	neg := hi&x87Sign != 0
	e := int32(hi & x87ExpMask)
	intBit := lo&x87Int != 0
	switch {
	case e != 0 && !intBit:
		// Pseudo-NaN, pseudo-infinity, unnormal: the indefinite.
		return num{cls: clsNaN, neg: true, mant: canonicalPayload}
	case e == x87ExpMask:
		frac := lo &^ x87Int
		if frac == 0 {
			return num{cls: clsInf, neg: neg}
		}
		// The payload left-aligned at bit 63, bit 63 being the quiet bit.
		return num{cls: clsNaN, neg: neg, mant: frac << 1}
	case e == 0:
		if lo == 0 {
			return num{cls: clsZero, neg: neg}
		}
		// Denormals, and pseudo-denormals read with exponent 1.
		return num{cls: clsFinite, neg: neg, mant: lo, exp: x87Emin - 63}
	}
	return num{cls: clsFinite, neg: neg, mant: lo, exp: e - x87Bias - 63}
}

// encodeX87 rounds the exact value n into f80 under p, once. Every result
// is a canonical pattern: the integer bit is set exactly when the
// exponent is not zero.
func encodeX87(n num, p *Policy) (lo, hi uint64) {
	var sign uint64
	if n.neg {
		sign = x87Sign
	}
	switch n.cls {
	case clsZero:
		return 0, sign
	case clsInf:
		// f80 has infinities, and no policy saturates a format wider than
		// 8 bits but OverflowSaturate.
		if p.Overflow == OverflowSaturate {
			return x87MaxPattern(sign)
		}
		return x87Int, sign | x87ExpMask
	case clsNaN:
		return x87NaN(sign, n.mant, p)
	}
	return roundX87(n.neg, n.mant, int64(n.exp), n.sticky, p)
}

// x87NaN is the NaN of sign bit sign and payload payload (left-aligned,
// bit 63 the quiet bit) under p: NaNKeep keeps the sign and the top 63
// payload bits and sets the quiet bit; NaNCanonical gives the positive
// quiet NaN without payload.
func x87NaN(sign, payload uint64, p *Policy) (lo, hi uint64) {
	if p.NaN == NaNCanonical {
		return x87Indefinite, x87ExpMask
	}
	return x87Int | payload>>1 | x87Quiet, sign | x87ExpMask
}

// x87MaxPattern is the largest finite magnitude with sign bit sign.
func x87MaxPattern(sign uint64) (lo, hi uint64) {
	return ^uint64(0), sign | (x87ExpMask - 1)
}

// x87Overflow is what a finite value past the largest finite value
// becomes (the same choices as overflowPattern: f80 has infinities).
func x87Overflow(sign uint64, p *Policy) (lo, hi uint64) {
	switch {
	case p.Rounding == TowardZero || p.Overflow == OverflowSaturate:
		return x87MaxPattern(sign)
	case p.Overflow == OverflowNaN:
		return x87NaN(sign, canonicalPayload, p)
	}
	return x87Int, sign | x87ExpMask
}

// roundX87 rounds (-1)^neg·(mant + a sticky fraction)·2^exp, mant non-zero,
// to 64 significant bits with the subnormal quantum 2^-16445 below, as
// roundBits does for the formats with an implicit integer bit.
func roundX87(neg bool, mant uint64, exp int64, sticky bool, p *Policy) (lo, hi uint64) {
	var sign uint64
	if neg {
		sign = x87Sign
	}
	l := bits.Len64(mant)
	e := exp + int64(l) - 1 // the value is in [2^e, 2^(e+1))
	if e > x87Emax {
		return x87Overflow(sign, p)
	}
	q := e - 63 // exponent of the last kept bit
	if e < x87Emin {
		q = x87Emin - 63
	}
	var sig uint64
	var half, rest bool
	switch sh := q - exp; {
	case sh <= 0:
		sig = mant << uint(-sh) // at most 64 bits: q >= e-63
		rest = sticky
	case sh < 64:
		sig = mant >> uint(sh)
		half = mant>>uint(sh-1)&1 != 0
		rest = mant&(uint64(1)<<uint(sh-1)-1) != 0 || sticky
	case sh == 64:
		half = mant>>63 != 0
		rest = mant<<1 != 0 || sticky
	default:
		rest = true
	}
	if p.Rounding == NearestEven && half && (rest || sig&1 != 0) {
		var carry uint64
		if sig, carry = bits.Add64(sig, 1, 0); carry != 0 {
			sig, q = x87Int, q+1 // 2^64·2^q is 2^63·2^(q+1)
		}
	}
	if sig == 0 {
		return 0, sign
	}
	if sig&x87Int == 0 { // a denormal: q is the subnormal quantum's exponent
		return sig, sign
	}
	be := q + 63 + x87Bias // the biased exponent of sig·2^q
	if be > x87ExpMask-1 {
		return x87Overflow(sign, p)
	}
	return sig, sign | uint64(be)
}

// isX87 reports whether d is f80 or has f80 parts.
func isX87(d dtype.DType) bool { return d == dtype.F80 || d == dtype.C160 }
