//go:build !linux

package main

import (
	"io"
	"os"
)

func newReader(f *os.File) stepReader { return &readAtReader{r: f} }

// readAtReader reads each step into one buffer.
type readAtReader struct {
	r   io.ReaderAt
	buf []byte
}

func (r *readAtReader) step(off int64, n int) ([]byte, error) {
	if cap(r.buf) < n {
		r.buf = make([]byte, n)
	}
	b := r.buf[:n]
	_, err := r.r.ReadAt(b, off)
	return b, err
}

func (r *readAtReader) close() {}
