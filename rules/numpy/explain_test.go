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
