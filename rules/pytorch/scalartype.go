package pytorch

import "github.com/promote-dev/promote/dtype"

// scalarTypeNames holds, for each catalogue dtype PyTorch has, the name of
// its c10::ScalarType enumerator: the text c10's toString gives, and so the
// one PyTorch's own error messages print ("attempted to promote
// Float8_e5m2 and Float"). An empty entry is a dtype PyTorch lacks.
// Source: pytorch/pytorch@01ff2f52 torch/headeronly/core/ScalarType.h.
var scalarTypeNames = [dtype.Count]string{
	dtype.U8:         "Byte",
	dtype.I8:         "Char",
	dtype.I16:        "Short",
	dtype.I32:        "Int",
	dtype.I64:        "Long",
	dtype.F16:        "Half",
	dtype.F32:        "Float",
	dtype.F64:        "Double",
	dtype.C32:        "ComplexHalf",
	dtype.C64:        "ComplexFloat",
	dtype.C128:       "ComplexDouble",
	dtype.Bool:       "Bool",
	dtype.BF16:       "BFloat16",
	dtype.F8E5M2:     "Float8_e5m2",
	dtype.F8E4M3FN:   "Float8_e4m3fn",
	dtype.F8E5M2FNUZ: "Float8_e5m2fnuz",
	dtype.F8E4M3FNUZ: "Float8_e4m3fnuz",
	dtype.F8E8M0FNU:  "Float8_e8m0fnu",
	dtype.U16:        "UInt16",
	dtype.U32:        "UInt32",
	dtype.U64:        "UInt64",
	dtype.U1:         "UInt1",
	dtype.U2:         "UInt2",
	dtype.U4:         "UInt4",
	dtype.I2:         "Int2",
	dtype.I4:         "Int4",
}

// Has reports whether PyTorch has a ScalarType for d. The catalogue's
// f8e4m3, f8e3m4, f8e4m3b11fnuz, f6e2m3fn, f6e3m2fn, f4e2m1fn and dynamic
// have none (PyTorch's only 4-bit float is the packed float4_e2m1fn_x2,
// two values per element, which is not f4e2m1fn).
func Has(d dtype.DType) bool { return d.Valid() && scalarTypeNames[d] != "" }

// ScalarTypeName returns the c10::ScalarType enumerator name of d ("Float"
// for f32, "Float8_e4m3fn" for f8e4m3fn), the spelling PyTorch's error
// messages use, or "" when PyTorch has no such dtype.
func ScalarTypeName(d dtype.DType) string {
	if !d.Valid() {
		return ""
	}
	return scalarTypeNames[d]
}

// The c10 predicates promotion consults, restricted to the catalogue.
// Source: c10/core/ScalarType.h (the stored copy matching 01ff2f52).

// isFloat8 is c10::isFloat8Type. It counts float8_e8m0fnu as a Float8
// type, so that one too refuses to mix.
func isFloat8(d dtype.DType) bool {
	switch d {
	case dtype.F8E5M2, dtype.F8E5M2FNUZ, dtype.F8E4M3FN, dtype.F8E4M3FNUZ, dtype.F8E8M0FNU:
		return true
	}
	return false
}

// isFloating is c10::isFloatingType: the IEEE-like floats, bfloat16 and
// every Float8 type (and float4_e2m1fn_x2, which the catalogue lacks).
// Complex types are not floating.
func isFloating(d dtype.DType) bool {
	switch d {
	case dtype.F64, dtype.F32, dtype.F16, dtype.BF16:
		return true
	}
	return isFloat8(d)
}

// isComplex is c10::isComplexType.
func isComplex(d dtype.DType) bool {
	return d == dtype.C32 || d == dtype.C64 || d == dtype.C128
}

// isBarebonesUnsigned is c10::isBarebonesUnsignedType: uint1..uint7 and
// uint16/32/64, the unsigned types added after uint8. uint8 is not one.
func isBarebonesUnsigned(d dtype.DType) bool {
	switch d {
	case dtype.U1, dtype.U2, dtype.U4, dtype.U16, dtype.U32, dtype.U64:
		return true
	}
	return false
}

// toComplex is c10::toComplexType for the catalogue: the complex type of
// a float's precision (bfloat16's range is float32's, so it maps to
// complex64). Other dtypes have none; c10 raises, and the caller reports
// toComplexFailed.
func toComplex(d dtype.DType) (dtype.DType, bool) {
	switch d {
	case dtype.F16, dtype.C32:
		return dtype.C32, true
	case dtype.BF16, dtype.F32, dtype.C64:
		return dtype.C64, true
	case dtype.F64, dtype.C128:
		return dtype.C128, true
	}
	return dtype.Invalid, false
}
