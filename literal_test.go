package promote

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestCompiledHostLiterals covers literal.go: radix prefixes, C's integer
// and float suffixes and Julia's Float32 exponent, each read into its kind,
// exact value and normalised suffix, with the text kept as written.
func TestCompiledHostLiterals(t *testing.T) {
	for _, c := range []struct {
		in     string
		kind   ValueKind
		value  string // the integer in decimal, or the float as %g
		suffix string
	}{
		// Radix prefixes, any case, with a sign.
		{"0x01", IntValue, "1", ""},
		{"0x1F", IntValue, "31", ""},
		{"0X1f", IntValue, "31", ""},
		{"-0x2", IntValue, "-2", ""},
		{"+0xff", IntValue, "255", ""},
		{"0x0000000000000001", IntValue, "1", ""},
		{"0xFFFFFFFFFFFFFFFFFFFF", IntValue, "1208925819614629174706175", ""},
		{"0b101", IntValue, "5", ""},
		{"0B0", IntValue, "0", ""},
		{"0o17", IntValue, "15", ""},
		{"0O777", IntValue, "511", ""},
		{"0x1e5", IntValue, "485", ""}, // e is a hex digit, not an exponent
		// C's integer suffixes, normalised.
		{"1u", IntValue, "1", "u"},
		{"1U", IntValue, "1", "u"},
		{"1l", IntValue, "1", "L"},
		{"1L", IntValue, "1", "L"},
		{"1ul", IntValue, "1", "uL"},
		{"1LU", IntValue, "1", "uL"},
		{"1lU", IntValue, "1", "uL"},
		{"1ll", IntValue, "1", "LL"},
		{"1LL", IntValue, "1", "LL"},
		{"1ull", IntValue, "1", "uLL"},
		{"1ULL", IntValue, "1", "uLL"},
		{"1llu", IntValue, "1", "uLL"},
		{"1LLu", IntValue, "1", "uLL"},
		{"-2147483648l", IntValue, "-2147483648", "L"},
		{"0xFFu", IntValue, "255", "u"},
		{"0x80000000ULL", IntValue, "2147483648", "uLL"},
		{"0b1l", IntValue, "1", "L"},
		{"017", IntValue, "17", ""}, // decimal here; C reads the text as octal
		// C's float suffixes.
		{"1.0f", FloatValue, "1", "f"},
		{"1.5F", FloatValue, "1.5", "f"},
		{"2.5e3f", FloatValue, "2500", "f"},
		{"1e5f", FloatValue, "100000", "f"},
		{"1.0L", FloatValue, "1", "L"},
		{"1.0l", FloatValue, "1", "L"},
		{"-2.5e-3L", FloatValue, "-0.0025", "L"},
		// Julia's Float32 exponent.
		{"1f0", FloatValue, "1", "f0"},
		{"0.5f0", FloatValue, "0.5", "f0"},
		{"2.5f-4", FloatValue, "0.00025", "f0"},
		{".5f0", FloatValue, "0.5", "f0"},
		{"1.f0", FloatValue, "1", "f0"},
		{"-1f+2", FloatValue, "-100", "f0"},
		{"1.0f16", FloatValue, "1e+16", "f0"},
		// Unchanged forms.
		{"1", IntValue, "1", ""},
		{"1.0", FloatValue, "1", ""},
		{"1e3", FloatValue, "1000", ""},
		{"inf", FloatValue, "+Inf", ""},
	} {
		o, err := ParseOperand(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		v := o.Value
		if o.Kind != Literal || v.Kind != c.kind || v.Suffix != c.suffix || v.Text != c.in {
			t.Errorf("%q = kind %v suffix %q text %q, want %v %q %q", c.in, v.Kind, v.Suffix, v.Text, c.kind, c.suffix, c.in)
			continue
		}
		got := ""
		if v.Kind == IntValue {
			got = v.Int.String()
		} else {
			got = formatG(v.Real)
		}
		if got != c.value {
			t.Errorf("%q = %s, want %s", c.in, got, c.value)
		}
	}
}

func formatG(f float64) string {
	if math.IsInf(f, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// TestCompiledHostLiteralErrors: malformed forms are syntax errors that
// name the token and, where one applies, say what is valid.
func TestCompiledHostLiteralErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0x", "needs digits after it"},
		{"0b", "needs digits after it"},
		{"0b102", "not a base-2"},
		{"0o8", "not a base-8"},
		{"0xg", "only decimal literals"},
		{"0x1p3", "only decimal literals"}, // Julia's hex float
		{"1uu", "is not one of u, l, ul"},
		{"1lL", "is not one of u, l, ul"},
		{"1lul", "is not one of u, l, ul"},
		{"1lll", "is not one of u, l, ul"},
		{"1f", "needs a decimal point or exponent"},
		{"1l.5", "malformed"},
		{"1F0", "malformed"}, // Julia's f is lower case
		{"1f", "1.0f"},
		{"1.5u", "malformed"},
		{"1e5u", "malformed"},
		{"--0x1", "only decimal literals"},
		{"1f0.5", "malformed"},
	} {
		_, err := ParseOperand(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), c.in) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseOperand(%q) = %v, want a *SyntaxError naming it and saying %q", c.in, err, c.want)
		}
	}
}

