package convert

import "github.com/promote-dev/promote/dtype"

// This file is OpenVINO's Convert-1 route for the destinations where its
// reference implementation does not round once: f16, bf16, f8e4m3fn
// (OpenVINO's f8e4m3) and f8e5m2. Source: spec.md, OpenVINO §2.6-§2.7,
// from openvinotoolkit/openvino src/core/reference/include/openvino/
// reference/convert.hpp @03315bf6, src/core/src/type/float16.cpp @c59927df,
// src/core/include/openvino/core/type/bfloat16.hpp @4940397b and the
// float8 types (float8_e4m3.cpp, float8_e5m2.cpp, fake_convert.cpp).

// quirkDsts are the destinations the OpenVINO quirks touch.
func quirkDst(d dtype.DType) bool {
	switch d {
	case dtype.F16, dtype.BF16, dtype.F8E4M3FN, dtype.F8E5M2:
		return true
	}
	return false
}

var (
	f32Info  = &infos[dtype.F32]
	f16Info  = &infos[dtype.F16]
	defaultP = Policy{}
)

// ovConvert converts the exact value n of src into dst (one of quirkDst)
// the way OpenVINO's Convert does, as far as p.Quirks asks.
func ovConvert(dst, src dtype.DType, n num, p *Policy) (uint64, bool) {
	q := p.Quirks
	wide := src == dtype.F64 || src == dtype.Bool || src.IsInteger()

	// The i32 → f16 specialization clamps to ±65504 first (§2.6).
	if q&QuirkOVI32F16Clamp != 0 && src == dtype.I32 && dst == dtype.F16 && n.cls == clsFinite {
		if cmpMag(n, num{mant: 65504}) > 0 {
			n = num{cls: clsFinite, neg: n.neg, mant: 65504}
		}
	}

	// Does this destination go through an f32 pattern?
	viaF32 := q&QuirkOVViaF32 != 0 && wide ||
		dst == dtype.BF16 && q&QuirkOVBF16Round != 0 ||
		(dst == dtype.F8E4M3FN || dst == dtype.F8E5M2) && q&QuirkOVF8ViaF16 != 0 ||
		dst == dtype.F16 && q&QuirkOVF16NaN != 0 && n.cls == clsNaN
	if !viaF32 {
		return encode(&infos[dst], n, p, false)
	}
	b := ovF32(src, n)
	if dst == dtype.BF16 {
		if q&QuirkOVBF16Round != 0 {
			// bfloat16's round_to_nearest_even helper, in uint32
			// arithmetic (it wraps for patterns near 0xffffffff).
			return uint64((b + (b&0x10000)>>1) >> 16), true
		}
		return encode(&infos[dst], decodeFloat(f32Info, uint64(b)), p, false)
	}
	if dst == dtype.F16 {
		return ovF16(b, p, q), true
	}
	// f8e4m3fn and f8e5m2.
	if q&QuirkOVF8ViaF16 == 0 {
		return encode(&infos[dst], decodeFloat(f32Info, uint64(b)), p, false)
	}
	h := ovF16(b, p, q)
	hv := decodeFloat(f16Info, h)
	if dst == dtype.F8E5M2 && hv.cls == clsNaN && q&QuirkOVE5M2NaN != 0 {
		// The f16 pattern is cut to its top byte (§2.7, "→ f8e5m2"):
		// a NaN whose payload is only in the low 8 bits becomes ±inf.
		return h >> 8, true
	}
	return encode(&infos[dst], hv, p, false)
}

// ovF32 is the f32 pattern OpenVINO holds for n of src: rounded to nearest
// even (C++ static_cast<float>) from f64 and the integers, exact from the
// narrower floats. A NaN from f64 is made quiet, as the x86 conversion
// does; a NaN widened from f16, bf16 or f8 keeps its bits.
func ovF32(src dtype.DType, n num) uint32 {
	if n.cls == clsNaN && src != dtype.F64 {
		b := uint32(n.mant>>41) | 0x7f800000
		if n.neg {
			b |= 0x80000000
		}
		return b
	}
	v, _ := encode(f32Info, n, &defaultP, false)
	return uint32(v)
}

// ovF16 rounds an f32 pattern into f16 as OpenVINO's float16(float) does:
// nearest even, overflow to inf; a NaN keeps its top 10 payload bits
// without being made quiet, its lowest bit forced on if none remain.
func ovF16(b uint32, p *Policy, q Quirks) uint64 {
	if q&QuirkOVF16NaN != 0 && b&0x7fffffff > 0x7f800000 {
		m := uint64(b>>13) & 0x3ff
		if m == 0 {
			m = 1
		}
		return uint64(b>>16)&0x8000 | 0x7c00 | m
	}
	v, _ := encode(f16Info, decodeFloat(f32Info, uint64(b)), p, false)
	return v
}
