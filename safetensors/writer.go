package safetensors

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Writer streams a file: the header first (written by NewWriter), then
// each tensor's bytes in header order through Write or WriteTensor. It
// checks that exactly the bytes the header promises are written.
type Writer struct {
	w    io.Writer
	h    *Header
	i    int   // the tensor being written
	done int64 // its bytes written so far
	err  error
}

// NewWriter writes h's encoded header to w and returns a Writer for the
// data. h must be laid out (Layout, or a parsed Header); the Writer keeps
// it, so do not change it while writing.
func NewWriter(w io.Writer, h *Header) (*Writer, error) {
	b, err := h.Encode()
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	return &Writer{w: w, h: h}, nil
}

// skipEmpty moves past zero-byte tensors, which any later byte finishes.
func (w *Writer) skipEmpty() {
	for w.i < len(w.h.Tensors) && w.h.Tensors[w.i].Bytes() == 0 {
		w.i++
	}
}

// Next returns the tensor whose bytes come next (a zero-byte tensor
// until a later tensor's bytes or Close move past it), or false when all
// are written.
func (w *Writer) Next() (TensorInfo, bool) {
	if w.i >= len(w.h.Tensors) {
		return TensorInfo{}, false
	}
	return w.h.Tensors[w.i], true
}

// Write writes data bytes, continuing from where the last call stopped
// (tensor boundaries need not line up with calls). Bytes past the last
// tensor's end are an error.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	w.skipEmpty()
	var left int64
	if w.i < len(w.h.Tensors) {
		left = w.h.DataSize() - w.h.Tensors[w.i].Begin - w.done
	}
	if int64(len(p)) > left {
		w.err = fmt.Errorf("safetensors: %d bytes written past the end of the data (%d bytes left)", len(p), left)
		return 0, w.err
	}
	n, err := w.w.Write(p)
	w.advance(int64(n))
	if err != nil {
		w.err = err
	}
	return n, err
}

func (w *Writer) advance(n int64) {
	for n > 0 {
		w.skipEmpty()
		t := &w.h.Tensors[w.i]
		step := min(n, t.Bytes()-w.done)
		w.done += step
		n -= step
		if w.done == t.Bytes() {
			w.i++
			w.done = 0
		}
	}
}

// WriteTensor writes the whole of the next tensor, which must be called
// name and take len(data) bytes.
func (w *Writer) WriteTensor(name string, data []byte) error {
	if w.err != nil {
		return w.err
	}
	t, ok := w.Next()
	if ok && t.Name != name && t.Bytes() == 0 && w.done == 0 {
		// Zero-byte tensors may be passed over silently, as Write does.
		w.skipEmpty()
		t, ok = w.Next()
	}
	switch {
	case !ok:
		return fmt.Errorf("safetensors: tensor %q written after the last tensor", name)
	case t.Name != name:
		return fmt.Errorf("safetensors: tensor %q written where %q comes next", name, t.Name)
	case w.done != 0:
		return fmt.Errorf("safetensors: tensor %q written whole after %d of its bytes", name, w.done)
	case int64(len(data)) != t.Bytes():
		return fmt.Errorf("safetensors: tensor %q has %d bytes of data, the header says %d", name, len(data), t.Bytes())
	}
	if len(data) == 0 {
		w.i++
		return nil
	}
	_, err := w.Write(data)
	return err
}

// Close reports whether every promised byte was written. It does not
// close the underlying writer.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	w.skipEmpty()
	if t, ok := w.Next(); ok {
		return fmt.Errorf("safetensors: closed with tensor %q at %d of %d bytes", t.Name, w.done, t.Bytes())
	}
	return nil
}

// FileWriter writes a file at a path through a temporary file in the same
// directory, renamed into place by Commit: a failure leaves no partial
// file at the path and whatever was there before stays intact.
type FileWriter struct {
	*Writer
	path string
	f    *os.File
	bw   *bufio.Writer
}

// bufSize is FileWriter's write buffer; larger writes go straight to the
// file.
const bufSize = 1 << 20

// Create starts writing h to path. Call Commit to finish or Abort to
// give up (Abort after Commit does nothing, so defer it).
func Create(path string, h *Header) (*FileWriter, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	fw := &FileWriter{path: path, f: f, bw: bufio.NewWriterSize(f, bufSize)}
	if fw.Writer, err = NewWriter(fw.bw, h); err != nil {
		fw.Abort()
		return nil, err
	}
	return fw, nil
}

// Commit checks that all data was written, flushes, and renames the
// temporary file to the path. On an error the temporary file is removed.
func (fw *FileWriter) Commit() error {
	if fw.f == nil {
		return errors.New("safetensors: Commit after Commit or Abort")
	}
	err := fw.Writer.Close()
	if err == nil {
		err = fw.bw.Flush()
	}
	if err == nil {
		// CreateTemp makes the file 0600; give it an ordinary file's mode.
		err = fw.f.Chmod(0o644)
	}
	if cerr := fw.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(fw.f.Name(), fw.path)
	}
	if err != nil {
		os.Remove(fw.f.Name())
	}
	fw.f = nil
	return err
}

// Abort removes the temporary file.
func (fw *FileWriter) Abort() {
	if fw.f == nil {
		return
	}
	fw.f.Close()
	os.Remove(fw.f.Name())
	fw.f = nil
}

// Encode writes a whole file to w: the tensors laid out as the reference
// writer lays them out (see Layout) and the metadata (nil: none).
func Encode(w io.Writer, tensors []Named, metadata map[string]string) error {
	h, data, err := layoutNamed(tensors, metadata)
	if err != nil {
		return err
	}
	sw, err := NewWriter(w, h)
	if err != nil {
		return err
	}
	for _, t := range h.Tensors {
		if err := sw.WriteTensor(t.Name, data[t.Name]); err != nil {
			return err
		}
	}
	return sw.Close()
}

// WriteFile writes tensors and metadata to path as Encode does, through a
// temporary file renamed into place.
func WriteFile(path string, tensors []Named, metadata map[string]string) error {
	h, data, err := layoutNamed(tensors, metadata)
	if err != nil {
		return err
	}
	fw, err := Create(path, h)
	if err != nil {
		return err
	}
	defer fw.Abort()
	for _, t := range h.Tensors {
		if err := fw.WriteTensor(t.Name, data[t.Name]); err != nil {
			return err
		}
	}
	return fw.Commit()
}

func layoutNamed(tensors []Named, metadata map[string]string) (*Header, map[string][]byte, error) {
	specs := make([]Spec, len(tensors))
	data := make(map[string][]byte, len(tensors))
	for i, t := range tensors {
		if t.Tensor == nil {
			return nil, nil, fmt.Errorf("safetensors: tensor %q is nil", t.Name)
		}
		specs[i] = Spec{Name: t.Name, DType: t.Tensor.DType, Shape: t.Tensor.Shape}
		data[t.Name] = t.Tensor.Data
	}
	h, err := Layout(specs, metadata)
	if err != nil {
		return nil, nil, err
	}
	return h, data, nil
}
