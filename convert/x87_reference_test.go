package convert

import (
	"math/big"

	"github.com/promote-dev/promote/dtype"
)

// This file is the f80 reference the tests trust, beside reference_test.go
// (which holds patterns in a uint64 and values in 2^-1100 fixed point,
// too narrow for f80). It shares no code with x87.go: a pattern is read
// field by field from the SDM's tables into a big.Rat, and rounding uses
// big.Float at 64 bits of precision above 2^-16382 and big.Rat integer
// rounding of the value in units of 2^-16445 below.
//
// Sources: Intel 64 and IA-32 Architectures Software Developer's Manual,
// Vol. 1, Table 4-3 (the real number and NaN encodings of the double
// extended format) and §8.2.2 / Table 8-3 (the unsupported encodings: the
// FPU's invalid-operation response is the QNaN floating-point indefinite,
// sign 1, significand 1.1000...0; pseudo-denormals are read with exponent 1).

// refX is an exact value: NaN with its payload, ±inf, or a signed rational.
type refX struct {
	nan, inf, neg bool
	mag           *big.Rat // finite: the magnitude (zero included)
	// payload is a NaN's fraction bits left-aligned at bit 63 (bit 63 the
	// quiet bit); single-NaN formats and the indefinite give 1<<63.
	payload uint64
}

// refX87Policy is what the f80 reference models of a Policy.
type refX87Policy struct {
	rtz, sat, overflowNaN, nanCanon bool
}

func refX87PolicyOf(p Policy) refX87Policy {
	return refX87Policy{rtz: p.Rounding == TowardZero, sat: p.Overflow == OverflowSaturate,
		overflowNaN: p.Overflow == OverflowNaN, nanCanon: p.NaN == NaNCanonical}
}

// pow2Rat is 2^k.
func pow2Rat(k int) *big.Rat {
	p := new(big.Int).Lsh(big.NewInt(1), uint(max(k, -k)))
	if k >= 0 {
		return new(big.Rat).SetInt(p)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), p)
}

// refX87Decode reads an f80 pattern by the SDM's tables.
func refX87Decode(lo uint64, hi uint16) refX {
	sign := hi>>15 == 1
	exp := int(hi & 0x7fff)
	j := lo >> 63            // the integer bit
	frac := lo & (1<<63 - 1) // the fraction
	indefinite := refX{nan: true, neg: true, payload: 1 << 63}
	switch {
	case exp == 0x7fff && j == 0: // pseudo-infinity, pseudo-NaN (Table 8-3)
		return indefinite
	case exp == 0x7fff && frac == 0:
		return refX{inf: true, neg: sign}
	case exp == 0x7fff:
		return refX{nan: true, neg: sign, payload: frac << 1}
	case exp != 0 && j == 0: // unnormal (Table 8-3)
		return indefinite
	}
	// Normals: 1.f·2^(exp-16383); denormals 0.f·2^-16382; pseudo-denormals
	// (exp 0, j 1) are read with exp 1 (§8.2.2): j.f·2^-16382.
	e := exp
	if e == 0 {
		e = 1
	}
	m := new(big.Rat).SetInt(new(big.Int).SetUint64(lo)) // j.f as an integer: ·2^-63
	m.Mul(m, pow2Rat(e-16383-63))
	return refX{neg: sign, mag: m}
}

