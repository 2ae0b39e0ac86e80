// Package cpp is the rule set of C++'s usual arithmetic conversions
// ([expr.arith.conv]) on x86-64 Linux (LP64), as g++ computes them, under
// C++17, C++20 or C++23. spec.md in this directory restates the rules
// with their sources; the tests compare every pair and literal kind with
// g++ itself (12 and 14) when it is installed.
//
// # The rules
//
// Integers are C's: integral promotion to int first (u8 + u8 is int),
// then the greater rank, the unsigned type at equal rank, a signed type
// that holds the unsigned one's values. Floating types follow C++23's
// conversion ranks (P1467): the type whose value set contains the other's
// wins, and std::float16_t with std::bfloat16_t, whose ranks are
// unordered, is ill-formed (GCC's C gives _Float16 there; see the c rule
// set). std::complex<T> has operator templates over one T, so it meets
// only std::complex<T> or T: std::complex<float> + double does not
// compile.
//
// # Types and the std option
//
// std=c++17 (the default) and c++20 have bool, the standard integers,
// float, double, long double (f80) and std::complex of the three;
// std=c++23 adds std::float16_t, std::bfloat16_t and their std::complex
// (c32, bc32). Every other dtype is refused by name.
//
// # Literals and N operands
//
// Literals are not weak and are typed as in C ([lex.icon] Table 8; true
// is a bool; rules/internal/clit). a + b + c is a left fold, so
// f16 bf16 f32 fails at its first step while f16 f32 bf16 is float.
package cpp
