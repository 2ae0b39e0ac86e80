package convert_test

import (
	"fmt"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

func Example() {
	// 65520 is halfway between f16's largest finite value and 2^16: it
	// rounds to even, past the range, so it becomes +inf.
	x, acc, _ := convert.Scalar(dtype.F16, dtype.F32, convert.Pattern{Re: 0x477ff000}, convert.Default())
	fmt.Printf("%#04x %v %s\n", x.Re, acc, convert.Text(dtype.F16, x))

	// The same value under kernel_float's saturating fp8 casts.
	p, _ := convert.PolicyByName("kernel-float")
	x, acc, _ = convert.Scalar(dtype.F8E4M3FN, dtype.F32, convert.Pattern{Re: 0x477ff000}, p)
	fmt.Printf("%#02x %v %s\n", x.Re, acc, convert.Text(dtype.F8E4M3FN, x))

	// A decimal is converted from its exact value.
	d, _ := convert.ParseDecimal("0.1")
	x, acc, _ = convert.FromDecimal(dtype.BF16, d, convert.Default())
	fmt.Printf("%#04x %v %s\n", x.Re, acc, convert.Text(dtype.BF16, x))

	// Buffers: f32 to f16 through typed slices.
	out := make([]uint16, 3)
	_ = convert.Slice(out, dtype.F16, []float32{1, -2.5, 1e-8}, dtype.F32, convert.Default(), convert.Options{})
	fmt.Printf("%#04x\n", out)
	// Output:
	// 0x7c00 Above inf
	// 0x7e Below 448
	// 0x3dcd Above 0.10009765625
	// [0x3c00 0xc100 0x0000]
}

// The bytes each system writes where they differ: a NaN into bf16 and
// -1.0 into float8_e8m0fnu under PyTorch on CUDA, PyTorch on the CPU,
// NumPy with ml_dtypes, and the default.
func ExampleTorchCUDA() {
	nan := convert.Pattern{Re: 0xffc00000}    // f32 -NaN
	minus1 := convert.Pattern{Re: 0xbf800000} // f32 -1.0
	for _, p := range []struct {
		name string
		p    convert.Policy
	}{
		{"torch-cuda", convert.TorchCUDA()},
		{"torch-cpu", convert.TorchCPU()},
		{"ml-dtypes", convert.MLDtypes()},
		{"default", convert.Default()},
	} {
		b, _, _ := convert.Scalar(dtype.BF16, dtype.F32, nan, p.p)
		e, _, _ := convert.Scalar(dtype.F8E8M0FNU, dtype.F32, minus1, p.p)
		fmt.Printf("%-10s bf16 %#04x  e8m0 %#02x\n", p.name, b.Re, e.Re)
	}
	// Output:
	// torch-cuda bf16 0x7fff  e8m0 0x7f
	// torch-cpu  bf16 0xffff  e8m0 0x7f
	// ml-dtypes  bf16 0xffc0  e8m0 0xff
	// default    bf16 0xffc0  e8m0 0xff
}
