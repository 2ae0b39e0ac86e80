package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
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
