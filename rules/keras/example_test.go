package keras_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/keras"
)

func Example() {
	tf := keras.Def.MustBuild("backend=tensorflow")
	jax := keras.Def.MustBuild() // the defaults: backend=jax, floatx=f32
	bf16 := keras.Def.MustBuild("floatx=bf16")
	show := func(r promote.Rules, line string) string {
		ops, err := promote.ParseOperands(keras.Dialect, line)
		if err != nil {
			return err.Error()
		}
		res, err := r.Result(ops...)
		if err != nil {
			return "error (" + err.(*promote.Error).Rule.ID + ")"
		}
		return res.String()
	}
	fmt.Printf("%-10s %-6s %-6s %s\n", "query", "tf", "jax", "floatx=bf16")
	for _, line := range []string{"i64 i32", "u32 i8", "u64 i8", "i8 1.5", "bool 1", "c64 1", "f64 c64", "f8e4m3fn bf16"} {
		fmt.Printf("%-10s %-6s %-6s %s\n", line, show(tf, line), show(jax, line), show(bf16, line))
	}
	// Output:
	// query      tf     jax    floatx=bf16
	// i64 i32    i64    i32    i32
	// u32 i8     i64    i32    i32
	// u64 i8     f32    f32    f16
	// i8 1.5     f32    f32    f16
	// bool 1     i32    i32    i16
	// c64 1      c64    c64    c64
	// f64 c64    c64    c64    c64
	// f8e4m3fn bf16 error (float8) error (float8) error (float8)
}
