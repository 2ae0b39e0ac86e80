package numpy

import "github.com/promote-dev/promote"

// src prefixes every Source: the NumPy commit the spec was read at.
const src = "numpy/numpy@1f90bbb5 numpy/_core/"

// The pair rules of np.promote_types (rules.md §1).
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

// The N-operand and Python-scalar rules of np.result_type (rules.md §2, §3).
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
		Text:   "NumPy has 14 builtin numeric dtypes in the catalogue (bool, int8-64, uint8-64, float16/32/64, complex64/128); bfloat16, bcomplex32, the float8/6/4 and int2/int4 formats are ml_dtypes extension types; longdouble and clongdouble (f80, c160) are builtins outside this rule set's table; complex32, uint1 and dynamic do not exist",
		Source: src + "src/multiarray/can_cast_table.h (the builtin types); ../shared/reference/numpy/rules.md §1"}
	ruleWeakArray = &promote.Rule{ID: "no-weak-arrays",
		Text:   "NumPy has no weak arrays or weak NumPy scalars: only Python int, float and complex objects are weak",
		Source: src + "src/multiarray/abstractdtypes.h (npy_mark_tmp_array_if_pyscalar); doc/neps/nep-0050-scalar-promotion.rst"}
	ruleHostLiteral = &promote.Rule{ID: "python-literal",
		Text:   "operands are Python objects: a literal with an R or C++ suffix (1L, 1u, 1.0f) is not Python",
		Source: "doc/neps/nep-0050-scalar-promotion.rst (Python int, float, complex, bool)"}
	ruleObject = &promote.Rule{ID: "object-dtype",
		Text:   "a Python int outside int64 and uint64 becomes an object array, and object is not a numeric dtype of the catalogue",
		Source: src + "src/multiarray/abstractdtypes.c (discover_descriptor_from_pylong)"}
	ruleNoCommon = &promote.Rule{ID: "no-common-dtype",
		Text:   "the main DType could not promote another DType (DTypePromotionError); no mix of the builtin dtypes and Python scalars reaches it",
		Source: src + "src/multiarray/common_dtype.c (PyArray_PromoteDTypeSequence, PyArray_CommonDType)"}
)

// The check_values rules: what a ufunc does when it stores a weak Python
// scalar in the resolved dtype (rules.md §3).
var (
	ruleIntBounds = &promote.Rule{ID: "pyint-out-of-bounds",
		Text:   "a ufunc stores a Python int in the resolved integer dtype and raises OverflowError when it does not fit (uint8 with 300 or -1, int64 with 2**63)",
		Source: src + "tests/test_nep50_promotions.py; doc/neps/nep-0050-scalar-promotion.rst"}
	ruleIntToFloat = &promote.Rule{ID: "pyint-too-large-for-float",
		Text:   "a Python int larger in magnitude than float64's largest value raises OverflowError (int too large to convert to float) when the resolved dtype is a float or complex dtype: NumPy converts it through a Python float",
		Source: src + "tests/test_nep50_promotions.py"}
	ruleInfWarning = &promote.Rule{ID: "overflow-to-inf",
		Text:   "a Python scalar within float64's range but too large for a float16, float32 or complex64 result becomes inf with a RuntimeWarning; the dtype is kept and there is no error",
		Source: src + "tests/test_nep50_promotions.py; doc/neps/nep-0050-scalar-promotion.rst"}
)
