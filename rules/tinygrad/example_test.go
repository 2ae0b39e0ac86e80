package tinygrad_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/tinygrad"
)

func Example() {
	head := tinygrad.Def.MustBuild() // the newest stored commit
	v013 := tinygrad.Def.MustBuild("version=0.13")
	show := func(r promote.Rules, line string) string {
		ops, err := promote.ParseOperands(tinygrad.Dialect, line)
		if err != nil {
			return err.Error()
		}
		res, err := r.Result(ops...)
		if err != nil {
			return "error (" + err.(*promote.Error).Rule.ID + ")"
		}
		return res.String()
	}
	for _, line := range []string{"int64 uint64", "int32 2.5", "bool 2", "fp8e4m3 bfloat16", "complex64 float32"} {
		fmt.Printf("%-18s %-6s %s\n", line, show(head, line), show(v013, line))
	}
	// Output:
	// int64 uint64       f32?   u64
	// int32 2.5          f32?   f32
	// bool 2             i32?   i32
	// fp8e4m3 bfloat16   bf16   bf16
	// complex64 float32  error (not-a-tinygrad-dtype) error (not-a-tinygrad-dtype)
}
