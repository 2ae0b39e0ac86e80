package npy

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/tensor"
)

// Option tunes reading or writing.
type Option func(*options)

type options struct {
	readAs      dtype.DType
	rawVoid     bool
	deflate     bool  // WriteNPZ: deflate members
	maxNPZBytes int64 // ReadNPZ: bound on members' total size; 0: the default
}

// ReadAs says which dtype a file with a raw void descr ('|V2', '<V1')
// holds, as np.save writes for ml_dtypes types (bfloat16, float8, int4,
// ...): the descr's item size must be d's (one byte for sub-byte types).
// A file whose descr names its dtype is read as that dtype whatever
// ReadAs says.
func ReadAs(d dtype.DType) Option { return func(o *options) { o.readAs = d } }

// RawVoid makes Write give a dtype with no standard descr the raw void
// descr np.save writes ('|V2' for bf16, '|V1' for one-byte types) instead
// of its ml_dtypes name: plain NumPy then loads the bytes, without the
// dtype. It does not change dtypes that have a standard descr.
func RawVoid() Option { return func(o *options) { o.rawVoid = true } }

func collect(opts []Option) options {
	var o options
	for _, f := range opts {
		f(&o)
	}
	return o
}

// ReadFile reads the .npy file name into a tensor. Errors name the file.
func ReadFile(name string, opts ...Option) (*tensor.Tensor, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("npy: %s: not a regular file", name)
	}
	t, err := Read(bufio.NewReaderSize(f, 1<<16), st.Size(), opts...)
	if err != nil {
		return nil, fmt.Errorf("npy: %s: %v", name, err)
	}
	return t, nil
}

// Read reads a .npy file of size bytes from r into a tensor. size is the
// whole file's length: the header's shape is checked against it before
// anything is allocated for the data, and data longer or shorter than the
// shape says is an error.
func Read(r io.Reader, size int64, opts ...Option) (*tensor.Tensor, error) {
	return readArray(r, size, true, collect(opts))
}

// readArray is Read. trusted says that r surely holds size bytes (a file's
// size from stat), so the data's buffer is allocated whole; otherwise
// (an archive member's claimed size) it grows as the bytes arrive.
func readArray(r io.Reader, size int64, trusted bool, o options) (*tensor.Tensor, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return nil, err
	}
	if h.DataOffset > size {
		return nil, fmt.Errorf("header ends at byte %d, past the end of the %d-byte file", h.DataOffset, size)
	}
	et, err := parseDescr(h.Descr)
	if err != nil {
		return nil, err
	}
	d, err := resolve(et, h.Descr, o)
	if err != nil {
		return nil, err
	}
	n, err := tensor.NumElements(h.Shape)
	if err != nil {
		return nil, fmt.Errorf("shape %s: %v", shapeText(h.Shape), err)
	}
	have := size - h.DataOffset
	if n > have/int64(et.itemSize) && n > 0 {
		return nil, fmt.Errorf("data truncated: shape %s of %s needs %d elements of %d bytes, the file has %d bytes of data",
			shapeText(h.Shape), h.Descr, n, et.itemSize, have)
	}
	want := n * int64(et.itemSize)
	if have != want {
		return nil, fmt.Errorf("%d bytes after the data: shape %s of %s takes %d bytes, the file has %d", have-want, shapeText(h.Shape), h.Descr, want, have)
	}
	raw, err := readData(r, want, trusted)
	if err != nil {
		return nil, err
	}
	return decode(raw, d, et, h)
}

// growChunk is the first buffer readData allocates for data whose size
// is only claimed; the buffer then doubles as bytes arrive.
const growChunk = 16 << 20

// readData reads the want bytes of an array's data. Unless the count is
// trusted, the buffer grows with what actually arrives, so a size that
// lies costs no more memory than the bytes behind it (twice that at
// most).
func readData(r io.Reader, want int64, trusted bool) ([]byte, error) {
	if trusted || want <= growChunk {
		raw := make([]byte, want)
		if _, err := io.ReadFull(r, raw); err != nil {
			return nil, fmt.Errorf("data truncated: reading %d bytes: %v", want, eofText(err))
		}
		return raw, nil
	}
	buf := make([]byte, 0, growChunk)
	for int64(len(buf)) < want {
		n := int(min(want-int64(len(buf)), int64(max(growChunk, len(buf)))))
		buf = slices.Grow(buf, n)
		m, err := io.ReadFull(r, buf[len(buf):len(buf)+n])
		buf = buf[:len(buf)+m]
		if err != nil {
			return nil, fmt.Errorf("data truncated: %d of %d bytes: %v", len(buf), want, eofText(err))
		}
	}
	return buf, nil
}

// resolve picks the tensor dtype of a descr, with ReadAs.
func resolve(et elemType, descr string, o options) (dtype.DType, error) {
	if et.void {
		if o.readAs == dtype.Invalid {
			return 0, fmt.Errorf("descr %s is raw bytes with no dtype (np.save writes ml_dtypes types such as bfloat16 this way); say which dtype it holds (npy.ReadAs, promote convert -as)", clip.Quote(descr))
		}
		if o.readAs.Bits() == 0 {
			return 0, fmt.Errorf("cannot read %s as %v, which has no storage", clip.Quote(descr), o.readAs)
		}
		if itemBytes(o.readAs) != et.itemSize {
			return 0, fmt.Errorf("cannot read %s as %v: items are %d bytes, %v takes %d", clip.Quote(descr), o.readAs, et.itemSize, o.readAs, itemBytes(o.readAs))
		}
		return o.readAs, nil
	}
	return et.dtype, nil
}

// decode turns the file's element bytes into a tensor: byte order, bool
// normalisation, Fortran order, sub-byte packing.
func decode(raw []byte, d dtype.DType, et elemType, h Header) (*tensor.Tensor, error) {
	if et.bigEndian {
		part := et.itemSize
		if d.IsComplex() {
			part /= 2
		}
		swap(raw, part)
	}
	if d == dtype.Bool {
		for i, b := range raw {
			if b != 0 {
				raw[i] = 1
			}
		}
	}
	if h.Fortran && len(h.Shape) > 1 {
		raw = fortranToC(raw, h.Shape, et.itemSize)
	}
	raw = zeroPadding(raw, d, false)
	t, err := tensor.FromElements(d, h.Shape, raw)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// swap reverses the bytes of each size-byte part in place.
func swap(b []byte, size int) {
	if size <= 1 {
		return
	}
	for i := 0; i+size <= len(b); i += size {
		p := b[i : i+size]
		for j, k := 0, size-1; j < k; j, k = j+1, k-1 {
			p[j], p[k] = p[k], p[j]
		}
	}
}

// fortranToC reorders column-major elements of es bytes into row-major.
func fortranToC(src []byte, shape []int64, es int) []byte {
	dst := make([]byte, len(src))
	if len(src) == 0 {
		return dst
	}
	rank := len(shape)
	fstride := make([]int64, rank) // element strides of the Fortran layout
	s := int64(1)
	for i := range rank {
		fstride[i] = s
		s *= shape[i]
	}
	idx := make([]int64, rank)
	var off int64 // Fortran offset of idx
	e := int64(es)
	for c := int64(0); c < int64(len(dst))/e; c++ {
		copy(dst[c*e:(c+1)*e], src[off*e:(off+1)*e])
		// Advance idx in C order (last axis fastest).
		for ax := rank - 1; ax >= 0; ax-- {
			idx[ax]++
			off += fstride[ax]
			if idx[ax] < shape[ax] {
				break
			}
			off -= idx[ax] * fstride[ax]
			idx[ax] = 0
		}
	}
	return dst
}
