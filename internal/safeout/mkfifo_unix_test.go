//go:build unix

package safeout

import (
	"syscall"
	"testing"
)

// mkfifo makes a named pipe at path for the tests that a FIFO must not
// block or be replaced.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}
