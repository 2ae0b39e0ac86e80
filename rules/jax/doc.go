// Package jax is the rule set of JAX's type promotion (jax.numpy): a
// lattice of dtypes with the weak Python types int, float and complex
// (written i*, f*, c*), joined by least upper bound, in standard or strict
// mode, with x64 on or off.
//
// Sources: jax-ml/jax @ cec06d116c05f0d52adfceee3d3b730fdbcb0ce5,
// jax/_src/dtypes.py (_type_promotion_lattice, _least_upper_bound,
// lattice_result_type, _jax_type, _canonicalize_dtype,
// _maybe_canonicalize_explicit_dtype), jax/_src/config.py
// (jax_numpy_dtype_promotion, jax_enable_x64, jax_explicit_x64_dtypes),
// tests/dtypes_test.py (testObservedPromotionTable), docs/type_promotion.rst and
// docs/jep/9407-type-promotion.md, as restated in
// rules/jax/spec.md.
//
// # What an answer is
//
// Result is lattice_result_type: the dtype and weak_type flag of the
// result of a jax.numpy operation on the operands, taken as one set (order
// never matters). A weak result prints with a trailing ?. Operands:
//
//   - a tensor is a jax.Array of its dtype, strong unless marked ? (its
//     aval's weak_type); rank never matters, a zero-dim array is like any;
//   - a typed scalar such as f64(1.5) is a NumPy scalar: strong;
//   - a Python int, float or complex literal is weak, of the default dtype
//     of its kind (int64, float64, complex128; int32, float32, complex64
//     with x64 off); a Python bool is a strong bool;
//   - literals with a type suffix (1L, 1.0f) are not Python, and c32 and
//     dynamic are not JAX dtypes: all refused.
//
// Only a Python int's value is read: it must fit the default int dtype
// (int32 with x64 off, int64 with x64 on), or JAX raises OverflowError
// when it makes the scalar an array (scalar_type_to_dtype), which every
// jitted jax.numpy operation does with its arguments, whatever the other
// operands: with x64 off, i8 + 2**31 and f32 + 2**31 are errors, while
// i8 + 1000 is i8 (the value is then cast, not checked against i8).
//
// PromoteTypes(a, b) is Result for two strong arrays of a and b, compiled
// into one table per setting. It is not jnp.promote_types, which returns
// a weak join as a plain dtype (uint64 with int8 is float64 there, weak
// float64 here with x64 on) and does not canonicalise. Nor is Result
// jax.dtypes.result_type, which replaces a weak result by the default
// dtype of its kind (a lone weak bf16 is float32 there, bf16? here).
//
// # x64
//
// With x64 off (JAX's default) every operand's 64-bit dtype is first
// canonicalised to 32 bits (int64 to int32, uint64 to uint32, float64 to
// float32, complex128 to complex64), then the x32 lattice joins them; its
// one difference from the x64 lattice is the edge uint32 -> int32 (x64:
// uint32 -> int64), so uint32 with int32 is int32, a deliberate possible
// overflow. This is the x64-off default table of JAX's
// testObservedPromotionTable. JAX itself never canonicalises an existing
// jax.Array ("once we've formed an x64 value, that is something we
// respect"), but with x64 off such an array can only be made under an x64
// context; an operand here is what one would pass in from NumPy, which JAX
// canonicalises. When canonicalisation changed an operand, the answer
// cites the rule x64-off.
//
// # jax_explicit_x64_dtypes
//
// The option explicit_x64_dtypes=warn|error|allow is JAX's
// jax_explicit_x64_dtypes (jax/_src/config.py@cec06d11:1679-1706): what an
// explicitly requested 64-bit dtype becomes while x64 is off
// (_maybe_canonicalize_explicit_dtype, jax/_src/dtypes.py:957-981). An
// operand of a 64-bit dtype, tensor or typed scalar, is read as such a
// request: an array made with jnp.asarray(x, dtype=...), jnp.float64(...)
// or x.astype(...).
//
//   - warn, JAX's default, truncates it to 32 bits (with a UserWarning):
//     the x64-off behaviour above, rule x64-off.
//   - error refuses it with JAX's ValueError, word for word ("Explicitly
//     requested dtype float64 is not available. To enable more dtypes,
//     set the jax_enable_x64 or allow_explicit_x64_dtypes configuration
//     options.See https://github.com/jax-ml/jax#current-gotchas for
//     more."), rule explicit-x64-error.
//   - allow keeps it, and the x32 lattice still joins: uint32 with int32
//     is int32 (not int64, as with x64 on), uint64 with a signed integer
//     the weak float f*, whose dtype is float32, and Python scalars keep
//     their 32-bit defaults. Rule explicit-x64-allow. This is the ALLOW
//     table of JAX's testObservedPromotionTable
//     (tests/dtypes_test.py:1061-1082), which the tests check cell by cell
//     with the x64 and default tables.
//
// With x64 on the option changes nothing. A NumPy array or scalar handed
// to a jax.numpy function without an explicit dtype is canonicalised by
// jax.dtypes.dtype in every mode, silently; write it as the 32-bit dtype
// it becomes.
//
// # Nodes and lattices
//
// The nodes are JAX's strong dtypes (bool; uint1, uint2, uint4, uint8 to
// uint64; int2, int4, int8 to int64; the 11 small floats float4_e2m1fn,
// float6_*, float8_*; bfloat16, float16, float32, float64; complex64,
// complex128) and i*, f*, c*: 34 in all. JAX also has int1 when ml_dtypes
// provides it, but the catalogue's i1 is bool, so a 1-bit signed integer
// cannot be written; it would only join itself, bool and i*. The spec's
// error counts (618 and 1084 ordered pairs of 1225) are over 35 nodes with
// int1; over these 34 they are 554 and 1018 of 1156.
//
// A small float joins only itself, bool, i*, f* and the regular integers;
// an intN type only itself, bool and i*. Failed joins raise JAX's
// TypePromotionError, worded by the first of: strict mode, an 8-bit float
// among the inputs, a 6-bit float, a 4-bit float, an intN type, anything
// else. Inputs are listed in order of first appearance (JAX passes a
// Python set, whose order it does not fix). In strict mode strong types
// have no edges at all: only weak types promote, and two weak int16
// arrays give the weak default int rather than weak int16.
//
// # JEP 9407
//
// The lattice is JEP 9407's "option 3": integers always defer to the
// width of a float (int64 with float16 is float16), a Python scalar never
// widens a strong operand of its kind (int16 + 1 is int16, bfloat16 + 1j
// is complex64), bfloat16 with float16 is float32, and uint64 with a
// signed integer goes to the weak float f* (weak float64 with x64 on)
// rather than NumPy's strong float64: the u64 -> f* edge is what makes the
// graph a true lattice, so joins exist, are unique, commutative and
// associative (checked here over all triples). On every pair that both
// define, JAX's table equals torch.promote_types; they differ where torch
// refuses (uint16/32/64 with integers, float8 with anything else) and in
// Python scalars, which torch turns into its default dtypes at once.
//
// LatticeResultType exposes the same computation on (dtype, weak) pairs
// for program-level inference, and Lattice the three lattices.
package jax
