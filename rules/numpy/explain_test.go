package numpy

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestExplain: a climb names the types it passes, from the operand of
// the higher kind to the result (long and longlong, both i64, once);
// other rules say nothing (the caller describes them).
func TestExplain(t *testing.T) {
	np, err := Def.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		a, b dtype.DType
		want string
	}{
		{dtype.F16, dtype.I64, "from f16 past f32 to f64, the first both cast to safely"},
		{dtype.I16, dtype.F16, "from f16 to f32, the first both cast to safely"},
		{dtype.U64, dtype.I64, "from i64 past f16, f32 to f64, the first both cast to safely"},
		{dtype.I8, dtype.I16, ""},  // safe-cast
		{dtype.F32, dtype.F32, ""}, // same
	} {
		ops := []promote.Operand{promote.T(tc.a), promote.T(tc.b)}
		res, err := np.Result(ops...)
		if err != nil {
			t.Fatal(err)
		}
		if got := np.(promote.Explainer).Explain(res, ops...); got != tc.want {
			t.Errorf("%v %v: %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestExplainValueBased: NumPy 1.x's value-based casting names what each
// scalar with a value is read as.
func TestExplainValueBased(t *testing.T) {
	legacy, err := Def.Build("promotion=legacy")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, want string
	}{
		{"f16 i64[](3)", "i64[](3) is read as u8 (the smallest type that holds its value); then promoted pairwise"},
		{"u8 300", "300 is read as u16 (the smallest type that holds its value); then promoted pairwise"},
		{"i8 i64[](-300) u8(5)", "i64[](-300) is read as i16, u8(5) is read as u8 (the smallest type that holds its value); then promoted pairwise"},
		{"f16 i64", "from f16 past f32 to f64, the first both cast to safely"}, // no scalar: NumPy 1.x's table climbs too
	} {
		ops, err := promote.ParseOperands(Def.Dialect, tc.q)
		if err != nil {
			t.Fatal(err)
		}
		res, err := legacy.Result(ops...)
		if err != nil {
			t.Fatal(err)
		}
		if got := legacy.(promote.Explainer).Explain(res, ops...); got != tc.want {
			t.Errorf("%s: %q (rule %s), want %q", tc.q, got, res.Rule.ID, tc.want)
		}
	}
}
