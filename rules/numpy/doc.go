// Package numpy is the rule set of NumPy's dtype promotion:
// np.promote_types, np.result_type over any number of operands and, with
// the option check_values=true, what a ufunc (np.add) does with the same
// operands. Three options select the NumPy:
//
//   - promotion=weak (default): NumPy 2, NEP 50's weak Python scalars.
//   - promotion=legacy: NumPy 1.x's value-based promotion exactly as NumPy
//     1.24 computes it (legacy.md): scalars meeting arrays of their kind
//     or higher take the smallest dtype holding their value.
//   - ml_dtypes=true: ml_dtypes 0.5 registered, its bfloat16, float8,
//     float6, float4 and int2/int4/uint2/uint4 types promoting as NumPy
//     promotes legacy user dtypes (mldtypes.md), in either state.
//
// # Dtypes
//
// NumPy's 16 builtin numeric dtypes on x86-64 Linux: bool, int8-int64,
// uint8-uint64, float16, float32, float64, longdouble (f80, the x87
// format in 16 bytes), complex64, complex128 and clongdouble (c160). On
// Windows, macOS arm64 and aarch64 Linux longdouble is another format; the
// rule set describes x86-64 Linux. With ml_dtypes=true also ml_dtypes'
// sixteen types; without it they are refused, naming the option.
// bcomplex32 (after ml_dtypes 0.5.4), complex32, uint1 and OpenVINO's
// dynamic exist in neither and are always refused.
//
// # Rules
//
// np.promote_types is derived, never typed in: the safe-cast relation over
// kind and size, and NumPy's climbing procedure for pairs where neither
// dtype casts safely to the other (int64 with uint64 gives float64, int16
// with float16 float32), compiled into a kit.PairTable.
//
// np.result_type does not fold left. It reduces its DTypes to the "main"
// one (the most knowledgeable: for builtins the larger type number, with
// float16 last), promotes every other DType with it and combines the
// answers. So result_type(uint16, int16, float16) is float32 in every
// order, where a left fold gives float64; 14 ordered triples of builtins
// differ from a fold, and no order of any operands changes the answer.
//
// Operands: an array of any rank (0-d included) and a NumPy scalar such as
// f64(1.5) are strong. Python int, float and complex literals are weak
// (NEP 50): a Python int takes the dtype of an integer, float or complex
// operand and gives int64 with bool; a Python float takes a float or
// complex dtype and gives float64 with bool or integers; a Python complex
// takes a complex dtype, gives complex64 with float16 or float32 and
// complex128 otherwise. Only Python scalars give the defaults int64,
// float64, complex128. A Python bool (true) is a strong np.bool. NumPy has
// no weak arrays, so a weak operand (f32?) is refused, as are literals
// with an R or C++ suffix (1L, 1.0f). One operand gives its own dtype; a
// Python int alone gives the dtype np.asarray gives it (int64, uint64
// above int64's range, object, refused, above uint64's).
//
// check_values=false (the default) is np.result_type, which never looks at
// values: result_type(int8, 200) is int8. check_values=true is what a
// ufunc such as np.add does with the same operands: the dtype is the same,
// but a Python int that does not fit an integer result is an OverflowError
// ("Python integer 300 out of bounds for uint8"), and a Python int past
// float64's range with a float or complex result is one too ("int too
// large to convert to float"). Other overflows (1e300 with float32) become
// inf with a RuntimeWarning and keep the dtype; the result then carries
// the overflow-to-inf rule. Overflow in the operation itself (uint8(100) +
// 200 wraps to 44) is not a promotion matter and is not modelled.
//
// # Differences from NumPy 1.x
//
// NumPy 1.x was value-based: NumPy scalars, 0-d arrays and Python scalars
// meeting arrays took the smallest dtype holding their value
// (result_type(int8, 200) was int16, uint8_array + 1000 uint16,
// float32_array + float64(1.0) float32), and Python scalars were strong
// when all operands were scalars. NumPy 2 drops all of it;
// promotion=legacy models it (legacy.md). promote_types is unchanged
// between 1.24 and 2.x, as is result_type over dtypes alone. Under
// legacy, operand order can change the answer (the value-based step is a
// left fold), and a 0-d array written without a value (i64[]) is answered
// only when every value it could hold gives the same dtype.
//
// # Sources
//
// Restated in rules/numpy/spec.md from numpy/numpy at
// 1f90bbb55e65e7de68921bc3f1a2d94492fdf689 (2.6.0.dev0):
//
//   - numpy/_core/src/multiarray/can_cast_table.h (the safe casts)
//   - numpy/_core/src/multiarray/scalartypes.c.src (initialize_casting_tables: the promotion table)
//   - numpy/_core/src/multiarray/dtypemeta.c (default_builtin_common_dtype)
//   - numpy/_core/src/multiarray/abstractdtypes.c and .h (the Python int, float, complex DTypes)
//   - numpy/_core/src/multiarray/common_dtype.c (PyArray_CommonDType, PyArray_PromoteDTypeSequence)
//   - numpy/_core/src/multiarray/convert_datatype.c (PyArray_ResultType)
//   - numpy/_core/src/multiarray/multiarraymodule.c (array_result_type)
//   - numpy/_core/tests/test_nep50_promotions.py, test_dtype.py, test_numeric.py
//   - doc/neps/nep-0050-scalar-promotion.rst
//
// Platform: 64-bit Linux (int64 is C long, the default integer intp is
// int64, as on every 64-bit platform in NumPy 2).
//
// NumPy 1.24's value-based promotion: numpy/numpy v1.24.2 (legacy.md);
// ml_dtypes: jax-ml/ml_dtypes v0.5.4 with numpy/numpy v2.4.6 and v1.24.2,
// and v0.6.0 (ml_dtypes=0.6: int1, uint1, bcomplex32; NumPy 2 only),
// checked against NumPy 2.5.2 with ml_dtypes 0.6.0 (mldtypes.md §9).
//
// The live tests (live_test.go, internal/oracle) send broad generated
// query sets to Debian's NumPy 1.24 (promotion=legacy), NumPy 2.2 (trixie)
// and NumPy 2.4 with ml_dtypes 0.5 (sid): every pair, every triple of
// arrays, every dtype with boundary literals, NumPy scalars and 0-d
// arrays with boundary values, both operand orders, np.result_type and
// np.add; they skip with a one-line reason when an oracle is absent.
package numpy
