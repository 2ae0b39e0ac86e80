package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/promote-dev/promote/internal/safeout"
)

// TestWatchdogEndsStuckRun: a run that has not returned a grace period
// after SIGTERM cancelled its context is ended with status 143, after its
// pending temporary files are removed, so no command outlives a signal.
func TestWatchdogEndsStuckRun(t *testing.T) {
	dir := t.TempDir()
	parent, cancel := context.WithCancelCause(context.Background())
	ctx, pending := safeout.WithPending(parent)
	f, err := safeout.Create(ctx, filepath.Join(dir, "out.npy"))
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half"))
	cancel(interrupt{syscall.SIGTERM})
	var stderr bytes.Buffer
	status := -1
	watchdog(ctx, make(chan struct{}), pending, time.Millisecond, &stderr, "promote convert", func(s int) { status = s })
	if status != 143 {
		t.Errorf("exit status %d, want 143", status)
	}
	if msg := stderr.String(); !strings.HasPrefix(msg, "promote convert: interrupted by SIGTERM; the run did not stop") || !strings.Contains(msg, "removed 1 temporary file") {
		t.Errorf("stderr %q", msg)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}

// TestWatchdogLetsRunFinish: the watchdog does nothing when the run
// returns, before a signal or within the grace period after one, or when
// its context ends without a signal.
func TestWatchdogLetsRunFinish(t *testing.T) {
	never := func(s int) { t.Errorf("exit(%d) called", s) }
	_, pending := safeout.WithPending(context.Background())

	finished := make(chan struct{})
	close(finished)
	watchdog(context.Background(), finished, pending, time.Millisecond, &bytes.Buffer{}, "promote", never)

	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(nil)
	watchdog(ctx, make(chan struct{}), pending, time.Millisecond, &bytes.Buffer{}, "promote", never)

	ctx, cancel = context.WithCancelCause(context.Background())
	cancel(interrupt{syscall.SIGINT})
	finished = make(chan struct{})
	go close(finished)
	var stderr bytes.Buffer
	watchdog(ctx, finished, pending, time.Hour, &stderr, "promote", never)
	if stderr.Len() != 0 {
		t.Errorf("stderr %q", stderr.String())
	}
}
