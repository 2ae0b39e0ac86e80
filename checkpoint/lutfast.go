package checkpoint

import (
	"math"

	"github.com/promote-dev/promote/dtype"
)

// The fast table build for f8e4m3fn weights. Every e4m3fn value but ±0
// and NaN is m·2^k with m one of the eight normal significands 1, 1.125,
// ..., 1.875 (a subnormal's significand is one of them too: 3/8·2^-6 is
// 1.5·2^-8). While every product value × scale stays in the target's
// normal range, rounding commutes with the power of two: round(m·2^k·s)
// = round(m·s)·2^k, in a single rounding (Exact) and through f32
// (Reference) alike, and the relative error and exactness do not depend
// on k. So a table takes eight roundings, and each pattern's result is a
// base pattern plus k in its exponent field. Outside that range (results
// subnormal or overflowing) the generic build computes every entry.

// fmtBits describes a target's encoding for the fast build.
type fmtBits struct {
	mant      uint    // fraction bits
	bias      int     // exponent bias
	sign      uint32  // the sign bit
	minNormal float64 // smallest normal magnitude
	maxFinite float64
}

var fastTargets = map[dtype.DType]fmtBits{
	dtype.BF16: {7, 127, 1 << 15, 0x1p-126, dtype.BF16.Format().MaxFinite()},
	dtype.F16:  {10, 15, 1 << 15, 0x1p-14, dtype.F16.Format().MaxFinite()},
	dtype.F32:  {23, 127, 1 << 31, 0x1p-126, dtype.F32.Format().MaxFinite()},
}

// roundNormal rounds a positive float64 p, whose result is known to be a
// normal finite value of the target, to nearest even, and returns the
// target's pattern and its value.
func roundNormal(p float64, f fmtBits) (uint32, float64) {
	bits := math.Float64bits(p)
	e := int(bits>>52&0x7ff) - 1023
	frac := bits&(1<<52-1) | 1<<52
	shift := 52 - f.mant
	r := frac >> shift
	rem := frac & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || rem == half && r&1 == 1 {
		r++
		if r == 1<<(f.mant+1) {
			r >>= 1
			e++
		}
	}
	pat := uint32(e+f.bias)<<f.mant | uint32(r)&(1<<f.mant-1)
	return pat, math.Ldexp(float64(r), e-int(f.mant))
}

// fastBuild fills l for scale s when every nonzero e4m3fn value times s
// is normal in the target after rounding; it reports whether it did.
func (b *lutBuilder) fastBuild(l *lut, s float64) bool {
	f, ok := fastTargets[b.to]
	if !ok || b.src != dtype.F8E4M3FN {
		return false
	}
	// The smallest product is 2^-9·s, the largest 448·s; rounding moves a
	// value by less than 1/128 of itself in every target.
	if 0x1p-9*s < f.minNormal || 448*s*(1+1.0/128) >= f.maxFinite {
		return false
	}
	var base [8]uint32
	var cls [8]class
	var rel [8]float64
	for m := range 8 {
		x := 1 + float64(m)/8
		p := x * s // exact
		q := p
		if b.mode == Reference && b.to != dtype.F32 {
			q = float64(float32(x) * float32(s))
		}
		var y float64
		base[m], y = roundNormal(q, f)
		if y != p {
			cls[m], rel[m] = classRounded, math.Abs(y-p)/p
		}
	}
	// The positive patterns, each with its negative (the pattern with the
	// sign bit set), then ±0 and NaN, which no scale changes.
	shift := f.mant
	if shift == 23 {
		for pat := range 128 {
			in := &e4m3Parts[pat]
			v := uint32(int32(base[in.m&7]) + int32(in.k)<<shift)
			l.out32[pat], l.out32[pat|0x80] = v, v|f.sign
		}
		for _, pat := range e4m3Fixed {
			l.out32[pat] = b.fixed32[pat]
		}
	} else {
		for pat := range 128 {
			in := &e4m3Parts[pat]
			v := uint32(int32(base[in.m&7]) + int32(in.k)<<shift)
			l.out16[pat], l.out16[pat|0x80] = uint16(v), uint16(v|f.sign)
		}
		for _, pat := range e4m3Fixed {
			l.out16[pat] = b.fixed16[pat]
		}
	}
	l.fr = fastReport{}
	if cls == [8]class{} || cls == [8]class{classRounded, classRounded, classRounded, classRounded, classRounded, classRounded, classRounded, classRounded} {
		// The fast report needs neither the classes per pattern nor the
		// histogram (6 KiB a table, most of the build's stores).
		l.fr.start(cls[0], rel, b.fixedCls[0x00], b.fixedCls[0x7f])
		return true
	}
	for pat := range 256 {
		in := &e4m3Parts[pat]
		if in.fixed {
			l.cls[pat], l.rel[pat] = b.fixedCls[pat], 0
		} else {
			l.cls[pat], l.rel[pat] = cls[in.m], rel[in.m]
		}
	}
	l.hist = [4][256]uint32{}
	return true
}

// e4m3Part is an e4m3fn pattern as (1 + m/8)·2^k with its sign; fixed
// marks ±0 and NaN.
type e4m3Part struct {
	m     uint8
	k     int8
	neg   bool
	fixed bool
}

// e4m3Fixed lists the e4m3fn patterns of ±0 and NaN.
var e4m3Fixed = [4]uint8{0x00, 0x80, 0x7f, 0xff}

// e4m3Parts splits every e4m3fn pattern; built once, read only.
var e4m3Parts = func() (t [256]e4m3Part) {
	for pat := range 256 {
		e, mm := pat>>3&15, pat&7
		p := &t[pat]
		p.neg = pat&0x80 != 0
		switch {
		case e == 15 && mm == 7, e == 0 && mm == 0: // NaN, ±0
			p.fixed = true
		case e == 0: // subnormal: mm/8·2^-6, mm = 2^j + rest
			j := bitsLen(mm) - 1
			p.m, p.k = uint8(mm<<(3-j)&7), int8(j-9)
		default:
			p.m, p.k = uint8(mm), int8(e-7)
		}
	}
	return t
}()

// bitsLen is the position of the highest set bit plus one.
func bitsLen(x int) int {
	n := 0
	for x != 0 {
		x >>= 1
		n++
	}
	return n
}
