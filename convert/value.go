package convert

import (
	"math/bits"

	"github.com/promote-dev/promote/dtype"
)

// class is the kind of an exact value.
type class uint8

const (
	clsZero class = iota
	clsFinite
	clsInf
	clsNaN
)

// num is an exact real value of some catalogue format (or a decimal input
// cut to 64 significant bits with a sticky bit): no conversion ever rounds
// before the value reaches its destination.
type num struct {
	cls class
	neg bool
	// sticky reports that the true value exceeds mant·2^exp by a positive
	// amount below 2^exp. Only decimal inputs set it, always with mant
	// normalized to 64 bits, so every float destination drops at least 11
	// bits and sees the sticky bit below its rounding bit.
	sticky bool
	exp    int32
	// mant is the magnitude's significand for clsFinite (non-zero): the
	// value is mant·2^exp. For clsNaN it is the payload: the source's
	// mantissa field left-aligned at bit 63, where bit 63 is the IEEE
	// quiet bit.
	mant uint64
}

// canonicalPayload is the payload of a NaN from a format with one NaN
// encoding, or from the text "nan": quiet, no further payload bits.
const canonicalPayload = 1 << 63

// info is what the conversion loops need of a format, computed once.
type info struct {
	kind  dtype.Kind
	bits  uint   // storage bits (complex: one part)
	bytes int    // bytes per element in buffers (sub-byte types: 1)
	mask  uint64 // low bits of a pattern
	// Floats.
	m       uint   // stored mantissa bits
	bias    int32  //
	emin    int32  // exponent of the smallest normal value (1-bias)
	emax    int32  // exponent of the largest finite value
	sign    uint64 // the sign bit, 0 when unsigned
	maxMag  uint64 // pattern of the largest finite magnitude
	expMask uint64 // exponent field, in place
	inf     bool
	nanEnc  dtype.NaNEncoding
	negZero bool
	e8m0    bool
	elem    dtype.DType // complex: the part type
	// plain reports a float format whose magnitudes below special are
	// ordinary sign-exponent-mantissa numbers (every float but e8m0);
	// special is the smallest magnitude that is inf or NaN (fnuz: none,
	// its NaN is the sign bit alone with a zero magnitude).
	plain   bool
	special uint64
	// x87 marks f80, whose 80-bit patterns take the decodeX87 and
	// encodeX87 path; none of the fields above but kind, bits and bytes
	// apply to it.
	x87 bool
}

var infos [dtype.Count]info

func init() {
	for _, d := range dtype.All() {
		f := d.Format()
		in := info{kind: f.Kind, bits: uint(f.Bits)}
		switch f.Kind {
		case dtype.KindComplex:
			in.elem = f.Elem
			in.bits = uint(f.Bits / 2)
			in.bytes = f.StorageBits() / 8
			infos[d] = in
			continue
		case dtype.KindDynamic:
			infos[d] = in
			continue
		}
		if f.ExplicitInt { // f80: see x87.go
			in.x87 = true
			in.bytes = f.StorageBits() / 8
			in.mask = ^uint64(0)
			infos[d] = in
			continue
		}
		in.bytes = (f.Bits + 7) / 8
		in.mask = ^uint64(0) >> (64 - in.bits)
		if f.Kind == dtype.KindFloat {
			in.m = uint(f.MantBits)
			in.bias = int32(f.Bias)
			in.emin = 1 - in.bias
			in.expMask = (uint64(1)<<f.ExpBits - 1) << f.MantBits
			if f.Signed {
				in.sign = 1 << (f.Bits - 1)
			}
			in.inf = f.HasInf()
			in.nanEnc = f.NaN
			in.negZero = f.NegZero
			in.e8m0 = f.NoZero
			top := uint64(1)<<f.ExpBits - 1
			mantAll := uint64(1)<<f.MantBits - 1
			switch f.NaN {
			case dtype.NaNIEEE:
				in.maxMag = (top-1)<<f.MantBits | mantAll
			case dtype.NaNAllOnes:
				in.maxMag = top<<f.MantBits | (mantAll - 1)
			case dtype.NaNAllOnesUnsigned:
				in.maxMag = top - 1
			default: // fnuz and FP4/FP6: every magnitude is a number
				in.maxMag = top<<f.MantBits | mantAll
			}
			in.emax = int32(in.maxMag>>in.m) - in.bias
			in.plain = !in.e8m0
			in.special = in.maxMag + 1
		}
		infos[d] = in
	}
}

