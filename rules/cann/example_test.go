package cann_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/cann"
)

func Example() {
	doc := cann.Def.MustBuild()
	code := cann.Def.MustBuild("table=opbase")

	// aclnnAdd of an f16 tensor and an f32 tensor computes in f32.
	r, _ := doc.PromoteTypes(dtype.F16, dtype.F32)
	fmt.Println(r, "by", r.Rule.ID)

	// The doc and the code disagree on bf16 with c32.
	r, _ = doc.PromoteTypes(dtype.BF16, dtype.C32)
	fmt.Println("doc:", r)
	r, _ = code.PromoteTypes(dtype.BF16, dtype.C32)
	fmt.Println("opbase:", r, "by", r.Rule.ID)

	// u16 promotes only with itself.
	_, err := doc.PromoteTypes(dtype.U16, dtype.F32)
	fmt.Println(err)

	// A Python float is an f64 aclScalar; a float scalar keeps an f16 tensor.
	ops, _ := promote.ParseOperands(dtype.CANN, "ACL_FLOAT16 2.5")
	r, _ = doc.Result(ops...)
	fmt.Println(r, "by", r.Rule.ID)
	// Output:
	// f32 by float-float
	// doc: c32
	// opbase: c64 by opbase-bf16-c32
	// cann: Self dtype u16 and other dtype f32 can not promote dtype. [rule unsigned-self-only; operands u16 f32]
	// f16 by ts-float-tensor
}
