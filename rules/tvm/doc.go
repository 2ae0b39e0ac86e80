// Package tvm is the rule set of Apache TVM's TIR: the dtype
// BinaryOpMatchTypes (PromoteBinaryOpType from v0.26) casts the two
// operands of an arithmetic operator to. spec.md in this directory is the
// specification it follows, written from TVM's source and tests with a
// citation at every rule.
//
// # The pairwise rule
//
// A cascade, first match wins: one dtype is itself; two IEEE floats give
// the wider; an IEEE float beats anything else (int64 with float16 is
// float16, bfloat16 with float16 is float16); then bfloat16; then a
// float8 type; then a float6 type; then float4_e2m1fn; bool with an
// integer gives the integer; two integers of one signedness give the
// wider; signed with unsigned gives the wider, the unsigned one at equal
// width (uint32 with int8 is uint32). Anything else, such as two
// different float8 types, is TVM's "Cannot match type A vs B".
//
// # Versions
//
// The option version picks a release line: 0.26 (v0.23 to v0.26 and main:
// bool is its own type), 0.22 (v0.21 and v0.22: bool is uint1), 0.20
// (float4_e2m1fn, two float8 types) and 0.19 (float8_e4m3fn and
// float8_e5m2 only). They agree on every dtype they share, except bool
// with uint1.
//
// # Operands
//
// TIR arithmetic is on scalar PrimExprs, so rank does not matter. A Python
// literal next to another operand is converted as TVM's FFI converts an
// operator's argument: bool is bool, int is int32 (int64 when it does not
// fit), float is float32 whatever its value (beyond float32's range it is
// refused); it is not weak (int8 + 1 is int32). A literal alone is
// tvm.tirx.const(v)'s: a float beyond ±3.40282347e38, NaN or ±inf is
// float64. A typed scalar DTYPE(VALUE) is tvm.tirx.const(VALUE, DTYPE),
// with FloatImm's range checks. Weak operands, complex literals and
// dtypes TVM lacks are refused.
//
// # N operands
//
// Result reads N operands as a chain of binary operators applied left to
// right.
package tvm
