package kernels

import (
	"math"
	"math/big"

	"github.com/promote-dev/promote/dtype"
)

// An independent reference for the default policy, computed a different
// way from the kernels: exact rational arithmetic with math/big, one
// rounding from the exact source value. It decides what is right.

// refValue is a decoded source element: NaN (with its sign and its
// payload bits below the quiet bit, left-aligned in 64 bits), or a signed
// exact rational (inf as a flag).
type refValue struct {
	nan     bool
	neg     bool
	inf     bool
	payload uint64 // NaN: payload bits below the quiet bit, top-aligned
	v       *big.Rat
}

// refDecode decodes a float pattern of format f exactly.
func refDecode(f dtype.Format, p uint64) refValue {
	m := uint(f.MantBits)
	if !f.Signed { // e8m0
		if p == 0xff {
			return refValue{nan: true}
		}
		return refValue{v: pow2(int(p) - 127)}
	}
	neg := p>>(f.Bits-1)&1 == 1
	mag := p &^ (1 << (f.Bits - 1))
	e := int(mag >> m)
	mant := mag & (1<<m - 1)
	top := 1<<f.ExpBits - 1
	switch f.NaN {
	case dtype.NaNIEEE:
		if e == top && mant == 0 {
			return refValue{inf: true, neg: neg}
		}
		if e == top {
			// payload: the bits below the quiet bit, top-aligned
			return refValue{nan: true, neg: neg, payload: mant << (64 - (m - 1))}
		}
	case dtype.NaNAllOnes:
		if mag == 1<<(f.Bits-1)-1 {
			return refValue{nan: true, neg: neg}
		}
	case dtype.NaNNegZero:
		if p == 1<<(f.Bits-1) {
			return refValue{nan: true, neg: true}
		}
	}
	var r *big.Rat
	if e == 0 {
		r = new(big.Rat).Mul(new(big.Rat).SetInt64(int64(mant)), pow2(1-f.Bias-int(m)))
	} else {
		r = new(big.Rat).Mul(new(big.Rat).SetInt64(int64(mant|1<<m)), pow2(e-f.Bias-int(m)))
	}
	return refValue{neg: neg, v: r}
}

func pow2(k int) *big.Rat {
	x := new(big.Int).Lsh(big.NewInt(1), uint(abs(k)))
	if k >= 0 {
		return new(big.Rat).SetInt(x)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), x)
}

func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}

// floorLog2 returns floor(log2 v) for v > 0.
func floorLog2(v *big.Rat) int {
	e := v.Num().BitLen() - v.Denom().BitLen()
	// 2^e is within a factor 2 of v: adjust.
	if v.Cmp(pow2(e)) < 0 {
		e--
	}
	return e
}

// roundEven rounds v >= 0 to the nearest integer, ties to even.
func roundEven(v *big.Rat) *big.Int {
	q, r := new(big.Int).QuoRem(v.Num(), v.Denom(), new(big.Int))
	twice := new(big.Int).Lsh(r, 1)
	switch c := twice.Cmp(v.Denom()); {
	case c > 0, c == 0 && q.Bit(0) == 1:
		q.Add(q, big.NewInt(1))
	}
	return q
}

// refEncode converts a decoded value to format f under the default policy.
func refEncode(f dtype.Format, x refValue) uint64 {
	if !f.Signed {
		return refE8M0(x)
	}
	m := uint(f.MantBits)
	signBit := uint64(1) << (f.Bits - 1)
	sign := uint64(0)
	if x.neg {
		sign = signBit
	}
	top := uint64(1)<<f.ExpBits - 1
	switch {
	case x.nan:
		switch f.NaN {
		case dtype.NaNIEEE:
			// quiet, sign kept, the top m-1 payload bits kept
			pay := uint64(0)
			if m > 1 {
				pay = x.payload >> (64 - (m - 1))
			}
			return sign | top<<m | 1<<(m-1) | pay
		case dtype.NaNAllOnes:
			return sign | (signBit - 1)
		case dtype.NaNNone:
			// f4, f6: ml_dtypes' placeholder, -0 negated for -NaN
			// (spec.md, "NaN in", leaves it open; convert/doc.go records it).
			return sign ^ signBit
		}
		return signBit // fnuz
	case x.inf:
		if f.Inf == dtype.InfIEEE {
			return sign | top<<m
		}
		return refOverflow(f, sign)
	}
	if x.v.Sign() == 0 {
		if f.NaN == dtype.NaNNegZero {
			return 0
		}
		return sign
	}
	emin := 1 - f.Bias
	k := max(floorLog2(x.v), emin) - int(m) // quantum exponent
	n := roundEven(new(big.Rat).Mul(x.v, pow2(-k)))
	if n.BitLen() > int(m)+1 { // rounded up to 2^(m+1): carry
		n.Rsh(n, 1)
		k++
	}
	maxFinite := new(big.Rat)
	maxFinite.SetFloat64(f.MaxFinite())
	if new(big.Rat).Mul(new(big.Rat).SetInt(n), pow2(k)).Cmp(maxFinite) > 0 {
		return refOverflow(f, sign)
	}
	nn := n.Uint64()
	if nn < 1<<m { // subnormal (or zero after rounding)
		if nn == 0 && f.NaN == dtype.NaNNegZero {
			return 0
		}
		return sign | nn
	}
	return sign | uint64(k+int(m)+f.Bias)<<m | nn&(1<<m-1)
}

