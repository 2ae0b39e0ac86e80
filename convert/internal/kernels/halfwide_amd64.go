//go:build !purego

package kernels

import "github.com/promote-dev/promote/dtype"

// The kernels of halfwide_amd64.s: f16 and bf16 to f64 and the 32- and
// 64-bit integers in one pass, in place of the chains through f32
// (chain.go). Each has a non-temporal twin.

//go:noescape
func f16F64(dst, src *byte, n int)

//go:noescape
func f16F64NT(dst, src *byte, n int)

//go:noescape
func f16I32(dst, src *byte, n int)

//go:noescape
func f16I32NT(dst, src *byte, n int)

//go:noescape
func f16U32(dst, src *byte, n int)

//go:noescape
func f16U32NT(dst, src *byte, n int)

//go:noescape
func f16I64(dst, src *byte, n int)

//go:noescape
func f16I64NT(dst, src *byte, n int)

//go:noescape
func f16U64(dst, src *byte, n int)

//go:noescape
func f16U64NT(dst, src *byte, n int)

//go:noescape
func bf16F64(dst, src *byte, n int)

//go:noescape
func bf16F64NT(dst, src *byte, n int)

//go:noescape
func bf16I32(dst, src *byte, n int)

//go:noescape
func bf16I32NT(dst, src *byte, n int)

//go:noescape
func bf16U32(dst, src *byte, n int)

//go:noescape
func bf16U32NT(dst, src *byte, n int)

//go:noescape
func bf16I64(dst, src *byte, n int)

//go:noescape
func bf16I64NT(dst, src *byte, n int)

//go:noescape
func bf16U64(dst, src *byte, n int)

//go:noescape
func bf16U64NT(dst, src *byte, n int)

// registerHalfWide installs the kernels of halfwide_amd64.s in place of
// the chains from f16 and bf16 to f64 and the 32- and 64-bit integers.
// They compute what the chains compute, so the chains stay their pure-Go
// twins.
func registerHalfWide() {
	for _, k := range []struct {
		dst, src dtype.DType
		lp, nt   loop
		block    int
	}{
		{dtype.F64, dtype.F16, f16F64, f16F64NT, 32},
		{dtype.I32, dtype.F16, f16I32, f16I32NT, 32},
		{dtype.U32, dtype.F16, f16U32, f16U32NT, 32},
		{dtype.I64, dtype.F16, f16I64, f16I64NT, 16},
		{dtype.U64, dtype.F16, f16U64, f16U64NT, 16},
		{dtype.F64, dtype.BF16, bf16F64, bf16F64NT, 32},
		{dtype.I32, dtype.BF16, bf16I32, bf16I32NT, 32},
		{dtype.U32, dtype.BF16, bf16U32, bf16U32NT, 32},
		{dtype.I64, dtype.BF16, bf16I64, bf16I64NT, 16},
		{dtype.U64, dtype.BF16, bf16U64, bf16U64NT, 16},
	} {
		setNT(k.dst, k.src, k.lp, k.nt, k.block)
	}
}
