//go:build !purego

package kernels

import "github.com/promote-dev/promote/dtype"

// The loops of smallenc_amd64.s: n elements, n a positive multiple of 16
// (32 for f16E5M2); the NT twins (f32 sources and f16E5M2 only) make
// non-temporal stores, need dst 64-byte aligned and an sfence after the
// last of them (fast.run sees to both).

//go:noescape
func encIEEEF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encIEEEF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func encIEEEF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encIEEEBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func f16E5M2(dst, src *byte, n int)

//go:noescape
func f16E5M2NT(dst, src *byte, n int)

//go:noescape
func e8m0EncF32(dst, src *byte, n int)

//go:noescape
func e8m0EncF32NT(dst, src *byte, n int)

//go:noescape
func e8m0EncF16(dst, src *byte, n int)

//go:noescape
func e8m0EncBF16(dst, src *byte, n int)

// encLoop is a smallenc_amd64.s encoder loop.
type encLoop = func(dst, src *byte, n int, p *f8Params)

// registerFastSmallEncode installs the encoders of smallenc_amd64.s.
func registerFastSmallEncode() {
	type encLoops struct{ lp, nt encLoop }
	loops := []struct {
		src                  dtype.DType
		ieee, fn, fnuz, none encLoops
		e8, e8NT             loop
	}{
		{dtype.F32, encLoops{encIEEEF32, encIEEEF32NT}, encLoops{encFNF32, encFNF32NT}, encLoops{encFNUZF32, encFNUZF32NT}, encLoops{encNoneF32, encNoneF32NT}, e8m0EncF32, e8m0EncF32NT},
		{dtype.F16, encLoops{lp: encIEEEF16}, encLoops{lp: encFNF16}, encLoops{lp: encFNUZF16}, encLoops{lp: encNoneF16}, e8m0EncF16, nil},
		{dtype.BF16, encLoops{lp: encIEEEBF16}, encLoops{lp: encFNBF16}, encLoops{lp: encFNUZBF16}, encLoops{lp: encNoneBF16}, e8m0EncBF16, nil},
	}
	for _, l := range loops {
		for _, t := range smallFloats {
			p := f8[t]
			enc := map[dtype.NaNEncoding]encLoops{
				dtype.NaNIEEE: l.ieee, dtype.NaNAllOnes: l.fn, dtype.NaNNegZero: l.fnuz, dtype.NaNNone: l.none,
			}[p.nanClass]
			var nt loop
			if enc.nt != nil {
				nt = func(d, s *byte, n int) { enc.nt(d, s, n, p) }
			}
			setNT(t, l.src, func(d, s *byte, n int) { enc.lp(d, s, n, p) }, nt, 16)
		}
		setNT(dtype.F8E8M0FNU, l.src, l.e8, l.e8NT, 16)
	}
	setNT(dtype.F8E5M2, dtype.F16, f16E5M2, f16E5M2NT, 32)
}
