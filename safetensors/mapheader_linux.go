//go:build linux

package safetensors

import (
	"os"
	"runtime/debug"
	"syscall"
)

// parseMapped parses the n-byte header of f (at byte 8) from a read-only
// mapping of the file, so that a large header's JSON never sits on the
// heap: read into a buffer, a 97 MB header is garbage the moment it is
// parsed, but the collector, pacing itself on a heap that held it, lets
// the heap grow by as much again before it runs. The parser copies every
// string it keeps, so nothing refers to the mapping once it is unmapped.
// ok is false when the header is small or f cannot be mapped (the caller
// then reads it). A file cut short while mapped faults on the missing
// pages; the fault is turned into an error, not a crash.
func parseMapped(r any, n, dataSize int64) (h *Header, err error, ok bool) {
	f, isFile := r.(*os.File)
	if !isFile || n < mapMinHeader || 8+n > int64(int(^uint(0)>>1)) {
		return nil, nil, false
	}
	m, merr := syscall.Mmap(int(f.Fd()), 0, int(8+n), syscall.PROT_READ, syscall.MAP_SHARED|syscall.MAP_POPULATE)
	if merr != nil {
		return nil, nil, false
	}
	defer syscall.Munmap(m)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if e := recover(); e != nil {
			if _, fault := e.(interface{ Addr() uintptr }); !fault {
				panic(e)
			}
			h, err = nil, faultf(ErrTruncated, "", "the file shrank while its header was read")
		}
	}()
	h, err = ParseHeader(m[8:8+n], dataSize)
	return h, err, true
}