// refX87Encode rounds r into f80 under rp.
func refX87Encode(r refX, rp refX87Policy) (uint64, uint16) {
	var sign uint16
	if r.neg {
		sign = 0x8000
	}
	maxLo, maxHi := ^uint64(0), sign|0x7ffe
	nan := func(neg bool, payload uint64) (uint64, uint16) {
		if rp.nanCanon {
			return 0xc000000000000000, 0x7fff
		}
		var s uint16
		if neg {
			s = 0x8000
		}
		return 1<<63 | 1<<62 | payload>>1, s | 0x7fff
	}
	switch {
	case r.nan:
		return nan(r.neg, r.payload)
	case r.inf:
		if rp.sat {
			return maxLo, maxHi
		}
		return 1 << 63, sign | 0x7fff
	case r.mag.Sign() == 0:
		return 0, sign
	}
	overflow := func() (uint64, uint16) {
		switch {
		case rp.rtz || rp.sat:
			return maxLo, maxHi
		case rp.overflowNaN:
			return nan(r.neg, 1<<63)
		}
		return 1 << 63, sign | 0x7fff
	}
	minNormal := pow2Rat(-16382)
	if r.mag.Cmp(minNormal) >= 0 {
		mode := big.ToNearestEven
		if rp.rtz {
			mode = big.ToZero
		}
		f := new(big.Float).SetPrec(64).SetMode(mode).SetRat(r.mag)
		mant := new(big.Float)
		e := f.MantExp(mant) // f = mant·2^e, mant in [0.5, 1)
		if e-1 > 16383 {
			return overflow()
		}
		sig, _ := mant.SetMantExp(mant, 64).Uint64()
		return sig, sign | uint16(e-1+16383)
	}
	// Below 2^-16382: the multiples of 2^-16445.
	x := new(big.Rat).Mul(r.mag, pow2Rat(16445))
	n := new(big.Int).Quo(x.Num(), x.Denom())
	if !rp.rtz {
		rem := new(big.Rat).Sub(x, new(big.Rat).SetInt(n))
		if c := rem.Cmp(big.NewRat(1, 2)); c > 0 || c == 0 && n.Bit(0) == 1 {
			n.Add(n, big.NewInt(1))
		}
	}
	if n.BitLen() == 64 { // rounded up to 2^-16382: the smallest normal
		return n.Uint64(), sign | 1
	}
	return n.Uint64(), sign
}

// refXOf converts a reference.go value (magnitude·2^-refS) to a refX.
func refXOf(r refNum) refX {
	switch {
	case r.nan:
		var payload uint64 = 1 << 63
		if r.fracBits > 0 {
			payload = r.frac << (64 - r.fracBits)
		}
		return refX{nan: true, neg: r.neg, payload: payload}
	case r.inf:
		return refX{inf: true, neg: r.neg}
	}
	m := new(big.Rat).SetInt(r.mag)
	return refX{neg: r.neg, mag: m.Mul(m, pow2Rat(-refS))}
}

// refNumOf converts a refX to a reference.go value, so refEncode rounds
// it into the other formats. A magnitude that is not a multiple of
// 2^-refS (f80 has values down to 2^-16445) becomes floor|1 in units of
// 2^-refS: every point refEncode compares with (values, midpoints and
// bounds of the other formats, truncation points of the integers) is a
// multiple of 2^-1075, an even number of units, so the stand-in lies
// strictly between the same two such points as the value.
func refNumOf(r refX) refNum {
	switch {
	case r.nan:
		return refNum{nan: true, neg: r.neg, frac: r.payload >> 1, fracBits: 63}
	case r.inf:
		return refNum{inf: true, neg: r.neg}
	}
	m := new(big.Rat).Mul(r.mag, pow2Rat(refS))
	v, rem := new(big.Int).QuoRem(m.Num(), m.Denom(), new(big.Int))
	if rem.Sign() != 0 {
		v.SetBit(v, 0, 1)
	}
	return refNum{neg: r.neg, mag: v}
}

// refXCmp compares two values in Scalar's order -NaN < -inf < finite <
// +inf < +NaN, ±0 equal.
func refXCmp(a, b refX) int {
	rank := func(r refX) int {
		k := 0
		switch {
		case r.nan:
			k = 2
		case r.inf:
			k = 1
		}
		if r.neg {
			return -k
		}
		return k
	}
	if ka, kb := rank(a), rank(b); ka != kb || ka != 0 {
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	}
	va, vb := new(big.Rat).Set(a.mag), new(big.Rat).Set(b.mag)
	if a.neg {
		va.Neg(va)
	}
	if b.neg {
		vb.Neg(vb)
	}
	return va.Cmp(vb)
}

// refXDecode decodes a pattern of any real catalogue dtype.
func refXDecode(t dtype.DType, x Pattern) refX {
	if t == dtype.F80 {
		return refX87Decode(x.Re, x.ReHi)
	}
	return refXOf(refDecode(t, x.Re))
}

// refXEncode rounds r into any real catalogue dtype under p (as refX87Policy
// and refPolicy model it); fromInt as for refEncode.
func refXEncode(t dtype.DType, r refX, p Policy, fromInt bool) Pattern {
	if t == dtype.F80 {
		lo, hi := refX87Encode(r, refX87PolicyOf(p))
		return Pattern{Re: lo, ReHi: hi}
	}
	return Pattern{Re: refEncode(t, refNumOf(r), refPolicyOf(p), fromInt)}
}
