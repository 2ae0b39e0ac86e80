//go:build unix

package safein

import (
	"io/fs"
	"os"
	"syscall"
)

// openNonblocking opens path read-only with O_NONBLOCK, so that a FIFO or
// a device is not waited on, and returns it as an *os.File. A regular
// file gets its O_NONBLOCK cleared (it has no effect on one, but the
// caller gets the file os.Open would have given); anything else is
// refused by the caller before it is read.
func openNonblocking(path string) (*os.File, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG {
		if err := syscall.SetNonblock(fd, false); err != nil {
			syscall.Close(fd)
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
	}
	return os.NewFile(uintptr(fd), path), nil
}
