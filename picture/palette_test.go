package picture

import (
	"math"
	"strconv"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// luminance is WCAG's relative luminance of a #RRGGBB colour.
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil || len(hex) != 7 {
		t.Fatalf("bad colour %q", hex)
	}
	lin := func(c uint64) float64 {
		x := float64(c) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(v>>16) + 0.7152*lin(v>>8&0xff) + 0.0722*lin(v&0xff)
}

// TestPaletteGreyscale: the kinds differ in lightness alone, by at least
// 0.1 of relative luminance, so they stay apart in greyscale print and for
// every kind of colour blindness (which changes hues, not luminance); and
// black text keeps at least 4.5:1 contrast on every fill (WCAG AA).
func TestPaletteGreyscale(t *testing.T) {
	kinds := []Kind{KindBool, KindUnsigned, KindSigned, KindSmallFloat, KindFloat, KindComplex}
	for i, a := range kinds {
		la := luminance(t, a.Fill())
		if c := (la + 0.05) / 0.05; c < 4.5 {
			t.Errorf("%s: black text contrast %.1f:1", a, c)
		}
		for _, b := range kinds[i+1:] {
			if d := math.Abs(la - luminance(t, b.Fill())); d < 0.1 {
				t.Errorf("%s and %s differ by %.3f in luminance", a, b, d)
			}
		}
	}
}

func TestKindOf(t *testing.T) {
	for _, tc := range []struct {
		d    dtype.DType
		want Kind
	}{
		{dtype.Bool, KindBool}, {dtype.U1, KindUnsigned}, {dtype.U64, KindUnsigned}, {dtype.I4, KindSigned},
		{dtype.F4E2M1FN, KindSmallFloat}, {dtype.F8E5M2, KindSmallFloat}, {dtype.F16, KindFloat},
		{dtype.BF16, KindFloat}, {dtype.F80, KindFloat}, {dtype.C32, KindComplex}, {dtype.Dynamic, KindNone},
	} {
		if got := KindOf(tc.d); got != tc.want {
			t.Errorf("KindOf(%s) = %s, want %s", tc.d, got, tc.want)
		}
	}
	for _, d := range dtype.All() {
		if KindOf(d).String() == "?" {
			t.Errorf("%s has no kind name", d)
		}
	}
}
