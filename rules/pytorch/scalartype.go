package pytorch

import "github.com/promote-dev/promote/dtype"

// scalarTypeNames holds, for each catalogue dtype PyTorch has, the name of
// its c10::ScalarType enumerator: the text c10's toString gives, and so the
// one PyTorch's own error messages print ("attempted to promote
// Float8_e5m2 and Float"). An empty entry is a dtype PyTorch lacks.
// Source: c10/core/ScalarType.h (v1.13.1 :28-46, v2.6.0 :62-105) and
// torch/headeronly/core/ScalarType.h (v2.14.1 :104-150).
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
	dtype.BC32:       "BComplex32",
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
	dtype.U3:         "UInt3",
	dtype.U4:         "UInt4",
	dtype.U5:         "UInt5",
	dtype.U6:         "UInt6",
	dtype.U7:         "UInt7",
	dtype.I1:         "Int1",
	dtype.I2:         "Int2",
	dtype.I3:         "Int3",
	dtype.I4:         "Int4",
	dtype.I5:         "Int5",
	dtype.I6:         "Int6",
	dtype.I7:         "Int7",
	dtype.F4E2M1FNX2: "Float4_e2m1fn_x2",
}

// torchNames are the Python names of the dtypes (torch.uint16 is
// "uint16"), for messages that tell a user what to write.
var torchNames = [dtype.Count]string{
	dtype.U8: "uint8", dtype.I8: "int8", dtype.I16: "int16", dtype.I32: "int32", dtype.I64: "int64",
	dtype.F16: "float16", dtype.F32: "float32", dtype.F64: "float64",
	dtype.C32: "complex32", dtype.C64: "complex64", dtype.C128: "complex128",
	dtype.Bool: "bool", dtype.BF16: "bfloat16", dtype.BC32: "bcomplex32",
	dtype.F8E5M2: "float8_e5m2", dtype.F8E4M3FN: "float8_e4m3fn",
	dtype.F8E5M2FNUZ: "float8_e5m2fnuz", dtype.F8E4M3FNUZ: "float8_e4m3fnuz",
	dtype.F8E8M0FNU: "float8_e8m0fnu",
	dtype.U16:       "uint16", dtype.U32: "uint32", dtype.U64: "uint64",
	dtype.U1: "uint1", dtype.U2: "uint2", dtype.U3: "uint3", dtype.U4: "uint4", dtype.U5: "uint5", dtype.U6: "uint6", dtype.U7: "uint7",
	dtype.I1: "int1", dtype.I2: "int2", dtype.I3: "int3", dtype.I4: "int4", dtype.I5: "int5", dtype.I6: "int6", dtype.I7: "int7",
	dtype.F4E2M1FNX2: "float4_e2m1fn_x2",
}

// Has reports whether the newest modelled PyTorch (the default version)
// has a ScalarType for d. The catalogue's f8e4m3, f8e3m4, f8e4m3b11fnuz,
// f6e2m3fn, f6e3m2fn, f4e2m1fn, f80, c160 and dynamic have none in any
// version (PyTorch's only 4-bit float is the packed float4_e2m1fn_x2, the
// catalogue's f4e2m1fnx2, two values per element).
func Has(d dtype.DType) bool { return latest.Has(d) }

// HasIn reports whether the given PyTorch version (one of Versions) has a
// ScalarType for d; false for an unknown version.
func HasIn(version string, d dtype.DType) bool {
	r, err := releaseOf(version)
	return err == nil && r.Has(d)
}

// ScalarTypeName returns the c10::ScalarType enumerator name of d ("Float"
// for f32, "Float8_e4m3fn" for f8e4m3fn), the spelling PyTorch's error
// messages use, or "" when no PyTorch version has such a dtype.
func ScalarTypeName(d dtype.DType) string {
	if !d.Valid() {
		return ""
	}
	return scalarTypeNames[d]
}

// The c10 predicates promotion consults, restricted to the catalogue. They
// hold for a dtype in every version that has it, so one definition serves
// all: promotion asks about a dtype only after the version's Has.
// Source: c10/core/ScalarType.h (v2.6.0 :373-412; v2.14.1 :94-128).

// isFloat8 is c10::isFloat8Type. From 2.14 (where the dtype first
// exists here) it counts float8_e8m0fnu, so that one too refuses to mix.
func isFloat8(d dtype.DType) bool {
	switch d {
	case dtype.F8E5M2, dtype.F8E5M2FNUZ, dtype.F8E4M3FN, dtype.F8E4M3FNUZ, dtype.F8E8M0FNU:
		return true
	}
	return false
}

// isFloating is c10::isFloatingType: the IEEE-like floats, bfloat16,
// every Float8 type and float4_e2m1fn_x2 (2.14 ScalarType.h:100-108; live
// 2.11: uint16 with it gives it). Complex types are not floating.
func isFloating(d dtype.DType) bool {
	switch d {
	case dtype.F64, dtype.F32, dtype.F16, dtype.BF16, dtype.F4E2M1FNX2:
		return true
	}
	return isFloat8(d)
}

// isComplex is c10::isComplexType. From 2.14 (where the dtype first
// exists here) it counts bcomplex32.
func isComplex(d dtype.DType) bool {
	return d == dtype.C32 || d == dtype.BC32 || d == dtype.C64 || d == dtype.C128
}

// isBarebonesUnsigned is c10::isBarebonesUnsignedType: uint1..uint7 and
// uint16/32/64, the unsigned types added after uint8. uint8 is not one.
func isBarebonesUnsigned(d dtype.DType) bool {
	switch d {
	case dtype.U1, dtype.U2, dtype.U3, dtype.U4, dtype.U5, dtype.U6, dtype.U7, dtype.U16, dtype.U32, dtype.U64:
		return true
	}
	return false
}
