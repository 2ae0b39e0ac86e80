package jax

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestPromoteTypesAllocs checks that PromoteTypes allocates nothing on
// success, in every setting, weak answers included, and that
// LatticeResultType allocates nothing either.
func TestPromoteTypesAllocs(t *testing.T) {
	for _, cfg := range configs {
		rs := Def.MustBuild(cfg.kv...)
		for _, p := range [][2]dtype.DType{{dtype.U64, dtype.I8}, {dtype.F16, dtype.BF16}, {dtype.I32, dtype.I32}, {dtype.F64, dtype.F64}} {
			if _, err := rs.PromoteTypes(p[0], p[1]); err != nil {
				continue // refusals build an error; only success must be free
			}
			if n := testing.AllocsPerRun(100, func() { _, _ = rs.PromoteTypes(p[0], p[1]) }); n != 0 {
				t.Errorf("%v: PromoteTypes(%s, %s): %v allocs", cfg.kv, p[0], p[1], n)
			}
		}
		args := []Typed{{dtype.BF16, false}, {dtype.I32, true}, {dtype.F16, true}}
		if n := testing.AllocsPerRun(100, func() { _, _ = LatticeResultType(cfg.c, args...) }); n != 0 {
			t.Errorf("%v: LatticeResultType: %v allocs", cfg.kv, n)
		}
	}
}

func BenchmarkPromoteTypes(b *testing.B) {
	rs := Def.MustBuild("x64=true")
	for b.Loop() {
		_, _ = rs.PromoteTypes(dtype.U64, dtype.I8)
	}
}

func BenchmarkLatticeResultType(b *testing.B) {
	c := Config{X64: true}
	args := []Typed{{dtype.BF16, false}, {dtype.I32, true}, {dtype.F16, true}}
	for b.Loop() {
		_, _ = LatticeResultType(c, args...)
	}
}