func refOverflow(f dtype.Format, sign uint64) uint64 {
	m := uint(f.MantBits)
	top := uint64(1)<<f.ExpBits - 1
	switch f.NaN {
	case dtype.NaNIEEE:
		return sign | top<<m
	case dtype.NaNAllOnes:
		return sign | (uint64(1)<<(f.Bits-1) - 1)
	case dtype.NaNNone: // no inf, no NaN: the largest finite
		return sign | (uint64(1)<<(f.Bits-1) - 1)
	}
	return uint64(1) << (f.Bits - 1)
}

// refE8M0 rounds to f8e8m0fnu (spec.md, "f8e8m0fnu as destination"):
// NaN, zero, inf and negatives give 0xff; the nearest power of two with
// the tie 1.5·2^k going up; 2^-127 and below give 0x00, between 2^-127
// and 2^-126 0x01 (ml_dtypes); past 2^127, 0xff.
func refE8M0(x refValue) uint64 {
	if x.nan || x.inf || x.neg || x.v.Sign() == 0 {
		return 0xff
	}
	k := floorLog2(x.v)
	if k < -126 {
		if x.v.Cmp(pow2(-127)) <= 0 {
			return 0
		}
		return 1
	}
	if x.v.Cmp(new(big.Rat).Mul(big.NewRat(3, 2), pow2(k))) >= 0 {
		k++
	}
	if k > 127 {
		return 0xff
	}
	return uint64(k + 127)
}

// refFloatToInt truncates toward zero and saturates; NaN is 0. The result
// is the integer's two's-complement pattern in the low bits.
func refFloatToInt(x refValue, t dtype.DType) uint64 {
	lo, hi := t.Format().IntRange()
	bits := t.Bits()
	mask := uint64(1)<<bits - 1
	if bits == 64 {
		mask = math.MaxUint64
	}
	switch {
	case x.nan:
		return 0
	case x.inf && x.neg:
		return uint64(lo) & mask
	case x.inf:
		return hi
	}
	q := new(big.Int).Quo(x.v.Num(), x.v.Denom())
	if x.neg {
		q.Neg(q)
	}
	if q.Cmp(big.NewInt(lo)) < 0 {
		return uint64(lo) & mask
	}
	if q.Cmp(new(big.Int).SetUint64(hi)) > 0 {
		return hi
	}
	if q.Sign() < 0 {
		return uint64(q.Int64()) & mask
	}
	return q.Uint64()
}

// refWrap reduces an integer value modulo 2^bits of t (integer to
// integer under the default policy wraps).
func refWrap(x refValue, t dtype.DType) uint64 {
	v := new(big.Int).Set(x.v.Num())
	if x.neg {
		v.Neg(v)
	}
	return v.Mod(v, new(big.Int).Lsh(big.NewInt(1), uint(t.Bits()))).Uint64()
}

// refIntValue decodes an integer pattern of type t exactly.
func refIntValue(t dtype.DType, p uint64) refValue {
	bits := t.Bits()
	if t.IsSigned() && p>>(bits-1)&1 == 1 {
		mag := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), new(big.Int).SetUint64(p))
		return refValue{neg: true, v: new(big.Rat).SetInt(mag)}
	}
	return refValue{v: new(big.Rat).SetInt(new(big.Int).SetUint64(p))}
}

// ref converts one element pattern from src to dst under the default
// policy, for every pair the kernels cover.
func ref(dst, src dtype.DType, p uint64) uint64 {
	var x refValue
	switch {
	case src == dtype.Bool:
		x = refValue{v: new(big.Rat)}
		if p != 0 {
			x.v.SetInt64(1)
		}
	case src.IsInteger():
		x = refIntValue(src, p)
	default:
		x = refDecode(src.Format(), p)
	}
	switch {
	case dst == dtype.Bool:
		if x.nan || x.inf || x.v.Sign() != 0 {
			return 1
		}
		return 0
	case dst.IsInteger() && src.IsInteger():
		return refWrap(x, dst)
	case dst.IsInteger():
		return refFloatToInt(x, dst)
	}
	return refEncode(dst.Format(), x)
}

func float32frombits(b uint32) float32 { return math.Float32frombits(b) }
func float32bits(f float32) uint32     { return math.Float32bits(f) }
