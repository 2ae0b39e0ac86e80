// Package safein opens input files without waiting on what is not one.
//
// os.Open of a named pipe (FIFO) blocks until a writer opens its other
// end, so a later check that the file is regular comes too late: the
// process is stuck in open(2), where even a signal handler it installed
// cannot make it return. OpenRegular opens without blocking, checks what
// it opened, and refuses anything but a regular file with an error that
// says what the path is.
package safein

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/promote-dev/promote/internal/safeout"
)

// ErrNotRegular is what a *NotRegularError matches with errors.Is.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError is OpenRegular's refusal of a path that is a directory,
// a named pipe, a socket or a device.
type NotRegularError struct {
	Path string      // as the caller gave it
	Mode fs.FileMode // what the path is
}

// Error says what the path is: "in.npy is a named pipe (FIFO), not a
// regular file".
func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Path, safeout.Kind(e.Mode))
}

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// OpenRegular opens path for reading if it is a regular file (or a
// symbolic link to one). Anything else is a *NotRegularError, returned
// without waiting: a FIFO without a writer, a device that blocks in open,
// a socket (which cannot be opened at all). The check is made on the
// opened file, so a path swapped for a FIFO after a first look is caught
// too. The file returned reads as os.Open's does (blocking).
func OpenRegular(path string) (*os.File, error) {
	// Stat first for the clearer error: opening a socket fails with
	// "no such device or address".
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	f, err := openNonblocking(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return f, nil
}
