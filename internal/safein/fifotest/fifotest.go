//go:build unix

package fifotest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Make creates a named pipe called name in a new temporary directory and
// returns its path.
func Make(t testing.TB, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	return path
}

// hangLimit is how long Returns waits before it calls a call stuck. It is
// no timing assertion: a call that refuses the FIFO returns at once, one
// that opens it waits forever.
const hangLimit = 30 * time.Second

// Returns runs f and fails the test if f is still waiting on the FIFO
// at path after a generous limit. It then opens the FIFO's write end, so
// that the stuck call returns and the test ends instead of hanging.
func Returns(t testing.TB, fifo string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(hangLimit):
		// A reader is waiting, so a non-blocking open for writing
		// succeeds; closing it gives the reader end of file.
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		<-done
		t.Fatalf("still waiting on the named pipe %s after %v", fifo, hangLimit)
	}
}
