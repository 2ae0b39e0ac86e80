// Package kernelfloat is the rule set of kernel_float, the CUDA C++ vector
// library (KernelTuner/kernel_float @ f4e2d65be6e0f28156781eb766bae0fbcbe48b42,
// include/kernel_float/meta.h, fp16.h, bf16.h, fp8.h, constant.h, base.h):
// the type an operation on two vectors, or a vector and a scalar, computes
// in, as its promote_type specializations state it at compile time.
//
// # What an answer is
//
// Result folds promote_t left to right over the operands (promote_t<A, B,
// C> is promote_t<promote_t<A, B>, C>, so order can matter: float, int,
// unsigned compiles, int, unsigned, float does not). Each step is one
// promote_type specialization:
//
//   - a type with itself, or bool with any type, gives the other type;
//   - a float-like type (double, float, half, __nv_bfloat16, the two fp8
//     types) with an integer gives the float-like type; of two float-like
//     types the wider wins, half with bfloat16 gives float, and long double
//     (f80) has no promotion with half, bfloat16 or fp8;
//   - two integers of the same signedness give the wider (long long, i64,
//     above long, clong); a signed with an unsigned integer has no
//     specialization, so the code does not compile (a refusal, as every
//     pair without a specialization is); plain char (cchar) meets only
//     char, bool and the float-like types.
//
// C++ literals are not weak: 1 is int, 1.0 double, 1.0f float, true bool,
// and each promotes like any operand (vec<float> + 1.0 is double). The one
// weak operand is constant<T> (written T? in the batch grammar), which
// takes the other operand's type; two constants give constant<promote(L,
// R)>, and two of the same type are an ambiguous specialization.
//
// The operands' vector lengths must be equal or 1 (broadcast_extent,
// apply.h): f32[2] with f32[3] is refused.
//
// kernel_float's element types are bool, plain char (cchar), the signed
// and unsigned integers of 8 to 64 bits (long and unsigned long as clong
// and culong, long long and unsigned long long as i64 and u64), half, __nv_bfloat16, float, double, long double (f80 on
// x86-64 Linux), and CUDA's
// __nv_fp8_e4m3 (OCP E4M3: float8_e4m3fn) and __nv_fp8_e5m2; any other
// dtype is refused. The plain dtype × dtype decisions are compiled into a
// kit.PairTable on first use, so PromoteTypes is one index.
//
// Def.Rules lists every rule; testdata/coverage.tsv reaches each, and
// testdata/matrix.tsv holds every pair as g++ compiles the library's
// headers.
package kernelfloat
