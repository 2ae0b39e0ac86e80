package numpy

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/kit"
)

// src prefixes every Source: the NumPy commit the spec was read at.
const src = "numpy/numpy@1f90bbb5 numpy/_core/"

// The pair rules of np.promote_types (spec.md §1).
var (
	ruleSame = &promote.Rule{ID: "same",
		Text:   "a dtype promoted with itself is itself",
		Source: src + "src/multiarray/scalartypes.c.src (initialize_casting_tables)"}
	ruleSafeCast = &promote.Rule{ID: "safe-cast",
		Text:   "when one dtype casts safely to the other (bool to anything; an integer to a wider one, unsigned to a wider signed one, to a float or complex with a wider part or of equal size from 8 bytes up; a float to an equal or wider float or complex), the result is the other",
		Source: src + "src/multiarray/can_cast_table.h, src/multiarray/scalartypes.c.src (initialize_casting_tables)"}
	ruleClimb = &promote.Rule{ID: "climb",
		Text:   "when neither dtype casts safely to the other, start at the one of higher kind (bool < unsigned < signed < float < complex) and climb to larger types of that kind, then to the next kind, until both cast safely (so int64 with uint64 gives float64, int16 with float16 float32)",
		Source: src + "src/multiarray/scalartypes.c.src (initialize_casting_tables)"}

	pairRule = [...]*promote.Rule{howSame: ruleSame, howSafe: ruleSafeCast, howClimb: ruleClimb}
)

// The N-operand and Python-scalar rules of np.result_type (spec.md §2, §3).
var (
	ruleMainDType = &promote.Rule{ID: "main-dtype",
		Text:   "with three or more operands NumPy does not fold left: it finds the main (most knowledgeable, highest type number) DType, promotes every other DType with it and combines those results, so the order of the operands never matters (uint16, int16, float16 give float32 where a fold gives float64)",
		Source: src + "src/multiarray/common_dtype.c (PyArray_PromoteDTypeSequence), src/multiarray/dtypemeta.c (default_builtin_common_dtype)"}
	ruleWeakInt = &promote.Rule{ID: "nep50-int",
		Text:   "a Python int is weak (NEP 50): with integer, float or complex dtypes it takes theirs; with bool it gives the default integer int64",
		Source: src + "src/multiarray/abstractdtypes.c (int_common_dtype), src/multiarray/dtypemeta.c (default_builtin_common_dtype); doc/neps/nep-0050-scalar-promotion.rst"}
	ruleWeakFloat = &promote.Rule{ID: "nep50-float",
		Text:   "a Python float is weak (NEP 50): with float or complex dtypes it takes theirs; with bool or integer dtypes it gives float64",
		Source: src + "src/multiarray/abstractdtypes.c (float_common_dtype), src/multiarray/dtypemeta.c (default_builtin_common_dtype); doc/neps/nep-0050-scalar-promotion.rst"}
	ruleWeakComplex = &promote.Rule{ID: "nep50-complex",
		Text:   "a Python complex is weak (NEP 50): with complex dtypes it takes theirs; float16 and float32 give complex64, float64 complex128; bool and integer dtypes give complex128",
		Source: src + "src/multiarray/abstractdtypes.c (complex_common_dtype), src/multiarray/dtypemeta.c (default_builtin_common_dtype); doc/neps/nep-0050-scalar-promotion.rst"}
	ruleDefaults = &promote.Rule{ID: "pyscalar-default",
		Text:   "with only Python scalars the result is abstract (int < float < complex) and takes its default: int64, float64 or complex128",
		Source: src + "src/multiarray/convert_datatype.c (PyArray_ResultType), src/multiarray/abstractdtypes.c (default descriptors)"}
	ruleSingle = &promote.Rule{ID: "single",
		Text:   "one operand gives its own dtype (an array's or scalar's dtype; a Python int the dtype np.asarray gives it: int64, or uint64 above int64's range; a Python float float64, a complex complex128, a bool bool)",
		Source: src + "src/multiarray/convert_datatype.c (PyArray_ResultType), src/multiarray/abstractdtypes.c (discover_descriptor_from_pylong)"}
)

