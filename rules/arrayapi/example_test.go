package arrayapi_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/arrayapi"
)

// The standard defines fewer promotions than any library: mixed kinds are
// undefined, and a Python complex with a float32 array is defined only
// from 2024.12.
func Example() {
	for _, version := range []string{"2024.12", "2023.12"} {
		r := arrayapi.Def.MustBuild("version=" + version)
		for _, line := range []string{"u8 i8", "i32 f32", "f32 1j", "u8 256"} {
			ops, _ := promote.ParseOperands(arrayapi.Def.Dialect, line)
			res, err := r.Result(ops...)
			if err != nil {
				fmt.Printf("%s %-8s error (%s)\n", version, line, err.(*promote.Error).Rule.ID)
				continue
			}
			fmt.Printf("%s %-8s %s\n", version, line, res)
		}
	}
	// Output:
	// 2024.12 u8 i8    i16
	// 2024.12 i32 f32  error (undefined-mixed-kind)
	// 2024.12 f32 1j   c64
	// 2024.12 u8 256   error (python-int-bounds)
	// 2023.12 u8 i8    i16
	// 2023.12 i32 f32  error (undefined-mixed-kind)
	// 2023.12 f32 1j   error (python-scalar-undefined)
	// 2023.12 u8 256   error (python-int-bounds)
}
