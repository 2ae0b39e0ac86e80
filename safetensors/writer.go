package safetensors

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/internal/safeout"
)

// Writer streams a file: the header first (written by NewWriter), then
// each tensor's bytes in header order through Write or WriteTensor. It
// checks that exactly the bytes the header promises are written.
type Writer struct {
	w    io.Writer
	h    *Header
	name string // the file's path in errors, when known
	i    int    // the tensor being written
	done int64  // its bytes written so far
	err  error
}

// errorf returns an error prefixed with the package and, when known, the
// file's path.
func (w *Writer) errorf(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if w.name != "" {
		return errors.New("safetensors: " + w.name + ": " + msg)
	}
	return errors.New("safetensors: " + msg)
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
		w.err = w.errorf("%d bytes written past the end of the data (%d bytes left)", len(p), left)
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
		return w.errorf("tensor %s written after the last tensor", clip.Quote(name))
	case t.Name != name:
		return w.errorf("tensor %s written where %s comes next", clip.Quote(name), clip.Quote(t.Name))
	case w.done != 0:
		return w.errorf("tensor %s written whole after %d of its bytes", clip.Quote(name), w.done)
	case int64(len(data)) != t.Bytes():
		return w.errorf("tensor %s has %d bytes of data, the header says %d", clip.Quote(name), len(data), t.Bytes())
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
		return w.errorf("closed with tensor %s at %d of %d bytes", clip.Quote(t.Name), w.done, t.Bytes())
	}
	return nil
}

// FileWriter writes a file at a path through a temporary file in the same
// directory, synced and renamed into place by Commit, and the directory
// synced after: a failure leaves no partial file at the path and whatever
// was there before stays intact. Only a regular file is replaced; a
// symbolic link is written through to its target (see
// internal/safeout). Errors name the path, never the temporary file.
type FileWriter struct {
	*Writer
	out *safeout.File
	bw  *bufio.Writer
}

// bufSize is FileWriter's write buffer; larger writes go straight to the
// file.
const bufSize = 1 << 20

// Create starts writing h to path. Call Commit to finish or Abort to
// give up (Abort after Commit does nothing, so defer it).
func Create(path string, h *Header) (*FileWriter, error) {
	b, err := h.Encode()
	if err != nil {
		return nil, named(err, path)
	}
	out, err := safeout.Create(context.Background(), path)
	if err != nil {
		return nil, fmt.Errorf("safetensors: %w", err)
	}
	fw := &FileWriter{out: out, bw: bufio.NewWriterSize(out, bufSize)}
	fw.Writer = &Writer{w: fw.bw, h: h, name: path}
	if _, err := fw.bw.Write(b); err != nil {
		fw.Abort()
		return nil, fmt.Errorf("safetensors: %w", err)
	}
	return fw, nil
}

// Commit checks that all data was written, flushes, syncs and renames the
// temporary file to the path, then syncs the directory. On an error
// before the rename the temporary file is removed and the path is as it
// was.
func (fw *FileWriter) Commit() error {
	if fw.out == nil {
		return fmt.Errorf("safetensors: %s: Commit after Commit or Abort", fw.name)
	}
	err := fw.Writer.Close()
	if err == nil {
		if err = fw.bw.Flush(); err != nil {
			err = fmt.Errorf("safetensors: %w", err)
		}
	}
	if err != nil {
		fw.Abort()
		return err
	}
	err = fw.out.Commit()
	fw.out = nil
	if err != nil {
		return fmt.Errorf("safetensors: %w", err)
	}
	return nil
}

// Abort removes the temporary file.
func (fw *FileWriter) Abort() {
	if fw.out == nil {
		return
	}
	fw.out.Abort()
	fw.out = nil
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
			return nil, nil, fmt.Errorf("safetensors: tensor %s is nil", clip.Quote(t.Name))
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
