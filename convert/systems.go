package convert

import "github.com/promote-dev/promote/dtype"

// This file reproduces how three systems convert, byte for byte, where
// they depart from the default policy: PyTorch on CUDA, PyTorch on CPU
// (the TorchCUDA and TorchCPU presets) and ml_dtypes through NumPy's
// astype (MLDtypes). The departures are of three kinds, each a Policy
// field value: the NaN each system writes (NaNTorchCUDA, NaNTorchCPU,
// NaNMLDtypes), f64 and integer sources reaching the narrow formats
// through f32 (QuirkNarrowViaF32, QuirkF16ViaF32), and PyTorch's
// float8_e8m0fnu, which encodes the magnitude (QuirkE8M0Magnitude).
// Sources: spec.md, "PyTorch" and "ml_dtypes through NumPy", which cite
// the upstream code and the live runs whose every row
// testdata/systems.tsv holds.

// sysQuirks are the quirks this file implements.
const sysQuirks = QuirkNarrowViaF32 | QuirkF16ViaF32 | QuirkE8M0Magnitude

// sysRoute reports whether converting src to dst under p takes sysConvert.
func sysRoute(dst, src dtype.DType, p *Policy) bool {
	return dst != src && (p.NaN >= NaNTorchCPU || p.Quirks&sysQuirks != 0)
}

// narrowML reports the formats ml_dtypes defines (bf16, every f8, f6 and
// f4, e8m0): the destinations QuirkNarrowViaF32 routes through f32.
func narrowML(d dtype.DType) bool {
	in := &infos[d]
	return d == dtype.BF16 || in.kind == dtype.KindFloat && !in.x87 && in.bits <= 8
}

// viaF32 reports whether a value of src reaches dst through an f32
// rounded to nearest even under p's quirks.
func viaF32(dst, src dtype.DType, p *Policy) bool {
	if src != dtype.F64 && src != dtype.Bool && !src.IsInteger() {
		return false
	}
	return dst == dtype.F16 && p.Quirks&QuirkF16ViaF32 != 0 || narrowML(dst) && p.Quirks&QuirkNarrowViaF32 != 0
}

// sysConvert converts the value n of src (pattern x) into dst under a
// policy with system NaN modes or quirks.
func sysConvert(dst, src dtype.DType, x uint64, n num, p *Policy) (uint64, bool) {
	din := &infos[dst]
	fromInt := src == dtype.Bool || src.IsInteger()
	if n.cls == clsNaN && p.NaN >= NaNTorchCPU && din.kind == dtype.KindFloat && din.nanEnc != dtype.NaNNone {
		return sysNaN(dst, src, x, n, p), true
	}
	if viaF32(dst, src, p) && n.cls != clsNaN {
		// C++ static_cast<float> first (spec.md, "PyTorch": c10's
		// Half, BFloat16 and Float8 types are built from a float;
		// "ml_dtypes through NumPy": NPyCast casts through float).
		b, _ := encode(f32Info, n, &defaultP, fromInt)
		n = decodeFloat(f32Info, b)
	}
	if din.e8m0 && p.Quirks&QuirkE8M0Magnitude != 0 {
		// c10's fp8e8m0fnu_from_fp32_value reads the f32 exponent field
		// and ignores the sign: ±0 and the negatives' magnitudes
		// encode like positives; NaN and ±inf give 0xff.
		switch n.cls {
		case clsNaN, clsInf:
			return din.mask, true
		case clsZero:
			return 0, true
		}
		n.neg = false
	}
	return encode(din, n, p, fromInt)
}

// sysNaN is the NaN pattern a system writes into dst (a format with NaN)
// for the NaN x of src, whose decoded form is n.
func sysNaN(dst, src dtype.DType, x uint64, n num, p *Policy) uint64 {
	din := &infos[dst]
	if p.NaN == NaNMLDtypes {
		return mlDtypesNaN(dst, src, x, n)
	}
	cuda := p.NaN == NaNTorchCUDA
	switch dst {
	case dtype.F16, dtype.BF16:
		if cuda {
			// __float2half_rn, __float2bfloat16 and the cvt
			// instructions write the canonical NaN 0x7fff.
			return 0x7fff
		}
		if dst == dtype.BF16 {
			if src == dtype.F32 || src == dtype.F64 {
				// The vectorised float to bfloat16 copy
				// (at::vec cvtfp32_bf16) blends 0xffff into
				// NaN lanes.
				return 0xffff
			}
			// c10::BFloat16's round_to_nearest_even: 0x7fc0.
			return 0x7fc0
		}
	}
	f := torchF32NaN(src, x, n, cuda)
	if dst == dtype.F32 {
		return uint64(f)
	}
	h := decodeFloat(f32Info, uint64(f))
	if dst == dtype.F8E5M2 {
		// c10::Float8_e5m2 from float: every NaN is S.11111.11.
		return signOf(din, h.neg) | din.mask&^din.sign
	}
	v, _ := encode(din, h, &defaultP, false)
	return v
}

// torchF32NaN is the f32 pattern PyTorch holds for the NaN x of src once
// widened to float, the step every c10 conversion goes through.
func torchF32NaN(src dtype.DType, x uint64, n num, cuda bool) uint32 {
	switch src {
	case dtype.F32:
		return uint32(x)
	case dtype.BF16:
		// c10::detail::f32_from_bits: the bits, shifted.
		return uint32(x) << 16
	case dtype.F16:
		if cuda {
			return 0x7fffffff // cvt.f32.f16 writes the canonical NaN
		}
	case dtype.F8E4M3FN:
		// fp8e4m3fn_to_fp32_value keeps the mantissa bits 111.
		return uint32(x&0x80)<<24 | 0x7ff00000
	case dtype.F8E5M2:
		if cuda {
			return uint32(x&0x80)<<24 | 0x7fffffff
		}
	case dtype.F8E4M3FNUZ, dtype.F8E5M2FNUZ, dtype.F8E8M0FNU:
		// The fnuz and e8m0 decoders return the bits 0x7f800001.
		return 0x7f800001
	}
	b, _ := encode(f32Info, n, &defaultP, false)
	return uint32(b)
}

// mlDtypesNaN is the NaN NumPy with ml_dtypes writes into dst for the NaN
// x of src (numpy.ndarray.astype).
func mlDtypesNaN(dst, src dtype.DType, x uint64, n num) uint64 {
	din := &infos[dst]
	switch {
	case dst == dtype.F16 && (src == dtype.F32 || src == dtype.F64):
		// NumPy's own npy_floatbits_to_halfbits and
		// npy_doublebits_to_halfbits: the top 10 payload bits, not
		// made quiet; all zero, the lowest bit is set.
		pay := n.mant >> 54
		if pay == 0 {
			pay = 1
		}
		return signOf(din, n.neg) | din.expMask | pay
	case src == dtype.BF16 && dst == dtype.F32:
		// bfloat16 to float is a shift of the bits.
		return x << 16
	case src == dtype.BF16 && dst == dtype.F64:
		// Through float, whose C++ widening to double makes the NaN
		// quiet and keeps its payload: the default.
	case (narrowML(src) || narrowML(dst)) && din.nanEnc == dtype.NaNIEEE:
		// ml_dtypes' ConvertImpl writes the destination's
		// quiet_NaN() with the source's sign: no payload.
		return signOf(din, n.neg) | din.expMask | 1<<(din.m-1)
	}
	v, _ := encode(din, n, &defaultP, false)
	return v
}