// Refusals.
var (
	ruleNoOperands = &promote.Rule{ID: "no-operands",
		Text:   "np.result_type needs at least one array or dtype",
		Source: src + "src/multiarray/multiarraymodule.c (array_result_type)"}
	ruleNotBuiltin = &promote.Rule{ID: "not-builtin",
		Text:   "NumPy has 16 builtin numeric dtypes (bool, int8-64, uint8-64, float16/32/64, longdouble (f80), complex64/128, clongdouble (c160)); bfloat16, the float8/6/4 and int2/int4 formats are ml_dtypes extension types, registered only with ml_dtypes=true; bcomplex32, complex32, uint1 and dynamic are neither",
		Source: src + "src/multiarray/can_cast_table.h (the builtin types); rules/numpy/spec.md §1"}
	ruleWeakArray = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-arrays",
		Text:   "NumPy has no weak arrays or weak NumPy scalars: only Python int, float and complex objects are weak",
		Source: src + "src/multiarray/abstractdtypes.h (npy_mark_tmp_array_if_pyscalar); doc/neps/nep-0050-scalar-promotion.rst"})
	ruleObject = &promote.Rule{ID: "object-dtype",
		Text:   "a Python int outside int64 and uint64 becomes an object array, and object is not a numeric dtype of the catalogue",
		Source: src + "src/multiarray/abstractdtypes.c (discover_descriptor_from_pylong)"}
	ruleNoCommon = &promote.Rule{ID: "no-common-dtype",
		Text:   "the main DType could not promote another DType (DTypePromotionError); no mix of the builtin dtypes and Python scalars reaches it",
		Source: src + "src/multiarray/common_dtype.c (PyArray_PromoteDTypeSequence, PyArray_CommonDType)"}
)

// The check_values rules: what a ufunc does when it stores a weak Python
// scalar in the resolved dtype (spec.md §3).
var (
	ruleIntBounds = &promote.Rule{ID: "pyint-out-of-bounds",
		Text:   "a ufunc stores a Python int in the resolved integer dtype and raises OverflowError when it does not fit (uint8 with 300 or -1, int64 with 2**63)",
		Source: src + "tests/test_nep50_promotions.py; doc/neps/nep-0050-scalar-promotion.rst"}
	ruleIntToFloat = &promote.Rule{ID: "pyint-too-large-for-float",
		Text:   "a Python int larger in magnitude than float64's largest value raises OverflowError (int too large to convert to float) when the resolved dtype is a float or complex dtype: NumPy converts it through a Python float",
		Source: src + "tests/test_nep50_promotions.py"}
	ruleIntToLongDouble = &promote.Rule{ID: "pyint-to-longdouble",
		Text:   "a ufunc converts a Python int to longdouble through its decimal string (so 10**400 is exact enough and fits), and CPython refuses to write an int of more than 4300 digits (ValueError)",
		Source: "numpy/numpy@b832a09c (v2.4.6) numpy/_core/src/common/npy_longdouble.c:124-160 (npy_longdouble_from_PyLong); CPython sys.int_info.default_max_str_digits"}
	ruleInfWarning = &promote.Rule{ID: "overflow-to-inf",
		Text:   "a Python scalar within float64's range but too large for a float16, float32 or complex64 result becomes inf with a RuntimeWarning; the dtype is kept and there is no error",
		Source: src + "tests/test_nep50_promotions.py; doc/neps/nep-0050-scalar-promotion.rst"}
)

// The promotion=legacy rules: NumPy 1.24's value-based promotion
// (legacy.md), cited at numpy/numpy v1.24.2.
const src124 = "numpy/numpy@85f38ab1 (v1.24.2) numpy/core/"

