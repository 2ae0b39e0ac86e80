package convert

import (
	"math"
	"math/big"
	"sort"
	"sync"

	"github.com/promote-dev/promote/dtype"
)

// This file is the independent reference the tests trust. It shares no
// code with the implementation: values are decoded by the core's
// dtype.Format.Float64 and held as exact big.Int fixed-point numbers
// (magnitude times 2^refS; every catalogue value is a multiple of
// 2^-1074), small destinations are rounded by searching the sorted list of
// all their values, f32 and f64 by integer division at the value's
// quantum, and the policy's edge cases are written out from spec.md.

const refS = 1100

// refNum is an exact value: NaN (with the source's payload field), ±inf,
// or a signed magnitude scaled by 2^refS.
type refNum struct {
	nan, inf, neg bool
	mag           *big.Int
	frac          uint64 // NaN: the mantissa field of an IEEE-style source
	fracBits      int    // its width; 0 for a single-NaN format
}

func refDecode(t dtype.DType, x uint64) refNum {
	f := t.Format()
	if f.Bits < 64 {
		x &= 1<<f.Bits - 1
	}
	one := func(v *big.Int) *big.Int { return v.Lsh(v, refS) }
	switch f.Kind {
	case dtype.KindBool:
		if x != 0 {
			x = 1
		}
		return refNum{mag: one(new(big.Int).SetUint64(x))}
	case dtype.KindUnsigned:
		return refNum{mag: one(new(big.Int).SetUint64(x))}
	case dtype.KindSigned:
		v := new(big.Int).SetUint64(x)
		if x>>(f.Bits-1) != 0 {
			v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(f.Bits)))
		}
		neg := v.Sign() < 0
		return refNum{neg: neg, mag: one(v.Abs(v))}
	}
	v := f.Float64(x)
	r := refNum{neg: math.Signbit(v)}
	switch {
	case math.IsNaN(v):
		r.nan = true
		if f.NaN == dtype.NaNIEEE {
			r.frac, r.fracBits = x&(1<<f.MantBits-1), f.MantBits
		}
	case math.IsInf(v, 0):
		r.inf = true
	default:
		bf := new(big.Float).SetFloat64(math.Abs(v))
		bf.SetMantExp(bf, refS)
		r.mag, _ = bf.Int(nil)
	}
	return r
}

// refPolicy is the part of a Policy the reference models.
type refPolicy struct {
	rtz      bool // TowardZero
	sat      bool // OverflowSaturate
	satSmall bool // OverflowSaturateSmall
	intSat   bool // IntToInt Saturate
	f2iWrap  bool // FloatToInt TruncWrap
}

func refPolicyOf(p Policy) refPolicy {
	return refPolicy{
		rtz: p.Rounding == TowardZero, sat: p.Overflow == OverflowSaturate,
		satSmall: p.Overflow == OverflowSaturateSmall, intSat: p.IntToInt == Saturate,
		f2iWrap: p.FloatToInt == TruncWrap,
	}
}

func (rp refPolicy) saturates(f dtype.Format) bool { return rp.sat || rp.satSmall && f.Bits <= 8 }

// refTable lists the non-negative finite values of a small float format in
// ascending order with their patterns.
type refTable struct {
	vals []*big.Int
	pats []uint64
}

var refTables sync.Map // dtype.DType -> *refTable

func refTableOf(t dtype.DType) *refTable {
	if v, ok := refTables.Load(t); ok {
		return v.(*refTable)
	}
	f := t.Format()
	tb := &refTable{}
	for p := uint64(0); p < 1<<f.Bits; p++ {
		if f.Signed && p>>(f.Bits-1) != 0 {
			continue
		}
		v := f.Float64(p)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		bf := new(big.Float).SetFloat64(v)
		bf.SetMantExp(bf, refS)
		m, _ := bf.Int(nil)
		tb.vals = append(tb.vals, m)
		tb.pats = append(tb.pats, p)
	}
	idx := make([]int, len(tb.vals))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return tb.vals[idx[a]].Cmp(tb.vals[idx[b]]) < 0 })
	vals, pats := make([]*big.Int, len(idx)), make([]uint64, len(idx))
	for i, j := range idx {
		vals[i], pats[i] = tb.vals[j], tb.pats[j]
	}
	tb.vals, tb.pats = vals, pats
	refTables.Store(t, tb)
	return tb
}

