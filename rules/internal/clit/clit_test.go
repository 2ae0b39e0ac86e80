package clit

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// TestOf covers C17 §6.4.4.1's table (C++ [lex.icon] Table 8) at each
// boundary, the float suffixes and true/false in each language; GCC
// agrees on every one (rules/c and rules/cpp oracle tests).
func TestOf(t *testing.T) {
	c17, c23, cxx := Lang{}, Lang{C23: true}, Lang{CPlusPlus: true}
	for _, c := range []struct {
		lit  string
		lang Lang
		want string // the C type, or "error: TEXT"
	}{
		{"0", c17, "int"}, {"2147483647", c17, "int"}, {"2147483648", c17, "long"}, {"-2147483648", c17, "long"},
		{"9223372036854775807", c17, "long"}, {"9223372036854775808", c17, "error: __int128"},
		{"18446744073709551616", c17, "error: too large for its type"},
		{"0x7FFFFFFF", c17, "int"}, {"0x80000000", c17, "unsigned int"}, {"0xFFFFFFFF", c17, "unsigned int"},
		{"0x100000000", c17, "long"}, {"0x8000000000000000", c17, "unsigned long"},
		{"-0x80000000", c17, "unsigned int"}, // unary minus on an unsigned int
		{"017", c17, "int"}, {"017777777777", c17, "int"}, {"020000000000", c17, "unsigned int"},
		{"040000000000", c17, "long"}, {"08", c17, "error: invalid digit \"8\" in octal constant"},
		{"1u", c17, "unsigned int"}, {"4294967296u", c17, "unsigned long"},
		{"1l", c17, "long"}, {"0xFFFFFFFFFFFFFFFFl", c17, "unsigned long"}, {"9223372036854775808l", c17, "error: __int128"},
		{"1ul", c17, "unsigned long"}, {"1lu", c17, "unsigned long"},
		{"1ll", c17, "long long"}, {"0x8000000000000000ll", c17, "unsigned long long"}, {"9223372036854775808ll", c17, "error: __int128"},
		{"1ull", c17, "unsigned long long"}, {"18446744073709551615ull", c17, "unsigned long long"},
		{"18446744073709551616ull", c17, "error: too large for its type"},
		{"0b101", c17, "error: binary constants are a C23 feature"}, {"0b101", c23, "int"}, {"0b101", cxx, "int"},
		{"0o17", c23, "error: 0o is Julia's and Python's"},
		{"1.0", c17, "double"}, {"1.0f", c17, "float"}, {"1.0L", c17, "long double"}, {"2.5e3l", cxx, "long double"},
		{"1f0", cxx, "error: Julia's Float32"},
		{"true", c17, "int"}, {"false", c17, "int"}, {"true", c23, "bool"}, {"true", cxx, "bool"},
		{"1j", c17, "error: C has no imaginary literal"}, {"1j", cxx, "error: C++ has no imaginary literal"},
	} {
		o, err := promote.ParseOperand(c.lit)
		if err != nil {
			t.Fatalf("%s: %v", c.lit, err)
		}
		typ, err := Of(o.Value, c.lang)
		if msg, isErr := strings.CutPrefix(c.want, "error: "); isErr {
			if err == nil || !strings.Contains(err.Error(), msg) {
				t.Errorf("%s in %+v = %v, %v; want an error holding %q", c.lit, c.lang, typ, err, msg)
			}
			continue
		}
		if err != nil || typ.Name != c.want {
			t.Errorf("%s in %+v = %v, %v; want %s", c.lit, c.lang, typ, err, c.want)
		}
	}
}
