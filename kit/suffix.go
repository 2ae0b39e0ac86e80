package kit

import "github.com/promote-dev/promote/internal/litsuffix"

// The literal suffixes promote's operand parser records in
// promote.Value.Suffix, normalised, for the compiled hosts (C, C++,
// Julia). The parser reads them for every host; each rule set decides
// whether its host has the form (a Python rule set refuses any suffix)
// and, for the radix forms, reads Value.Text (Julia sizes 0x01 by its
// digit count; C reads 017 as octal).

// Integer suffixes: the letters in any case and either order (lu is ul),
// the two l's of long long written alike (ll or LL). ISO C17 6.4.4.1.
const (
	SuffixUnsigned         = litsuffix.Unsigned         // 1u
	SuffixLong             = litsuffix.Long             // 1L: R's integer, C's long
	SuffixUnsignedLong     = litsuffix.UnsignedLong     // 1ul, 1lu
	SuffixLongLong         = litsuffix.LongLong         // 1ll
	SuffixUnsignedLongLong = litsuffix.UnsignedLongLong // 1ull, 1llu
)

// Float suffixes: C's f and L (ISO C17 6.4.4.2) and Julia's Float32
// exponent (JuliaSyntax.jl src/tokenize.jl, lex_digit).
const (
	SuffixFloat      = litsuffix.Float      // C's float: 1.0f
	SuffixLongDouble = litsuffix.LongDouble // C's long double: 1.0L (Kind FloatValue)
	SuffixJuliaF32   = litsuffix.JuliaF32   // Julia's Float32, f in place of e: 1f0, 2.5f-3
)
