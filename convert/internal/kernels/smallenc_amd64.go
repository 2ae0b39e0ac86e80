//go:build !purego

package kernels

import "github.com/promote-dev/promote/dtype"

// The loops of smallenc_amd64.s: n elements, n a positive multiple of 16.

//go:noescape
func encIEEEF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encIEEEF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encIEEEBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneBF16(dst, src *byte, n int, p *f8Params)

//go:noescape
func f16E5M2(dst, src *byte, n int)

//go:noescape
func e8m0EncF32(dst, src *byte, n int)

//go:noescape
func e8m0EncF16(dst, src *byte, n int)

//go:noescape
func e8m0EncBF16(dst, src *byte, n int)

// encLoop is a smallenc_amd64.s encoder loop.
type encLoop = func(dst, src *byte, n int, p *f8Params)

// registerFastSmallEncode installs the encoders of smallenc_amd64.s.
func registerFastSmallEncode() {
	loops := []struct {
		src                  dtype.DType
		ieee, fn, fnuz, none encLoop
		e8                   loop
	}{
		{dtype.F32, encIEEEF32, encFNF32, encFNUZF32, encNoneF32, e8m0EncF32},
		{dtype.F16, encIEEEF16, encFNF16, encFNUZF16, encNoneF16, e8m0EncF16},
		{dtype.BF16, encIEEEBF16, encFNBF16, encFNUZBF16, encNoneBF16, e8m0EncBF16},
	}
	for _, l := range loops {
		for _, t := range smallFloats {
			p := f8[t]
			enc := map[dtype.NaNEncoding]encLoop{
				dtype.NaNIEEE: l.ieee, dtype.NaNAllOnes: l.fn, dtype.NaNNegZero: l.fnuz, dtype.NaNNone: l.none,
			}[p.nanClass]
			set(t, l.src, func(d, s *byte, n int) { enc(d, s, n, p) }, 16)
		}
		set(dtype.F8E8M0FNU, l.src, l.e8, 16)
	}
	set(dtype.F8E5M2, dtype.F16, f16E5M2, 32)
}
