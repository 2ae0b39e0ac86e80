package clip

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"f32", `"f32"`},
		{"", `""`},
		{strings.Repeat("x", TokenBytes), strconv.Quote(strings.Repeat("x", TokenBytes))},
		{strings.Repeat("9", 20_000_000), `"` + strings.Repeat("9", TokenBytes-8) + `…" (20000000 bytes)`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%d bytes) = %q, want %q", len(tc.in), got, tc.want)
		}
	}
}

func TestQuoteASCII(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"poids.é", `"poids.\u00e9"`},
		{"a\x01", `"a\x01"`},
		{strings.Repeat("é", 20_000), `"` + strings.Repeat(`\u00e9`, (TokenBytes-8)/2) + `\u2026" (40000 bytes)`},
	} {
		if got := QuoteASCII(tc.in); got != tc.want {
			t.Errorf("QuoteASCII(%d bytes) = %q, want %q", len(tc.in), got, tc.want)
		}
	}
}

// TestCutAtRuneBoundary: a cut never splits a multi-byte character.
func TestCutAtRuneBoundary(t *testing.T) {
	for shift := range 4 {
		s := strings.Repeat("a", shift) + strings.Repeat("é€𝄞", 100)
		for _, got := range []string{Text(s), Quote(s)} {
			if !utf8.ValidString(got) {
				t.Errorf("shift %d: cut %q is not valid UTF-8", shift, got)
			}
			if len(got) > TokenBytes+32 {
				t.Errorf("shift %d: %d bytes", shift, len(got))
			}
		}
	}
}

func TestList(t *testing.T) {
	items := func(n int) string {
		return List(n, func(i int) string { return "i" + strconv.Itoa(i) }, " ")
	}
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, ""},
		{1, "i0"},
		{ListItems + 1, "i0 i1 i2 i3 i4 i5 i6 i7 i8"}, // one more is shown, not announced
		{250_000, "i0 i1 i2 i3 i4 i5 i6 i7 … and 249992 more"},
	} {
		if got := items(tc.n); got != tc.want {
			t.Errorf("List(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	long := List(2, func(int) string { return strings.Repeat("z", 1000) }, ", ")
	if len(long) > 2*(TokenBytes+32) || !strings.Contains(long, "(1000 bytes)") {
		t.Errorf("long items are not cut: %q", long)
	}
}
