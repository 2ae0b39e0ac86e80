//go:build !purego

package kernels

import "github.com/promote-dev/promote/dtype"

// The loops of smallenc_amd64.s: n elements, n a positive multiple of 16
// (32 for f16E5M2); the NT twins (f32 sources and f16E5M2 only) make
// non-temporal stores, need dst 64-byte aligned and an sfence after the
// last of them (fast.run sees to both). The encoders from f16 and bf16
// are in enc16_amd64.s, but for f16E5M2.

//go:noescape
func encIEEEF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encIEEEF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encFNUZF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneF32(dst, src *byte, n int, p *f8Params)

//go:noescape
func encNoneF32NT(dst, src *byte, n int, p *f8Params)

//go:noescape
func f16E5M2(dst, src *byte, n int)

//go:noescape
func f16E5M2NT(dst, src *byte, n int)

//go:noescape
func e8m0EncF32(dst, src *byte, n int)

//go:noescape
func e8m0EncF32NT(dst, src *byte, n int)

// encLoop is a smallenc_amd64.s encoder loop.
type encLoop = func(dst, src *byte, n int, p *f8Params)

// registerFastSmallEncode installs the encoders of smallenc_amd64.s and
// enc16_amd64.s.
func registerFastSmallEncode() {
	type encLoops struct{ lp, nt encLoop }
	for _, t := range smallFloats {
		p := f8[t]
		enc := map[dtype.NaNEncoding]encLoops{
			dtype.NaNIEEE:    {encIEEEF32, encIEEEF32NT},
			dtype.NaNAllOnes: {encFNF32, encFNF32NT},
			dtype.NaNNegZero: {encFNUZF32, encFNUZF32NT},
			dtype.NaNNone:    {encNoneF32, encNoneF32NT},
		}[p.nanClass]
		setNT(t, dtype.F32, func(d, s *byte, n int) { enc.lp(d, s, n, p) }, func(d, s *byte, n int) { enc.nt(d, s, n, p) }, 16)
	}
	setNT(dtype.F8E8M0FNU, dtype.F32, e8m0EncF32, e8m0EncF32NT, 16)
	registerEnc16()
	setNT(dtype.F8E5M2, dtype.F16, f16E5M2, f16E5M2NT, 32)
}
