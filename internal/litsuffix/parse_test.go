package litsuffix

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseInt(t *testing.T) {
	for _, tt := range []struct {
		in, want, suffix string
		ok, err          bool
	}{
		{"0x1F", "31", "", true, false},
		{"-0b101", "-5", "", true, false},
		{"0o17", "15", "", true, false},
		{"1u", "1", Unsigned, true, false},
		{"1lu", "1", UnsignedLong, true, false},
		{"1ULL", "1", UnsignedLongLong, true, false},
		{"7LL", "7", LongLong, true, false},
		{"3L", "3", Long, true, false},
		{"12", "", "", false, false},    // plain decimal: the caller's
		{"0x1p3", "", "", false, false}, // a hex float: the float reader's
		{"0x", "", "", true, true},
		{"0b102", "", "", true, true},
		{"1lul", "", "", true, true},
		{"0x" + strings.Repeat("f", 20), "", "", true, true}, // more digits than allowed
	} {
		n, suffix, ok, err := ParseInt(tt.in, 16)
		if ok != tt.ok || (err != nil) != tt.err {
			t.Errorf("ParseInt(%q) = %v, %q, ok %v, err %v", tt.in, n, suffix, ok, err)
			continue
		}
		if ok && err == nil && (n.String() != tt.want || suffix != tt.suffix) {
			t.Errorf("ParseInt(%q) = %v %q, want %s %q", tt.in, n, suffix, tt.want, tt.suffix)
		}
	}
}

func TestParseFloat(t *testing.T) {
	for _, tt := range []struct {
		in     string
		want   float64
		suffix string
		ok     bool
		err    bool
	}{
		{"1.5f", 1.5, Float, true, false},
		{"2.5e3L", 2500, LongDouble, true, false},
		{"1f0", 1, JuliaF32, true, false},
		{"2.5f-3", 0.0025, JuliaF32, true, false},
		{"1f", 0, "", true, true}, // C needs a point or an exponent
		{"inf", 0, "", false, false},
		{"1.5", 0, "", false, false},
	} {
		f, suffix, ok, err := ParseFloat(tt.in, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
		if ok != tt.ok || (err != nil) != tt.err || ok && err == nil && (f != tt.want || suffix != tt.suffix) {
			t.Errorf("ParseFloat(%q) = %v, %q, ok %v, err %v", tt.in, f, suffix, ok, err)
		}
	}
}

// FuzzParse: the readers never panic, an error comes with ok, and a
// value read is one of the suffixes this package names.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0x1F", "1ull", "1.0f", "1f0", "0b", "-0o7L", "1e5f", "99999999999999999999u"} {
		f.Add(s)
	}
	suffixes := map[string]bool{"": true, Unsigned: true, Long: true, UnsignedLong: true, LongLong: true,
		UnsignedLongLong: true, Float: true, JuliaF32: true} // LongDouble is spelled as Long
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || len(s) > 200 {
			return
		}
		n, suffix, ok, err := ParseInt(s, 100)
		if err != nil && !ok || ok && err == nil && (n == nil || !suffixes[suffix]) {
			t.Errorf("ParseInt(%q) = %v, %q, %v, %v", s, n, suffix, ok, err)
		}
		_, suffix, ok, err = ParseFloat(s, func(x string) (float64, error) { return strconv.ParseFloat(x, 64) })
		if err != nil && !ok || ok && err == nil && !suffixes[suffix] {
			t.Errorf("ParseFloat(%q) = %q, %v, %v", s, suffix, ok, err)
		}
	})
}
