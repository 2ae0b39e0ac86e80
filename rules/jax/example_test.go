package jax_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/jax"
)

func Example() {
	std := jax.Def.MustBuild() // JAX's defaults: mode=standard, x64=false
	x64 := jax.Def.MustBuild("x64=true")
	show := func(r promote.Result, err error) string {
		if err != nil {
			return "error (" + err.(*promote.Error).Rule.ID + ")"
		}
		return r.String()
	}
	for _, line := range []string{"u32 i32", "i16 1", "i8 2.5", "bf16 1j", "u64 i8", "i16? i16?", "f8e4m3fn bf16"} {
		ops, _ := promote.ParseOperands(jax.Def.Dialect, line)
		fmt.Printf("%-14s %-5s %s\n", line, show(std.Result(ops...)), show(x64.Result(ops...)))
	}
	// Output:
	// u32 i32        i32   i64
	// i16 1          i16   i16
	// i8 2.5         f32?  f64?
	// bf16 1j        c64   c64
	// u64 i8         i32   f64?
	// i16? i16?      i16?  i16?
	// f8e4m3fn bf16  error (no-promotion-path) error (no-promotion-path)
}

func ExampleLatticeResultType() {
	c := jax.Config{X64: true}
	x := jax.Typed{DType: dtype.BF16}                      // a bfloat16 array
	two := jax.Typed{DType: jax.DefaultInt(c), Weak: true} // the Python int 2
	y, _ := jax.LatticeResultType(c, x, two)
	z, _ := jax.LatticeResultType(jax.Config{Strict: true, X64: true}, two, two)
	fmt.Println(y, z)
	// Output: bf16 i64?
}
