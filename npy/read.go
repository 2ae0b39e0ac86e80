package npy

import (
	"bufio"
	"fmt"
	"io"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/internal/safein"
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
	f, err := safein.OpenRegular(name)
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	t, err := Read(bufio.NewReaderSize(f, 1<<16), st.Size(), opts...)
	if err != nil {
		return nil, fmt.Errorf("npy: %s: %w", name, err)
	}
	return t, nil
}

// Read reads a .npy file of size bytes from r into a tensor. size is the
// whole file's length: the header's shape is checked against it before
// anything is allocated for the data, and data longer or shorter than the
// shape says is an error.
func Read(r io.Reader, size int64, opts ...Option) (*tensor.Tensor, error) {
	return readArray(r, size, collect(opts))
}

// readArray is Read. size is the data's length as the file system says
// (a file) or as the archive claims (a member, whose claim ReadNPZ has
// checked against its bounds and against what deflate can produce from
// the member's compressed bytes), so the data's buffer is allocated whole,
// once, and filled in place: an array costs its own size once, whatever
// its order, plus a constant.
func readArray(r io.Reader, size int64, o options) (*tensor.Tensor, error) {
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
		return nil, fmt.Errorf("shape %s: %w", shapeText(h.Shape), err)
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
	var raw []byte
	if h.Fortran && len(h.Shape) > 1 {
		raw, err = readFortran(r, want, h.Shape, et.itemSize)
	} else {
		raw, err = readData(r, want)
	}
	if err != nil {
		return nil, err
	}
	return decode(raw, d, et, h)
}

// readData reads the want bytes of an array's data.
func readData(r io.Reader, want int64) ([]byte, error) {
	raw := make([]byte, want)
	if m, err := io.ReadFull(r, raw); err != nil {
		return nil, fmt.Errorf("data truncated: %d of %d bytes: %w", m, want, eofErr(err))
	}
	return raw, nil
}

// fortranChunk is the most bytes readFortran holds besides the array.
const fortranChunk = 1 << 20

// readFortran reads want bytes of column-major (Fortran-order) elements
// of es bytes each and puts every element straight at its row-major
// place, through a buffer of at most fortranChunk bytes (or one element):
// the array is never held twice.
func readFortran(r io.Reader, want int64, shape []int64, es int) ([]byte, error) {
	dst := make([]byte, want)
	if want == 0 {
		return dst, nil
	}
	rank := len(shape)
	cstride := make([]int64, rank) // element strides of the row-major layout
	s := int64(1)
	for ax := rank - 1; ax >= 0; ax-- {
		cstride[ax] = s
		s *= shape[ax]
	}
	e := int64(es)
	buf := make([]byte, max(e, fortranChunk/e*e))
	idx := make([]int64, rank) // the next element's index
	var off int64              // its row-major element offset
	for done := int64(0); done < want; {
		chunk := buf[:min(int64(len(buf)), want-done)]
		if m, err := io.ReadFull(r, chunk); err != nil {
			return nil, fmt.Errorf("data truncated: %d of %d bytes: %w", done+int64(m), want, eofErr(err))
		}
		for p := int64(0); p < int64(len(chunk)); p += e {
			copy(dst[off*e:(off+1)*e], chunk[p:p+e])
			// Advance idx in column-major order (first axis fastest).
			for ax := range rank {
				idx[ax]++
				off += cstride[ax]
				if idx[ax] < shape[ax] {
					break
				}
				off -= idx[ax] * cstride[ax]
				idx[ax] = 0
			}
		}
		done += int64(len(chunk))
	}
	return dst, nil
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

// decode turns the file's element bytes, already in row-major order, into
// a tensor: byte order, bool normalisation, sub-byte packing.
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