var (
	ruleLegacyValueBased = &promote.Rule{ID: "legacy-value-based",
		Text:   "NumPy 1.x: when no scalar (Python scalar, NumPy scalar or 0-d array) is of a higher kind (bool < integer < float/complex) than every array, each scalar is replaced by the smallest type holding its value (min_scalar_type: uint8 for 0..255, int8 for -128..-1, ..., float16 strictly inside ±65000, float32 inside ±3.4e38; an unsigned value that fits the same-size signed type counts as signed against signed and float types) and the types are promoted pairwise from left to right",
		Source: src124 + "src/multiarray/convert_datatype.c:1288-1565 (min_scalar_type_num), :1026-1072 (promote_types), :1941-2060 (PyArray_CheckLegacyResultType); legacy.md §4"}
	ruleLegacyScalarKind = &promote.Rule{ID: "legacy-scalar-kind",
		Text:   "NumPy 1.x: a scalar of a higher kind (bool < integer < float/complex) than every array keeps its own dtype (a Python int is int64, a float float64, a complex complex128) and the dtypes promote without values",
		Source: src124 + "src/multiarray/convert_datatype.c:1647-1700 (should_use_min_scalar), :1962-1982; legacy.md §3"}
	ruleLegacyAllScalars = &promote.Rule{ID: "legacy-all-scalars",
		Text:   "NumPy 1.x: when every operand is a scalar or a 0-d array, values are not used: the dtypes promote as arrays would (a Python int is int64, or uint64 from 2**63; a float float64; a complex complex128; a bool bool)",
		Source: src124 + "src/multiarray/convert_datatype.c:1647-1700 (should_use_min_scalar: all scalars), :1906; legacy.md §3, §5"}
	ruleLegacyNeedsValue = &promote.Rule{ID: "legacy-needs-value",
		Text:   "NumPy 1.x looks at the value of a 0-d array when it meets arrays of the same or a higher kind: without a value, promote answers only when every value gives the same dtype",
		Source: src124 + "src/multiarray/convert_datatype.c:1568-1597 (PyArray_MinScalarType_internal); legacy.md §8"}
	ruleLegacyLongDoubleObject = &promote.Rule{ID: "legacy-object-loop",
		Text:   "NumPy 1.x: np.add with a Python int outside int64 and uint64 runs the object loop, adding element by element as Python objects, and a longdouble or clongdouble element refuses a Python int it cannot hold in a C long (TypeError)",
		Source: src124 + "src/umath/scalarmath.c.src:987-1010, :1278-1289 (convert_to_<name>, OTHER_IS_UNKNOWN_OBJECT for (c)longdouble); legacy.md §6"}
	ruleLegacyObjectFloat = &promote.Rule{ID: "legacy-object-float",
		Text:   "NumPy 1.x: np.add with a Python int outside int64 and uint64 runs the object loop; with a float or complex element or Python scalar the int is converted to a Python float, which raises OverflowError past float64's range",
		Source: src124 + "src/umath/scalarmath.c.src:987-1010, :1290-1299 (PROMOTION_REQUIRED: the generic object path); legacy.md §6"}
	ruleLegacyObject = &promote.Rule{ID: "object-dtype",
		Text:   "NumPy 1.x makes a Python int outside [-2**63, 2**64) an object array, and any promotion with object gives object, which is not a numeric dtype of the catalogue",
		Source: src124 + "src/multiarray/abstractdtypes.c:23-52 (discover_descriptor_from_pyint); legacy.md §6"}
)

// The ml_dtypes=true rules: NumPy's promotion with ml_dtypes 0.5's legacy
// user DTypes (mldtypes.md).
const srcML = "jax-ml/ml_dtypes@9fd1a480 (v0.5.4) ml_dtypes/_src/"
const src246 = "numpy/numpy@b832a09c (v2.4.6) numpy/_core/"

