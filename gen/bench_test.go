package gen_test

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/gen/internal/jaxx64"
	"github.com/promote-dev/promote/rules"
)

// The goal: the generated Go lookup runs at the speed of
// promote's own PromoteTypes. Both benchmarks promote the same sequence
// of all 961 ordered pairs of JAX's dtypes (x64 on); one op is one pair.

// Sinks keep the compiler from dropping the work.
var (
	sinkD   dtype.DType
	sinkG   jaxx64.DType
	sinkErr error
)

func pairs(b *testing.B) ([][2]dtype.DType, [][2]jaxx64.DType) {
	r, err := rules.Parse("jax:x64=true")
	if err != nil {
		b.Fatal(err)
	}
	var ds []dtype.DType
	for _, d := range dtype.All() {
		if _, err := r.PromoteTypes(d, d); err == nil {
			ds = append(ds, d)
		}
	}
	var p [][2]dtype.DType
	var g [][2]jaxx64.DType
	for i, a := range ds {
		for j, c := range ds {
			p = append(p, [2]dtype.DType{a, c})
			g = append(g, [2]jaxx64.DType{jaxx64.DType(i), jaxx64.DType(j)})
		}
	}
	return p, g
}

func BenchmarkPromoteTypes(b *testing.B) {
	r, _ := rules.Parse("jax:x64=true")
	p, _ := pairs(b)
	i := 0
	for b.Loop() {
		res, err := r.PromoteTypes(p[i][0], p[i][1])
		sinkD, sinkErr = res.DType, err
		if i++; i == len(p) {
			i = 0
		}
	}
}

func BenchmarkGenerated(b *testing.B) {
	_, g := pairs(b)
	i := 0
	for b.Loop() {
		d, _, err := jaxx64.Promote(g[i][0], g[i][1])
		sinkG, sinkErr = d, err
		if i++; i == len(g) {
			i = 0
		}
	}
}

// The same, on pairs that succeed only: neither side builds an error.

func BenchmarkPromoteTypesOK(b *testing.B) {
	r, _ := rules.Parse("jax:x64=true")
	a, c := dtype.U64, dtype.I8
	for b.Loop() {
		res, err := r.PromoteTypes(a, c)
		sinkD, sinkErr = res.DType, err
	}
}

func BenchmarkGeneratedOK(b *testing.B) {
	a, c := jaxx64.U64, jaxx64.I8
	for b.Loop() {
		d, _, err := jaxx64.Promote(a, c)
		sinkG, sinkErr = d, err
	}
}
