package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/promote-dev/promote/internal/safeout"
)

// interrupt is the cause of a context cancelled by a signal.
type interrupt struct{ sig syscall.Signal }

func (i interrupt) Error() string { return "interrupted by " + sigName(i.sig) }

// withSignals returns a context cancelled, with an interrupt as its
// cause, when SIGINT or SIGTERM arrives. After the first signal the
// default handling is restored, so a second one ends the process at once.
// stop releases the handler.
func withSignals(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			if sig, ok := s.(syscall.Signal); ok {
				cancel(interrupt{sig})
			} else {
				cancel(interrupt{syscall.SIGINT})
			}
		case <-done:
		}
	}()
	return ctx, func() {
		close(done)
		signal.Stop(ch)
		cancel(nil)
	}
}

// interrupted reports the signal that cancelled ctx, if one did.
func interrupted(ctx context.Context) (syscall.Signal, bool) {
	var i interrupt
	if errors.As(context.Cause(ctx), &i) {
		return i.sig, true
	}
	return 0, false
}

func sigName(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// signalGrace is how long the frame waits, after a signal cancelled a
// run's context, for the run to clean up and return before it exits
// without it.
const signalGrace = 5 * time.Second

// watchdog ends the process if a run a signal stopped has not returned
// grace after the signal: a run stuck in a system call (an open(2) of a
// FIFO, a read of a hung network file system) never sees its context.
// It first removes the temporary files the run left pending, then says so
// on stderr and calls exit with 128 plus the signal's number. It returns
// when finished is closed, whether or not a signal came.
func watchdog(ctx context.Context, finished <-chan struct{}, pending *safeout.Pending, grace time.Duration, stderr io.Writer, prefix string, exit func(int)) {
	select {
	case <-finished:
		return
	case <-ctx.Done():
	}
	sig, ok := interrupted(ctx)
	if !ok {
		return
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-finished:
		return
	case <-t.C:
	}
	msg := fmt.Sprintf("%s: interrupted by %s; the run did not stop within %v, so it was ended", prefix, sigName(sig), grace)
	if removed := pending.RemoveAll(); len(removed) > 0 {
		files := "temporary files"
		if len(removed) == 1 {
			files = "temporary file"
		}
		msg += fmt.Sprintf(" (removed %d %s: %s)", len(removed), files, strings.Join(removed, ", "))
	}
	fmt.Fprintln(stderr, msg)
	exit(statusSignal0 + int(sig))
}
