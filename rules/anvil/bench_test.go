package anvil

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestPromoteTypesAllocs checks that the table path allocates nothing on
// success, and neither do CommonDType and a fold over tensors.
func TestPromoteTypesAllocs(t *testing.T) {
	r := Def.MustBuild()
	if n := testing.AllocsPerRun(100, func() {
		if _, err := r.PromoteTypes(dtype.U32, dtype.I32); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("PromoteTypes allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { CommonDType(dtype.F32, dtype.I64, true, false) }); n != 0 {
		t.Errorf("CommonDType allocates %v times, want 0", n)
	}
	ops := []promote.Operand{promote.T(dtype.Bool), lit(t, "1L"), promote.T(dtype.I16)}
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
		if _, err := r.PromoteTypes(dtype.U32, dtype.I32); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCommonDType(b *testing.B) {
	for b.Loop() {
		CommonDType(dtype.F32, dtype.I64, true, false)
	}
}
