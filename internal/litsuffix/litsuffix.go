// Package litsuffix reads the literal forms of the compiled hosts (C, C++,
// Julia) that promote's operand parser accepts beyond plain decimal
// numbers: radix prefixes, C's integer and float suffixes and Julia's
// Float32 exponent (ParseInt, ParseFloat), and holds the normalised
// spellings of those suffixes that the parser records in Value.Suffix.
// Package kit re-exports the spellings for rule sets, which decide what
// each form means in their host.
package litsuffix

// Integer suffixes, normalised: the letters in any case and either order
// (lu is ul), with the two l's of long long written alike (ll or LL).
const (
	Unsigned         = "u"   // 1u
	Long             = "L"   // 1L: R's integer, C's long
	UnsignedLong     = "uL"  // 1ul, 1lu
	LongLong         = "LL"  // 1ll
	UnsignedLongLong = "uLL" // 1ull, 1llu
)

// Float suffixes.
const (
	Float      = "f"  // C's float: 1.0f
	LongDouble = "L"  // C's long double: 1.0L (Kind FloatValue)
	JuliaF32   = "f0" // Julia's Float32, f in place of e: 1f0, 2.5f-3
)
