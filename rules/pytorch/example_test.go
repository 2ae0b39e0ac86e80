package pytorch_test

import (
	"errors"
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/pytorch"
)

func Example() {
	torch := pytorch.Def.MustBuild() // default_float=f32, PyTorch's default

	// torch.promote_types: the float wins whatever the widths.
	res, _ := torch.PromoteTypes(dtype.I64, dtype.F16)
	fmt.Println("promote_types(int64, float16) =", res)

	// torch.result_type: a zero-dim tensor does not widen a dim tensor of
	// its category, and a Python float takes the default dtype.
	for _, line := range []string{"f16 f64[]", "i32 2.5", "f16 1j", "u8 1000", "f8e4m3fn f32"} {
		ops, _ := promote.ParseOperands(pytorch.Def.Dialect, line)
		res, err := torch.Result(ops...)
		if err != nil {
			fmt.Printf("%-12s error: %v\n", line, err)
			continue
		}
		fmt.Printf("%-12s %-4s (%s)\n", line, res, res.Rule.ID)
	}

	// Under torch.set_default_dtype(torch.float64).
	f64 := pytorch.Def.MustBuild("default_float=f64")
	res, _ = f64.Result(promote.T(dtype.I32), promote.Float(2.5))
	fmt.Println("default float64: i32 2.5 =", res)
	// Output:
	// promote_types(int64, float16) = f16
	// f16 f64[]    f16  (floating-higher)
	// i32 2.5      f32  (integral-higher-floating-lower)
	// f16 1j       c32  (complex-lower-floating-higher)
	// u8 1000      u8   (integral-higher)
	// f8e4m3fn f32 error: pytorch: Promotion for Float8 Types is not supported, attempted to promote Float8_e4m3fn and Float [rule float8; operands f8e4m3fn f32]
	// default float64: i32 2.5 = f64
}

// ExampleState types an operation operand by operand, as program-level
// inference does for each op of a chain.
func ExampleState() {
	s, _ := pytorch.NewState(dtype.F32)
	for _, op := range []promote.Operand{promote.T(dtype.I32), promote.T0(dtype.F64), promote.T(dtype.F16)} {
		if err := s.Update(op); err != nil {
			fmt.Println(err)
			return
		}
	}
	res, _ := s.Result()
	fmt.Println(s.Slot(pytorch.DimSlot), s.Slot(pytorch.ZeroDimSlot), "->", res, "by", res.Rule.ID)
	// Output:
	// f16 f64 -> f16 by floating-higher
}

// Example_versions asks three queries of five PyTorch releases: bfloat16
// with a Python complex (bcomplex32 from 2.14), uint16 with float32 (no
// uint16 before 2.3) and uint8 with 2**63 (no uint64 Scalar before 2.3).
func Example_versions() {
	for _, v := range []string{"2.14", "2.11", "2.3", "2.2", "1.13"} {
		torch := pytorch.Def.MustBuild("version=" + v)
		for _, line := range []string{"bf16 1j", "u16 f32", "u8 9223372036854775808"} {
			ops, _ := promote.ParseOperands(pytorch.Def.Dialect, line)
			res, err := torch.Result(ops...)
			if err != nil {
				var e *promote.Error
				errors.As(err, &e)
				fmt.Printf("%-5s %-24s error: %s\n", v, line, e.Msg)
				continue
			}
			fmt.Printf("%-5s %-24s %s\n", v, line, res)
		}
	}
	// Output:
	// 2.14  bf16 1j                  bc32
	// 2.14  u16 f32                  f32
	// 2.14  u8 9223372036854775808   u8
	// 2.11  bf16 1j                  c64
	// 2.11  u16 f32                  f32
	// 2.11  u8 9223372036854775808   u8
	// 2.3   bf16 1j                  c64
	// 2.3   u16 f32                  f32
	// 2.3   u8 9223372036854775808   u8
	// 2.2   bf16 1j                  c64
	// 2.2   u16 f32                  error: PyTorch 2.2 has no dtype for u16 (torch.uint16 was added in 2.3)
	// 2.2   u8 9223372036854775808   error: Overflow when unpacking long (Python int 9223372036854775808 is outside int64's range; PyTorch 2.2 has no uint64 Scalar)
	// 1.13  bf16 1j                  c64
	// 1.13  u16 f32                  error: PyTorch 1.13 has no dtype for u16 (torch.uint16 was added in 2.3)
	// 1.13  u8 9223372036854775808   error: Overflow when unpacking long (Python int 9223372036854775808 is outside int64's range; PyTorch 1.13 has no uint64 Scalar)
}