// round returns the pattern nearest to magnitude x (ties to the even index:
// neighbours alternate in last mantissa bit) or overflow. The grid goes on
// past the largest value by one step of the top binade (the "unbounded
// exponent" of spec.md, "The default policy"), whose index parity is the
// next one.
func (tb *refTable) round(x *big.Int, rtz bool) (uint64, bool) {
	n := len(tb.vals)
	i := sort.Search(n, func(i int) bool { return tb.vals[i].Cmp(x) > 0 }) - 1
	if tb.vals[i].Cmp(x) == 0 {
		return tb.pats[i], false
	}
	if rtz {
		return tb.pats[i], false // past the largest value this is the largest: saturation
	}
	var hi *big.Int
	if i == n-1 {
		hi = new(big.Int).Sub(new(big.Int).Lsh(tb.vals[n-1], 1), tb.vals[n-2])
		if x.Cmp(hi) >= 0 {
			return 0, true
		}
	} else {
		hi = tb.vals[i+1]
	}
	x2 := new(big.Int).Lsh(x, 1)
	mid := new(big.Int).Add(tb.vals[i], hi)
	c := x2.Cmp(mid)
	if c < 0 || c == 0 && i%2 == 0 {
		return tb.pats[i], false
	}
	if i == n-1 {
		return 0, true
	}
	return tb.pats[i+1], false
}

// refRoundWide rounds magnitude x into f32 or f64 by dividing by the
// quantum of its binade.
func refRoundWide(t dtype.DType, x *big.Int, rtz bool) (uint64, bool) {
	f := t.Format()
	if x.Sign() == 0 {
		return 0, false
	}
	e := x.BitLen() - 1 - refS
	q := max(e, 1-f.Bias) - f.MantBits
	k := uint(q + refS)
	n := new(big.Int).Rsh(x, k)
	rem := new(big.Int).Sub(x, new(big.Int).Lsh(n, k))
	if !rtz {
		half := new(big.Int).Lsh(big.NewInt(1), k-1)
		if c := rem.Cmp(half); c > 0 || c == 0 && n.Bit(0) == 1 {
			n.Add(n, big.NewInt(1))
		}
	}
	v := math.Ldexp(float64(n.Uint64()), q)
	if math.IsInf(v, 0) || v > f.MaxFinite() {
		if rtz {
			v = f.MaxFinite()
		} else {
			return 0, true
		}
	}
	if t == dtype.F32 {
		return uint64(math.Float32bits(float32(v))), false
	}
	return math.Float64bits(v), false
}

// refConvert converts x of src into dst by the reference; complex types
// are handled by the caller part by part.
func refConvert(dst, src dtype.DType, x uint64, rp refPolicy) uint64 {
	return refEncode(dst, refDecode(src, x), rp, src == dtype.Bool || src.IsInteger())
}

func refEncode(dst dtype.DType, r refNum, rp refPolicy, fromInt bool) uint64 {
	f := dst.Format()
	zero := !r.nan && !r.inf && r.mag.Sign() == 0
	switch f.Kind {
	case dtype.KindBool:
		if zero {
			return 0
		}
		return 1
	case dtype.KindSigned, dtype.KindUnsigned:
		sat := !rp.f2iWrap
		if fromInt {
			sat = rp.intSat
		}
		return refToInt(f, r, sat)
	}
	if dst == dtype.F8E8M0FNU {
		return refE8M0(r, rp)
	}
	var sign uint64
	if r.neg && f.Signed {
		sign = 1 << (f.Bits - 1)
	}
	infPat := uint64(1<<f.ExpBits-1) << f.MantBits
	var maxPat uint64
	switch dst {
	case dtype.F32:
		maxPat = uint64(math.Float32bits(math.MaxFloat32))
	case dtype.F64:
		maxPat = math.Float64bits(math.MaxFloat64)
	default:
		tb := refTableOf(dst)
		maxPat = tb.pats[len(tb.pats)-1]
	}
	tooBig := func(isInf bool) uint64 {
		switch {
		case rp.saturates(f) || rp.rtz && !isInf:
			return sign | maxPat
		case f.HasInf():
			return sign | infPat
		case f.HasNaN():
			return refNaN(f, r.neg, 0, 0)
		}
		return sign | maxPat
	}
	switch {
	case r.nan:
		return refNaN(f, r.neg, r.frac, r.fracBits)
	case r.inf:
		return tooBig(true)
	}
	var pat uint64
	var over bool
	if f.Bits >= 32 {
		pat, over = refRoundWide(dst, r.mag, rp.rtz)
	} else {
		pat, over = refTableOf(dst).round(r.mag, rp.rtz)
	}
	if over {
		return tooBig(false)
	}
	if pat == 0 && !f.NegZero {
		return 0
	}
	return sign | pat
}

