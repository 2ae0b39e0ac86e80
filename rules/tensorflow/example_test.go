package tensorflow_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/tensorflow"
)

// The same operands under the three modes: legacy (TensorFlow's default)
// refuses to mix dtypes, all promotes on the lattice, and safe refuses the
// fold steps that could lose precision, so its verdict can depend on order.
func Example() {
	for _, mode := range []string{"legacy", "all", "safe"} {
		r := tensorflow.Def.MustBuild("mode=" + mode)
		for _, line := range []string{"i8 1.5", "u8 i8 i16", "u8 i16 i8", "f32 2"} {
			ops, _ := promote.ParseOperands(tensorflow.Def.Dialect, line)
			res, err := r.Result(ops...)
			if err != nil {
				fmt.Printf("%-6s %-10s error (%s)\n", mode, line, err.(*promote.Error).Rule.ID)
				continue
			}
			fmt.Printf("%-6s %-10s %s\n", mode, line, res)
		}
	}
	// Output:
	// legacy i8 1.5     error (legacy-convert)
	// legacy u8 i8 i16  error (legacy-mismatch)
	// legacy u8 i16 i8  error (legacy-mismatch)
	// legacy f32 2      f32
	// all    i8 1.5     f64?
	// all    u8 i8 i16  i16
	// all    u8 i16 i8  i16
	// all    f32 2      f32
	// safe   i8 1.5     error (safe-level)
	// safe   u8 i8 i16  error (safe-level)
	// safe   u8 i16 i8  i16
	// safe   f32 2      f32
}
