package dtype

import (
	"math"
	"math/bits"
)

// Holds reports whether every value of a is exactly representable in b:
// every finite value, and also -0, infinities and NaN where a has them.
// It is computed from the two Formats, never from a hand-typed table.
//
// The float-to-float test is: a's sign, zero, -0, inf and NaN exist in b;
// a's largest finite value is at most b's; a's smallest quantum is at least
// b's; and a's precision is at most b's. Those four are also sufficient:
// where b is subnormal its grid is uniform at its quantum, and where it is
// normal its relative precision is at least a's.
func Holds(a, b DType) bool {
	if !a.Valid() || !b.Valid() || a == Dynamic || b == Dynamic {
		return false
	}
	if a == b {
		return true
	}
	fa, fb := a.Format(), b.Format()
	if fb.Kind == KindComplex {
		if fa.Kind == KindComplex {
			return Holds(fa.Elem, fb.Elem)
		}
		return Holds(a, fb.Elem)
	}
	switch fa.Kind {
	case KindComplex:
		return false
	case KindBool, KindSigned, KindUnsigned:
		lo, hi := fa.IntRange()
		return holdsIntRange(lo, hi, fb)
	case KindFloat:
		if fb.Kind != KindFloat {
			return false // every float format has non-integral values
		}
		switch {
		case fa.Signed && !fb.Signed,
			!fa.NoZero && fb.NoZero,
			fa.NegZero && !fb.NegZero,
			fa.HasInf() && !fb.HasInf(),
			fa.HasNaN() && !fb.HasNaN():
			return false
		}
		as, ae := fa.maxFiniteSig()
		bs, be := fb.maxFiniteSig()
		return cmpScaled(as, ae, bs, be) <= 0 &&
			fa.minQuantumExp() >= fb.minQuantumExp() &&
			fa.Precision() <= fb.Precision()
	}
	return false
}

// holdsIntRange reports whether every integer in [lo, hi] is a value of f.
func holdsIntRange(lo int64, hi uint64, f Format) bool {
	switch f.Kind {
	case KindBool, KindSigned, KindUnsigned:
		blo, bhi := f.IntRange()
		return lo >= blo && hi <= bhi
	case KindFloat:
		if lo < 0 && !f.Signed || f.NoZero {
			return false
		}
		// All consecutive integers up to n are representable iff
		// n <= 2^precision (and n is finite in f).
		n := hi
		if lo < 0 && uint64(-(lo+1))+1 > n {
			n = uint64(-(lo + 1)) + 1
		}
		p := f.Precision()
		if p < 64 && n > 1<<p {
			return false
		}
		ms, me := f.maxFiniteSig()
		return cmpScaled(n, 0, ms, me) <= 0
	}
	return false
}

// cmpScaled compares a·2^ae with b·2^be (a and b non-zero) exactly,
// whatever the exponents: -1, 0 or +1.
func cmpScaled(a uint64, ae int, b uint64, be int) int {
	la, lb := bits.Len64(a), bits.Len64(b)
	if ta, tb := ae+la, be+lb; ta != tb { // the values are in [2^(t-1), 2^t)
		if ta < tb {
			return -1
		}
		return 1
	}
	a, b = a<<(64-la), b<<(64-lb)
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Float64 decodes the bit pattern of a float, integer or bool format of at
// most 64 bits into its exact value (every value of those formats is a
// float64). Only the low Bits bits of pattern are read. NaN patterns decode
// to NaN with the pattern's sign, infinities to ±Inf. It returns NaN for
// complex and Dynamic formats and for f80, whose 80-bit patterns and
// values do not fit (package convert decodes and converts them exactly).
func (f Format) Float64(pattern uint64) float64 {
	if f.Bits > 64 {
		return math.NaN()
	}
	if f.Bits < 64 {
		pattern &= 1<<f.Bits - 1
	}
	switch f.Kind {
	case KindBool:
		if pattern != 0 {
			return 1
		}
		return 0
	case KindUnsigned:
		return float64(pattern)
	case KindSigned:
		shift := 64 - f.Bits
		return float64(int64(pattern<<shift) >> shift)
	case KindFloat:
		return f.decodeFloat(pattern)
	}
	return math.NaN()
}

func (f Format) decodeFloat(p uint64) float64 {
	if f.Bits == 64 {
		return math.Float64frombits(p)
	}
	mant := p & (1<<f.MantBits - 1)
	exp := int(p>>f.MantBits) & (1<<f.ExpBits - 1)
	neg := f.Signed && p>>(f.Bits-1) != 0
	sign := func(v float64) float64 {
		if neg {
			return -v
		}
		return v
	}
	topExp := 1<<f.ExpBits - 1
	switch f.NaN {
	case NaNIEEE:
		if exp == topExp {
			if mant == 0 {
				return sign(math.Inf(1))
			}
			return math.Copysign(math.NaN(), sign(1))
		}
	case NaNAllOnes:
		if exp == topExp && mant == 1<<f.MantBits-1 {
			return math.Copysign(math.NaN(), sign(1))
		}
	case NaNNegZero:
		if p == 1<<(f.Bits-1) {
			return math.Copysign(math.NaN(), -1)
		}
	case NaNAllOnesUnsigned:
		if p == 1<<f.Bits-1 {
			return math.NaN()
		}
	}
	if f.NoZero { // exponent only: every pattern is 2^(E-bias)
		return math.Ldexp(1, exp-f.Bias)
	}
	if exp == 0 {
		return sign(math.Ldexp(float64(mant), 1-f.Bias-f.MantBits))
	}
	return sign(math.Ldexp(float64(mant|1<<f.MantBits), exp-f.Bias-f.MantBits))
}

// ComplexOf returns the complex type whose parts are d (f16 -> c32,
// bf16 -> bc32, f32 -> c64, f64 -> c128, f80 -> c160), and false when
// there is none.
func ComplexOf(d DType) (DType, bool) {
	for c := C32; c <= C160; c++ {
		if formats[c].Elem == d {
			return c, true
		}
	}
	return Invalid, false
}
