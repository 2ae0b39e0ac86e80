package main

import (
	"errors"
	"fmt"
	"strconv"
)

// usageError is a bad command line: exit status 2, the message and the
// usage line on standard error.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usagef returns a usage error.
func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// statusError is an error with its own exit status: the message is
// written as any error's, without the usage line.
type statusError struct {
	status int
	err    error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

// exitStatus is an exit status whose reason the command has already
// written (diff's differences, infer's failed program): no message.
type exitStatus int

func (s exitStatus) Error() string { return "exit status " + strconv.Itoa(int(s)) }

// flagError marks errors from flag.FlagSet.Parse, which are usage errors.
type flagError struct{ err error }

func (e *flagError) Error() string { return e.err.Error() }
func (e *flagError) Unwrap() error { return e.err }

func isFlagError(err error) bool {
	var fe *flagError
	return errors.As(err, &fe)
}

// maxArgEcho is the longest command-line argument an error echoes whole:
// a path up to PATH_MAX is named in full, a 20 MB operand is not.
const maxArgEcho = 4096

// cutArgs makes err's message echo huge command-line arguments cut
// ("99999…" (20000000 bytes)), whichever package wrote it; it keeps err's
// kind, which decides the exit status.
func cutArgs(err error, args []string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	cut := cutEchoesOver(msg, args, maxArgEcho)
	if cut == msg {
		return err
	}
	return &cutError{msg: cut, err: err}
}

// cutError is err with a shorter message.
type cutError struct {
	msg string
	err error
}

func (e *cutError) Error() string { return e.msg }
func (e *cutError) Unwrap() error { return e.err }
