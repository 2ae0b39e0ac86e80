package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestCast runs promote cast on a few lines per case; want has one output
// line per input line.
func TestCast(t *testing.T) {
	for _, c := range []struct {
		args []string
		in   string
		want string
	}{
		{[]string{"-from", "f32", "-to", "f16"}, "0x3f800000\n1.5\n-inf\nnan\n1e-40\n65520\n",
			"0x3c00\n0x3e00\n0xfc00\n0x7e00\n0x0000\n0x7c00\n"},
		{[]string{"-from", "f32", "-to", "f16", "-text"}, "0x3f800000\n0.1\n-0\n0x7f800001\n",
			"0x3c00 1\n0x2e66 0.0999755859375\n0x8000 -0\n0x7e00 nan\n"},
		{[]string{"-from", "f64", "-to", "u64"}, "1e-300\n", "0x0000000000000000\n"},
		{[]string{"-from", "u8", "-to", "u1"}, "1\n0x03\n", "0x1\n0x1\n"},
		{[]string{"-from", "i8", "-to", "i4", "-text"}, "-1\n8\n0xf8\n", "0xf -1\n0x8 -8\n0x8 -8\n"},
		{[]string{"-from", "i32", "-to", "u8"}, "-1\n300\n", "0xff\n0x2c\n"},
		{[]string{"-from", "f32", "-to", "u8"}, "-1\n300\n", "0x00\n0xff\n"},
		{[]string{"-from", "bool", "-to", "f32", "-text"}, "true\nfalse\n0x01\n", "0x3f800000 1\n0x00000000 0\n0x3f800000 1\n"},
		{[]string{"-from", "f32", "-to", "bool"}, "nan\n-0\n", "0x01\n0x00\n"},
		{[]string{"-from", "c64", "-to", "c32", "-text"}, "0x3f800000 0x40000000\n1 -2\n3\n",
			"0x3c00 0x4000 1 2\n0x3c00 0xc000 1 -2\n0x4200 0x0000 3 0\n"},
		{[]string{"-from", "f32", "-to", "c64"}, "0x3f800000\n", "0x3f800000 0x00000000\n"},
		{[]string{"-from", "f32", "-to", "f8e4m3fn", "-policy", "openvino"}, "0x3a800002\n464.125\n",
			"0x00\n0x7e\n"},
		{[]string{"-from", "f32", "-to", "bf16", "-policy", "openvino", "-text"}, "0x3f80c000\n", "0x3f80 1\n"},
		{[]string{"-from", "f32", "-to", "f8e4m3fn", "-policy", "kernel-float"}, "1000\ninf\n", "0x7e\n0x7e\n"},
		{[]string{"-from", "f32", "-to", "f8e8m0fnu", "-text"}, "3\n0\n", "0x81 4\n0xff nan\n"},
		{[]string{"-from", "u64", "-to", "f64"}, "18446744073709551615\n", "0x43f0000000000000\n"},
		// Bad lines: one error line each, the rest goes on.
		{[]string{"-from", "f32", "-to", "f16"}, "\nfoo\n0x1ffffffff\n0x\n1 2\n1.5\n",
			"error: empty line: want a hex pattern or a decimal number\n" +
				"error: bad number \"foo\": want a decimal number, inf or nan\n" +
				"error: pattern 0x1ffffffff does not fit f32 (32 bits)\n" +
				"error: bad hex pattern \"0x\"\n" +
				"error: want one value of f32, got 2 tokens\n" +
				"0x3e00\n"},
		{[]string{"-from", "i8", "-to", "f32"}, "1.5\n128\nnan\n", "error: i8 takes integer values, not a fraction, inf or nan\n" +
			"error: 128 is out of range for i8 (-128..127)\nerror: i8 takes integer values, not a fraction, inf or nan\n"},
		{[]string{"-from", "c64", "-to", "c32"}, "0x1 2\n", "error: write both parts as hex patterns or both as decimals\n"},
		{[]string{"-from", "f32", "-to", "f16"}, "1.5", "0x3e00\n"},                  // no final newline
		{[]string{"-from", "f32", "-to", "f16"}, "1.5\r\n2\r\n", "0x3e00\n0x4000\n"}, // CRLF
	} {
		out, errs, code := runPromote(t, c.in, append([]string{"cast"}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("cast %v <<%q: exit %d, stdout\n%s\nwant\n%s\nstderr %s", c.args, c.in, code, out, c.want, errs)
		}
	}
}

func TestCastUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-from", "f32"},
		{"-from", "f32", "-to", "float128"},
		{"-from", "f32", "-to", "f16", "-policy", "ieee"},
		{"-from", "f32", "-to", "f16", "extra"},
		{"-from", "f32", "-to", "dynamic"},
		{"-from", "f32", "-to", "f8e4m3fnuz", "-policy", "openvino"},
		{"-bogus"},
	} {
		out, errs, code := runPromote(t, "1\n", append([]string{"cast"}, args...)...)
		if code != 2 || out != "" || errs == "" {
			t.Errorf("cast %v: exit %d, stdout %q, stderr %q; want exit 2 and a message", args, code, out, errs)
		}
	}
	_, errs, _ := runPromote(t, "", "cast", "-from", "f32", "-to", "f16", "-policy", "ieee")
	if !strings.Contains(errs, "default, openvino, kernel-float") {
		t.Errorf("policy error does not list the names: %q", errs)
	}
}

// TestCastHexWidths: the pattern is zero-padded to DST's width in hex
// digits; sub-byte types print their low bits.
func TestCastHexWidths(t *testing.T) {
	for _, d := range dtype.All() {
		if d == dtype.Dynamic || d.Format().Lanes > 1 { // a packed type has no cast
			continue
		}
		out, errs, code := runPromote(t, "0\n", "cast", "-from", "i8", "-to", d.String())
		if code != 0 {
			t.Fatalf("%v: %s", d, errs)
		}
		part := d
		if d.IsComplex() {
			part = d.Format().Elem
		}
		digits := (part.Bits() + 3) / 4
		re := regexp.MustCompile(`^0x[0-9a-f]{` + strconv.Itoa(digits) + `}( 0x[0-9a-f]{` + strconv.Itoa(digits) + `})?\n$`)
		if !re.MatchString(out) {
			t.Errorf("%v: %q does not have %d hex digits", d, out, digits)
		}
	}
}
