//go:build !purego

package kernels

import "github.com/promote-dev/promote/dtype"

// The NEON kernels of kernels_arm64.s: n elements, n a positive multiple
// of the block registerFast gives.

//go:noescape
func cvtF32F16(dst, src *byte, n int)

//go:noescape
func cvtF16F32(dst, src *byte, n int)

//go:noescape
func cvtF64F32(dst, src *byte, n int)

//go:noescape
func cvtF32F64(dst, src *byte, n int)

//go:noescape
func cvtF32BF16(dst, src *byte, n int)

//go:noescape
func cvtBF16F32(dst, src *byte, n int)

// sfence has nothing to order: the arm64 kernels make ordinary stores.
func sfence() {}

// registerFast installs the NEON kernels (every arm64 CPU has NEON and
// its f16 conversions): f32 with f16, bf16 and f64 both ways, the small
// floats' table decoders (lut_arm64.go), and the chains through f32 that
// these make faster.
func registerFast() {
	set(dtype.F16, dtype.F32, cvtF32F16, 16)
	set(dtype.F32, dtype.F16, cvtF16F32, 16)
	set(dtype.F32, dtype.F64, cvtF64F32, 8)
	set(dtype.F64, dtype.F32, cvtF32F64, 8)
	set(dtype.BF16, dtype.F32, cvtF32BF16, 8)
	set(dtype.F32, dtype.BF16, cvtBF16F32, 8)
	for d := range f8LUTs {
		for s, lt := range f8LUTs[d] {
			if lt != nil && lt.fast {
				setRunner(dtype.DType(d), dtype.DType(s), lt.RunNT)
			}
		}
	}
	odd := [dtype.Count]Kernel{
		dtype.F64: goF64ToF32Odd,
		dtype.I32: goIntToF32Odd[int32],
		dtype.I64: goIntToF32Odd[int64],
		dtype.U32: goIntToF32Odd[uint32],
		dtype.U64: goIntToF32Odd[uint64],
	}
	registerFastChains(&odd)
}