// refNaN is spec.md's "NaN in" for each encoding: IEEE keeps the sign and
// the top mantissa bits and sets the quiet bit; fn S.1111.111; fnuz 0x80;
// e8m0 0xff; f4/f6 the sign-flipped zero.
func refNaN(f dtype.Format, neg bool, frac uint64, fracBits int) uint64 {
	var sign uint64
	if neg {
		sign = 1 << (f.Bits - 1)
	}
	switch f.NaN {
	case dtype.NaNIEEE:
		m := f.MantBits
		var mf uint64
		if fracBits >= m {
			mf = frac >> (fracBits - m)
		} else {
			mf = frac << (m - fracBits)
		}
		return sign | uint64(1<<f.ExpBits-1)<<m | mf | 1<<(m-1)
	case dtype.NaNAllOnes:
		return sign | (1<<(f.Bits-1) - 1)
	case dtype.NaNNegZero:
		return 1 << (f.Bits - 1)
	case dtype.NaNAllOnesUnsigned:
		return 1<<f.Bits - 1
	}
	if neg {
		return 0
	}
	return 1 << (f.Bits - 1)
}

// refE8M0 is spec.md's "f8e8m0fnu as destination".
func refE8M0(r refNum, rp refPolicy) uint64 {
	if r.nan || r.neg {
		return 0xff
	}
	if r.inf {
		if rp.sat || rp.satSmall {
			return 0xfe
		}
		return 0xff
	}
	if r.mag.Sign() == 0 {
		return 0xff
	}
	pow := func(k int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(k+refS)) }
	k := r.mag.BitLen() - 1 - refS // 2^k <= x < 2^(k+1)
	if rp.rtz {
		switch {
		case k < -127:
			return 0
		case k > 127:
			return 0xfe
		}
		return uint64(k + 127)
	}
	if r.mag.Cmp(pow(-127)) <= 0 {
		return 0x00
	}
	if r.mag.Cmp(pow(-126)) < 0 {
		return 0x01
	}
	three := new(big.Int).Mul(big.NewInt(3), pow(k-1)) // 1.5·2^k
	if r.mag.Cmp(three) >= 0 {
		k++
	}
	if k > 127 {
		if rp.sat || rp.satSmall {
			return 0xfe
		}
		return 0xff
	}
	return uint64(k + 127)
}

// refToInt truncates toward zero then saturates or wraps.
func refToInt(f dtype.Format, r refNum, sat bool) uint64 {
	lo, hi := f.IntRange()
	blo, bhi := big.NewInt(lo), new(big.Int).SetUint64(hi)
	mod := new(big.Int).Lsh(big.NewInt(1), uint(f.Bits))
	var t *big.Int
	switch {
	case r.nan:
		return 0
	case r.inf && !sat:
		return 0
	case r.inf && r.neg:
		t = blo
	case r.inf:
		t = bhi
	default:
		t = new(big.Int).Rsh(r.mag, refS)
		if r.neg {
			t.Neg(t)
		}
	}
	if sat {
		if t.Cmp(blo) < 0 {
			t = blo
		}
		if t.Cmp(bhi) > 0 {
			t = bhi
		}
	}
	w := new(big.Int).Mod(t, mod)
	return w.Uint64()
}

// refCmp compares two reference values in Scalar's documented order
// -NaN < -inf < finite < +inf < +NaN.
func refCmp(a, b refNum) int {
	rank := func(r refNum) int {
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
	ka, kb := rank(a), rank(b)
	if ka != kb {
		if ka < kb {
			return -1
		}
		return 1
	}
	if ka != 0 {
		return 0
	}
	va, vb := new(big.Int).Set(a.mag), new(big.Int).Set(b.mag)
	if a.neg {
		va.Neg(va)
	}
	if b.neg {
		vb.Neg(vb)
	}
	return va.Cmp(vb)
}
