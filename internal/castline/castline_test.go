package castline

import (
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/convert"
)

// TestConvert: the value read, the result and how each step rounded.
func TestConvert(t *testing.T) {
	for _, tc := range []struct {
		from, to, line string
		in, out        string // Hex of the source value read, of the result
		read, acc      big.Accuracy
	}{
		{"f32", "f16", "0x3f800000", "0x3f800000", "0x3c00", big.Exact, big.Exact},
		{"f32", "f16", "0.1", "0x3dcccccd", "0x2e66", big.Above, big.Below},
		{"f32", "f16", "65520", "0x477ff000", "0x7c00", big.Exact, big.Above},
		{"f16", "f32", "65520", "0x7c00", "0x7f800000", big.Above, big.Exact},
		{"i32", "u8", "300", "0x0000012c", "0x2c", big.Exact, big.Below},
		{"c64", "c32", "1 -2", "0x3f800000 0xc0000000", "0x3c00 0xc000", big.Exact, big.Exact},
	} {
		c, err := New(tc.from, tc.to, "default")
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Convert(tc.line)
		if err != nil {
			t.Fatalf("%s -> %s %q: %v", tc.from, tc.to, tc.line, err)
		}
		if got := Hex(c.Src(), r.In); got != tc.in {
			t.Errorf("%s -> %s %q: read %s, want %s", tc.from, tc.to, tc.line, got, tc.in)
		}
		if got := Hex(c.Dst(), r.Out); got != tc.out || r.ReadAcc != tc.read || r.Acc != tc.acc {
			t.Errorf("%s -> %s %q: %s (%s, %s), want %s (%s, %s)", tc.from, tc.to, tc.line, got, Rounding(r.ReadAcc), Rounding(r.Acc), tc.out, Rounding(tc.read), Rounding(tc.acc))
		}
		if r.Decimal != !strings.HasPrefix(tc.line, "0x") {
			t.Errorf("%q: Decimal = %v", tc.line, r.Decimal)
		}
	}
}

// FuzzCastLine: any line gives one line or one error, never a panic; a
// hex line that fits agrees with convert.Scalar.
func FuzzCastLine(f *testing.F) {
	for _, s := range []string{"0x3f800000", "1.5", "-inf", "nan", "1e-40", "0x", "", "1e999999999999", "-0x1", "0x3f800000 0x0", "+.5e-3", "1/3"} {
		f.Add("f32", "f16", "default", s)
	}
	f.Add("c64", "bf16", "default", "1 2")
	f.Add("i8", "u4", "openvino", "-7")
	f.Add("f64", "f8e8m0fnu", "saturate", "1e-39")
	f.Fuzz(func(t *testing.T, from, to, policy, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		c, err := New(from, to, policy)
		if err != nil {
			return
		}
		out, err := c.Line(line, false)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		if strings.Contains(out, "\n") || !strings.HasPrefix(out, "0x") {
			t.Errorf("line %q: output %q", line, out)
		}
		toks := strings.Fields(line)
		if len(toks) == 1 && isHex(toks[0]) && !c.src.IsComplex() {
			x, err := strconv.ParseUint(toks[0][2:], 16, 64)
			if err != nil {
				return
			}
			want, _, err := convert.Scalar(c.dst, c.src, convert.Pattern{Re: x}, c.p)
			if err == nil && c.Format(want, false) != out {
				t.Errorf("line %q: %q, Scalar gives %q", line, out, c.Format(want, false))
			}
		}
	})
}

func TestExact(t *testing.T) {
	for _, tc := range []struct {
		t    string
		x    convert.Pattern
		want string
	}{
		{"f32", convert.Pattern{Re: 0x3dcccccd}, "0.100000001490116119384765625"},
		{"f16", convert.Pattern{Re: 0x3c00}, "1"},
		{"f16", convert.Pattern{Re: 0x0001}, "0.000000059604644775390625"},
		{"bf16", convert.Pattern{Re: 0xc2f7}, "-123.5"},
		{"f32", convert.Pattern{Re: 0x7f7fffff}, "340282346638528859811704183484516925440"},
		{"f32", convert.Pattern{Re: 0x80000000}, "-0"},
		{"f32", convert.Pattern{Re: 0x7fc00000}, "nan"},
		{"f8e4m3fn", convert.Pattern{Re: 0x7e}, "448"},
		{"i8", convert.Pattern{Re: 0xff}, "-1"},
		{"c64", convert.Pattern{Re: 0x3f800000, Im: 0x3dcccccd}, "1 0.100000001490116119384765625"},
	} {
		c, err := New(tc.t, tc.t, "default")
		if err != nil {
			t.Fatal(err)
		}
		if got := Exact(c.Src(), tc.x); got != tc.want {
			t.Errorf("Exact(%s, %#x) = %s, want %s", tc.t, tc.x.Re, got, tc.want)
		}
	}
}
