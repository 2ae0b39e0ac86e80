package dtype

// To32Bit returns the 32-bit counterpart of a 64-bit type: i64 -> i32,
// u64 -> u32, f64 -> f32, c128 -> c64; every other dtype is returned
// unchanged. It is the map JAX applies with x64 off (jax/_src/dtypes.py
// _dtype_to_32bit_dtype) and Keras applies to a result
// (keras/src/backend/common/dtypes.py BIT64_TO_BIT32_DTYPE).
func To32Bit(d DType) DType {
	switch d {
	case I64:
		return I32
	case U64:
		return U32
	case F64:
		return F32
	case C128:
		return C64
	}
	return d
}