var (
	ruleMLSafeCast = &promote.Rule{ID: "ml-safe-cast",
		Text:   "an ml_dtypes type and another dtype promote to whichever of the two the other casts to safely: ml_dtypes declares each of its floats safe to float32, float64 and the complex types and bool, uint8 and int8 safe to each float, each of its integers safe to the wider builtin integers (signed; unsigned too for uint2/uint4) and every builtin float and complex, bool safe to each integer; and NumPy counts two ml_dtypes types of one byte and kind 'V' with a cast function between them as equivalent (each safe to the other), the answer then being the one of lower type number",
		Source: srcML + "custom_float.h:653-748 (RegisterFloatCasts), intn_numpy.h:629-760 (RegisterIntNCasts), dtypes.cc:371-460 (Initialize); " + src246 + "src/multiarray/usertypes.c:506-610 (legacy_userdtype_common_dtype_function), legacy_dtype_implementation.c (PyArray_LegacyEquivTypes); mldtypes.md §2, §3"}
	ruleMLClimb = &promote.Rule{ID: "ml-climb",
		Text:   "float8_e5m2, the one ml_dtypes type registered with NumPy's float kind 'f', meets a type it has no safe cast with by climbing NumPy's float types from float16 to the first both cast to safely (int16 or float16 give float32, int32, int64 and the wider unsigned give float64)",
		Source: srcML + "dtypes.cc (TypeDescriptor<float8_e5m2>::kNpyDescrKind); " + src246 + "src/multiarray/usertypes.c:506-610; mldtypes.md §3"}
	ruleMLPyScalar = &promote.Rule{ID: "ml-pyscalar",
		Text:   "a Python scalar with an ml_dtypes type takes the first common DType of that type with uint8, int8, int64 (Python int), with float16, float64 (Python float), or with complex64, complex128 (Python complex): bfloat16 with 1 is bfloat16, with 1.0 float64, with 1j complex64; int4 with 1 is int8, with 1.0 float16",
		Source: src246 + "src/multiarray/abstractdtypes.c:168-290 (int_common_dtype, float_common_dtype, complex_common_dtype); mldtypes.md §4"}
	ruleMLNoCommon = &promote.Rule{ID: "ml-no-common-dtype",
		Text:   "two dtypes of which neither casts safely to the other, one of them an ml_dtypes type of kind 'V', have no common DType: NumPy raises DTypePromotionError (bfloat16 with float16 or int16; two different ml_dtypes floats of different sizes)",
		Source: src246 + "src/multiarray/usertypes.c:506-610, src/multiarray/common_dtype.c (PyArray_CommonDType, PyArray_PromoteDTypeSequence); mldtypes.md §3"}
	ruleMLLoop = &promote.Rule{ID: "ml-ufunc-loop",
		Text:   "np.add with an ml_dtypes operand has no loop for the mixed dtypes, so NumPy's legacy type resolver searches: first the ml_dtypes type's own loop, then NumPy's loops in order (bool, int8, uint8, int16, ..., float16, float32, float64, longdouble, complex64, ...), taking the first every input casts to safely (a Python scalar casts to a float loop, an int to an integer loop; to an ml_dtypes loop when its common DType with the Python type casts)",
		Source: src246 + "src/umath/ufunc_type_resolution.c:1543-1640 (ufunc_loop_matches), :1711-1770, :1906-1960 (linear_search_type_resolver), src/multiarray/convert_datatype.c:738-800 (can_cast_pyscalar_scalar_to); mldtypes.md §5"}
	ruleMLIntConvert = &promote.Rule{ID: "ml-pyint-conversion",
		Text:   "ml_dtypes converts a Python int to its float types through a C long: one outside int64 raises TypeError (expected number, got int); one inside is rounded without overflow checks or warnings",
		Source: srcML + "custom_float.h:129-137, :434-443 (CastToCustomFloat, NPyCustomFloat_SetItem); mldtypes.md §6"}
	ruleMLTooMany = &promote.Rule{ID: "ml-ufunc-two-inputs",
		Text:   "np.add takes two inputs; with an ml_dtypes type the loop NumPy picks depends on the pair, so check_values=true answers two operands at a time",
		Source: src246 + "src/umath/ufunc_type_resolution.c (linear_search_type_resolver); mldtypes.md §5"}
)
