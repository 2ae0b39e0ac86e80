//go:build unix

package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/promote-dev/promote/internal/safeout"
)

// TestFrameEndsRunStuckAfterSignal: a command that catches signals but is
// stuck where it cannot see its context (here: it ignores it) is ended by
// the frame after the grace period with 128+SIGTERM, and its pending
// temporary file is removed first.
func TestFrameEndsRunStuckAfterSignal(t *testing.T) {
	dir := t.TempDir()
	unblock := make(chan struct{})
	c := &command{name: "stuck", catchSignals: true, operands: noOperands, flags: func(*flag.FlagSet) runFunc {
		return func(e *env, _ []string) error {
			f, err := safeout.Create(e.ctx, filepath.Join(dir, "out.npy"))
			if err != nil {
				return err
			}
			f.Write([]byte("half"))
			if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
				return err
			}
			<-unblock // stuck until the frame gives up on it
			return errors.New("stuck")
		}
	}}
	var stderr bytes.Buffer
	exited := -1
	exit := func(status int) {
		exited = status
		close(unblock)
	}
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr, signals: true}
	code := runFramed(e, c, nil, 10*time.Millisecond, exit)
	if exited != 143 || code != 143 {
		t.Errorf("exit called with %d, status %d; want 143", exited, code)
	}
	if msg := stderr.String(); !strings.Contains(msg, "promote stuck: interrupted by SIGTERM; the run did not stop within 10ms, so it was ended (removed 1 temporary file") {
		t.Errorf("stderr %q", msg)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}
