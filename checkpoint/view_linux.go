//go:build linux

package checkpoint

import (
	"os"
	"syscall"
)

// mapView maps n bytes of t's data from byte off of the tensor read-only
// (MAP_POPULATE: the pages are mapped in the one call, not faulted in one
// by one), when t's shard is an *os.File. It returns the bytes and the
// whole mapping to unmap, or ok false when the shard cannot be mapped
// (the caller then reads).
func (c *Checkpoint) mapView(t *Tensor, off, n int64) (b, mapping []byte, ok bool) {
	r, base, _ := c.shardOf(t).Section(t.info()).Outer()
	f, isFile := r.(*os.File)
	if !isFile || n <= 0 {
		return nil, nil, false
	}
	pos := base + off
	// Pages past the end of the file would fault when touched: a file
	// that shrank since it was opened is read, and the read reports it.
	if st, err := f.Stat(); err != nil || st.Size() < pos+n {
		return nil, nil, false
	}
	page := int64(os.Getpagesize())
	start := pos / page * page
	m, err := syscall.Mmap(int(f.Fd()), start, int(pos+n-start), syscall.PROT_READ, syscall.MAP_SHARED|syscall.MAP_POPULATE)
	if err != nil {
		return nil, nil, false
	}
	return m[pos-start:], m, true
}

// unmapView releases a mapping of mapView.
func unmapView(m []byte) { _ = syscall.Munmap(m) }
