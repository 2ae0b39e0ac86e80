package dtype_test

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// Parse reads the canonical names and every spelling that means one
// format everywhere, system prefixes included.
func ExampleParse() {
	for _, s := range []string{"float16", "torch.bfloat16", "np.int64", "float8_e4m3fn"} {
		d, err := dtype.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "is", d)
	}
	// Output:
	// float16 is f16
	// torch.bfloat16 is bf16
	// np.int64 is i64
	// float8_e4m3fn is f8e4m3fn
}

// Holds is computed from the Formats: whether every value of one dtype is
// exactly a value of another.
func ExampleHolds() {
	fmt.Println(dtype.Holds(dtype.I16, dtype.F32), dtype.Holds(dtype.I32, dtype.F32))
	fmt.Println(dtype.Holds(dtype.F16, dtype.BF16), dtype.Holds(dtype.F8E4M3FN, dtype.BF16))
	// Output:
	// true false
	// false true
}

// A Format says how a dtype's bits are laid out.
func ExampleDType_Format() {
	f := dtype.F8E4M3FN.Format()
	fmt.Println(f.Bits, f.ExpBits, f.MantBits, f.Bias)
	// Output: 8 4 3 7
}
