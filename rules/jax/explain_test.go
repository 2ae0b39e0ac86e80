package jax

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestExplain: an x64-off answer says which operands were canonicalised
// to 32 bits and what the x32 lattice joined; other rules say nothing
// (the caller describes them).
func TestExplain(t *testing.T) {
	off, err := Def.Build()
	if err != nil {
		t.Fatal(err)
	}
	on, err := Def.Build("x64=true")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		r    promote.Rules
		ops  []promote.Operand
		want string
	}{
		{off, []promote.Operand{promote.T(dtype.F16), promote.T(dtype.I64)}, "i64 is read as i32; the x32 lattice joins f16 and i32"},
		{off, []promote.Operand{promote.T(dtype.U64), promote.T(dtype.I8), promote.T(dtype.F64)}, "u64 is read as u32, f64 is read as f32; the x32 lattice joins u32, i8 and f32"},
		{off, []promote.Operand{promote.T(dtype.I64)}, "i64 is read as i32"},
		{off, []promote.Operand{promote.T(dtype.F16), promote.T(dtype.I8)}, ""}, // no canonicalisation: the lattice rule
		{on, []promote.Operand{promote.T(dtype.F16), promote.T(dtype.I64)}, ""},
	} {
		res, err := tc.r.Result(tc.ops...)
		if err != nil {
			t.Fatal(err)
		}
		if got := tc.r.(promote.Explainer).Explain(res, tc.ops...); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.ops, got, tc.want)
		}
	}
}
