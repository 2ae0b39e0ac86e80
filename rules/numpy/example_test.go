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

// NumPy 1.x value-based promotion, as NumPy 1.24 computes it.
func Example_legacy() {
	r := numpy.Def.MustBuild("promotion=legacy")
	show := func(ops ...promote.Operand) {
		res, err := r.Result(ops...)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(promote.Join(ops), "->", res, "by", res.Rule.ID)
	}
	show(promote.T(dtype.U8), promote.Int(300))      // uint8_array + 300
	show(promote.T(dtype.I8), promote.Int(200))      // result_type(int8, 200)
	show(promote.T(dtype.F16), promote.Float(65000)) // the float16 cut-off is 65000
	show(promote.T(dtype.F32), promote.ScalarOf(dtype.F64, promote.Float(1).Value))
	show(promote.T0(dtype.U8), promote.T(dtype.I8)) // a 0-d array without a value
	// Output:
	// u8 300 -> u16 by legacy-value-based
	// i8 200 -> i16 by legacy-value-based
	// f16 65000.0 -> f32 by legacy-value-based
	// f32 f64(1.0) -> f32 by legacy-value-based
	// numpy: under promotion=legacy (NumPy 1.x looks at values) the answer depends on the value of u8[]: u8[](0) gives i8, u8[](128) gives i16; write the value, as in u8[](VALUE) [rule legacy-needs-value; operands u8[] i8]
}

// ml_dtypes' types inside NumPy 2: np.result_type and np.add differ.
func Example_mlDtypes() {
	rt := numpy.Def.MustBuild("ml_dtypes=true")
	add := numpy.Def.MustBuild("ml_dtypes=true", "check_values=true")
	ops := []promote.Operand{promote.T(dtype.BF16), promote.Float(1.0)}
	a, _ := rt.Result(ops...)
	b, _ := add.Result(ops...)
	fmt.Println("bf16 + 1.0:", a, "(np.result_type),", b, "(np.add)")
	_, err := rt.PromoteTypes(dtype.BF16, dtype.F16)
	fmt.Println(err != nil)
	// Output:
	// bf16 + 1.0: f64 (np.result_type), f32 (np.add)
	// true
}
