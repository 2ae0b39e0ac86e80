// Package triton is the rule set of Triton's triton.language: the common
// type computation_type_impl gives the two operands of a binary operator,
// with Python scalars typed by their value. spec.md in this directory is
// the specification it follows, written from Triton's source, tests and
// docs with a citation at every rule.
//
// # The pairwise rule
//
// computation_type_impl is a cascade, first match wins (version main,
// semantic.py@0c2e95d): a Python scalar whose kind (bool < integral <
// floating) is at most the tensor's does not take part; fp64 wins; / and %
// with a float compute in fp32; fp32 wins; fp16 wins (fp16 with bf16 is
// fp16); bf16 with bf16 or an fp8 is bf16, with an integer fp32; two fp8
// types give the type or fp16; an fp8 with an integer is a TypeError; two
// integers follow C's signedness rule without C's promotion to int (int32
// with uint32 is uint32).
//
// # Versions
//
// The option version names a release: 3.2 to 3.6 (the default, the newest
// release) share the cascade before PR #10883: bf16 with fp8 is fp32, only
// fp16 and bf16 move to fp32 for / and %, and an fp8 constant other than 0
// does not compile (scalar_constant calls builder.get_fp8e4nv, which does
// not exist), so an fp8 tensor with a Python scalar is refused with that
// AttributeError. version=main is the unreleased cascade above.
//
// # Operands
//
// A tensor of any rank keeps its dtype and takes full part: only Python
// numbers are scalars, a 0-d tensor (i32[]) is not. A Python bool is
// int1; an int is int32, uint32, int64 or uint64 by value; a float is
// fp32 in f32's normal range (and for 0, inf, NaN), else fp64. After the
// common type is chosen a negative scalar with an unsigned type, or an
// integer scalar out of the type's range, is Triton's ValueError. A typed
// scalar DTYPE(VALUE) is read as the 0-d tensor tl.full((), VALUE,
// DTYPE). Weak operands, complex literals and R or C++ literal suffixes
// are refused, as is every dtype Triton lacks (complex, 2/4-bit integers,
// FP6, FP4, e8m0, f8e4m3, f8e3m4, and f8e4m3b11fnuz, which Triton's own
// float8e4b15, the catalogue's f8e4m3b15, is not).
//
// # N operands
//
// Triton has no N-ary result_type. Result reads N operands as a chain of
// binary operators applied left to right; every step's result is a tensor.
//
// ComputationType exposes the / and % path (div_or_mod) for op typing.
package triton
