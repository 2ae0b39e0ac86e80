package cupy_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/cupy"
)

// Example shows CuPy 14 where it differs from NumPy 2: a bool array with
// 2**63 (NumPy raises), and a float16 array with 2**64 (NumPy converts).
func Example() {
	cp := cupy.Def.MustBuild()
	for _, line := range []string{"bool 9223372036854775808", "f16 18446744073709551616", "u8 i8"} {
		ops, _ := promote.ParseOperands(cupy.Def.Dialect, line)
		res, err := cp.Result(ops...)
		if err != nil {
			fmt.Println(line, "->", err.(*promote.Error).Rule.ID)
			continue
		}
		fmt.Println(line, "->", res.DType, "by", res.Rule.ID)
	}
	// Output:
	// bool 9223372036854775808 -> u64 by strong-python-scalar
	// f16 18446744073709551616 -> python-int-range
	// u8 i8 -> i16 by climb
}
