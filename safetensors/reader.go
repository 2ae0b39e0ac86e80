package safetensors

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/tensor"
)

// File is an open safetensors file: its validated header and access to
// each tensor's bytes, read on demand. Nothing but the header is read up
// front, so a File of any size costs the header's memory.
type File struct {
	Header
	name       string
	r          io.ReaderAt
	headerSize int64 // N, the JSON's length with padding
	size       int64
	closer     io.Closer
}

// Open opens and validates the file at path. Close it when done.
func Open(path string) (*File, error) {
	f, err := safein.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	sf, err := NewReader(f, st.Size(), path)
	if err != nil {
		f.Close()
		return nil, err
	}
	sf.closer = f
	return sf, nil
}

// NewReader reads and validates the header of the size-byte file r; name
// is used in errors only. Allocations are bounded by size and
// MaxHeaderSize whatever the header claims.
func NewReader(r io.ReaderAt, size int64, name string) (*File, error) {
	var lenBuf [8]byte
	if size < 8 {
		return nil, named(faultf(ErrTruncated, "", "%d bytes, fewer than the 8-byte header length", size), name)
	}
	if _, err := r.ReadAt(lenBuf[:], 0); err != nil {
		return nil, named(err, name)
	}
	n := binary.LittleEndian.Uint64(lenBuf[:])
	switch {
	case n > MaxHeaderSize:
		return nil, named(faultf(ErrHeaderTooLarge, "", "%d bytes, past the limit of %d%s", n, MaxHeaderSize, otherFormat(lenBuf[:])), name)
	case n > uint64(size-8):
		return nil, named(faultf(ErrTruncated, "", "the header length %d runs past the end of the file (%d bytes)%s", n, size, otherFormat(lenBuf[:])), name)
	}
	h, err, mapped := parseMapped(r, int64(n), size-8-int64(n))
	if !mapped {
		hb := make([]byte, n)
		if _, err := r.ReadAt(hb, 8); err != nil && !(errors.Is(err, io.EOF) && n == 0) {
			return nil, named(err, name)
		}
		h, err = ParseHeader(hb, size-8-int64(n))
	}
	if err != nil {
		return nil, named(err, name)
	}
	return &File{Header: *h, name: name, r: r, headerSize: int64(n), size: size}, nil
}

// Name returns the name the file was opened with.
func (f *File) Name() string { return f.name }

// HeaderSize returns the header's length in bytes, padding included (the
// number in the file's first 8 bytes).
func (f *File) HeaderSize() int64 { return f.headerSize }

// DataOffset returns the file offset of the data buffer, 8 + HeaderSize.
func (f *File) DataOffset() int64 { return 8 + f.headerSize }

// Size returns the file's size in bytes.
func (f *File) Size() int64 { return f.size }

// Section returns a reader of t's bytes (t from f.Tensors).
func (f *File) Section(t TensorInfo) *io.SectionReader {
	return io.NewSectionReader(f.r, f.DataOffset()+t.Begin, t.Bytes())
}

// ReadAt reads len(p) bytes of tensor t's data starting at byte off of
// the tensor, for callers that stream a tensor in chunks.
func (f *File) ReadAt(t TensorInfo, p []byte, off int64) error {
	if off < 0 || off > t.Bytes() || int64(len(p)) > t.Bytes()-off {
		return fmt.Errorf("safetensors: %s: tensor %s: read of %d bytes at %d is outside its %d bytes", f.name, clip.Quote(t.Name), len(p), off, t.Bytes())
	}
	if len(p) == 0 {
		// Some ReaderAts (bytes.Reader) report EOF for an empty read at
		// the end, where a zero-byte last tensor sits.
		return nil
	}
	if _, err := f.r.ReadAt(p, f.DataOffset()+t.Begin+off); err != nil {
		if errors.Is(err, io.EOF) {
			return named(faultf(ErrTruncated, t.Name, "the file shrank while being read"), f.name)
		}
		return fmt.Errorf("safetensors: %s: tensor %s: %w", f.name, clip.Quote(t.Name), err)
	}
	return nil
}

// ReadTensor reads the named tensor into memory. Its Data is the file's
// bytes as they are: little-endian, row-major, and for F4 and F6 packed
// densely least significant bits first, which is the tensor package's
// packing (the format itself defines only the byte count; PyTorch's
// float4_e2m1fn_x2 keeps the first element in the low nibble).
func (f *File) ReadTensor(name string) (*tensor.Tensor, error) {
	t, ok := f.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("safetensors: %s: no tensor %s", f.name, clip.Quote(name))
	}
	return f.read(t)
}

// read reads tensor t (from f.Tensors) into memory.
func (f *File) read(t TensorInfo) (*tensor.Tensor, error) {
	data := make([]byte, t.Bytes())
	if err := f.ReadAt(t, data, 0); err != nil {
		return nil, err
	}
	return &tensor.Tensor{DType: t.DType, Shape: append([]int64{}, t.Shape...), Data: data}, nil
}

// Close closes the file opened by Open; for a File from NewReader it does
// nothing.
func (f *File) Close() error {
	if f.closer == nil {
		return nil
	}
	err := f.closer.Close()
	f.closer = nil
	return err
}

// Named is a tensor with its name in a file.
type Named struct {
	Name   string
	Tensor *tensor.Tensor
}

// ReadFile reads every tensor of the file at path into memory, in file
// order, with the metadata map (nil when the file has none).
func ReadFile(path string) ([]Named, map[string]string, error) {
	f, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	out := make([]Named, 0, len(f.Tensors))
	for _, t := range f.Tensors {
		x, err := f.read(t)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, Named{t.Name, x})
	}
	return out, f.Metadata, nil
}
