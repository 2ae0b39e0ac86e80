// Package cupy is the rule set of CuPy: the dtype of a CuPy elementwise
// ufunc (cupy.add and its kin) over two operands, as CuPy's own loop
// search picks it. CuPy keeps NumPy's dtypes (bool, the integers to 64
// bits, float16/32/64, complex64/128) and follows NumPy's promotion,
// with the differences its own scalar handling makes.
//
// # Versions
//
// The version option picks the CuPy major release:
//
//   - 14 (the default) follows NEP 50, as NumPy 2 does: the answers are
//     package numpy's under promotion=weak and check_values=true (what
//     np.add does), except that CuPy turns every Python int into an int64
//     or uint64 scalar first, so an int outside [-2^63, 2^64) is an
//     OverflowError whatever it meets (NumPy converts it for a float or
//     complex array), and a Python scalar of a higher kind than every
//     array is not weak: a bool array + 2**63 is uint64, where NumPy
//     raises.
//   - 13 keeps NumPy 1's value-based rules: package numpy's answers under
//     promotion=legacy and check_values=true, except that a 0-d CuPy array
//     is an array (only Python and NumPy scalars are value-based), and a
//     Python int outside [-2^63, 2^64) is an OverflowError.
//
// spec.md is the spec, with the upstream path and commit at each rule.
// Where CuPy answers as NumPy does, the answer carries package numpy's
// rule.
package cupy
