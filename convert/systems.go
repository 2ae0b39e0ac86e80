package convert

import "github.com/promote-dev/promote/dtype"

// This file reproduces how three systems convert, byte for byte, where
// they depart from the default policy: PyTorch on CUDA, PyTorch on CPU
// (the TorchCUDA and TorchCPU presets) and ml_dtypes through NumPy's
// astype (MLDtypes). The departures are of four kinds, each a Policy
// field value: the NaN each system writes (NaNTorchCUDA, NaNTorchCPU,
// NaNMLDtypes), f64 and integer sources reaching the narrow formats
// through f32 (QuirkNarrowViaF32, QuirkF16ViaF32), PyTorch's
// float8_e8m0fnu, which encodes the magnitude (QuirkE8M0Magnitude), and
// float to integer as each host does it (TruncTorchCPU, TruncTorchCUDA,
// TruncMLDtypes).
// Sources: spec.md, "PyTorch" and "ml_dtypes through NumPy", which cite
// the upstream code and the live runs whose every row
// testdata/systems.tsv holds.

// sysQuirks are the quirks this file implements.
const sysQuirks = QuirkNarrowViaF32 | QuirkF16ViaF32 | QuirkE8M0Magnitude

// sysRoute reports whether converting src to dst under p takes sysConvert.
func sysRoute(dst, src dtype.DType, p *Policy) bool {
	return dst != src && (p.NaN >= NaNTorchCPU || p.Quirks&sysQuirks != 0 || p.FloatToInt >= TruncTorchCPU)
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
	if !fromInt && p.FloatToInt >= TruncTorchCPU {
		if w, ok := intIntermediate(dst, src, p.FloatToInt); ok {
			return hostFloatToInt(din, w, src, n, p.FloatToInt), true
		}
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

// intermediate is the signed integer a system converts a float into
// before keeping dst's low bits. PyTorch: 32 bits for i8 and i32, 64 for
// i64 and for u8 (c10's cast into uint8 goes through int64). ml_dtypes:
// 32 bits for i8 and i32 (its ml_dtypes-typed sources only: NumPy's own
// types are not its casts). False where the live runs did not look.
func intIntermediate(dst, src dtype.DType, mode FloatToInt) (*info, bool) {
	if mode == TruncMLDtypes {
		if (dst == dtype.I8 || dst == dtype.I32) && narrowML(src) {
			return &infos[dtype.I32], true
		}
		return nil, false
	}
	switch dst {
	case dtype.I8, dtype.I32:
		return &infos[dtype.I32], true
	case dtype.U8, dtype.I64:
		return &infos[dtype.I64], true
	}
	return nil, false
}

// hostFloatToInt converts the float value n of src into the integer
// format din through the signed intermediate w, as PyTorch on CUDA
// (saturating), or PyTorch and ml_dtypes on x86-64 (the integer
// indefinite), do.
func hostFloatToInt(din, w *info, src dtype.DType, n num, mode FloatToInt) uint64 {
	cuda := mode == TruncTorchCUDA
	minW := uint64(1) << (w.bits - 1) // the intermediate's minimum, as a pattern
	if mode == TruncMLDtypes && infos[src].bits == 8 && n.cls != clsFinite && n.cls != clsZero {
		// ml_dtypes' float8 types convert NaN to 0 and ±inf to the
		// destination's bounds before any C++ cast (live run; bf16
		// goes through float and the cast).
		if n.cls == clsNaN {
			return 0
		}
		return intBound(din, n.neg, din.kind == dtype.KindSigned)
	}
	var v uint64
	switch {
	case n.cls == clsNaN:
		// cvt.rzi.s32.f32 gives 0 for NaN; the 64-bit and the f64
		// conversions give the minimum, as x86's cvtt* do. On the
		// CPU PyTorch's NaN of the fnuz formats and e8m0 (the
		// signalling 0x7f800001 once widened) gives 0 in the live run
		// (not traced to the code that does it).
		switch {
		case cuda && w.bits == 32 && src != dtype.F64:
			v = 0
		case mode == TruncTorchCPU && (src == dtype.F8E4M3FNUZ || src == dtype.F8E5M2FNUZ || src == dtype.F8E8M0FNU):
			v = 0
		default:
			v = minW
		}
	case cuda:
		v = toInt(w, n, true)
	default:
		// x86's cvttss2si/cvttsd2si: out of range (±inf included)
		// gives the integer indefinite, the minimum.
		sat, wrap := toInt(w, n, true), toInt(w, n, false)
		v = sat
		if n.cls == clsInf || sat != wrap {
			v = minW
		}
	}
	return v & din.mask
}
