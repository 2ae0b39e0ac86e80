//go:build !purego

package kernels

import (
	"math/bits"

	"github.com/promote-dev/promote/dtype"
)

// enc16Params describes one small float (the formats of f8Params) to the
// encoders of enc16_amd64.s, which round f16 or bf16 sources in 16-bit
// lanes, 32 to a vector, with integer steps only. The result is
// f8Params.fromF32 of the exactly widened source, which rounds the source
// once, ties to even.
//
// Per source exponent e (indexing the tables mod 32: the f16 exponent
// field itself, the bf16 one clamped to hi, the first exponent whose
// binade is normal in the format), a lane of a = |x| rounds as
//
//	r = (a + d[e] + (a&lm[e] != 0)) >> k[e]
//
// In the format's normal range k is the number of source mantissa bits
// dropped and d the rebias plus half the dropped quantum less one, so the
// shift rounds to nearest with ties to even (the test on lm adds one when
// the lowest kept bit is set) and a carry into the exponent is right. In
// its subnormal range d also replaces the exponent by the implicit bit,
// and k shifts the mantissa down to the format's subnormal quantum, with
// lm the bit that becomes the result's lowest (0 when that bit is always
// 0; the exponent's own bits when it is the implicit bit). k is clamped
// to 15: from there every result is 0, which (a+d)>>15 gives. The values
// too large for the format come out above ovf; the kernels clamp to it
// and then apply the format's NaN and sign rules as fromF32 does.
//
// For bf16 the kernels subtract -d with unsigned saturation instead of
// adding d (d is stored negated): the exponents below the format's
// subnormal range alias, mod 32, onto entries whose -d exceeds every
// such a, or onto unused slots whose -d is 0xffff, so they round to 0
// without a clamp from below. For f16 into an IEEE format the entry of
// exponent 31 truncates, r = inf | payload>>k, and the kernel adds the
// quiet bit to a NaN.
//
// The assembly reads the fields by offset, in this order
// (TestEnc16Layout).
type enc16Params struct {
	d, lm, k  [32]uint16 // the per-exponent tables, indexed mod 32
	ovf       uint16     // as f8Params.ovf
	nanMant   uint16     // as f8Params.nanMant
	nanBase   uint16     // as f8Params.nanBase
	nanShift  uint16     // source mantissa bits less the format's: moves a NaN's payload
	signShift uint16     // 8 - bits: moves the sign bit of a source's high byte to the format's
	signBit   uint16     // the format's sign bit
	hi        uint16     // bf16: the exponent clamp (unused for f16)
}

// halfFormat is a 16-bit source's exponent bias and mantissa width.
type halfFormat struct{ bias, mant int }

var (
	f16Format  = halfFormat{bias: 15, mant: 10}
	bf16Format = halfFormat{bias: 127, mant: 7}
)

// newEnc16Params derives the encoder parameters of format f from the
// 16-bit source s, with p the format's f8Params.
func newEnc16Params(f dtype.Format, s halfFormat, p *f8Params) *enc16Params {
	m, bias := int(f.MantBits), f.Bias
	sh := s.mant - m
	q := &enc16Params{
		ovf:       uint16(p.ovf),
		nanMant:   uint16(p.nanMant),
		nanBase:   uint16(p.nanBase),
		nanShift:  uint16(sh),
		signShift: uint16(8 - f.Bits),
		signBit:   uint16(p.signBit),
	}
	// first is the least source exponent whose binade is normal in the
	// format; below it the result is the format's subnormal quantum
	// times the source significand shifted right by
	// subBase - max(e, 1).
	first := max(s.bias+1-bias, 1)
	subBase := s.bias + s.mant + 1 - bias - m
	entry := func(e int) (d, lm, k uint16) {
		if e >= first {
			rebias := (s.bias - bias) << s.mant
			return uint16(1<<(sh-1) - 1 - rebias), 1 << sh, uint16(sh)
		}
		e1 := max(e, 1)
		t := (e1 - 1) << s.mant // a - t is the significand
		kk := subBase - e1
		if kk >= 15 {
			return uint16(1<<14 - 1 - t), 0, 15
		}
		switch {
		case kk < s.mant:
			lm = 1 << kk
		case kk == s.mant && e > 0:
			lm = uint16(e << s.mant)
		}
		return uint16(1<<(kk-1) - 1 - t), lm, uint16(kk)
	}
	if s == f16Format {
		for e := range 32 {
			q.d[e], q.lm[e], q.k[e] = entry(e)
		}
		if f.NaN == dtype.NaNIEEE {
			q.d[31], q.lm[31] = uint16(p.ovf<<sh-0x7c00), 0
		}
		return q
	}
	// bf16: the exponents from lo+1 to hi have entries; those up to lo
	// lie below half the subnormal quantum and round to 0.
	lo, hi := s.bias-bias-m-1, first
	q.hi = uint16(hi)
	for i := range 32 {
		q.d[i], q.lm[i], q.k[i] = 0xffff, 0, 15
	}
	for e := lo + 1; e <= hi; e++ {
		d, lm, k := entry(e)
		q.d[e%32], q.lm[e%32], q.k[e%32] = -d, lm, k
	}
	return q
}

