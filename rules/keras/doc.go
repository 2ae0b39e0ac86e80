// Package keras is the rule set of Keras 3's keras.backend.result_type: a
// lattice adapted from JAX's, with the weak Python types int and float (no
// weak complex), whose weak results take the precision of floatx and whose
// 64-bit results are cut to 32 bits except int64 and float64 on the
// TensorFlow backend.
//
// The spec is spec.md in this directory, written from
// keras-team/keras @ 3422977a5e38fb2f7709aaa9a08e47f0c43d0f60,
// keras/src/backend/common/dtypes.py (result_type, _lattice_result_type,
// _type_promotion_lattice, _least_upper_bound, _resolve_weak_type,
// BIT64_TO_BIT32_DTYPE, PYTHON_DTYPES_MAP) and its tests.
//
// # What an answer is
//
// Result is result_type over the operands as one set (order never matters):
//
//   - a tensor or typed scalar is its dtype, strong; rank never matters.
//     Keras has no weak tensors, so f32? is refused;
//   - a Python literal enters as its type, which is what Keras's ops pass:
//     true is bool (strong), 2 is int (weak), 1.5 is float (weak), 1j is
//     complex (strong complex64; complex128 on TensorFlow, then cut). The
//     value is never read: result_type has no overflow check;
//   - no operands give floatx, as result_type() does;
//   - any float8 operand (f8e4m3fn, f8e5m2) is Keras's "There is no
//     implicit conversions from float8 dtypes to others" ValueError, and a
//     dtype Keras does not have is its "Invalid dtype" ValueError.
//
// A weak result (the join is the Python int or float, or every operand is
// one) is resolved by the last two characters of floatx: int32/float32 by
// default, int16/float16 for float16 and for bfloat16, int64/float64 for
// float64. Then int64 and float64 become int32 and float32 except on the
// TensorFlow backend, and uint64 and complex128 become uint32 and
// complex64 on every backend. Results are never weak.
//
// # Options
//
// backend=jax|tensorflow|torch|numpy|openvino (default jax, the backend
// Keras's dtypes tests compare with; Keras falls back to tensorflow when
// KERAS_BACKEND is unset, keras/src/backend/config.py) and floatx=f32|f16|bf16|f64
// (default f32). For result_type the jax, torch, numpy and openvino
// backends are identical; they differ in op typing (spec.md §9).
package keras