// decodeWide returns the exact value of the pattern of a real format
// whose low 64 bits are lo and whose bits 64-79 (f80 only) are hi.
func decodeWide(in *info, lo, hi uint64) num {
	if in.x87 {
		return decodeX87(lo, hi)
	}
	return decode(in, lo)
}

// decode returns the exact value of pattern x (low bits only) of a real
// format of at most 64 bits.
func decode(in *info, x uint64) num {
	x &= in.mask
	switch in.kind {
	case dtype.KindBool:
		if x != 0 {
			return num{cls: clsFinite, mant: 1}
		}
		return num{}
	case dtype.KindUnsigned:
		if x == 0 {
			return num{}
		}
		return num{cls: clsFinite, mant: x}
	case dtype.KindSigned:
		v := int64(x<<(64-in.bits)) >> (64 - in.bits)
		switch {
		case v == 0:
			return num{}
		case v < 0:
			return num{cls: clsFinite, neg: true, mant: uint64(-v)}
		}
		return num{cls: clsFinite, mant: uint64(v)}
	}
	return decodeFloat(in, x)
}

// decodeFloat decodes a float pattern (x already masked).
func decodeFloat(in *info, x uint64) num {
	neg := x&in.sign != 0
	mag := x &^ in.sign
	fracMask := uint64(1)<<in.m - 1
	switch in.nanEnc {
	case dtype.NaNIEEE:
		if mag&in.expMask == in.expMask {
			if mag&fracMask == 0 {
				return num{cls: clsInf, neg: neg}
			}
			return num{cls: clsNaN, neg: neg, mant: (mag & fracMask) << (64 - in.m)}
		}
	case dtype.NaNAllOnes:
		if mag == in.mask&^in.sign {
			return num{cls: clsNaN, neg: neg, mant: canonicalPayload}
		}
	case dtype.NaNNegZero:
		if x == in.sign {
			return num{cls: clsNaN, neg: true, mant: canonicalPayload}
		}
	case dtype.NaNAllOnesUnsigned:
		if x == in.mask {
			return num{cls: clsNaN, mant: canonicalPayload}
		}
	}
	if in.e8m0 {
		return num{cls: clsFinite, mant: 1, exp: int32(x) - in.bias}
	}
	e := int32(mag >> in.m)
	f := mag & fracMask
	if e == 0 {
		if f == 0 {
			return num{cls: clsZero, neg: neg}
		}
		return num{cls: clsFinite, neg: neg, mant: f, exp: in.emin - int32(in.m)}
	}
	return num{cls: clsFinite, neg: neg, mant: f | 1<<in.m, exp: e - in.bias - int32(in.m)}
}

// cmpNum compares two exact values (sticky clear) in the extended order
// -NaN < -inf < finite < +inf < +NaN, where ±0 are equal and NaNs of one
// sign are equal. It returns -1, 0 or +1.
func cmpNum(a, b num) int {
	ka, kb := rank(a), rank(b)
	if ka != kb {
		if ka < kb {
			return -1
		}
		return 1
	}
	if ka != 0 { // both the same special, or both finite of one sign handled below
		return 0
	}
	// Both are zero or finite.
	if a.cls == clsZero && b.cls == clsZero {
		return 0
	}
	if a.cls == clsZero {
		return neg(b.neg)
	}
	if b.cls == clsZero {
		return -neg(a.neg)
	}
	if a.neg != b.neg {
		return -neg(a.neg)
	}
	c := cmpMag(a, b)
	if a.neg {
		return -c
	}
	return c
}

// neg returns +1 for a negative value and -1 for a positive one: the sign
// of 0 - v.
func neg(isNeg bool) int {
	if isNeg {
		return 1
	}
	return -1
}

// rank orders the specials: ±2 for NaN, ±1 for inf, 0 for zero and finite.
func rank(a num) int {
	r := 0
	switch a.cls {
	case clsNaN:
		r = 2
	case clsInf:
		r = 1
	default:
		return 0
	}
	if a.neg {
		return -r
	}
	return r
}

// cmpMag compares the magnitudes of two finite non-zero values.
func cmpMag(a, b num) int {
	la, lb := bits.Len64(a.mant), bits.Len64(b.mant)
	ea, eb := int(a.exp)+la, int(b.exp)+lb
	if ea != eb {
		if ea < eb {
			return -1
		}
		return 1
	}
	ma, mb := a.mant<<(64-la), b.mant<<(64-lb)
	switch {
	case ma < mb:
		return -1
	case ma > mb:
		return 1
	}
	return 0
}
