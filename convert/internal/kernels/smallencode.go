package kernels

// The encoders into the floats of 8 bits or fewer from f32, f16 and bf16.
// f16 and bf16 widen to f32 exactly, so rounding the widened value once
// is rounding the source once: every encoder is f8Params.fromF32 (or
// e8m0FromF32) after an exact widening, lane by lane in the assembly
// kernels; the pure-Go twins look the results up in tables built from
// the same functions (halftable.go).

// e8m0FromF32 rounds an f32 pattern to f8e8m0fnu under the default
// policy (spec.md, "f8e8m0fnu as destination", with ml_dtypes' choice
// below 2^-126 as convert/doc.go records it): NaN, ±0, ±inf and every
// negative value give the NaN 0xff; a positive normal 2^e·1.m gives the
// biased exponent e+127, plus one when m's top bit is set (at or past
// 1.5·2^e the tie goes up), 0xff past 2^127; a subnormal gives 0x01 above
// 2^-127 and 0x00 at or below it. The vector kernel computes exactly
// these steps.
func e8m0FromF32(x uint32) uint8 {
	exp := x >> 23 // sign included: any negative exceeds 255
	switch {
	case exp >= 255 || x == 0:
		return 0xff
	case exp == 0:
		if x > 0x400000 {
			return 1
		}
		return 0
	}
	return uint8(min(exp+x>>22&1, 255))
}
