package numpy

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestSameKindCast: np.can_cast(from, to, "same_kind"), as NumPy 1.24.2
// (Debian python3-numpy) answered in a live run; the casting table is the
// same in NumPy 2.
func TestSameKindCast(t *testing.T) {
	p := NewPython()
	for _, c := range []struct {
		from, to dtype.DType
		want     bool
	}{
		{dtype.U16, dtype.I8, true},
		{dtype.I16, dtype.U8, false},
		{dtype.F64, dtype.F16, true},
		{dtype.I64, dtype.F16, true},
		{dtype.F32, dtype.I64, false},
		{dtype.C64, dtype.F32, false},
		{dtype.Bool, dtype.U8, true}, // safe
		{dtype.U8, dtype.Bool, false},
	} {
		if got := p.SameKindCast(c.from, c.to); got != c.want {
			t.Errorf("SameKindCast(%v, %v) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

// TestIntoOverflows: NumPy 2 raises OverflowError converting an
// out-of-bounds Python int to an integer dtype; NumPy 1.24.2 warned
// (live: np.uint8(300), np.uint8(-1), np.int8(200) give DeprecationWarning).
func TestIntoOverflows(t *testing.T) {
	p := NewPython()
	for _, c := range []struct {
		d    dtype.DType
		v    int64
		want bool
	}{
		{dtype.U8, 300, true}, {dtype.U8, -1, true}, {dtype.I8, 200, true},
		{dtype.U8, 255, false}, {dtype.I8, -128, false}, {dtype.I64, -1 << 63, false},
		{dtype.F32, 1 << 40, false},
	} {
		got, _ := p.IntoOverflows(c.d, promote.Int(c.v).Value)
		if got != c.want {
			t.Errorf("IntoOverflows(%v, %d) = %v, want %v", c.d, c.v, got, c.want)
		}
	}
}

// TestPythonOutcomes reads the legacy refusal for a value the source does not
// show: f32 array * f64 0-d without a value.
func TestPythonOutcomes(t *testing.T) {
	p := NewPython()
	_, err := p.Versions().Old.Result(promote.T(dtype.F32), promote.T0(dtype.F64))
	dts, exs, ok := p.Outcomes(err)
	if !ok || len(dts) != 2 || dts[0] == dts[1] {
		t.Fatalf("Outcomes(%v) = %v %v %v", err, dts, exs, ok)
	}
	if !strings.Contains(strings.Join(exs, "; "), "0-d float64 array or scalar holding") {
		t.Errorf("examples %q do not say it in NumPy's words", exs)
	}
	if _, _, ok := p.Outcomes(nil); ok {
		t.Error("Outcomes(nil) reported outcomes")
	}
}

// TestDTypeString: np.dtype's string forms as NumPy 1.24.2 read them in a
// live run (np.dtype(s).name), including the type strings where promote's
// catalogue reads "i8" as int8 and NumPy as int64.
func TestDTypeString(t *testing.T) {
	p := NewPython()
	for s, want := range map[string]dtype.DType{
		"f": dtype.F32, "d": dtype.F64, "i": dtype.I32, "l": dtype.I64, "b": dtype.I8, "B": dtype.U8,
		"h": dtype.I16, "H": dtype.U16, "q": dtype.I64, "Q": dtype.U64, "e": dtype.F16, "F": dtype.C64,
		"D": dtype.C128, "?": dtype.Bool, "i4": dtype.I32, "i8": dtype.I64, "u1": dtype.U8, "f2": dtype.F16,
		"c8": dtype.C64, "c16": dtype.C128, "int_": dtype.I64, "uint": dtype.U64, "p": dtype.I64,
		"P": dtype.U64, "I": dtype.U32, "L": dtype.U64, "<f8": dtype.F64, "float": dtype.F64, "int": dtype.I64,
	} {
		if got, ok := p.DTypeString(s); !ok || got != want {
			t.Errorf("DTypeString(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	if _, ok := p.DTypeString("object"); ok {
		t.Error("object read as a numeric dtype")
	}
}
