package promote

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

func readTSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Split(line, "\t"))
		}
	}
	return rows
}

func TestParseOperand(t *testing.T) {
	for _, r := range readTSV(t, "testdata/operands.tsv") {
		o, err := ParseOperand(r[0])
		if r[1] == "error" {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("ParseOperand(%q) = %v, %v; want a *SyntaxError", r[0], o, err)
			} else if !strings.Contains(err.Error(), r[0]) {
				t.Errorf("error %q does not name the token %q", err, r[0])
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseOperand(%q): %v", r[0], err)
			continue
		}
		if got := o.String(); got != r[1] {
			t.Errorf("ParseOperand(%q).String() = %q, want %q", r[0], got, r[1])
		}
		if got := o.Describe(); got != r[2] {
			t.Errorf("ParseOperand(%q).Describe() = %q, want %q", r[0], got, r[2])
		}
		back, err := ParseOperand(o.String())
		if err != nil || back.String() != o.String() {
			t.Errorf("round trip of %q gave %v, %v", r[0], back, err)
		}
	}
}

func TestParseOperandValues(t *testing.T) {
	o, _ := ParseOperand("(1.5-2j)")
	if o.Value.Kind != ComplexValue || o.Value.Real != 1.5 || o.Value.Imag != -2 {
		t.Errorf("(1.5-2j) = %+v", o.Value)
	}
	o, _ = ParseOperand("-2.5e-3j")
	if o.Value.Imag != -2.5e-3 || o.Value.Real != 0 {
		t.Errorf("-2.5e-3j = %+v", o.Value)
	}
	o, _ = ParseOperand("u8[2,?]")
	if o.Rank != 2 || o.Dims[0] != 2 || o.Dims[1] != -1 {
		t.Errorf("u8[2,?] = %+v", o)
	}
	o, _ = ParseOperand("1e400")
	if o.Value.Kind != FloatValue || o.Value.Real < 1e308 {
		t.Errorf("1e400 should be +inf as in Python, got %+v", o.Value)
	}
	if o, _ := ParseOperand("f32"); o.Rank != RankPositive || o.IsZeroDim() {
		t.Errorf("f32 has rank %d", o.Rank)
	}
}

func TestParseOperandsDialect(t *testing.T) {
	ops, err := ParseOperands(dtype.OpenVINO, "f8e4m3 boolean[]")
	if err != nil {
		t.Fatal(err)
	}
	if ops[0].DType != dtype.F8E4M3FN || ops[1].DType != dtype.Bool || !ops[1].IsZeroDim() {
		t.Errorf("OpenVINO reading: %v", ops)
	}
	if ops, err := ParseOperands(dtype.Neutral, "   "); err != nil || len(ops) != 0 {
		t.Errorf("blank line: %v, %v", ops, err)
	}
}

func FuzzParseOperand(f *testing.F) {
	for _, r := range []string{"f32", "i64[]", "u8[256,56]", "f16[...]", "i32?", "2", "-7", "2.5e3", "1j", "(1+2j)",
		"true", "f64(1.5)", "u8(3)", "1L", "1.0f", "f32[?,3]?", "nan", "(", "[", "(j)",
		"0x1F", "-0b101", "0o17", "1ull", "0xFFLLu", "1.0L", "2.5f-3", "1lL", "0x1p3",
		"-nan", "+NaN", "1_000", "0x_ff", "1_0.5e1_0", "1__0", "i64[](300)", "f64[](1e300)", "u8[](3)?", "c64[](1j)", "u8[](300)", "f32[2](1)", "bool[](true)"} {
		f.Add(r)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOperand(s)
		if err != nil {
			return
		}
		switch o.Kind {
		case Tensor, Scalar:
			if !o.DType.Valid() {
				t.Fatalf("%q parsed to invalid dtype", s)
			}
		case Literal:
		default:
			t.Fatalf("%q parsed to kind %d", s, o.Kind)
		}
		if o.Kind == Tensor && o.HasValue() && o.Rank != 0 {
			t.Fatalf("%q: a tensor of rank %d carries a value", s, o.Rank)
		}
		back, err := ParseOperand(o.String())
		if err != nil || back.String() != o.String() || back.Kind != o.Kind || back.HasValue() != o.HasValue() || back.Weak != o.Weak {
			t.Fatalf("%q -> %q does not round-trip: %v", s, o.String(), err)
		}
	})
}

// TestParseNilDialect: a nil dialect reads names as the Neutral one does,
// instead of panicking.
func TestParseNilDialect(t *testing.T) {
	got, err := ParseOperandIn(nil, "f32[2]")
	want, _ := ParseOperand("f32[2]")
	if err != nil || got.String() != want.String() {
		t.Errorf("ParseOperandIn(nil, f32[2]) = %v, %v; want %v", got, err, want)
	}
	if _, err := ParseOperands(nil, "float 1"); err == nil {
		t.Error("ParseOperands(nil, float 1): want the Neutral dialect's ambiguity error")
	}
}
