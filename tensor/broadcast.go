package tensor

import (
	"fmt"

	"github.com/promote-dev/promote/convert"
)

// BroadcastShapes returns the shape NumPy's broadcasting gives the shapes
// (numpy.broadcast_shapes): shapes are aligned at their last dimension,
// missing leading dimensions count as 1, and along each axis the sizes
// must be equal or 1, a 1 stretching to the other size (so 1 with 0 gives
// 0). No shapes give the rank-0 shape []. An incompatible axis is an error
// naming both sizes and the shapes they come from.
func BroadcastShapes(shapes ...[]int64) ([]int64, error) {
	rank := 0
	for _, s := range shapes {
		for i, d := range s {
			if d < 0 {
				return nil, fmt.Errorf("tensor: shape %v has a negative dimension at axis %d", s, i)
			}
		}
		rank = max(rank, len(s))
	}
	out := make([]int64, rank)
	for ax := 1; ax <= rank; ax++ { // ax counts from the last axis
		dim, from := int64(1), -1
		for k, s := range shapes {
			if ax > len(s) {
				continue
			}
			d := s[len(s)-ax]
			switch {
			case d == 1 || d == dim:
			case dim == 1:
				dim, from = d, k
			default:
				return nil, fmt.Errorf("tensor: shapes %v and %v cannot be broadcast together: size %d and size %d at axis %d (sizes must be equal or 1)",
					shapes[from], s, dim, d, -ax)
			}
		}
		out[rank-ax] = dim
	}
	return out, nil
}

// BroadcastTo returns a new tensor of shape holding t's elements repeated
// as NumPy's broadcast_to does: t's shape aligned at the last dimension
// with shape, each of t's sizes equal to shape's or 1. Unlike NumPy it
// materialises the result (no zero strides), so its size is the caller's
// to bound.
func BroadcastTo(t *Tensor, shape []int64) (*Tensor, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	if len(shape) < len(t.Shape) {
		return nil, fmt.Errorf("tensor: cannot broadcast %v to shape %v, which has fewer dimensions", t, shape)
	}
	lead := len(shape) - len(t.Shape)
	stride := make([]int64, len(shape)) // in elements; 0 where repeated
	s := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		if shape[i] < 0 {
			return nil, fmt.Errorf("tensor: shape %v has a negative dimension at axis %d", shape, i)
		}
		if i < lead {
			continue
		}
		d := t.Shape[i-lead]
		switch {
		case d == shape[i]:
			stride[i] = s
		case d == 1:
		default:
			return nil, fmt.Errorf("tensor: cannot broadcast %v to shape %v: size %d at axis %d is neither %d nor 1", t, shape, d, i, shape[i])
		}
		s *= d
	}
	n, size, err := storage(t.DType, shape)
	if err != nil {
		return nil, err
	}
	src, err := t.Elements()
	if err != nil {
		return nil, err
	}
	es := int64(convert.ElemBytes(t.DType))
	out := &Tensor{DType: t.DType, Shape: append([]int64{}, shape...), Data: make([]byte, size)}
	dst := out.Data
	if t.DType.Bits() < 8 {
		dst = make([]byte, n)
	}
	if n > 0 {
		// contig[i] says axes i.. are copied without repetition.
		contig := make([]bool, len(shape)+1)
		contig[len(shape)] = true
		for i := len(shape) - 1; i >= 0; i-- {
			contig[i] = contig[i+1] && (stride[i] != 0 || shape[i] == 1)
		}
		fill(dst, src, shape, stride, contig, es)
	}
	if t.DType.Bits() < 8 {
		if err := Pack(out.Data, dst, OnePerByte, t.DType, n); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fill writes the broadcast of src into the contiguous dst, axis by axis.
func fill(dst, src []byte, shape, stride []int64, contig []bool, es int64) {
	if contig[0] {
		copy(dst, src[:len(dst)])
		return
	}
	inner := int64(len(dst)) / shape[0]
	if stride[0] == 0 {
		fill(dst[:inner], src, shape[1:], stride[1:], contig[1:], es)
		for done := inner; done < int64(len(dst)); done *= 2 { // doubling copies
			copy(dst[done:], dst[:done])
		}
		return
	}
	for i := int64(0); i < shape[0]; i++ {
		fill(dst[i*inner:(i+1)*inner], src[i*stride[0]*es:], shape[1:], stride[1:], contig[1:], es)
	}
}

// KernelFloatExtent returns the vector length kernel_float's
// broadcast_extent gives operands of the given lengths
// (kernel_float/rules.md, "Vectorization, broadcasting, into_vec", step
// 2; source: KernelTuner/kernel_float include/kernel_float/apply.h
// broadcast_extent @f4e2d65b):
// N with N, 1 with N and N with 1 give N; any other pair has no
// specialisation, which in C++ removes the operator from overload
// resolution, and here is an error naming both lengths. More than two
// lengths fold from the left.
func KernelFloatExtent(lengths ...int64) (int64, error) {
	if len(lengths) == 0 {
		return 0, fmt.Errorf("tensor: kernel_float broadcast_extent of no operands")
	}
	acc := lengths[0]
	for i, l := range lengths {
		if l < 0 {
			return 0, fmt.Errorf("tensor: kernel_float vector length %d (operand %d) is negative", l, i+1)
		}
		switch {
		case i == 0 || l == acc || l == 1:
		case acc == 1:
			acc = l
		default:
			return 0, fmt.Errorf("tensor: kernel_float cannot broadcast vectors of lengths %d and %d (only N with N, 1 with N, N with 1)", acc, l)
		}
	}
	return acc, nil
}

// IntoVec is kernel_float's into_vec on a tensor (kernel_float/rules.md,
// "into_vec"; source: include/kernel_float/vector.h and base.h
// into_vector_impl @f4e2d65b): a rank-0 tensor (a scalar) becomes
// a vector of length 1 and a rank-1 tensor stays itself; kernel_float
// vectors have one dimension, so a higher rank is an error. The result
// shares t's Data.
func IntoVec(t *Tensor) (*Tensor, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	switch len(t.Shape) {
	case 0:
		return &Tensor{DType: t.DType, Shape: []int64{1}, Data: t.Data}, nil
	case 1:
		return t, nil
	}
	return nil, fmt.Errorf("tensor: kernel_float vectors have one dimension; %v has %d", t, len(t.Shape))
}

// KernelFloatBroadcast applies kernel_float's vectorisation to operands:
// IntoVec on each, KernelFloatExtent of their lengths, then length-1
// vectors repeated to the common length (BroadcastTo). Operands already of
// the common length are returned as they are. Converting to the common
// element type (ConvertPromoteTypes with the kernel-float rule set) is a
// separate step; kernel_float converts before it repeats, which gives the
// same elements.
func KernelFloatBroadcast(ts ...*Tensor) ([]*Tensor, error) {
	vs := make([]*Tensor, len(ts))
	lengths := make([]int64, len(ts))
	for i, t := range ts {
		v, err := IntoVec(t)
		if err != nil {
			return nil, fmt.Errorf("operand %d: %w", i+1, err)
		}
		vs[i], lengths[i] = v, v.Shape[0]
	}
	n, err := KernelFloatExtent(lengths...)
	if err != nil {
		return nil, err
	}
	for i, v := range vs {
		if v.Shape[0] != n {
			if vs[i], err = BroadcastTo(v, []int64{n}); err != nil {
				return nil, err
			}
		}
	}
	return vs, nil
}
