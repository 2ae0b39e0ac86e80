package tensor

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// Layout names a way of storing a run of elements. Types of 8 bits or more
// are stored the same way in every layout; the layouts differ only for the
// sub-byte types (i2, i4, u1, u2, u4, f4e2m1fn, f6e2m3fn, f6e3m2fn).
type Layout uint8

const (
	// Dense is the Tensor layout: a little-endian bit stream, element i in
	// bits [i*w, (i+1)*w), unused high bits of the last byte zero.
	Dense Layout = iota
	// OnePerByte stores each element in the low bits of its own byte,
	// high bits zero: ml_dtypes' in-memory layout and convert.Buffer's.
	OnePerByte
	// OpenVINO is ov::element's packing: u1 and u2 fill each byte from
	// the most significant bits down (element 0 of u1 is bit 7), while
	// u4, i4 and f4e2m1 put element 0 in the low nibble, as Dense does.
	// Source: openvino src/core/dev_api/openvino/core/type/element_iterator.hpp
	// (is_bit_type u1 u2 with initial shift 8-bits; is_nibble_type with
	// initial shift 0), restated in convert/spec.md "OpenVINO §2". OpenVINO has
	// no i2, f6e2m3fn or f6e3m2fn: this layout refuses them.
	OpenVINO
)

var layoutNames = [...]string{"dense", "one-per-byte", "openvino"}

// String returns the layout's name.
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return fmt.Sprintf("layout(%d)", uint8(l))
}

// Size returns the bytes n elements of d take in layout l.
func (l Layout) Size(d dtype.DType, n int64) (int64, error) {
	if err := l.check(d); err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, fmt.Errorf("tensor: negative element count %d", n)
	}
	w := int64(d.StorageBits())
	switch {
	case w >= 8:
		if n > maxInt/(w/8) {
			return 0, fmt.Errorf("tensor: %d %v elements take more than %d bytes", n, d, maxInt)
		}
		return n * (w / 8), nil
	case l == OnePerByte:
		return n, nil
	}
	return n/8*w + (n%8*w+7)/8, nil
}

func (l Layout) check(d dtype.DType) error {
	if !d.Valid() || d.Bits() == 0 {
		return fmt.Errorf("tensor: dtype %v has no storage", d)
	}
	switch l {
	case Dense, OnePerByte:
		return nil
	case OpenVINO:
		switch d {
		case dtype.I2, dtype.F6E2M3FN, dtype.F6E3M2FN:
			return fmt.Errorf("tensor: OpenVINO has no %v element type, so no packing for it", d)
		}
		return nil
	}
	return fmt.Errorf("tensor: unknown layout %d", uint8(l))
}

// Repack copies n elements of d from src, stored in layout srcL, into dst
// in layout dstL. Both slices must have exactly the layouts' sizes (see
// Layout.Size); they must not overlap unless they are the same slice and
// the layouts are equal. Unused bits of dst are cleared. Bits of a
// OnePerByte source above the element's width are ignored.
func Repack(dst []byte, dstL Layout, src []byte, srcL Layout, d dtype.DType, n int64) error {
	ds, err := dstL.Size(d, n)
	if err != nil {
		return err
	}
	ss, err := srcL.Size(d, n)
	if err != nil {
		return err
	}
	if int64(len(dst)) != ds {
		return fmt.Errorf("tensor: %d %v elements take %d bytes in the %v layout, destination has %d", n, d, ds, dstL, len(dst))
	}
	if int64(len(src)) != ss {
		return fmt.Errorf("tensor: %d %v elements take %d bytes in the %v layout, source has %d", n, d, ss, srcL, len(src))
	}
	w := d.Bits()
	if w >= 8 {
		copy(dst, src)
		return nil
	}
	dk, sk := kindOf(dstL, d), kindOf(srcL, d)
	if dk == sk {
		copy(dst, src)
		if dk == packOne { // keep the documented zero high bits
			mask := byte(1)<<w - 1
			for i := range dst {
				dst[i] &= mask
			}
		}
		clearTail(dst, dk, w, n)
		return nil
	}
	// Fast path for the common 4-bit case between Dense and OnePerByte.
	if w == 4 && dk == packOne && sk == packLSB {
		for i := int64(0); i < n; i++ {
			dst[i] = src[i/2] >> (4 * (i & 1)) & 0xf
		}
		return nil
	}
	if w == 4 && dk == packLSB && sk == packOne {
		clear(dst)
		for i := int64(0); i < n; i++ {
			dst[i/2] |= (src[i] & 0xf) << (4 * (i & 1))
		}
		return nil
	}
	if dk != packOne {
		clear(dst)
	}
	for i := int64(0); i < n; i++ {
		put(dst, dk, w, i, get(src, sk, w, i))
	}
	return nil
}

