package tvm

import (
	"strconv"

	"github.com/promote-dev/promote/dtype"
)

// Dialect reads dtype names as TVM spells them: DLDataType strings
// (float8_e4m3fn, bfloat16, int4), TVMScript's T. prefix (T.float16),
// "int", "uint" and "float" for their 32-bit types (String2DLDataType
// defaults bits to 32) and the fp8 names of v0.19 (e4m3_float8,
// e5m2_float8).
var Dialect = dtype.NewDialect("tvm", []string{"T.", "tvm."}, map[string]dtype.DType{
	"int": dtype.I32, "uint": dtype.U32, "float": dtype.F32,
	"e4m3_float8": dtype.F8E4M3FN, "e5m2_float8": dtype.F8E5M2,
}, map[string]string{
	"handle":  "TVM's opaque handle (pointer) type",
	"void":    "TVM's void type",
	"int1":    "a 1-bit signed integer",
	"float8":  "an 8-bit kDLFloat, which no TVM format defines",
	"complex": "a complex type, which TIR does not have",
})

// version is what one TVM release line has: which small floats exist and
// whether bool is its own type.
type version struct {
	name string
	// f4: float4_e2m1fn exists, with its tier in the cascade (v0.20 on).
	f4 bool
	// f6fp8: the float6 types and the six newer float8 types exist, with
	// the float6 tier (v0.21 on).
	f6fp8 bool
	// boolType: bool is kDLBool, not uint1 (v0.23 on).
	boolType bool
	// oldFP8Names: the two float8 types print as e4m3_float8 and
	// e5m2_float8 (renamed in v0.20 by PR #17712).
	oldFP8Names bool
	// src names the cascade's source in that line.
	src string
}

// The versions, newest first. Their cascades agree wherever they share
// dtypes, except bool with uint1 (one type up to v0.22).
var versions = []*version{
	{name: "0.26", f4: true, f6fp8: true, boolType: true,
		src: "apache/tvm@c7b458e (v0.26.0; same in main @5d4dc87) src/tirx/op/op.cc (PromoteBinaryOpType)"},
	{name: "0.22", f4: true, f6fp8: true,
		src: "apache/tvm@9dbf3f2 (v0.22.0; same in v0.21.0) src/tir/op/op.cc (BinaryOpMatchTypes)"},
	{name: "0.20", f4: true,
		src: "apache/tvm@1c60502 (v0.20.0) src/tir/op/op.cc (BinaryOpMatchTypes)"},
	{name: "0.19", oldFP8Names: true,
		src: "apache/tvm@c4dc0c2 (v0.19.0; same in v0.18.0) src/tir/op/op.cc (BinaryOpMatchTypes)"},
}

func versionNames() []string {
	out := make([]string, len(versions))
	for i, v := range versions {
		out[i] = v.name
	}
	return out
}

// has reports whether the version has a TIR dtype for d.
func (v *version) has(d dtype.DType) bool {
	switch d {
	case dtype.Bool, dtype.I2, dtype.I4, dtype.I8, dtype.I16, dtype.I32, dtype.I64,
		dtype.U1, dtype.U2, dtype.U4, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
		dtype.F16, dtype.BF16, dtype.F32, dtype.F64, dtype.F8E4M3FN, dtype.F8E5M2:
		return true
	case dtype.F4E2M1FN:
		return v.f4
	case dtype.F8E3M4, dtype.F8E4M3, dtype.F8E4M3B11FNUZ, dtype.F8E4M3FNUZ, dtype.F8E5M2FNUZ, dtype.F8E8M0FNU,
		dtype.F6E2M3FN, dtype.F6E3M2FN:
		return v.f6fp8
	}
	return false
}

// canon maps uint1 to bool where they are one type (up to v0.22).
func (v *version) canon(d dtype.DType) dtype.DType {
	if !v.boolType && d == dtype.U1 {
		return dtype.Bool
	}
	return d
}

// typeName is TVM's string for d (DLDataType printing).
func (v *version) typeName(d dtype.DType) string {
	switch d {
	case dtype.Bool:
		return "bool"
	case dtype.F8E4M3FN:
		if v.oldFP8Names {
			return "e4m3_float8"
		}
		return "float8_e4m3fn"
	case dtype.F8E5M2:
		if v.oldFP8Names {
			return "e5m2_float8"
		}
		return "float8_e5m2"
	case dtype.F16:
		return "float16"
	case dtype.BF16:
		return "bfloat16"
	case dtype.F32:
		return "float32"
	case dtype.F64:
		return "float64"
	case dtype.F8E3M4, dtype.F8E4M3, dtype.F8E4M3B11FNUZ, dtype.F8E4M3FNUZ, dtype.F8E5M2FNUZ, dtype.F8E8M0FNU:
		return "float8_" + d.String()[2:]
	case dtype.F6E2M3FN, dtype.F6E3M2FN:
		return "float6_" + d.String()[2:]
	case dtype.F4E2M1FN:
		return "float4_" + d.String()[2:]
	}
	if d.IsSigned() {
		return "int" + strconv.Itoa(d.Bits())
	}
	if d.IsUnsigned() {
		return "uint" + strconv.Itoa(d.Bits())
	}
	return d.String()
}

// Classes of the cascade (the DLDataTypeCode groups op.cc tests).
func isIEEE(d dtype.DType) bool { return d == dtype.F16 || d == dtype.F32 || d == dtype.F64 }

func isFP8(d dtype.DType) bool {
	switch d {
	case dtype.F8E3M4, dtype.F8E4M3, dtype.F8E4M3B11FNUZ, dtype.F8E4M3FN, dtype.F8E4M3FNUZ,
		dtype.F8E5M2, dtype.F8E5M2FNUZ, dtype.F8E8M0FNU:
		return true
	}
	return false
}

func isFP6(d dtype.DType) bool { return d == dtype.F6E2M3FN || d == dtype.F6E3M2FN }
