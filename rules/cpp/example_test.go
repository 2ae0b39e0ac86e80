package cpp_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/cpp"
)

func Example() {
	cxx17 := cpp.Def.MustBuild()
	cxx23 := cpp.Def.MustBuild("std=c++23")
	show := func(r promote.Rules, line string) string {
		ops, err := promote.ParseOperands(cpp.Def.Dialect, line)
		if err != nil {
			return err.Error()
		}
		res, err := r.Result(ops...)
		if err != nil {
			return "error (" + err.(*promote.Error).Rule.ID + ")"
		}
		return res.String()
	}
	for _, line := range []string{"u8 u8", "i32 u32", "c64 f32", "c64 f64", "bf16 f32", "f16 bf16", "true"} {
		fmt.Printf("%-9s %-25s %s\n", line, show(cxx17, line), show(cxx23, line))
	}
	// Output:
	// u8 u8     i32                       i32
	// i32 u32   u32                       u32
	// c64 f32   c64                       c64
	// c64 f64   error (complex)           error (complex)
	// bf16 f32  error (not-cxx)           f32
	// f16 bf16  error (not-cxx)           error (unordered-ranks)
	// true      bool                      bool
}
