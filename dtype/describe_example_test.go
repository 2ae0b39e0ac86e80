package dtype_test

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// The facts promote dtypes prints: the range is exact, in the shortest
// decimal that reads back as the value.
func ExampleDescribe() {
	for _, d := range []dtype.DType{dtype.F8E4M3FN, dtype.F80} {
		in := dtype.Describe(d)
		fmt.Println(in.Name, in.Kind, in.Bits, in.NaN, in.MaxFinite, in.MinSubnormal)
	}
	// Output:
	// f8e4m3fn float 8 S.1..1 only 448 0.001953125
	// f80 float 80 ieee 1.189731495357231765e+4932 4e-4951
}
