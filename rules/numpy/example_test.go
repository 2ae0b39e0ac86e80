package numpy_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/numpy"
)

func Example() {
	r := numpy.Def.MustBuild()

	// np.promote_types(int64, uint64)
	res, _ := r.PromoteTypes(dtype.I64, dtype.U64)
	fmt.Println(res, "by", res.Rule.ID)

	// np.result_type(uint16, int16, float16): a set, not a left fold.
	res, _ = r.Result(promote.T(dtype.U16), promote.T(dtype.I16), promote.T(dtype.F16))
	fmt.Println(res, "by", res.Rule.ID)

	// A weak Python int takes the array's dtype (NEP 50), whatever its value...
	res, _ = r.Result(promote.T(dtype.U8), promote.Int(1000))
	fmt.Println(res, "by", res.Rule.ID)

	// ...but a ufunc checks the value.
	_, err := numpy.Def.MustBuild("check_values=true").Result(promote.T(dtype.U8), promote.Int(1000))
	fmt.Println(err)

	// Output:
	// f64 by climb
	// f32 by main-dtype
	// u8 by nep50-int
	// numpy: OverflowError: Python integer 1000 out of bounds for uint8 [rule pyint-out-of-bounds; operands u8 1000]
}
