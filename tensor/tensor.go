// Package tensor holds promote's Tensor: a dtype, a shape and contiguous
// little-endian storage, with conversion to a common dtype
// (ConvertPromoteTypes) and broadcasting.
//
// # Storage
//
// Elements are stored in row-major (C) order, little-endian. Each element
// of a type of 8 bits or more takes ElemBytes(dtype) bytes; complex types
// store the real part then the imaginary part; bool is one byte, 0 or 1.
//
// Sub-byte types (i2, i4, u1, u2, u4, f4e2m1fn, f6e2m3fn, f6e3m2fn) are
// packed densely, least significant bits first: element i occupies bits
// [i*w, (i+1)*w) of the little-endian bit stream, so for 4-bit types the
// first element is the low nibble of byte 0. The last byte's unused high
// bits are zero. f6 types are packed the same way (6 bits each, spanning
// byte boundaries). This is OpenVINO's layout for i4 and u4; OpenVINO's u1
// is most significant bit first, and ml_dtypes (NumPy, .npy files) stores
// one sub-byte element per byte: Pack and Unpack convert between them.
package tensor

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// Tensor is a dtype, a shape and the storage described in the package
// comment. Data has exactly StorageBytes(DType, NumElements(Shape)) bytes.
type Tensor struct {
	DType dtype.DType
	Shape []int64
	Data  []byte
}

// NumElements returns the number of elements of a shape (1 for rank 0),
// or an error when a dimension is negative or the product overflows int64.
func NumElements(shape []int64) (int64, error) {
	n := int64(1)
	for i, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("tensor: dimension %d is negative (%d)", i, d)
		}
		if d != 0 && n > (1<<62)/d {
			return 0, fmt.Errorf("tensor: shape %v has more than 2^62 elements", shape)
		}
		n *= d
	}
	return n, nil
}

// StorageBytes returns the bytes n elements of d take in a Tensor.
func StorageBytes(d dtype.DType, n int64) int64 {
	bits := int64(d.Bits())
	if bits < 8 {
		return (n*bits + 7) / 8
	}
	return n * bits / 8
}