// The loops of enc16_amd64.s: n elements, n a positive multiple of 64;
// the NT twins make non-temporal stores and need dst 64-byte aligned and
// an sfence after the last of them (fast.run sees to both).

//go:noescape
func enc16IEEEF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16IEEEF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNUZF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNUZF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16NoneF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16NoneF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16IEEEBF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16IEEEBF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNBF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNBF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNUZBF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16FNUZBF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16NoneBF16(dst, src *byte, n int, p *enc16Params)

//go:noescape
func enc16NoneBF16NT(dst, src *byte, n int, p *enc16Params)

//go:noescape
func e8m0Enc16BF16(dst, src *byte, n int)

//go:noescape
func e8m0Enc16BF16NT(dst, src *byte, n int)

//go:noescape
func e8m0Enc16F16(dst, src *byte, n int, t *[64]uint16)

//go:noescape
func e8m0Enc16F16NT(dst, src *byte, n int, t *[64]uint16)

// e8m0F16Table maps h>>4 of an f16 subnormal h from 32 up (from 2 up) to
// e8m0FromF32 of the widened h: h is an f32 normal of exponent L+103 for
// L = floor(log2 h), one more when the bit below h's leading one is set,
// and h>>4 keeps both bits.
var e8m0F16Table = func() (t [64]uint16) {
	for j := 2; j < 64; j++ {
		l := bits.Len(uint(j)) - 1
		t[j] = uint16(103 + l + 4 + j>>(l-1)&1)
	}
	return t
}()

// enc16Loop is an enc16_amd64.s encoder loop.
type enc16Loop = func(dst, src *byte, n int, p *enc16Params)

// enc16Loops are the loops of enc16_amd64.s by source and NaN encoding.
var enc16Loops = []struct {
	src    dtype.DType
	format halfFormat
	loops  map[dtype.NaNEncoding][2]enc16Loop // ordinary and NT
}{
	{dtype.F16, f16Format, map[dtype.NaNEncoding][2]enc16Loop{
		dtype.NaNIEEE:    {enc16IEEEF16, enc16IEEEF16NT},
		dtype.NaNAllOnes: {enc16FNF16, enc16FNF16NT},
		dtype.NaNNegZero: {enc16FNUZF16, enc16FNUZF16NT},
		dtype.NaNNone:    {enc16NoneF16, enc16NoneF16NT},
	}},
	{dtype.BF16, bf16Format, map[dtype.NaNEncoding][2]enc16Loop{
		dtype.NaNIEEE:    {enc16IEEEBF16, enc16IEEEBF16NT},
		dtype.NaNAllOnes: {enc16FNBF16, enc16FNBF16NT},
		dtype.NaNNegZero: {enc16FNUZBF16, enc16FNUZBF16NT},
		dtype.NaNNone:    {enc16NoneBF16, enc16NoneBF16NT},
	}},
}

// registerEnc16 installs the encoders of enc16_amd64.s from f16 and bf16
// into the formats of f8Params, and from bf16 into f8e8m0fnu.
func registerEnc16() {
	for _, l := range enc16Loops {
		for _, t := range smallFloats {
			p := f8[t]
			q := newEnc16Params(t.Format(), l.format, p)
			lp := l.loops[p.nanClass]
			setNT(t, l.src, func(d, s *byte, n int) { lp[0](d, s, n, q) }, func(d, s *byte, n int) { lp[1](d, s, n, q) }, 64)
		}
	}
	setNT(dtype.F8E8M0FNU, dtype.BF16, e8m0Enc16BF16, e8m0Enc16BF16NT, 64)
	setNT(dtype.F8E8M0FNU, dtype.F16, func(d, s *byte, n int) { e8m0Enc16F16(d, s, n, &e8m0F16Table) },
		func(d, s *byte, n int) { e8m0Enc16F16NT(d, s, n, &e8m0F16Table) }, 64)
}
