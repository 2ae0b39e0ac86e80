// Package tensorflow is the rule set of TensorFlow's dtype conversion in
// its three modes (the mode option, TensorFlow's dtype_conversion_mode):
//
//   - all and safe: the "new type promotion" of flexible_dtypes.py, a
//     lattice of 15 strong dtypes and 5 weak nodes (i32? i64? f32? f64?
//     c128?: WeakTensors and Python scalars), joined by least upper bound
//     with the shared lattice package and folded left to right over the
//     operands as _result_type_impl does. Each table entry also has a
//     level, SAFE or ALL; in safe mode a fold step at level ALL raises
//     TypeError, so whether an error is raised can depend on operand order
//     (uint8, int8, int16 raises; uint8, int16, int8 does not).
//   - legacy, TensorFlow's default: no promotion at all. The operands are
//     read as a chain of binary ops in eager mode; two tensors of different
//     dtypes are the kernel's error, and a Python scalar is converted to
//     the tensor's dtype (a float into an integer tensor fails).
//
// # Sources
//
// As restated in rules/tensorflow/spec.md (its lattice gives
// the edges used here):
//
//   - tensorflow/tensorflow @ ced6378ab362f05a318d17142a7af8e4f0ef955e,
//     tensorflow/python/framework/flexible_dtypes.py: the table
//     (_BINARY_DTYPE_RES_HALF), _get_dtype_and_weakness, _result_type_impl
//     and their error messages.
//   - tensorflow/tensorflow @ a8aadc93438dc367af305fda1623fee6b6fd9ebd,
//     flexible_dtypes_test.py: the SAFE refusals and fold order.
//   - tensorflow/tensorflow @ 0304934138cbfabd338ec432a630a9c3c1191564,
//     tensorflow/python/ops/numpy_ops/np_config.py: dtype_conversion_mode,
//     default "legacy".
//   - tensorflow/docs @ 7c3650212740204359d4ceae481abc79345541be,
//     site/en/guide/tf_numpy_type_promotion.ipynb: the legacy examples and
//     the kernel's mismatch message.
//   - Legacy conversions, read for this package: tensorflow/tensorflow @
//     03daf31df232e23c114688e603d9f7d488682504,
//     tensorflow/python/lib/core/py_seq_tensor.cc (which Python scalars the
//     converter of each dtype accepts, the default dtypes, the range
//     errors), and @ 31a3ce4f23165909f8fb91862cfa4327d17f6bb4,
//     tensorflow/python/eager/pywrap_tensor.cc (IsCompatible and the
//     "Cannot convert V to EagerTensor of dtype D" error).
//
// # Levels
//
// The results come from the lattice; the SAFE/ALL level of each pair is
// restated as rules (levelAll) from the bullets of spec.md "SAFE vs ALL":
// 51 unordered pairs, 102 ordered ones, listed in testdata/safe_refused.tsv.
// testdata/table_all.tsv transcribes TensorFlow's own table (all 400
// ordered pairs with result and level) and the tests check both the joins
// and the levels against it.
//
// # Readings where the sources leave a choice (the project's, documented)
//
//   - Dtypes: TensorFlow's promotion table covers bool, int8..int64,
//     uint8..uint64, bfloat16, float16, float32, float64, complex64 and
//     complex128. Every other catalogue dtype is refused in every mode,
//     also the float8 and int4 types recent TensorFlow defines (the table
//     has no entry for them). string is not in promote's catalogue.
//   - PromoteTypes takes both dtypes as strong tensors; in all and safe
//     mode the answer can be weak (uint64 with int8 is f64?).
//   - Typed scalars f64(1.5) are NumPy scalars: strong of their dtype. A
//     weak typed scalar is refused. Literal suffixes (1L, 1.0f) are not
//     Python and are refused.
//   - Legacy mode reads N operands as ((x0 op x1) op x2) .... In one op,
//     the dtype is the left operand's when it is a tensor or NumPy scalar,
//     else the right operand's when it is one (a Python scalar on the left
//     goes through the reflected operator, which converts it with the
//     tensor's dtype), else the left Python scalar's default dtype (int32,
//     int64 if it does not fit, float32, complex128, bool). A later NumPy
//     scalar is force-cast to that dtype (NumPy's FORCECAST), as in the
//     guide's "(b + a) + c". Weak tensors are plain tensors of their dtype,
//     and results are never weak. tf.math.add with a tensor on the left
//     converts a Python scalar with a dtype hint instead and, when that
//     fails, reports the kernel's mismatch rather than "Cannot convert":
//     the same verdict, other words; this package uses the conversion
//     wording. A Python int that does not fit a narrower integer dtype is
//     wrapped by TensorFlow's cast, not refused; one beyond int64 is
//     refused with TensorFlow's range error. A negative int into a uint64
//     tensor is refused with Python's OverflowError wording.
//   - No operands: all and safe give f32? as result_type does; legacy
//     refuses.
package tensorflow
