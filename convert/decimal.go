package convert

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// maxDigits bounds the significant digits of a decimal input, so a
// hostile line cannot make the exact arithmetic arbitrarily slow. It is
// large enough to write exactly every midpoint between neighbouring f80
// values, the longest being those near f80's smallest normal (about
// 11,500 significant digits: an odd multiple of 2^-16446).
const maxDigits = 12500

// expClamp bounds a decimal exponent: every value at or above 10^expClamp
// overflows every format, f80 included (its largest value is about
// 1.19e4932), and is a multiple of 2^64, so it wraps to 0 in every
// integer; every non-zero value below 10^-expClamp is below half of f80's
// smallest subnormal (about 3.6e-4951), so it rounds like any other value
// that small. Clamping keeps those properties and the arithmetic small.
const expClamp = 5000

// Decimal is an exact real number read from text: zero, a finite rational,
// ±inf or NaN. The zero value is +0.
type Decimal struct {
	cls      class
	neg      bool
	num, den big.Int // finite: the magnitude num/den, both positive
}

// ParseDecimal reads a decimal number exactly: an optional sign, then
// digits with an optional fraction and exponent ("1.5", "-2", "1e-40",
// ".5", "3.E2"), "inf" or "infinity", or "nan" (case-insensitive). A NaN
// read from text is quiet and has no payload.
func ParseDecimal(s string) (Decimal, error) {
	var d Decimal
	t := strings.TrimSpace(s)
	if t == "" {
		return d, errors.New("convert: empty number")
	}
	switch t[0] {
	case '-':
		d.neg = true
		t = t[1:]
	case '+':
		t = t[1:]
	}
	switch strings.ToLower(t) {
	case "inf", "infinity":
		d.cls = clsInf
		return d, nil
	case "nan":
		d.cls = clsNaN
		return d, nil
	}
	mant, frac, exp, err := splitDecimal(t)
	if err != nil {
		return d, fmt.Errorf("convert: bad number %q: %v", s, err)
	}
	digits := strings.TrimLeft(mant+frac, "0")
	if digits == "" {
		d.cls = clsZero
		return d, nil
	}
	e10 := exp - int64(len(frac))
	// Trailing zeros move into the exponent.
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		e10++
	}
	if len(digits) > maxDigits {
		return d, fmt.Errorf("convert: bad number %q: more than %d significant digits", s, maxDigits)
	}
	e10 = max(min(e10, expClamp), -expClamp-int64(len(digits)))
	d.cls = clsFinite
	d.num.SetString(digits, 10)
	d.den.SetInt64(1)
	var p big.Int
	if e10 >= 0 {
		p.Exp(big.NewInt(10), big.NewInt(e10), nil)
		d.num.Mul(&d.num, &p)
	} else {
		d.den.Exp(big.NewInt(10), big.NewInt(-e10), nil)
	}
	return d, nil
}

