// Package mlx is the rule set of Apple MLX's type promotion: promote_types,
// a 14 × 14 table with no weak types (mlx/dtype.cpp), folded left over N
// operands as mx.result_type does, and Python scalars converted to the
// other operand's dtype by to_array (python/src/utils.cpp).
//
// The spec is spec.md in this directory, written from
// ml-explore/mlx @ 846d176227a0ac13d2667e58d2bb68b322109ab0 and its tests.
//
// # What an answer is
//
// Result is the dtype of a chain of binary operations on the operands, left
// to right, which for arrays alone is mx.result_type:
//
//   - two arrays meet in the table; a tensor of any rank, and a typed
//     scalar DTYPE(VALUE) read as mx.array(VALUE, dtype=DTYPE), is an
//     array; MLX has no weak arrays (f32? is refused) and no rank rule;
//   - a Python scalar meeting an array becomes an array of that array's
//     dtype where it can: a bool always; an int unless the array is bool
//     (then int32), and only if its value fits a narrow integer array
//     ("Converting V to T would result in overflow."); a float only for a
//     float array (float32 otherwise); a complex is always complex64;
//   - a scalar with no array is int32 (int64 outside int32's range),
//     float32, bool or complex64.
//
// The table is not associative (u64 i8 f16 is f32, i8 f16 u64 is f16), so
// order matters. Dtypes MLX does not have (complex128, the float8 family,
// sub-byte integers, ...) are refused.
package mlx
