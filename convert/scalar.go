package convert

import (
	"fmt"
	"math/big"

	"github.com/promote-dev/promote/dtype"
)

// Pattern is an element's bit pattern: the low Bits bits of Re for real
// types (bool is 0 or 1; sub-byte types use their low 1, 2, 4 or 6 bits);
// for complex types Re and Im hold the two parts' patterns. An f80 part
// (f80, c160) has 80 bits: Re (or Im) holds bits 0-63, the significand
// with its explicit integer bit, and ReHi (or ImHi) bits 64-79, the sign
// and exponent, as x87 stores them; ReHi and ImHi are 0 for every other
// dtype.
type Pattern struct {
	Re, Im     uint64
	ReHi, ImHi uint16
}

// check validates a conversion's dtypes against the policy.
func check(dst, src dtype.DType, p *Policy) error {
	for _, d := range [2]dtype.DType{src, dst} {
		switch {
		case !d.Valid():
			return fmt.Errorf("convert: invalid dtype %v", d)
		case d == dtype.Dynamic:
			return fmt.Errorf("convert: dynamic is not a value type (OpenVINO resolves it at run time); convert from or to a concrete dtype")
		case d.Format().Lanes > 1:
			return fmt.Errorf("convert: %v packs %d values in one element (torch has no cast for float4_e2m1fn_x2 either); convert from or to its lane type %v", d, d.Format().Lanes, dtype.F4E2M1FN)
		case p.Types != 0 && !p.Types.Has(d):
			return fmt.Errorf("convert: the policy has no dtype %v (it has %v)", d, p.Types)
		}
	}
	if src.IsComplex() && !dst.IsComplex() && p.ComplexToReal == RefuseComplex {
		return fmt.Errorf("convert: %v to %v would drop the imaginary part (policy refuses complex to real)", src, dst)
	}
	return nil
}

// plan converts one part type into another; it is set up once per call
// and used for every element.
type plan struct {
	dst, src dtype.DType
	din, sin *info
	p        Policy
	fromInt  bool // integer or bool source: IntToInt governs
	ident    bool // same type: the pattern is copied
	quirk    bool // the OpenVINO route applies
	sys      bool // a system's NaN mode or quirks apply (systems.go)
	wide     bool // f80 source or destination: convWide, not conv
	// fast picks a path that reads the source's fields and rounds them
	// in place, without building a num, for the common cases of the
	// general path (decode then encode), which it matches exactly; the
	// cases it does not cover fall through to the general path.
	fast    fastPath
	intSat  bool // integer destination: saturate (else wrap)
	intSign bool // integer source: two's complement
}

// fastPath is one of plan's shortcuts.
type fastPath uint8

const (
	fastNone       fastPath = iota
	fastFloatFloat          // plain float to plain float: finite non-zero values
	fastFloatInt            // plain float to integer: finite values
	fastIntFloat            // integer to plain float: every value
	fastIntInt              // integer to integer: every value
)

func newPlan(dst, src dtype.DType, p *Policy) plan {
	c := plan{
		dst: dst, src: src, din: &infos[dst], sin: &infos[src], p: *p,
		fromInt: src == dtype.Bool || src.IsInteger(),
		ident:   dst == src,
		quirk:   p.Quirks&QuirksOpenVINO != 0 && quirkDst(dst) && dst != src,
		wide:    infos[src].x87 || infos[dst].x87,
	}
	c.sys = !c.wide && sysRoute(dst, src, p)
	if c.ident || c.quirk || c.wide || c.sys { // f80 takes convWide, which has no shortcuts
		return c
	}
	sInt, dInt := src.IsInteger(), dst.IsInteger()
	sFloat, dFloat := infos[src].plain, infos[dst].plain
	c.intSign = src.IsSigned()
	switch {
	case sFloat && dFloat:
		c.fast = fastFloatFloat
	case sFloat && dInt:
		c.fast, c.intSat = fastFloatInt, p.FloatToInt != TruncWrap
	case sInt && dFloat:
		c.fast = fastIntFloat
	case sInt && dInt:
		c.fast, c.intSat = fastIntInt, p.IntToInt == Saturate
	}
	return c
}

// convWide converts one real pattern whose low 64 bits are lo and bits
// 64-79 hi (f80; 0 for the narrower formats); conv does the same for
// plans without f80. False means the policy refused.
func (c *plan) convWide(lo, hi uint64) (uint64, uint64, bool) {
	if !c.wide {
		v, ok := c.conv(lo)
		return v, 0, ok
	}
	if c.ident {
		return lo, hi & 0xffff, true
	}
	n := decodeWide(c.sin, lo, hi)
	if c.din.x87 {
		l, h := encodeX87(n, &c.p)
		return l, h, true
	}
	if c.quirk {
		v, ok := ovConvert(c.dst, c.src, n, &c.p)
		return v, 0, ok
	}
	v, ok := encode(c.din, n, &c.p, c.fromInt)
	return v, 0, ok
}

