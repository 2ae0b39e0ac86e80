package modularmax_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/modularmax"
)

func Example() {
	r := modularmax.Def.MustBuild()
	// The input of the highest category and width wins...
	res, _ := r.PromoteTypes(dtype.U8, dtype.I16)
	fmt.Println(res, "by", res.Rule.ID)
	// ...unless it cannot hold the other input.
	_, err := r.PromoteTypes(dtype.U8, dtype.I8)
	fmt.Println(err)
	// A Python int takes the max value's dtype if it fits exactly.
	res, _ = r.Result(promote.T(dtype.F32), promote.Int(16777216))
	fmt.Println(res, "by", res.Rule.ID)
	_, err = r.Result(promote.T(dtype.F32), promote.Int(16777217))
	fmt.Println(err)
	// Output:
	// i16 by category-width
	// max: cannot promote uint8 to int8: not every uint8 value is representable in int8 [rule unsafe; operands u8 i8]
	// f32 by python-int
	// max: ValueError: Unsafe cast: Can't promote python int with value (16777217) to dtype(float32). It would lose precision. [rule python-int-range; operands 16777217]
}
