package mlx_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/mlx"
)

func Example() {
	r := mlx.Def.MustBuild()
	for _, line := range []string{"u64 i8", "f16 bf16", "f64 c64", "i8 1.5", "f16 0.1", "bool 1", "u8 300", "u64 i8 f16", "i8 f16 u64"} {
		ops, _ := promote.ParseOperands(mlx.Dialect, line)
		res, err := r.Result(ops...)
		if err != nil {
			fmt.Printf("%-11s error (%s)\n", line, err.(*promote.Error).Rule.ID)
			continue
		}
		fmt.Printf("%-11s %-4s %s\n", line, res, res.Rule.ID)
	}
	// Output:
	// u64 i8      f32  type-rules
	// f16 bf16    f32  type-rules
	// f64 c64     c64  type-rules
	// i8 1.5      f32  python-float
	// f16 0.1     f16  python-float
	// bool 1      i32  python-int
	// u8 300      error (python-int-overflow)
	// u64 i8 f16  f32  type-rules
	// i8 f16 u64  f16  type-rules
}
