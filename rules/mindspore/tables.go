package mindspore

import "github.com/promote-dev/promote/dtype"

// Where the rules come from. mindspore-ai/mindspore is too large to bring
// here whole; each file is the version the search index stores.
const (
	// srcTable is the current implicit conversion: two maps keyed by an
	// unordered pair of TypeIds, and the fold over a signature's operands.
	// The index stores this file without reporting its commit (a
	// 2023-2024 version: copyright 2019-2023, alongside the pyboost
	// pynative path); the same scalar map appears in a later version under
	// namespace ops.
	srcTable = "mindspore-ai/mindspore mindspore/ccsrc/utils/convert_utils.cc (tensor_tensor_convert_map, scalar_tensor_convert_map, GetConversionType, GetSignatureTypeMap)"
	// srcPriority is the older code: one priority order over nine types.
	srcPriority = "mindspore-ai/mindspore@7d9a7839 mindspore/ccsrc/frontend/operator/composite/do_signature.cc (type_map, GetMaxTypeId, DoAutoCast); mindspore-ai/mindspore@ed0e94ac mindspore/ccsrc/pipeline/pynative/forward/do_cast.cc (GetDstType, JudgeMaxType)"
	// srcDoc is the implicit conversion note, the same text from r1.2 to r2.0.
	srcDoc = "https://mindspore.cn/docs/en/r2.0/note/operator_list_implicit.html (Conversion Rules; same text r1.2 to r2.0)"
	// srcDTypes lists MindSpore's dtypes.
	srcDTypes = "https://www.mindspore.cn/docs/en/master/api_python/mindspore/mindspore.dtype.html"
)

// has reports whether MindSpore has the dtype (mindspore.dtype: bool,
// int8 to int64, uint8 to uint64, float16, bfloat16, float32, float64,
// complex64, complex128).
func has(d dtype.DType) bool {
	switch d {
	case dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
		dtype.F16, dtype.BF16, dtype.F32, dtype.F64, dtype.C64, dtype.C128:
		return true
	}
	return false
}

// typeName is TypeIdToString: how MindSpore's errors name a TypeId.
func typeName(d dtype.DType) string {
	switch d {
	case dtype.Bool:
		return "Bool"
	case dtype.I8:
		return "Int8"
	case dtype.I16:
		return "Int16"
	case dtype.I32:
		return "Int32"
	case dtype.I64:
		return "Int64"
	case dtype.U8:
		return "UInt8"
	case dtype.U16:
		return "UInt16"
	case dtype.U32:
		return "UInt32"
	case dtype.U64:
		return "UInt64"
	case dtype.F16:
		return "Float16"
	case dtype.BF16:
		return "BFloat16"
	case dtype.F32:
		return "Float32"
	case dtype.F64:
		return "Float64"
	case dtype.C64:
		return "Complex64"
	case dtype.C128:
		return "Complex128"
	}
	return d.String()
}

// pair is an unordered pair of dtypes, the key GetHashId makes.
type pair [2]dtype.DType

func key(a, b dtype.DType) pair {
	if a > b {
		a, b = b, a
	}
	return pair{a, b}
}

// mapOf builds a lookup from entries {a, b, result}, keyed both ways.
func mapOf(entries [][3]dtype.DType) map[pair]dtype.DType {
	m := make(map[pair]dtype.DType, len(entries))
	for _, e := range entries {
		m[key(e[0], e[1])] = e[2]
	}
	return m
}

