package promote_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// A zero-dim array with a value, NumPy's np.array(300, dtype=np.int64):
// written i64[](300), it is a rank-0 tensor that carries its value.
func ExampleZeroDimOf() {
	o, err := promote.ParseOperand("i64[](300)")
	if err != nil {
		panic(err)
	}
	fmt.Println(o, o.IsZeroDim(), o.HasValue(), o.Value.Int)
	fmt.Println(o.Describe())
	fmt.Println(promote.ZeroDimOf(dtype.U8, promote.Int(3).Value))
	_, err = promote.ParseOperand("u8[](300)")
	fmt.Println(err)
	// Output:
	// i64[](300) true true 300
	// a zero-dim i64 tensor holding 300
	// u8[](3)
	// bad operand "u8[](300)": value 300 is out of range for u8 (0..255)
}
