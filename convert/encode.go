package convert

import (
	"math/bits"

	"github.com/promote-dev/promote/dtype"
)

// encode rounds the exact value n into the real format in, once, under p.
// fromInt says the source was an integer or bool (IntToInt then governs
// integer destinations). It returns false only when p refuses (a NaN into
// f4/f6 under NoNaNError).
func encode(in *info, n num, p *Policy, fromInt bool) (uint64, bool) {
	switch in.kind {
	case dtype.KindBool:
		// Non-zero, NaN and ±inf included, is true (spec.md, "To bool";
		// spec.md, OpenVINO §2.1; spec.md, kernel_float §1).
		if n.cls == clsZero {
			return 0, true
		}
		return 1, true
	case dtype.KindSigned, dtype.KindUnsigned:
		sat := p.FloatToInt != TruncWrap // the system modes saturate where they do not apply
		if fromInt {
			sat = p.IntToInt == Saturate
		}
		return toInt(in, n, sat), true
	}
	if in.e8m0 {
		return toE8M0(in, n, p), true
	}
	switch n.cls {
	case clsZero:
		return zeroPattern(in, n.neg), true
	case clsNaN:
		return nanPattern(in, n.neg, n.mant, p)
	case clsInf:
		return infPattern(in, n.neg, p)
	}
	return roundFloat(in, n, p)
}

// saturates reports whether overflow in in saturates under p.
func saturates(in *info, p *Policy) bool {
	return p.Overflow == OverflowSaturate || p.Overflow == OverflowSaturateSmall && in.bits <= 8
}

// signOf returns the sign bit of in for a value of sign neg.
func signOf(in *info, neg bool) uint64 {
	if neg {
		return in.sign
	}
	return 0
}

// zeroPattern is ±0; formats without -0 (fnuz) give +0 for both, so a
// negative value that rounds to zero becomes +0 there (spec.md, "Zeros and
// subnormals").
func zeroPattern(in *info, neg bool) uint64 {
	if in.negZero {
		return signOf(in, neg)
	}
	return 0
}

// nanPattern is the NaN of in for a NaN of sign neg and payload payload
// (spec.md, "NaN in"), or the f4/f6 substitute under p.NoNaN.
func nanPattern(in *info, neg bool, payload uint64, p *Policy) (uint64, bool) {
	switch in.nanEnc {
	case dtype.NaNIEEE:
		quiet := uint64(1) << (in.m - 1)
		if p.NaN == NaNCanonical {
			return in.expMask | quiet, true
		}
		return signOf(in, neg) | in.expMask | payload>>(64-in.m) | quiet, true
	case dtype.NaNAllOnes:
		if p.NaN == NaNCanonical {
			neg = false
		}
		return signOf(in, neg) | in.mask&^in.sign, true
	case dtype.NaNNegZero:
		return in.sign, true
	case dtype.NaNAllOnesUnsigned:
		return in.mask, true
	}
	// No NaN in the format (f4, f6): an open case (spec.md, "NaN in").
	switch p.NoNaN {
	case NoNaNZero:
		return 0, true
	case NoNaNError:
		return 0, false
	}
	// ml_dtypes: its quiet_NaN() placeholder is -0, negated for -NaN.
	return signOf(in, !neg), true
}

// overflowNaN is the NaN an overflowing value of sign neg becomes.
func overflowNaN(in *info, neg bool, p *Policy) uint64 {
	v, _ := nanPattern(in, neg, canonicalPayload, p)
	return v
}

// maxPattern is the largest finite magnitude with the sign neg.
func maxPattern(in *info, neg bool) uint64 { return signOf(in, neg) | in.maxMag }

// infPattern is what ±inf becomes (spec.md, "±inf in").
func infPattern(in *info, neg bool, p *Policy) (uint64, bool) {
	switch {
	case saturates(in, p):
		return maxPattern(in, neg), true
	case in.inf:
		return signOf(in, neg) | in.expMask, true
	case in.nanEnc != dtype.NaNNone:
		return overflowNaN(in, neg, p), true
	}
	return maxPattern(in, neg), true
}

// overflowPattern is what a finite value past the largest finite value
// becomes (spec.md, "The default policy"; Policy.Overflow).
func overflowPattern(in *info, neg bool, p *Policy) uint64 {
	if p.Rounding == TowardZero || saturates(in, p) {
		return maxPattern(in, neg)
	}
	if p.Overflow != OverflowNaN && in.inf {
		return signOf(in, neg) | in.expMask
	}
	if in.nanEnc != dtype.NaNNone {
		return overflowNaN(in, neg, p)
	}
	return maxPattern(in, neg)
}

// roundFloat rounds a finite non-zero value into a sign-exponent-mantissa
// format: at the format's precision with an unbounded exponent above and
// the subnormal quantum below, then checks the result against the largest
// finite pattern.
func roundFloat(in *info, n num, p *Policy) (uint64, bool) {
	return roundBits(in, n.neg, n.mant, int64(n.exp), n.sticky, p), true
}

