//go:build !purego

package kernels

import "github.com/promote-dev/promote/dtype"

// The kernels of oddhalf_amd64.s: f64 and the 32- and 64-bit integers to
// f16 and bf16 in one pass, in place of the chains through f32
// (chain.go), whose f32 intermediate made a round trip through the L1
// cache a chunk at a time. Block 32; each has a non-temporal twin.

//go:noescape
func oddF64F16(dst, src *byte, n int)

//go:noescape
func oddF64F16NT(dst, src *byte, n int)

//go:noescape
func oddI64F16(dst, src *byte, n int)

//go:noescape
func oddI64F16NT(dst, src *byte, n int)

//go:noescape
func oddU64F16(dst, src *byte, n int)

//go:noescape
func oddU64F16NT(dst, src *byte, n int)

//go:noescape
func oddI32F16(dst, src *byte, n int)

//go:noescape
func oddI32F16NT(dst, src *byte, n int)

//go:noescape
func oddU32F16(dst, src *byte, n int)

//go:noescape
func oddU32F16NT(dst, src *byte, n int)

//go:noescape
func oddF64BF16(dst, src *byte, n int)

//go:noescape
func oddF64BF16NT(dst, src *byte, n int)

//go:noescape
func oddI64BF16(dst, src *byte, n int)

//go:noescape
func oddI64BF16NT(dst, src *byte, n int)

//go:noescape
func oddU64BF16(dst, src *byte, n int)

//go:noescape
func oddU64BF16NT(dst, src *byte, n int)

//go:noescape
func oddI32BF16(dst, src *byte, n int)

//go:noescape
func oddI32BF16NT(dst, src *byte, n int)

//go:noescape
func oddU32BF16(dst, src *byte, n int)

//go:noescape
func oddU32BF16NT(dst, src *byte, n int)

// registerOddHalves installs the kernels of oddhalf_amd64.s in place of
// the chains from f64 and the 32- and 64-bit integers to f16 and bf16.
// They compute what the chains compute (round to odd into f32, then
// nearest even into the half), so the chains stay their pure-Go twins.
func registerOddHalves() {
	for _, k := range []struct {
		dst, src dtype.DType
		lp, nt   loop
	}{
		{dtype.F16, dtype.F64, oddF64F16, oddF64F16NT},
		{dtype.F16, dtype.I64, oddI64F16, oddI64F16NT},
		{dtype.F16, dtype.U64, oddU64F16, oddU64F16NT},
		{dtype.F16, dtype.I32, oddI32F16, oddI32F16NT},
		{dtype.F16, dtype.U32, oddU32F16, oddU32F16NT},
		{dtype.BF16, dtype.F64, oddF64BF16, oddF64BF16NT},
		{dtype.BF16, dtype.I64, oddI64BF16, oddI64BF16NT},
		{dtype.BF16, dtype.U64, oddU64BF16, oddU64BF16NT},
		{dtype.BF16, dtype.I32, oddI32BF16, oddI32BF16NT},
		{dtype.BF16, dtype.U32, oddU32BF16, oddU32BF16NT},
	} {
		setNT(k.dst, k.src, k.lp, k.nt, 32)
	}
}
