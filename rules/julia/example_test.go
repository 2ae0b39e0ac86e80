package julia_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/julia"
)

func Example() {
	r := julia.Def.MustBuild()
	for _, line := range []string{"Int8 UInt8", "Int8 UInt16", "Float16 Int64", "Int8 1", "UInt8 0x01", "Float32 1.0", "Float32 1f0", "ComplexF32 Int64", "Core.BFloat16 Float32"} {
		ops, err := promote.ParseOperands(julia.Def.Dialect, line)
		if err != nil {
			fmt.Println(err)
			continue
		}
		res, err := r.Result(ops...)
		if err != nil {
			fmt.Printf("%-22s error (%s)\n", line, err.(*promote.Error).Rule.ID)
			continue
		}
		fmt.Printf("%-22s %-5s %s\n", line, res, res.Rule.ID)
	}
	// Output:
	// Int8 UInt8             u8    int-unsigned
	// Int8 UInt16            u16   int-width
	// Float16 Int64          f16   float-int
	// Int8 1                 i64   int-width
	// UInt8 0x01             u8    same
	// Float32 1.0            f64   float-float
	// Float32 1f0            f32   same
	// ComplexF32 Int64       c64   complex
	// Core.BFloat16 Float32  error (no-promotion)
}
