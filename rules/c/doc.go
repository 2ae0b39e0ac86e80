// Package c is the rule set of C's usual arithmetic conversions on x86-64
// Linux (LP64), as GCC's C front end computes them (gcc/c/c-typeck.cc
// c_common_type), under ISO C17 or C23. spec.md in this directory restates
// the rules with their sources; the tests compare every pair and literal
// kind with GCC itself (12 and 14) when it is installed.
//
// # The rules
//
// Each operand first undergoes the integer promotions: _Bool, char,
// signed and unsigned char and short become int (so u8 + u8 is int; C23's
// _BitInt(N) is never promoted). A complex operand makes the result
// complex of the common real type. A floating type beats an integer one;
// of two floating types the greater precision wins, and at equal
// precision the interchange type (_Float16 + __bf16 is _Float16). Of two
// integer types the greater precision wins; at equal precision the
// unsigned one (int + unsigned int is unsigned int, unsigned int + long is
// long).
//
// # Types and the std option
//
// std=c17 (the default) has _Bool, the standard integers (i64 is long,
// which long long equals in every answer), float, double, long double
// (f80, x87) and their complex types. std=c23 adds _Float16 and
// _Complex _Float16, GCC's __bf16, and the bit-precise _BitInt(2),
// _BitInt(4) and unsigned _BitInt(1), (2), (4) for i2, i4, u1, u2, u4.
// Every other dtype is refused by name.
//
// # Literals and N operands
//
// Literals are not weak: an integer constant takes the first type of
// C's list for its radix and suffix that holds its value (2147483648 is
// long, 0x80000000 unsigned int, 017 octal), a float constant is double,
// float (f) or long double (l), and true is an int in C17 and a bool in
// C23 (rules/internal/clit). a + b + c is a left fold, integer promotion
// applied at each step.
package c
