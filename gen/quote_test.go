package gen

import "testing"

// TestRustPyQuote pins the Rust and Python literals, which share one loop
// and differ only in how a rune outside printable ASCII is escaped.
func TestRustPyQuote(t *testing.T) {
	for _, tc := range []struct{ in, rust, py string }{
		{"f32", `"f32"`, `"f32"`},
		{`a"b\c`, `"a\"b\\c"`, `"a\"b\\c"`},
		{"tab\there", `"tab\u{9}here"`, `"tab\u0009here"`},
		{"\x7f", `"\u{7f}"`, `"\u007f"`},
		{"bf16·é", `"bf16\u{b7}\u{e9}"`, `"bf16\u00b7\u00e9"`},
		{"𝔽8", `"\u{1d53d}8"`, `"\U0001d53d8"`},
		{"bad\xffbyte", `"bad\u{fffd}byte"`, `"bad\ufffdbyte"`},
		{"", `""`, `""`},
	} {
		if got := rustQuote(tc.in); got != tc.rust {
			t.Errorf("rustQuote(%q) = %s, want %s", tc.in, got, tc.rust)
		}
		if got := pyQuote(tc.in); got != tc.py {
			t.Errorf("pyQuote(%q) = %s, want %s", tc.in, got, tc.py)
		}
	}
}
