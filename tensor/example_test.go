package tensor_test

import (
	"fmt"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
	"github.com/promote-dev/promote/tensor"
)

// OpenVINO's ConvertPromoteTypes with pytorch_scalar_promotion: a rank-0
// i64 next to a u8 tensor takes u8, by rule R7, because the tensor's
// real shape says it is a scalar.
func ExampleConvertPromoteTypes() {
	r, err := rules.Build("openvino", "promote_unsafe=true", "pytorch_scalar_promotion=true")
	if err != nil {
		fmt.Println(err)
		return
	}
	scalar, _ := tensor.New(dtype.I64, []int64{}, []byte{7, 0, 0, 0, 0, 0, 0, 0})
	pixels, _ := tensor.New(dtype.U8, []int64{2, 2}, []byte{10, 20, 30, 40})

	a, b, res, err := tensor.ConvertPromoteTypes(scalar, pixels, r, convert.Default(), tensor.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res, res.Rule.ID)
	fmt.Println(a, a.Data)
	fmt.Println(b, b == pixels)
	// Output:
	// u8 R7
	// u8[] [7]
	// u8[2,2] true
}

func ExampleBroadcastShapes() {
	fmt.Println(tensor.BroadcastShapes([]int64{8, 1, 6, 1}, []int64{7, 1, 5}))
	fmt.Println(tensor.BroadcastShapes([]int64{3}, []int64{4}))
	// Output:
	// [8 7 6 5] <nil>
	// [] tensor: shapes [3] and [4] cannot be broadcast together: size 3 and size 4 at axis -1 (sizes must be equal or 1)
}

// Three arrays promoted together under NumPy's rules, as a model's weights
// are cast to one dtype. NumPy answers for all of them at once, as
// np.result_type(int8, uint8, float16) does: f16, where folding pair by
// pair would give f32 (i8 and u8 give i16, which with f16 gives f32).
func ExampleConvertPromoteAll() {
	r, err := rules.Parse("numpy")
	if err != nil {
		fmt.Println(err)
		return
	}
	i8, _ := tensor.New(dtype.I8, []int64{2}, []byte{0xff, 2})
	u8, _ := tensor.New(dtype.U8, []int64{1}, []byte{200})
	f16, _ := tensor.New(dtype.F16, []int64{1}, []byte{0x00, 0x3c})

	out, res, err := tensor.ConvertPromoteAll([]*tensor.Tensor{i8, u8, f16}, r, convert.Default(), tensor.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	for _, t := range out {
		fmt.Println(t, t.Data)
	}
	// Output:
	// f16
	// f16[2] [0 188 0 64]
	// f16[1] [64 90]
	// f16[1] [0 60]
}