// tensorTensor is tensor_tensor_convert_map: the common type of two
// tensors (and of two scalars). uint16, uint32 and uint64 meet only bool
// and themselves; float16 with bfloat16 is float32; float64 with complex64
// is complex128.
var tensorTensor = mapOf([][3]dtype.DType{
	// Bool
	{dtype.Bool, dtype.Bool, dtype.Bool}, {dtype.Bool, dtype.I8, dtype.I8}, {dtype.Bool, dtype.I16, dtype.I16},
	{dtype.Bool, dtype.I32, dtype.I32}, {dtype.Bool, dtype.I64, dtype.I64}, {dtype.Bool, dtype.U8, dtype.U8},
	{dtype.Bool, dtype.U16, dtype.U16}, {dtype.Bool, dtype.U32, dtype.U32}, {dtype.Bool, dtype.U64, dtype.U64},
	{dtype.Bool, dtype.F16, dtype.F16}, {dtype.Bool, dtype.BF16, dtype.BF16}, {dtype.Bool, dtype.F32, dtype.F32},
	{dtype.Bool, dtype.F64, dtype.F64}, {dtype.Bool, dtype.C64, dtype.C64}, {dtype.Bool, dtype.C128, dtype.C128},
	// Int8
	{dtype.I8, dtype.I8, dtype.I8}, {dtype.I8, dtype.I16, dtype.I16}, {dtype.I8, dtype.I32, dtype.I32},
	{dtype.I8, dtype.I64, dtype.I64}, {dtype.I8, dtype.U8, dtype.I16}, {dtype.I8, dtype.F16, dtype.F16},
	{dtype.I8, dtype.BF16, dtype.BF16}, {dtype.I8, dtype.F32, dtype.F32}, {dtype.I8, dtype.F64, dtype.F64},
	{dtype.I8, dtype.C64, dtype.C64}, {dtype.I8, dtype.C128, dtype.C128},
	// Int16
	{dtype.I16, dtype.I16, dtype.I16}, {dtype.I16, dtype.I32, dtype.I32}, {dtype.I16, dtype.I64, dtype.I64},
	{dtype.I16, dtype.U8, dtype.I16}, {dtype.I16, dtype.F16, dtype.F16}, {dtype.I16, dtype.BF16, dtype.BF16},
	{dtype.I16, dtype.F32, dtype.F32}, {dtype.I16, dtype.F64, dtype.F64}, {dtype.I16, dtype.C64, dtype.C64},
	{dtype.I16, dtype.C128, dtype.C128},
	// Int32
	{dtype.I32, dtype.I32, dtype.I32}, {dtype.I32, dtype.I64, dtype.I64}, {dtype.I32, dtype.U8, dtype.I32},
	{dtype.I32, dtype.F16, dtype.F16}, {dtype.I32, dtype.BF16, dtype.BF16}, {dtype.I32, dtype.F32, dtype.F32},
	{dtype.I32, dtype.F64, dtype.F64}, {dtype.I32, dtype.C64, dtype.C64}, {dtype.I32, dtype.C128, dtype.C128},
	// Int64
	{dtype.I64, dtype.I64, dtype.I64}, {dtype.I64, dtype.U8, dtype.I64}, {dtype.I64, dtype.F16, dtype.F16},
	{dtype.I64, dtype.BF16, dtype.BF16}, {dtype.I64, dtype.F32, dtype.F32}, {dtype.I64, dtype.F64, dtype.F64},
	{dtype.I64, dtype.C64, dtype.C64}, {dtype.I64, dtype.C128, dtype.C128},
	// UInt8
	{dtype.U8, dtype.U8, dtype.U8}, {dtype.U8, dtype.F16, dtype.F16}, {dtype.U8, dtype.BF16, dtype.BF16},
	{dtype.U8, dtype.F32, dtype.F32}, {dtype.U8, dtype.F64, dtype.F64}, {dtype.U8, dtype.C64, dtype.C64},
	{dtype.U8, dtype.C128, dtype.C128},
	// UInt16, UInt32, UInt64: only with themselves (and bool, above).
	{dtype.U16, dtype.U16, dtype.U16}, {dtype.U32, dtype.U32, dtype.U32}, {dtype.U64, dtype.U64, dtype.U64},
	// Float16
	{dtype.F16, dtype.F16, dtype.F16}, {dtype.F16, dtype.BF16, dtype.F32}, {dtype.F16, dtype.F32, dtype.F32},
	{dtype.F16, dtype.F64, dtype.F64}, {dtype.F16, dtype.C64, dtype.C64}, {dtype.F16, dtype.C128, dtype.C128},
	// BFloat16
	{dtype.BF16, dtype.BF16, dtype.BF16}, {dtype.BF16, dtype.F32, dtype.F32}, {dtype.BF16, dtype.F64, dtype.F64},
	{dtype.BF16, dtype.C64, dtype.C64}, {dtype.BF16, dtype.C128, dtype.C128},
	// Float32
	{dtype.F32, dtype.F32, dtype.F32}, {dtype.F32, dtype.F64, dtype.F64}, {dtype.F32, dtype.C64, dtype.C64},
	{dtype.F32, dtype.C128, dtype.C128},
	// Float64
	{dtype.F64, dtype.F64, dtype.F64}, {dtype.F64, dtype.C64, dtype.C128}, {dtype.F64, dtype.C128, dtype.C128},
	// Complex
	{dtype.C64, dtype.C64, dtype.C64}, {dtype.C64, dtype.C128, dtype.C128}, {dtype.C128, dtype.C128, dtype.C128},
})

