// Package tensor holds promote's Tensor: a dtype, a shape and contiguous
// little-endian storage, with conversion to a common dtype
// (ConvertPromoteTypes) and broadcasting.
//
// # Storage
//
// Elements are stored in row-major (C) order, little-endian. Each element
// of a type of 8 bits or more takes ElemBytes(dtype) bytes; complex types
// store the real part then the imaginary part; bool is one byte, 0 or 1;
// f80 takes 16 bytes, its 10-byte pattern then 6 bytes of zero padding
// (x86-64's long double), and c160 two such parts.
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
	"strconv"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
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
			return 0, fmt.Errorf("tensor: shape %s has more than 2^62 elements", shapeText(shape))
		}
		n *= d
	}
	return n, nil
}

// shapeText writes a shape as %v does ("[2 3]"), its dimensions cut by
// clip.List, for errors about shapes read from files, which may have any
// number of dimensions.
func shapeText(shape []int64) string {
	return "[" + clip.List(len(shape), func(i int) string { return strconv.FormatInt(shape[i], 10) }, " ") + "]"
}

// StorageBytes returns the bytes n elements of d take in a Tensor.
func StorageBytes(d dtype.DType, n int64) int64 {
	bits := int64(d.StorageBits()) // f80: 128, padding included
	if bits < 8 {
		return (n*bits + 7) / 8
	}
	return n * bits / 8
}

// storage returns the element count and storage bytes of a tensor of d
// with the given shape, or an error when d cannot be stored (Dynamic,
// Invalid) or the shape is bad or too large to address.
func storage(d dtype.DType, shape []int64) (n, size int64, err error) {
	if !d.Valid() || d.Bits() == 0 {
		return 0, 0, fmt.Errorf("tensor: dtype %v has no storage", d)
	}
	if n, err = NumElements(shape); err != nil {
		return 0, 0, err
	}
	bits := int64(d.StorageBits())
	if bits < 8 {
		// n/8*bits cannot overflow for n < 2^62; the remainder adds < bits.
		size = n/8*bits + (n%8*bits+7)/8
	} else {
		if n > maxInt/(bits/8) {
			return 0, 0, fmt.Errorf("tensor: shape %s of %v takes more than %d bytes", shapeText(shape), d, maxInt)
		}
		size = n * (bits / 8)
	}
	if size > maxInt {
		return 0, 0, fmt.Errorf("tensor: shape %s of %v takes more than %d bytes", shapeText(shape), d, maxInt)
	}
	return n, size, nil
}

// maxInt is the largest slice length on this platform.
const maxInt = int64(^uint(0) >> 1)

// New returns a tensor of d with the given shape holding data, which must
// be laid out as the package comment says and have exactly the storage
// size. New takes ownership of data and copies the shape.
func New(d dtype.DType, shape []int64, data []byte) (*Tensor, error) {
	_, size, err := storage(d, shape)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) != size {
		return nil, fmt.Errorf("tensor: %v%v needs %d bytes of storage, got %d", d, shape, size, len(data))
	}
	return &Tensor{DType: d, Shape: append([]int64{}, shape...), Data: data}, nil
}

// Zeros returns a tensor of d with the given shape whose storage is all
// zero bytes (the value +0, 0 or false in every catalogue dtype except
// f8e8m0fnu, whose zero pattern is 2^-127).
func Zeros(d dtype.DType, shape []int64) (*Tensor, error) {
	_, size, err := storage(d, shape)
	if err != nil {
		return nil, err
	}
	return &Tensor{DType: d, Shape: append([]int64{}, shape...), Data: make([]byte, size)}, nil
}

// Check reports whether t is well formed: a dtype with storage, a valid
// shape, and Data of exactly the storage size.
func (t *Tensor) Check() error {
	if t == nil {
		return fmt.Errorf("tensor: nil tensor")
	}
	_, size, err := storage(t.DType, t.Shape)
	if err != nil {
		return err
	}
	if int64(len(t.Data)) != size {
		return fmt.Errorf("tensor: %v%v needs %d bytes of storage, has %d", t.DType, t.Shape, size, len(t.Data))
	}
	return nil
}

// Len returns the number of elements (1 for rank 0). It assumes t is well
// formed (see Check); for a bad shape it returns 0.
func (t *Tensor) Len() int64 {
	n, err := NumElements(t.Shape)
	if err != nil {
		return 0
	}
	return n
}

// String describes t without its data: dtype and shape, as the operand
// grammar writes a shaped tensor ("f32[2,3]", "i64[]").
func (t *Tensor) String() string {
	b := []byte(t.DType.String())
	b = append(b, '[')
	for i, d := range t.Shape {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "%d", d)
	}
	return string(append(b, ']'))
}
