package triton_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/triton"
)

func Example() {
	r := triton.Def.MustBuild() // Triton 3.6, the newest release
	// fp16 with bf16 is fp16 in Triton (fp32 in PyTorch and JAX).
	res, _ := r.PromoteTypes(dtype.F16, dtype.BF16)
	fmt.Println(res, "by", res.Rule.ID)
	// A Python int of the tensor's kind does not take part...
	res, _ = r.Result(promote.T(dtype.U8), promote.Int(3))
	fmt.Println(res, "by", res.Rule.ID)
	// ...but a 0-d tensor does.
	res, _ = r.Result(promote.T(dtype.U8), promote.T0(dtype.I32))
	fmt.Println(res, "by", res.Rule.ID)
	// Division of fp16 computes in fp32.
	res, _ = triton.ComputationType(r, promote.T(dtype.F16), promote.T(dtype.F16), true)
	fmt.Println(res, "by", res.Rule.ID)
	// bf16 with an fp8 type: fp32 in every release, bf16 on main.
	res, _ = r.PromoteTypes(dtype.BF16, dtype.F8E4M3FN)
	fmt.Println(res, "by", res.Rule.ID)
	res, _ = triton.Def.MustBuild("version=main").PromoteTypes(dtype.BF16, dtype.F8E4M3FN)
	fmt.Println(res, "by", res.Rule.ID)
	// Output:
	// f16 by fp16
	// u8 by scalar-ignored
	// i32 by integer-promote
	// f32 by fp16
	// f32 by bf16-mixed
	// bf16 by bf16-float
}
