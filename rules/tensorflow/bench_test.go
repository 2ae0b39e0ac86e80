package tensorflow

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestAllocs: PromoteTypes on a success pair, and Result over tensors and
// Python scalars, allocate nothing in every mode.
func TestAllocs(t *testing.T) {
	for _, mode := range []string{ModeLegacy, ModeSafe, ModeAll} {
		r := Def.MustBuild("mode=" + mode)
		if n := testing.AllocsPerRun(100, func() {
			if _, err := r.PromoteTypes(dtype.F32, dtype.F32); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("mode=%s: PromoteTypes allocates %v times, want 0", mode, n)
		}
		ops := []promote.Operand{promote.T(dtype.F32), promote.Int(2), promote.T0(dtype.F32)}
		if n := testing.AllocsPerRun(100, func() {
			if _, err := r.Result(ops...); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("mode=%s: Result allocates %v times, want 0", mode, n)
		}
	}
}

func BenchmarkPromoteTypes(b *testing.B) {
	r := Def.MustBuild("mode=all")
	for b.Loop() {
		if _, err := r.PromoteTypes(dtype.U32, dtype.I32); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResultFold(b *testing.B) {
	r := Def.MustBuild("mode=safe")
	ops := []promote.Operand{promote.T(dtype.U8), promote.T(dtype.I16), promote.Int(1), promote.T(dtype.F32)}
	for b.Loop() {
		if _, err := r.Result(ops...); err != nil {
			b.Fatal(err)
		}
	}
}