// roundBits is roundFloat on the value's parts: (-1)^neg·(mant + a sticky
// fraction)·2^exp, mant non-zero.
func roundBits(in *info, neg bool, mant uint64, exp int64, sticky bool, p *Policy) uint64 {
	l := bits.Len64(mant)
	e := exp + int64(l) - 1 // the value is in [2^e, 2^(e+1))
	if e > int64(in.emax) {
		return overflowPattern(in, neg, p)
	}
	m := int64(in.m)
	q := e - m // exponent of the last kept bit
	if e < int64(in.emin) {
		q = int64(in.emin) - m
	}
	var sig uint64
	var half, rest bool
	switch sh := q - exp; {
	case sh <= 0:
		sig = mant << uint(-sh)
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
		sig++
	}
	if sig == 0 {
		return zeroPattern(in, neg)
	}
	// With the subnormal exponent, q+m+bias-1 is 0 and sig is the whole
	// magnitude; for normal values the implicit bit of sig adds the last
	// 1 to the exponent field, and a carry out of the mantissa moves it
	// up by one more, as it should.
	mag := uint64(q+m+int64(in.bias)-1)<<in.m + sig
	if mag > in.maxMag {
		return overflowPattern(in, neg, p)
	}
	return signOf(in, neg) | mag
}

// toE8M0 converts into f8e8m0fnu (spec.md, "f8e8m0fnu as
// destination"): NaN, ±0, ±inf and every negative value give NaN 0xff;
// with nearest rounding the midpoint 1.5·2^k goes up; below 2^-126 the
// codes 0x00 and 0x01 are rounded to as if they were 0 and 2^-126, so
// 0 < x ≤ 2^-127 gives 0x00 and 2^-127 < x < 2^-126 gives 0x01
// (ml_dtypes' behaviour, the project's choice for this open case).
func toE8M0(in *info, n num, p *Policy) uint64 {
	const nan = 0xff
	if n.neg || n.cls == clsNaN || n.cls == clsZero {
		return nan
	}
	if n.cls == clsInf {
		if saturates(in, p) {
			return in.maxMag
		}
		return nan
	}
	l := bits.Len64(n.mant)
	e := int64(n.exp) + int64(l) - 1
	k := e
	if p.Rounding == TowardZero {
		switch {
		case e < -127:
			return 0x00
		case e > 127:
			return in.maxMag
		}
		return uint64(e + 127)
	}
	if e < -126 {
		if e < -127 || n.mant&(n.mant-1) == 0 && !n.sticky {
			return 0x00
		}
		return 0x01
	}
	if l >= 2 && n.mant>>uint(l-2)&1 != 0 {
		k++ // at or above 1.5·2^e: the tie goes up
	}
	if k > 127 {
		if saturates(in, p) {
			return in.maxMag
		}
		return nan
	}
	return uint64(k + 127)
}

// toInt converts into an integer format: truncate toward zero, then
// saturate (NaN to 0, ±inf to the bounds) or wrap modulo 2^N (NaN and ±inf
// to 0) (spec.md, "Float to int", "Int to int").
func toInt(in *info, n num, sat bool) uint64 {
	signed := in.kind == dtype.KindSigned
	switch n.cls {
	case clsZero, clsNaN:
		return 0
	case clsInf:
		if !sat {
			return 0
		}
		return intBound(in, n.neg, signed)
	}
	return toIntFinite(in, n.neg, n.mant, int64(n.exp), sat)
}

// toIntFinite is toInt for a finite value (-1)^neg·mant·2^exp, mant
// possibly 0.
func toIntFinite(in *info, neg bool, mant uint64, exp int64, sat bool) uint64 {
	signed := in.kind == dtype.KindSigned
	var ip uint64 // the integer part's magnitude, modulo 2^64
	huge := false // the integer part is 2^64 or more
	if exp >= 0 {
		if int(exp)+bits.Len64(mant) > 64 {
			huge = true
		}
		if exp < 64 {
			ip = mant << uint(exp)
		}
	} else if exp > -64 {
		ip = mant >> uint(-exp)
	}
	if !sat {
		if neg {
			ip = -ip
		}
		return ip & in.mask
	}
	if neg {
		if !signed || ip == 0 && !huge {
			return 0 // -0.9 and -1.5 into unsigned both give 0
		}
		if huge || ip > 1<<(in.bits-1) {
			return intBound(in, true, true)
		}
		return -ip & in.mask
	}
	limit := in.mask
	if signed {
		limit >>= 1
	}
	if huge || ip > limit {
		return limit
	}
	return ip
}

// intBound is the pattern of an integer format's minimum (neg) or maximum.
func intBound(in *info, neg, signed bool) uint64 {
	switch {
	case !signed && neg:
		return 0
	case !signed:
		return in.mask
	case neg:
		return 1 << (in.bits - 1)
	}
	return in.mask >> 1
}