// conv converts one real pattern; false means the policy refused.
func (c *plan) conv(x uint64) (uint64, bool) {
	s := c.sin
	switch c.fast {
	case fastFloatFloat, fastFloatInt:
		// Finite non-zero values of a plain float: the fields are read
		// here and rounded or truncated directly; zeros and specials
		// take the general path.
		x &= s.mask
		mag := x &^ s.sign
		if mag != 0 && mag < s.special {
			neg := x&s.sign != 0
			e := int64(mag >> s.m)
			f, exp := mag&(1<<s.m-1), int64(s.emin)-int64(s.m)
			if e != 0 {
				f, exp = f|1<<s.m, e-int64(s.bias)-int64(s.m)
			}
			if c.fast == fastFloatFloat {
				return roundBits(c.din, neg, f, exp, false, &c.p), true
			}
			return toIntFinite(c.din, neg, f, exp, c.intSat), true
		}
	case fastIntFloat, fastIntInt:
		// An integer's value is its pattern, sign-extended if signed.
		x &= s.mask
		neg, mag := false, x
		if c.intSign && x>>(s.bits-1) != 0 {
			neg, mag = true, -(x | ^s.mask)
		}
		switch {
		case c.fast == fastIntInt:
			return toIntFinite(c.din, neg, mag, 0, c.intSat), true
		case mag == 0:
			return zeroPattern(c.din, false), true
		}
		return roundBits(c.din, neg, mag, 0, false, &c.p), true
	}
	if c.ident {
		return x & c.sin.mask, true
	}
	n := decode(c.sin, x)
	if c.sys {
		return sysConvert(c.dst, c.src, x&c.sin.mask, n, &c.p)
	}
	if c.quirk {
		return ovConvert(c.dst, c.src, n, &c.p)
	}
	return encode(c.din, n, &c.p, c.fromInt)
}

// refused is the error for a conversion the policy refuses.
func (c *plan) refused() error {
	return fmt.Errorf("convert: NaN has no encoding in %v (policy refuses NaN into formats without NaN)", c.dst)
}

// parts returns the real part types of a conversion.
func parts(dst, src dtype.DType) (dtype.DType, dtype.DType) {
	if dst.IsComplex() {
		dst = infos[dst].elem
	}
	if src.IsComplex() {
		src = infos[src].elem
	}
	return dst, src
}

// Scalar converts one element of src with pattern x into dst under p,
// rounding once from the exact source value. It returns the result's
// pattern and how the result's value compares with the source's:
// big.Below when smaller, big.Exact when equal, big.Above when larger.
//
// The comparison uses the order -NaN < -inf < finite < +inf < +NaN, with
// ±0 equal and NaN equal to a NaN of the same sign (a NaN's sign is its
// sign bit; fnuz's 0x80 is negative, e8m0's 0xff positive): so a finite
// value that overflows to +inf or to a positive NaN is Above, and +NaN
// into an integer (0) is Below. For complex destinations both parts are
// compared and the first inexact part's accuracy is returned; for complex
// to real only the real part counts.
//
// Only the low Bits bits of each part of x are read. Converting to the
// same dtype copies the pattern. Complex to complex converts each part;
// real to complex puts the value in the real part with +0 as the
// imaginary part; complex to real follows p.ComplexToReal. Errors: an
// invalid or dynamic dtype, a dtype outside p.Types, a refusal by p.
func Scalar(dst, src dtype.DType, x Pattern, p Policy) (Pattern, big.Accuracy, error) {
	if err := check(dst, src, &p); err != nil {
		return Pattern{}, big.Exact, err
	}
	dp, sp := parts(dst, src)
	c := newPlan(dp, sp, &p)
	var out Pattern
	var ok bool
	var hi uint64
	if out.Re, hi, ok = c.convWide(x.Re, uint64(x.ReHi)); !ok {
		return Pattern{}, big.Exact, c.refused()
	}
	out.ReHi = uint16(hi)
	acc := c.accuracy(x.Re, uint64(x.ReHi), out.Re, hi)
	if dst.IsComplex() && src.IsComplex() {
		if out.Im, hi, ok = c.convWide(x.Im, uint64(x.ImHi)); !ok {
			return Pattern{}, big.Exact, c.refused()
		}
		out.ImHi = uint16(hi)
		if acc == big.Exact {
			acc = c.accuracy(x.Im, uint64(x.ImHi), out.Im, hi)
		}
	}
	return out, acc, nil
}

// accuracy compares the value of result (in c.dst) with that of source;
// the hi words are bits 64-79 of f80 patterns.
func (c *plan) accuracy(source, sourceHi, result, resultHi uint64) big.Accuracy {
	return toAccuracy(cmpNum(decodeWide(c.din, result, resultHi), decodeWide(c.sin, source, sourceHi)))
}

func toAccuracy(c int) big.Accuracy {
	switch {
	case c < 0:
		return big.Below
	case c > 0:
		return big.Above
	}
	return big.Exact
}
