package openvino

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestPromoteTypesAllocs: a successful PromoteTypes is one table index.
func TestPromoteTypesAllocs(t *testing.T) {
	for _, s := range [][]string{nil, {"promote_unsafe=true"}, {"promote_unsafe=true", "pytorch_scalar_promotion=true"}} {
		r := Def.MustBuild(s...)
		allocs := testing.AllocsPerRun(100, func() {
			if _, err := r.PromoteTypes(dtype.I8, dtype.F32); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%v: PromoteTypes allocates %v times per call", s, allocs)
		}
	}
}

func BenchmarkPromoteTypes(b *testing.B) {
	r := Def.MustBuild()
	for b.Loop() {
		if _, err := r.PromoteTypes(dtype.U8, dtype.I16); err != nil {
			b.Fatal(err)
		}
	}
}
