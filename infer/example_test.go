package infer_test

import (
	"fmt"
	"os"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/rules"
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

// The porting lint: one program under several rule sets, each reading
// the literal 1 in its own host language (a Python int under numpy and
// jax, an R double under anvil), with the first disagreement marked.
func ExampleCompare() {
	src := "x: bool[]\ny: i16[]\nz = x + 1\nz * y\n"
	var rs []promote.Rules
	for _, spec := range []string{"numpy", "jax", "anvil", "jax:x64=true"} {
		r, err := rules.Parse(spec)
		if err != nil {
			fmt.Println(err)
			return
		}
		rs = append(rs, r)
	}
	l := infer.Compare("prog", []byte(src), rs)
	if err := l.WriteText(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	//   line  name  numpy  jax   anvil  jax:x64=true
	//   1     x     bool   bool  bool   bool
	//   2     y     i16    i16   i16    i16
	// > 3     z     i64    i32?  f32?   i64?
	// * 4     _     i64    i16   f32?   i16
	// first disagreement: line 3
}

// The porting lint between two versions of one system: which statements
// change dtype from NumPy 1.x's value-based promotion to NumPy 2's NEP 50.
// A 0-d array written with its value, f64[](3.0), is read by value under
// promotion=legacy.
func ExampleCompare_numpyVersions() {
	src := "x: i8[100]\ny = x + 128\nw: f32[100]\ns: f64[](3.0)\nz = w * s\n"
	rs, err := rules.ParseList("numpy:promotion=legacy,numpy")
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := infer.Compare("prog", []byte(src), rs).WriteText(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	//   line  name  numpy:promotion=legacy  numpy
	//   1     x     i8                      i8
	// > 2     y     i16                     i8
	//   3     w     f32                     f32
	//   4     s     f64                     f64
	// * 5     z     f32                     f64
	// first disagreement: line 2
}