// scalarTensor is scalar_tensor_convert_map: a tensor with a Python scalar
// (bool is Bool, int is Int64, float is Float32). A scalar bool takes any
// tensor's dtype; a scalar int takes an integer or floating tensor's dtype
// and makes a bool tensor int64; a scalar float makes bool and integer
// tensors float32 and takes a floating tensor's dtype. uint16, uint32 and
// uint64 tensors meet only a bool scalar.
var scalarTensor = mapOf([][3]dtype.DType{
	// Scalar is bool.
	{dtype.Bool, dtype.Bool, dtype.Bool}, {dtype.Bool, dtype.I8, dtype.I8}, {dtype.Bool, dtype.I16, dtype.I16},
	{dtype.Bool, dtype.I32, dtype.I32}, {dtype.Bool, dtype.I64, dtype.I64}, {dtype.Bool, dtype.U8, dtype.U8},
	{dtype.Bool, dtype.U16, dtype.U16}, {dtype.Bool, dtype.U32, dtype.U32}, {dtype.Bool, dtype.U64, dtype.U64},
	{dtype.Bool, dtype.F16, dtype.F16}, {dtype.Bool, dtype.BF16, dtype.BF16}, {dtype.Bool, dtype.F32, dtype.F32},
	{dtype.Bool, dtype.F64, dtype.F64}, {dtype.Bool, dtype.C64, dtype.C64}, {dtype.Bool, dtype.C128, dtype.C128},
	// Scalar is int.
	{dtype.I64, dtype.Bool, dtype.I64}, {dtype.I64, dtype.I8, dtype.I8}, {dtype.I64, dtype.I16, dtype.I16},
	{dtype.I64, dtype.I32, dtype.I32}, {dtype.I64, dtype.I64, dtype.I64}, {dtype.I64, dtype.U8, dtype.U8},
	{dtype.I64, dtype.F16, dtype.F16}, {dtype.I64, dtype.BF16, dtype.BF16}, {dtype.I64, dtype.F32, dtype.F32},
	{dtype.I64, dtype.F64, dtype.F64}, {dtype.I64, dtype.C64, dtype.C64}, {dtype.I64, dtype.C128, dtype.C128},
	// Scalar is float.
	{dtype.F32, dtype.Bool, dtype.F32}, {dtype.F32, dtype.I8, dtype.F32}, {dtype.F32, dtype.I16, dtype.F32},
	{dtype.F32, dtype.I32, dtype.F32}, {dtype.F32, dtype.I64, dtype.F32}, {dtype.F32, dtype.U8, dtype.F32},
	{dtype.F32, dtype.F16, dtype.F16}, {dtype.F32, dtype.BF16, dtype.BF16}, {dtype.F32, dtype.F32, dtype.F32},
	{dtype.F32, dtype.F64, dtype.F64}, {dtype.F32, dtype.C64, dtype.C64}, {dtype.F32, dtype.C128, dtype.C128},
})

// priority is the older code's type_map: the nine types implicit
// conversion covers, by rising priority. int8 ranks below uint8 there;
// the note writes bool < uint8 < int8. Either way int8 with uint8 is
// int16, so the order of the two is never observable.
var priority = map[dtype.DType]int{
	dtype.Bool: 1, dtype.I8: 2, dtype.U8: 3, dtype.I16: 4, dtype.I32: 5, dtype.I64: 6,
	dtype.F16: 7, dtype.F32: 8, dtype.F64: 9,
}
