package triton

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Dialect reads dtype names as Triton spells them: tl.float8e4nv,
// triton.language.bfloat16, the str() names fp8e4nv, fp16, bf16 and int1
// (core.py, class dtype). tl.float8e4b15 is Triton's own E4M3 with
// exponent bias 15 (the catalogue's f8e4m3b15); it is not ml_dtypes'
// float8_e4m3b11fnuz (bias 11).
var Dialect = dtype.NewDialect("triton", []string{"tl.", "triton.language."}, map[string]dtype.DType{
	"int1":       dtype.Bool,
	"float8e4nv": dtype.F8E4M3FN, "fp8e4nv": dtype.F8E4M3FN,
	"float8e4b8": dtype.F8E4M3FNUZ, "fp8e4b8": dtype.F8E4M3FNUZ,
	"float8e5": dtype.F8E5M2, "fp8e5": dtype.F8E5M2,
	"float8e5b16": dtype.F8E5M2FNUZ, "fp8e5b16": dtype.F8E5M2FNUZ,
	"float8e4b15": dtype.F8E4M3B15, "fp8e4b15": dtype.F8E4M3B15,
}, map[string]string{
	"void": "Triton's void type",
})

// names are Triton's str() of each dtype it has (core.py, class dtype),
// used in its error messages.
var names = map[dtype.DType]string{
	dtype.Bool: "int1",
	dtype.I8:   "int8", dtype.I16: "int16", dtype.I32: "int32", dtype.I64: "int64",
	dtype.U8: "uint8", dtype.U16: "uint16", dtype.U32: "uint32", dtype.U64: "uint64",
	dtype.F8E5M2: "fp8e5", dtype.F8E5M2FNUZ: "fp8e5b16", dtype.F8E4M3FN: "fp8e4nv", dtype.F8E4M3FNUZ: "fp8e4b8", dtype.F8E4M3B15: "fp8e4b15",
	dtype.F16: "fp16", dtype.BF16: "bf16", dtype.F32: "fp32", dtype.F64: "fp64",
}

// reprs are Triton's repr() of each dtype (dtype.__repr__ with
// codegen_name), which its signedness error prints.
var reprs = map[dtype.DType]string{
	dtype.Bool: "triton.language.int1",
	dtype.I8:   "triton.language.int8", dtype.I16: "triton.language.int16", dtype.I32: "triton.language.int32", dtype.I64: "triton.language.int64",
	dtype.U8: "triton.language.uint8", dtype.U16: "triton.language.uint16", dtype.U32: "triton.language.uint32", dtype.U64: "triton.language.uint64",
}

// Has reports whether Triton has an element type for d (in every version
// promote models).
func Has(d dtype.DType) bool { _, ok := names[d]; return ok }

// kind is dtype.kind(): BOOLEAN < INTEGRAL < FLOATING (core.py, dtype.KIND).
// Signed and unsigned integers share one kind.
type kind uint8

const (
	kindBool kind = iota
	kindIntegral
	kindFloating
)

func kindOf(d dtype.DType) kind {
	switch {
	case d == dtype.Bool:
		return kindBool
	case d.IsInteger():
		return kindIntegral
	}
	return kindFloating
}

// isInt is dtype.is_int(): int1 and every integer type.
func isInt(d dtype.DType) bool { return d == dtype.Bool || d.IsInteger() }

// unsigned is dtype.is_int_unsigned(): int1 is in UINT_TYPES.
func unsigned(d dtype.DType) bool { return d == dtype.Bool || d.IsUnsigned() }

// bitwidth is dtype.int_bitwidth (1 for int1).
func bitwidth(d dtype.DType) int {
	if d == dtype.Bool {
		return 1
	}
	return d.Bits()
}

func isFP8(d dtype.DType) bool {
	switch d {
	case dtype.F8E5M2, dtype.F8E5M2FNUZ, dtype.F8E4M3FN, dtype.F8E4M3FNUZ, dtype.F8E4M3B15:
		return true
	}
	return false
}

var ruleNoDType = &promote.Rule{ID: "dtype",
	Text:   "Triton's element types are int1, int8..int64, uint8..uint64, fp8e5, fp8e5b16, fp8e4nv, fp8e4b8, fp8e4b15, fp16, bf16, fp32, fp64; it has no complex, 2/4-bit integer, FP6, FP4 (unpacked) or e8m0 type",
	Source: srcCore + " (class dtype: SINT_TYPES, UINT_TYPES, FP_TYPES)"}

// noDTypeMsg is the refusal for a dtype Triton lacks.
func noDTypeMsg(d dtype.DType) string {
	if d == dtype.F8E4M3B11FNUZ {
		return "Triton has no dtype for f8e4m3b11fnuz (its float8e4b15 is a different format: exponent bias 15, not 11, the catalogue's f8e4m3b15)"
	}
	return "Triton has no dtype for " + d.String()
}
