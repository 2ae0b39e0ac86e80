package mlx

import "github.com/promote-dev/promote/dtype"

// srcDtype is where the table comes from.
const srcDtype = "ml-explore/mlx@846d1762 mlx/dtype.cpp"

// types are MLX's dtypes in Dtype::Val order (mlx/dtype.h:15), the order
// of the table's rows and columns.
var types = [numTypes]dtype.DType{
	dtype.Bool, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
	dtype.I8, dtype.I16, dtype.I32, dtype.I64,
	dtype.F16, dtype.F32, dtype.F64, dtype.BF16, dtype.C64,
}

// numTypes is num_types (mlx/dtype.cpp:11).
const numTypes = 14

// names are MLX's names for its dtypes (dtype_to_string,
// mlx/dtype_utils.cpp), in Dtype::Val order, as its messages print them.
var names = [numTypes]string{
	"bool", "uint8", "uint16", "uint32", "uint64",
	"int8", "int16", "int32", "int64",
	"float16", "float32", "float64", "bfloat16", "complex64",
}

// indexOf maps a catalogue dtype to its Dtype::Val, or -1 when MLX has no
// such dtype.
var indexOf = func() (m [dtype.Count]int) {
	for i := range m {
		m[i] = -1
	}
	for i, d := range types {
		m[d] = i
	}
	return m
}()

// Has reports whether MLX has the dtype d.
func Has(d dtype.DType) bool { return d.Valid() && indexOf[d] >= 0 }

// Short names for the table below, in MLX's spelling.
const (
	bool_     = dtype.Bool
	uint8     = dtype.U8
	uint16    = dtype.U16
	uint32    = dtype.U32
	uint64    = dtype.U64
	int8      = dtype.I8
	int16     = dtype.I16
	int32     = dtype.I32
	int64     = dtype.I64
	float16   = dtype.F16
	float32   = dtype.F32
	float64   = dtype.F64
	bfloat16  = dtype.BF16
	complex64 = dtype.C64
)

// typeRules is type_rules (mlx/dtype.cpp:34-49) restated: row t1, column t2,
// both in Dtype::Val order. "Following Jax type promotion rules", with no
// weak types: uint64 with a signed integer is float32, and float64 with
// complex64 is complex64 (MLX has no complex128).
var typeRules = [numTypes][numTypes]dtype.DType{
	// columns: bool uint8 uint16 uint32 uint64 int8 int16 int32 int64 float16 float32 float64 bfloat16 complex64
	{bool_, uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float32, float64, bfloat16, complex64},                                          // bool
	{uint8, uint8, uint16, uint32, uint64, int16, int16, int32, int64, float16, float32, float64, bfloat16, complex64},                                         // uint8
	{uint16, uint16, uint16, uint32, uint64, int32, int32, int32, int64, float16, float32, float64, bfloat16, complex64},                                       // uint16
	{uint32, uint32, uint32, uint32, uint64, int64, int64, int64, int64, float16, float32, float64, bfloat16, complex64},                                       // uint32
	{uint64, uint64, uint64, uint64, uint64, float32, float32, float32, float32, float16, float32, float64, bfloat16, complex64},                               // uint64
	{int8, int16, int32, int64, float32, int8, int16, int32, int64, float16, float32, float64, bfloat16, complex64},                                            // int8
	{int16, int16, int32, int64, float32, int16, int16, int32, int64, float16, float32, float64, bfloat16, complex64},                                          // int16
	{int32, int32, int32, int64, float32, int32, int32, int32, int64, float16, float32, float64, bfloat16, complex64},                                          // int32
	{int64, int64, int64, int64, float32, int64, int64, int64, int64, float16, float32, float64, bfloat16, complex64},                                          // int64
	{float16, float16, float16, float16, float16, float16, float16, float16, float16, float16, float32, float64, float32, complex64},                           // float16
	{float32, float32, float32, float32, float32, float32, float32, float32, float32, float32, float32, float64, float32, complex64},                           // float32
	{float64, float64, float64, float64, float64, float64, float64, float64, float64, float64, float64, float64, float64, complex64},                           // float64
	{bfloat16, bfloat16, bfloat16, bfloat16, bfloat16, bfloat16, bfloat16, bfloat16, bfloat16, float32, float32, float64, bfloat16, complex64},                 // bfloat16
	{complex64, complex64, complex64, complex64, complex64, complex64, complex64, complex64, complex64, complex64, complex64, complex64, complex64, complex64}, // complex64
}

// PromoteTypes is MLX's promote_types (mlx/dtype.cpp:86) on the catalogue:
// the table cell for (a, b). ok is false when MLX has no such dtype.
func PromoteTypes(a, b dtype.DType) (out dtype.DType, ok bool) {
	if !Has(a) || !Has(b) {
		return dtype.Invalid, false
	}
	return typeRules[indexOf[a]][indexOf[b]], true
}