// splitDecimal splits digits[.digits][e[+-]digits] into its parts; the
// exponent saturates far beyond expClamp.
func splitDecimal(t string) (mant, frac string, exp int64, err error) {
	i := 0
	for i < len(t) && isDigit(t[i]) {
		i++
	}
	mant = t[:i]
	if i < len(t) && t[i] == '.' {
		j := i + 1
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		frac = t[i+1 : j]
		i = j
	}
	if mant == "" && frac == "" {
		return "", "", 0, errors.New("want a decimal number, inf or nan")
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		eneg := false
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			eneg = t[i] == '-'
			i++
		}
		start := i
		for i < len(t) && isDigit(t[i]) {
			if exp < 1<<40 {
				exp = exp*10 + int64(t[i]-'0')
			}
			i++
		}
		if i == start {
			return "", "", 0, errors.New("exponent has no digits")
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(t) {
		return "", "", 0, fmt.Errorf("unexpected %q", t[i:])
	}
	return mant, frac, exp, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsNaN reports whether d is NaN.
func (d *Decimal) IsNaN() bool { return d.cls == clsNaN }

// toNum cuts d to a 64-bit significand with a sticky bit, the form the
// rounding code takes: exact enough for every float destination of at
// most 53 bits of precision (f80 has 64: see toX87).
func (d *Decimal) toNum() num {
	switch d.cls {
	case clsZero, clsInf:
		return num{cls: d.cls, neg: d.neg}
	case clsNaN:
		return num{cls: clsNaN, neg: d.neg, mant: canonicalPayload}
	}
	s := 64 - d.num.BitLen() + d.den.BitLen() // quotient of num·2^s/den has 64 or 65 bits
	var q, r, a, b big.Int
	a.Set(&d.num)
	b.Set(&d.den)
	if s >= 0 {
		a.Lsh(&a, uint(s))
	} else {
		b.Lsh(&b, uint(-s))
	}
	q.QuoRem(&a, &b, &r)
	sticky := r.Sign() != 0
	if q.BitLen() > 64 {
		sticky = sticky || q.Bit(0) != 0
		q.Rsh(&q, 1)
		s--
	}
	return num{cls: clsFinite, neg: d.neg, mant: q.Uint64(), exp: int32(-s), sticky: sticky}
}

// toX87 rounds d to f80's grid under r: to 64 significant bits, or to a
// multiple of the subnormal quantum 2^-16445 below 2^-16382. The result is
// exact (no sticky bit), so encodeX87 only checks it against the range:
// 64 bits and a sticky bit, toNum's form, would leave no rounding bit.
func (d *Decimal) toX87(r Rounding) num {
	if d.cls != clsFinite {
		return d.toNum()
	}
	// e = floor(log2(num/den)): 2^e <= num/den < 2^(e+1).
	e := d.num.BitLen() - d.den.BitLen()
	var a, b big.Int
	if e >= 0 {
		b.Lsh(&d.den, uint(e))
		a.Set(&d.num)
	} else {
		a.Lsh(&d.num, uint(-e))
		b.Set(&d.den)
	}
	if a.Cmp(&b) < 0 {
		e--
	}
	q := max(e-63, x87Emin-63) // the exponent of the last kept bit
	// n = floor(num/den / 2^q), rem the remainder scaled by den·2^q.
	var n, rem, div big.Int
	a.Set(&d.num)
	div.Set(&d.den)
	if q >= 0 {
		div.Lsh(&div, uint(q))
	} else {
		a.Lsh(&a, uint(-q))
	}
	n.QuoRem(&a, &div, &rem)
	if r == NearestEven && rem.Sign() != 0 {
		rem.Lsh(&rem, 1)
		if c := rem.Cmp(&div); c > 0 || c == 0 && n.Bit(0) == 1 {
			n.Add(&n, big.NewInt(1))
		}
	}
	if n.Sign() == 0 {
		return num{cls: clsZero, neg: d.neg}
	}
	if n.BitLen() > 64 { // rounded up to 2^64
		n.Rsh(&n, 1)
		q++
	}
	return num{cls: clsFinite, neg: d.neg, mant: n.Uint64(), exp: int32(q)}
}

// truncated is d truncated toward zero as an exact num (an integer part of
// 2^64 or more keeps only its low 64 bits, with the exponent saying it
// is huge).
func (d *Decimal) truncated(sat bool) num {
	if d.cls != clsFinite {
		return d.toNum()
	}
	var t big.Int
	t.Quo(&d.num, &d.den)
	if t.BitLen() <= 64 {
		if t.Sign() == 0 {
			return num{cls: clsZero, neg: d.neg}
		}
		return num{cls: clsFinite, neg: d.neg, mant: t.Uint64()}
	}
	if sat {
		return num{cls: clsFinite, neg: d.neg, mant: 1, exp: 64}
	}
	// Only the low 64 bits matter when wrapping.
	low := new(big.Int).And(&t, new(big.Int).SetUint64(^uint64(0)))
	return num{cls: clsFinite, neg: d.neg, mant: low.Uint64()}
}

// cmp compares the exact value of a result x (no sticky bit) with d, in the
// order Scalar documents.
func (d *Decimal) cmp(x num) int {
	dn := num{cls: d.cls, neg: d.neg}
	if x.cls != clsFinite || d.cls != clsFinite {
		if d.cls == clsFinite {
			dn.mant = 1 // any finite stand-in: only the rank and sign matter
		}
		return cmpNum(x, dn)
	}
	if x.neg != d.neg {
		return -neg(x.neg)
	}
	// |x| = mant·2^exp against num/den.
	var a, b big.Int
	a.SetUint64(x.mant)
	b.Set(&d.num)
	if x.exp >= 0 {
		a.Lsh(&a, uint(x.exp))
		a.Mul(&a, &d.den)
	} else {
		a.Mul(&a, &d.den)
		b.Lsh(&b, uint(-x.exp))
	}
	c := a.Cmp(&b)
	if x.neg {
		return -c
	}
	return c
}

// FromDecimal converts the exact value d into dst under p, rounding once:
// into a float format by p.Rounding, into an integer by p.FloatToInt (a
// decimal is a real number, so it truncates toward zero; the system modes
// TruncTorchCPU, TruncTorchCUDA and TruncMLDtypes, which describe a typed
// source's route, saturate as TruncSaturate does), into a complex type as
// the real part with a +0 imaginary part. p.Quirks do not apply (they
// describe a system's route from a typed source). The accuracy
// compares the result with d as Scalar documents.
func FromDecimal(dst dtype.DType, d Decimal, p Policy) (Pattern, big.Accuracy, error) {
	if err := check(dst, dst, &p); err != nil {
		return Pattern{}, big.Exact, err
	}
	part := dst
	if dst.IsComplex() {
		part = infos[dst].elem
	}
	in := &infos[part]
	if in.x87 {
		lo, hi := encodeX87(d.toX87(p.Rounding), &p)
		return Pattern{Re: lo, ReHi: uint16(hi)}, toAccuracy(d.cmp(decodeX87(lo, hi))), nil
	}
	var n num
	switch in.kind {
	case dtype.KindSigned, dtype.KindUnsigned:
		n = d.truncated(p.FloatToInt != TruncWrap)
	default:
		n = d.toNum()
	}
	x, ok := encode(in, n, &p, false)
	if !ok {
		return Pattern{}, big.Exact, fmt.Errorf("convert: NaN has no encoding in %v (policy refuses NaN into formats without NaN)", part)
	}
	return Pattern{Re: x}, toAccuracy(d.cmp(decode(in, x))), nil
}

// Int returns d's value when it is an integer (±0 included), and false
// for fractions, infinities and NaN.
func (d *Decimal) Int() (*big.Int, bool) {
	switch d.cls {
	case clsZero:
		return new(big.Int), true
	case clsFinite:
		var q, r big.Int
		q.QuoRem(&d.num, &d.den, &r)
		if r.Sign() != 0 {
			return nil, false
		}
		if d.neg {
			q.Neg(&q)
		}
		return &q, true
	}
	return nil, false
}
