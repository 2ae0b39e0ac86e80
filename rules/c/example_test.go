package c_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/c"
)

func Example() {
	c17 := c.Def.MustBuild() // ISO C17, x86-64 LP64
	c23 := c.Def.MustBuild("std=c23")
	show := func(r promote.Rules, line string) string {
		ops, err := promote.ParseOperands(c.Def.Dialect, line)
		if err != nil {
			return err.Error()
		}
		res, err := r.Result(ops...)
		if err != nil {
			return "error (" + err.(*promote.Error).Rule.ID + ")"
		}
		return res.String()
	}
	for _, line := range []string{"u8 u8", "i32 u32", "u32 i64", "i8 2147483648", "f16 i64", "f16 bf16", "u1 u1", "true"} {
		fmt.Printf("%-15s %-12s %s\n", line, show(c17, line), show(c23, line))
	}
	// Output:
	// u8 u8           i32          i32
	// i32 u32         u32          u32
	// u32 i64         i64          i64
	// i8 2147483648   i64          i64
	// f16 i64         error (not-c) f16
	// f16 bf16        error (not-c) f16
	// u1 u1           error (not-c) u1
	// true            i32          bool
}
