package convert

import (
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// x87MaxDigits is enough significant decimal digits to tell every f80
// value from its neighbours: 1 + ceil(64·log10(2)).
const x87MaxDigits = 21

// x87Text is the shortest decimal that reads back (through FromDecimal,
// rounding to nearest even) as the finite non-zero f80 value n, the nearer
// of two candidates of that length when both do, printed as strconv's
// shortest 'g' form prints a float64: %e when the decimal exponent is
// below -4 or at least 6 ("1e+06", "3.6451995318824746e-4951"), else %f
// ("65504", "0.1").
func x87Text(n num) string {
	// The canonical pattern of the magnitude: a pseudo-denormal prints as
	// its value.
	tlo, thi := roundX87(false, n.mant, int64(n.exp), false, &defaultP)
	v := exactRat(n.mant, int(n.exp))
	k := floorLog10(v, int(n.exp)+bits.Len64(n.mant)-1)
	var digits string
	var s int // the value printed is digits·10^-s
	// The shortest length that round-trips: a length that does is
	// followed only by lengths that do (their candidates bracket the
	// value more tightly), so a binary search finds it.
	lo, hi := 1, x87MaxDigits
	for lo < hi {
		mid := (lo + hi) / 2
		if _, _, ok := x87Candidate(v, mid, k, tlo, thi); ok {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	digits, s, _ = x87Candidate(v, lo, k, tlo, thi)
	trimmed := strings.TrimRight(digits, "0")
	s -= len(digits) - len(trimmed)
	out := formatShortest(trimmed, len(trimmed)-s)
	if n.neg {
		return "-" + out
	}
	return out
}

// x87Candidate returns the n-digit decimal nearest the positive value v
// (whose decimal exponent is k: 10^k <= v < 10^(k+1)) among the two
// bracketing it that read back as the f80 pattern (tlo, thi), as digits
// and a scale s (the decimal is digits·10^-s); ok is false when neither
// does.
func x87Candidate(v *big.Rat, n, k int, tlo, thi uint64) (digits string, s int, ok bool) {
	s = n - 1 - k
	scaled := new(big.Rat).Mul(v, pow10Rat(s))
	var floor, rem big.Int
	floor.QuoRem(scaled.Num(), scaled.Denom(), &rem)
	ceil := new(big.Int).Add(&floor, big.NewInt(1))
	reads := func(c *big.Int) bool {
		var d Decimal
		if c.Sign() == 0 {
			return false
		}
		d.cls = clsFinite
		d.num.Set(c)
		d.den.SetInt64(1)
		if s >= 0 {
			d.den.Exp(big.NewInt(10), big.NewInt(int64(s)), nil)
		} else {
			var p big.Int
			d.num.Mul(&d.num, p.Exp(big.NewInt(10), big.NewInt(int64(-s)), nil))
		}
		lo, hi := encodeX87(d.toX87(NearestEven), &defaultP)
		return lo == tlo && hi == thi
	}
	if rem.Sign() == 0 {
		return floor.String(), s, true // exact in n digits
	}
	fOK, cOK := reads(&floor), reads(ceil)
	switch {
	case fOK && cOK:
		// The nearer; on a tie the even last digit.
		rem.Lsh(&rem, 1)
		c := rem.Cmp(scaled.Denom())
		if c < 0 || c == 0 && floor.Bit(0) == 0 {
			return floor.String(), s, true
		}
		return ceil.String(), s, true
	case fOK:
		return floor.String(), s, true
	case cOK:
		return ceil.String(), s, true
	}
	return "", s, false
}

// exactRat returns mant·2^exp as a big.Rat.
func exactRat(mant uint64, exp int) *big.Rat {
	v := new(big.Rat).SetInt(new(big.Int).SetUint64(mant))
	p := new(big.Int).Lsh(big.NewInt(1), uint(abs(exp)))
	if exp >= 0 {
		return v.Mul(v, new(big.Rat).SetInt(p))
	}
	return v.Quo(v, new(big.Rat).SetInt(p))
}

// floorLog10 returns k with 10^k <= v < 10^(k+1), for v > 0 in
// [2^b, 2^(b+1)).
func floorLog10(v *big.Rat, b int) int {
	k := int(float64(b) * 0.30102999566398120) // log10(2); off by at most one
	for v.Cmp(pow10Rat(k)) < 0 {
		k--
	}
	for v.Cmp(pow10Rat(k+1)) >= 0 {
		k++
	}
	return k
}

// pow10Rat returns 10^k as a big.Rat, for any integer k.
func pow10Rat(k int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(k))), nil)
	if k >= 0 {
		return new(big.Rat).SetInt(p)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), p)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// formatShortest prints the digits d (no trailing zeros, first digit not
// zero) of a value 0.d·10^dp as strconv.FormatFloat(v, 'g', -1, 64)
// prints a shortest float64: %e when the exponent dp-1 is below -4 or at
// least 6, with at least two exponent digits; %f otherwise.
func formatShortest(d string, dp int) string {
	exp := dp - 1
	if exp < -4 || exp >= 6 {
		var b strings.Builder
		b.WriteByte(d[0])
		if len(d) > 1 {
			b.WriteByte('.')
			b.WriteString(d[1:])
		}
		b.WriteByte('e')
		if exp < 0 {
			b.WriteByte('-')
			exp = -exp
		} else {
			b.WriteByte('+')
		}
		if exp < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.Itoa(exp))
		return b.String()
	}
	switch {
	case dp <= 0:
		return "0." + strings.Repeat("0", -dp) + d
	case dp >= len(d):
		return d + strings.Repeat("0", dp-len(d))
	}
	return d[:dp] + "." + d[dp:]
}
