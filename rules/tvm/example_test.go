package tvm_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/tvm"
)

func Example() {
	r := tvm.Def.MustBuild()
	// Any IEEE float beats bfloat16, which beats every float8.
	res, _ := r.PromoteTypes(dtype.BF16, dtype.F16)
	fmt.Println(res, "by", res.Rule.ID)
	// Same width, mixed signedness: the unsigned one.
	res, _ = r.PromoteTypes(dtype.I32, dtype.U32)
	fmt.Println(res, "by", res.Rule.ID)
	// A Python int in an operator is an int32 that takes full part.
	res, _ = r.Result(promote.T(dtype.I8), promote.Int(1))
	fmt.Println(res, "by", res.Rule.ID)
	// Two different float8 types do not match.
	_, err := r.PromoteTypes(dtype.F8E4M3FN, dtype.F8E5M2)
	fmt.Println(err)
	// Output:
	// f16 by float
	// u32 by int-mixed-sign
	// i32 by int-same-sign
	// tvm: Cannot match type float8_e4m3fn vs float8_e5m2 [rule cannot-match; operands f8e4m3fn f8e5m2]
}
