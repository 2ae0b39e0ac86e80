//go:build linux

package main

import (
	"os"
	"syscall"
)

// mapReader maps each step read-only, populated at once (as promote's
// mappings of its input are), and unmaps it at the next.
type mapReader struct {
	f   *os.File
	cur []byte
}

func newReader(f *os.File) stepReader { return &mapReader{f: f} }

func (r *mapReader) step(off int64, n int) ([]byte, error) {
	r.close()
	b, err := syscall.Mmap(int(r.f.Fd()), off, n, syscall.PROT_READ, syscall.MAP_SHARED|syscall.MAP_POPULATE)
	if err != nil {
		return nil, err
	}
	r.cur = b
	return b, nil
}

func (r *mapReader) close() {
	if r.cur != nil {
		_ = syscall.Munmap(r.cur)
		r.cur = nil
	}
}
