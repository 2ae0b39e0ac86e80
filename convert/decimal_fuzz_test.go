package convert

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// FuzzParseDecimal: ParseDecimal never panics, and wherever it and
// strconv.ParseFloat both accept a plain decimal, rounding it once into
// f64 gives strconv's answer (strconv rounds correctly, to nearest even).
func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"1.5", "-2", "1e-40", ".5", "3.E2", "inf", "-Infinity", "nan", "0", "-0",
		"2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623158e308", "1e99999", "1e-99999",
		"9007199254740993", "", "-", "1e", "e5", "1..2", " 1 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDecimal(s)
		if err != nil {
			return
		}
		got, _, err := FromDecimal(dtype.F64, d, Default())
		if err != nil {
			t.Fatalf("FromDecimal(f64, %q): %v", s, err)
		}
		// Compare only plain decimals: strconv also takes hex floats and
		// underscores, which ParseDecimal refuses.
		if strings.ContainsAny(s, "xXpP_") {
			return
		}
		want, serr := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if serr != nil && !strings.Contains(serr.Error(), "range") {
			return
		}
		g := math.Float64frombits(got.Re)
		if math.IsNaN(want) != math.IsNaN(g) || !math.IsNaN(want) && math.Float64bits(want) != got.Re {
			t.Fatalf("%q: FromDecimal gives %v (%#x), strconv %v (%#x)", s, g, got.Re, want, math.Float64bits(want))
		}
	})
}