// Pack stores n elements of d held in layout from into dst in the Tensor
// (Dense) layout.
func Pack(dst []byte, src []byte, from Layout, d dtype.DType, n int64) error {
	return Repack(dst, Dense, src, from, d, n)
}

// Unpack stores n elements of d held in the Tensor (Dense) layout into dst
// in layout to.
func Unpack(dst []byte, to Layout, src []byte, d dtype.DType, n int64) error {
	return Repack(dst, to, src, Dense, d, n)
}

// Elements returns t's elements one per byte for sub-byte dtypes (the
// layout convert.Buffer takes), in a new slice; for other dtypes it
// returns t.Data itself, which is already that layout.
func (t *Tensor) Elements() ([]byte, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	if t.DType.Bits() >= 8 {
		return t.Data, nil
	}
	n := t.Len()
	out := make([]byte, n)
	return out, Unpack(out, OnePerByte, t.Data, t.DType, n)
}

// FromElements returns a tensor of d with the given shape from elements
// stored one per byte for sub-byte dtypes (packed into a new slice), or
// in the Tensor layout for other dtypes (taken as the tensor's Data).
func FromElements(d dtype.DType, shape []int64, elems []byte) (*Tensor, error) {
	n, size, err := storage(d, shape)
	if err != nil {
		return nil, err
	}
	if d.Bits() >= 8 {
		return New(d, shape, elems)
	}
	if int64(len(elems)) != n {
		return nil, fmt.Errorf("tensor: %v%v has %d elements, got %d bytes of one-per-byte elements", d, shape, n, len(elems))
	}
	data := make([]byte, size)
	if err := Pack(data, elems, OnePerByte, d, n); err != nil {
		return nil, err
	}
	return New(d, shape, data)
}

// packing is how one layout stores a sub-byte type.
type packing uint8

const (
	packLSB packing = iota // bit stream, least significant bits first
	packOne                // one element per byte
	packMSB                // each byte filled from the top (OpenVINO u1, u2)
)

func kindOf(l Layout, d dtype.DType) packing {
	switch {
	case l == OnePerByte:
		return packOne
	case l == OpenVINO && (d == dtype.U1 || d == dtype.U2):
		return packMSB
	}
	return packLSB
}

// get reads element i of width w.
func get(b []byte, k packing, w int, i int64) byte {
	mask := uint(1)<<w - 1
	switch k {
	case packOne:
		return b[i] & byte(mask)
	case packMSB: // w divides 8 here
		per := int64(8 / w)
		shift := 8 - w - int(i%per)*w
		return b[i/per] >> shift & byte(mask)
	}
	bit := i * int64(w)
	j, s := bit/8, uint(bit%8)
	v := uint(b[j])
	if s+uint(w) > 8 {
		v |= uint(b[j+1]) << 8
	}
	return byte(v >> s & mask)
}

// put writes element i of width w into b, whose bits for it are zero
// (packed kinds) or which it overwrites (packOne).
func put(b []byte, k packing, w int, i int64, v byte) {
	switch k {
	case packOne:
		b[i] = v
		return
	case packMSB:
		per := int64(8 / w)
		b[i/per] |= v << (8 - w - int(i%per)*w)
		return
	}
	bit := i * int64(w)
	j, s := bit/8, uint(bit%8)
	x := uint(v) << s
	b[j] |= byte(x)
	if s+uint(w) > 8 {
		b[j+1] |= byte(x >> 8)
	}
}

// clearTail zeroes the bits past element n in the last byte of a packed
// run.
func clearTail(b []byte, k packing, w int, n int64) {
	if k == packOne || len(b) == 0 {
		return
	}
	used := int(n * int64(w) % 8)
	if used == 0 {
		return
	}
	last := &b[len(b)-1]
	if k == packMSB {
		*last &^= byte(1)<<(8-used) - 1
	} else {
		*last &= byte(1)<<used - 1
	}
}
