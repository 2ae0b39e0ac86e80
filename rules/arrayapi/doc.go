// Package arrayapi is the rule set of the Python Array API standard's type
// promotion: the join on its lattice for arrays and dtypes, errors that say
// "undefined by the standard" for every mix the standard leaves
// unspecified, and its rules for Python scalars, per version of the
// standard (option version: 2021.12, 2022.12, 2023.12, 2024.12; default
// 2024.12, the newest; 2025.12 and the draft are byte-identical to 2024.12
// for type promotion).
//
// # Sources
//
// As restated in rules/arrayapi/spec.md, whose tables are
// testdata/table.tsv and testdata/scalar_table.tsv in canonical names:
//
//   - data-apis/array-api @ 8884c406ff8a3b81ab836cefcacb08bc4a92ae18,
//     spec/{2021.12,2022.12,2023.12,2024.12,2025.12,draft}/
//     API_specification/type_promotion.rst (the promotion tables, "Mixing
//     arrays with Python scalars"), and
//     src/array_api_stubs/_draft/data_type_functions.py (result_type).
//   - data-apis/array-api-tests @ 55fcc60179efa2680ddd6cd926ddf17b83530e2b,
//     array_api_tests/dtype_helpers.py (_promotion_table): its table omits
//     the eight float x complex pairs the standard defines since 2022.12.
//
// # Rules
//
// Arrays (and 0-d arrays, which follow the same rules) promote by the join
// on the lattice of spec.md §4, built with the shared lattice package:
// signed and unsigned integers each in a chain, uint_n into the signed
// type of twice the bits, float32 into float64 and complex64, float64
// into complex128, bool isolated. Pairs with no join are undefined: bool
// with a number, integer with floating point, uint64 with a signed
// integer. N operands are one set: the join is associative and the result
// does not depend on order. 2021.12 has no complex dtypes.
//
// A Python scalar is converted to the array's dtype when the kinds match:
// bool with bool; int with integer, float and complex arrays (the value
// must fit an integer dtype); float with float and complex arrays; complex
// with complex arrays (2022.12 on), and since 2024.12 with real float
// arrays, giving the complex dtype of the same precision. Any other mix is
// undefined.
//
// # Readings where the standard leaves a choice (the project's)
//
//   - Undefined promotions are errors (a conforming library may define
//     them; this rule set reports what the standard guarantees).
//   - A Python int outside an integer dtype's range is unspecified
//     (overflow or error): an error here. Float values are not checked.
//   - Python scalars need an array or dtype to meet: the standard's
//     result_type requires at least one, and its operator rules convert the
//     scalar to the array's dtype. With several arrays the scalars are
//     converted to the arrays' joined dtype.
//   - Typed scalars such as f64(1.5) are 0-d arrays of their dtype.
//   - The standard has no weak types: a ? operand is refused.
//   - R and C++ literal suffixes (1L, 1.0f) are not Python and are refused.
package arrayapi