// TestDigitSeparators: underscores between digits (Python's PEP 515,
// Julia's) are read, and Text keeps them as written; a misplaced one is a
// syntax error naming the token.
func TestDigitSeparators(t *testing.T) {
	for _, c := range []struct {
		in    string
		kind  ValueKind
		value string
	}{
		{"1_000", IntValue, "1000"},
		{"-1_000_000", IntValue, "-1000000"},
		{"0x_ff", IntValue, "255"},
		{"0xdead_beef", IntValue, "3735928559"},
		{"0b_1010_1010", IntValue, "170"},
		{"0o_17", IntValue, "15"},
		{"1_000.5", FloatValue, "1000.5"},
		{"1.000_5", FloatValue, "1.0005"},
		{"1e1_0", FloatValue, "1e+10"},
		{"1_0f0", FloatValue, "10"},
		{"1_000u", IntValue, "1000"},
	} {
		o, err := ParseOperand(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		v := o.Value
		got := ""
		if v.Kind == IntValue {
			got = v.Int.String()
		} else {
			got = formatG(v.Real)
		}
		if o.Kind != Literal || v.Kind != c.kind || got != c.value || v.Text != c.in {
			t.Errorf("%q = %v %s (text %q), want %v %s", c.in, v.Kind, got, v.Text, c.kind, c.value)
		}
	}
	if o, err := ParseOperand("1_0j"); err != nil || o.Value.Kind != ComplexValue || o.Value.Imag != 10 {
		t.Errorf("1_0j: %+v, %v", o.Value, err)
	}
	if o, err := ParseOperand("(1_0+2_0j)"); err != nil || o.Value.Real != 10 || o.Value.Imag != 20 {
		t.Errorf("(1_0+2_0j): %+v, %v", o.Value, err)
	}
	if o, err := ParseOperand("u16(1_000)"); err != nil || o.Value.Int.Int64() != 1000 || o.Value.Text != "1_000" {
		t.Errorf("u16(1_000): %+v, %v", o.Value, err)
	}
	for _, bad := range []string{"1__000", "1_", "1_.5", "1._5", "1_e5", "1e_5", "0x_", "0x__f", "0_x1", "1_j", "-_1", "0b1_2"} {
		_, err := ParseOperand(bad)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), strconv.Quote(bad)) {
			t.Errorf("ParseOperand(%q) = %v, want a *SyntaxError naming it", bad, err)
		}
	}
}

// TestMalformedNamesWholeToken: a malformed number is named whole, not by
// the part a sub-reader looked at ("1jj", not "1j").
func TestMalformedNamesWholeToken(t *testing.T) {
	for _, tok := range []string{"1jj", "(1+2jj)", "1.5qf", "1.5.5", "f32(1jj)", "1e5u"} {
		_, err := ParseOperand(tok)
		want := tok
		if v, ok := strings.CutPrefix(tok, "f32("); ok {
			want = strings.TrimSuffix(v, ")")
		}
		if err == nil || !strings.Contains(err.Error(), "malformed number "+strconv.Quote(want)) {
			t.Errorf("ParseOperand(%q) = %v, want it to say malformed number %q", tok, err, want)
		}
	}
}
