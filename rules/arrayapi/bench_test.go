package arrayapi

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestAllocs: PromoteTypes on a success pair, and Result over arrays and
// Python scalars, allocate nothing.
func TestAllocs(t *testing.T) {
	r := Def.MustBuild()
	if n := testing.AllocsPerRun(100, func() {
		if _, err := r.PromoteTypes(dtype.U32, dtype.I8); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("PromoteTypes allocates %v times, want 0", n)
	}
	ops := []promote.Operand{promote.T(dtype.U8), promote.T0(dtype.I16), promote.Int(3), promote.T(dtype.I32)}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := r.Result(ops...); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Result allocates %v times, want 0", n)
	}
}

func BenchmarkPromoteTypes(b *testing.B) {
	r := Def.MustBuild()
	for b.Loop() {
		if _, err := r.PromoteTypes(dtype.U32, dtype.I8); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResult(b *testing.B) {
	r := Def.MustBuild()
	ops := []promote.Operand{promote.T(dtype.U8), promote.T(dtype.I16), promote.Int(3), promote.T(dtype.I32)}
	for b.Loop() {
		if _, err := r.Result(ops...); err != nil {
			b.Fatal(err)
		}
	}
}
