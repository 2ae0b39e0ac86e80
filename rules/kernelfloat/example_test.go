package kernelfloat_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/kernelfloat"
)

func Example() {
	r := kernelfloat.Def.MustBuild()
	// vec<half, N> + 1.0: the C++ double literal is not weak.
	res, _ := r.Result(promote.T(dtype.F16), promote.Float(1.0))
	fmt.Println(res, "by", res.Rule.ID)
	// Signed with unsigned has no promote_type specialization.
	_, err := r.PromoteTypes(dtype.I32, dtype.U32)
	fmt.Println(err)
	// Output:
	// f64 by cxx-literal
	// kernel-float: no promote_type<i32, u32>: a signed and an unsigned integer do not mix [rule no-specialization; operands i32 u32]
}
