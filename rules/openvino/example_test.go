package openvino_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/openvino"
)

// ConvertPromoteTypes with its default attributes refuses i8 with u8;
// promote_unsafe widens to i16; the PyTorch frontend's setting lets a
// rank-0 input take the ranked input's type.
func Example() {
	safe := openvino.Def.MustBuild()
	unsafe := openvino.Def.MustBuild("promote_unsafe=true")
	frontend := openvino.Def.MustBuild("promote_unsafe=true", "pytorch_scalar_promotion=true")

	r, err := safe.PromoteTypes(dtype.I8, dtype.F32)
	fmt.Println(r, r.Rule.ID, err)

	_, err = safe.PromoteTypes(dtype.I8, dtype.U8)
	fmt.Println(err)

	r, _ = unsafe.PromoteTypes(dtype.I8, dtype.U8)
	fmt.Println(r, r.Rule.ID)

	r, _ = unsafe.PromoteTypes(dtype.U64, dtype.I16)
	fmt.Println(r, "(u64_integer_promotion_target)")

	r, _ = frontend.Result(promote.T0(dtype.I64), promote.Shaped(dtype.U8, 4))
	fmt.Println(r, r.Rule.ID)
	// Output:
	// f32 R6 <nil>
	// openvino: Unsigned integer input cannot be safely promoted into any supported signed integer. [rule R8; operands i8 u8]
	// i16 R8
	// f32 (u64_integer_promotion_target)
	// u8 R7
}
