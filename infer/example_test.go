package infer_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/rules/anvil"
	"github.com/promote-dev/promote/rules/jax"
)

// A Go tensor library types its traced graph under JAX's rules: x * 2.5
// is a weak float32, which yields to the float16 y.
func Example() {
	g := infer.NewGraph(8)
	x := g.Input(promote.Shaped(dtype.I8, 3))
	y := g.Input(promote.Shaped(dtype.F16, 3))
	w := g.Binary(infer.OpMul, x, g.Literal(promote.Float(2.5).Value))
	v := g.Binary(infer.OpAdd, w, y)
	s := g.Call(infer.OpSum, v)

	ts, err := infer.New(jax.Def.MustBuild()).Infer(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, id := range []infer.NodeID{w, v, s} {
		t := ts.Type(id)
		fmt.Printf("%s (%s)\n", t, t.Rule.ID)
	}
	// Output:
	// f32[3]? (lattice-weak)
	// f16[3] (lattice)
	// f16[] (jax-weak-keep)
}

// The anvil seed's program, parsed from text: z stays ambiguous and
// yields to y's known i16.
func ExampleCheck() {
	src := "x: bool[]\ny: i16[]\nz = x + 1L\nz * y\n"
	p, ts, err := infer.Check("seed", []byte(src), anvil.Def.MustBuild())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range p.Stmts {
		fmt.Println(s.Line, s.Name, ts.TypeString(s.Node))
	}
	// Output:
	// 1 x bool[]
	// 2 y i16[]
	// 3 z i32[]?
	// 4  i16[]
}
