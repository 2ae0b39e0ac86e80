package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/internal/clip"
)

// command is one subcommand, declared the way the go command declares its
// own: a name, the usage line of its flags and operands, a one-line
// summary, a short description, what operands it takes, and its flags.
// Each run gets a fresh FlagSet, so a command keeps no state between runs
// and tests may run commands side by side.
type command struct {
	name  string
	usage string // the usage line after "promote NAME"
	short string // one line for the list of subcommands
	long  string // a short description for -h and promote help NAME

	operands operandSpec

	// catchSignals makes SIGINT and SIGTERM cancel the run's context
	// instead of ending the process, so that a command writing files can
	// remove its temporary files; the status is then 130 or 143.
	catchSignals bool

	// customFlags hands run the raw arguments: the command parses its own
	// flags (diff, whose -set belongs to the -rules or -against before
	// it). The flags declared on fs then only document them for -h, and
	// run returns flag.ErrHelp for -h and usage errors for the rest.
	customFlags bool

	// flags declares the command's flags on fs and returns the function
	// that runs the command once they are parsed.
	flags func(fs *flag.FlagSet) runFunc
}

// runFunc runs a command with its operands (the arguments that are not
// flags). Its error decides the exit status: nil 0, a usage error 2, an
// exitStatus that status (its message already written), anything else 1
// with the message on standard error.
type runFunc func(e *env, operands []string) error

// operandSpec says which positional arguments a command takes.
type operandSpec struct {
	min, max int    // max < 0: no upper bound
	what     string // what they are, for errors: "input files"
	// numbers: an argument that reads as a negative number (-7, -inf,
	// -nan) is an operand, not a flag. Only queries take numbers.
	numbers bool
}

var (
	noOperands = operandSpec{}
	queryOps   = operandSpec{min: 0, max: -1, what: "operands", numbers: true}
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

// Exit statuses.
const (
	statusOK      = 0
	statusFailed  = 1 // a finding, a refusal, a failed input or output
	statusUsage   = 2
	statusSignal0 = 128 // plus the signal number: 130 SIGINT, 143 SIGTERM
)

// runCommand parses c's flags and operands, runs it, and turns what it
// returns into an exit status and at most one message on standard error.
func runCommand(e *env, c *command, args []string) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the frame writes usage and errors itself
	fs.Usage = func() {}
	run := c.flags(fs)

	var operands []string
	var err error
	if c.customFlags {
		operands = args
	} else {
		operands, err = parseArgs(fs, args, c.operands)
		if err == nil {
			err = c.checkOperands(operands)
		}
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		out := &stickyWriter{w: e.stdout}
		c.writeHelp(out, fs)
		if out.err != nil {
			fmt.Fprintf(e.stderr, "%s: writing standard output: %s\n", c.prefix(), oneLine(out.err.Error()))
			return statusFailed
		}
		return statusOK
	case err != nil:
		return c.fail(e, cutArgs(err, args))
	}

	ctx := e.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	stop := func() {}
	if e.signals && c.catchSignals {
		ctx, stop = withSignals(ctx)
	}
	out := &stickyWriter{w: e.stdout}
	bw := bufio.NewWriterSize(out, 64<<10)
	ce := &env{ctx: ctx, stdin: e.stdin, stdout: bw, stderr: e.stderr, signals: e.signals, stdoutTTY: isTerminal(e.stdout)}

	err = run(ce, operands)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		c.writeHelp(bw, fs)
		err = nil
	}
	flushErr := bw.Flush()
	// A run that a signal stopped (it returns an error once it has cleaned
	// up) exits 128 plus the signal's number, as a shell reports a process
	// the signal ended. A run that finished before it noticed the signal
	// keeps its own status: its work is done.
	if sig, ok := interrupted(ctx); ok && err != nil {
		msg := "interrupted by " + sigName(sig)
		if why := (interrupt{}); !errors.As(err, &why) {
			msg += "; " + c.message(err) // how the run stopped, if it says more
		}
		fmt.Fprintf(e.stderr, "%s: %s\n", c.prefix(), msg)
		return statusSignal0 + int(sig)
	}
	lost := firstErr(out.err, flushErr)
	if lost != nil && err != nil && errors.Is(err, lost) {
		err = exitStatus(statusFailed) // it stopped because its output failed: say that once, below
	}
	status := c.fail(e, cutArgs(err, args))
	if lost != nil && status != statusUsage {
		fmt.Fprintf(e.stderr, "%s: writing standard output: %s\n", c.prefix(), oneLine(lost.Error()))
		status = max(status, statusFailed)
	}
	return status
}

// fail writes err's message once, prefixed "promote NAME: ", and returns
// its exit status.
func (c *command) fail(e *env, err error) int {
	if err == nil {
		return statusOK
	}
	var st exitStatus
	if errors.As(err, &st) {
		return int(st)
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", c.prefix(), c.message(err))
	var ue *usageError
	var oe *operandError
	if errors.As(err, &ue) || errors.As(err, &oe) || isFlagError(err) {
		fmt.Fprintf(e.stderr, "usage: %s\nRun 'promote help %s' for details.\n", c.usageLine(), c.name)
		return statusUsage
	}
	var se *statusError
	if errors.As(err, &se) {
		return se.status
	}
	return statusFailed
}

// usageLine is "promote NAME USAGE"; the query's name is optional.
func (c *command) usageLine() string {
	name := c.name
	if name == "query" {
		name = "[query]"
	}
	return strings.TrimSpace("promote " + name + " " + c.usage)
}

// prefix starts every message of c: "promote NAME", or "promote" alone
// for the one-shot query, which is usually typed without its name.
func (c *command) prefix() string {
	if c.name == "query" {
		return "promote"
	}
	return "promote " + c.name
}

// message is err on one line without a prefix that would double the
// frame's own: "convert: x" from package convert under promote convert.
func (c *command) message(err error) string {
	msg := oneLine(err.Error())
	for again := true; again; {
		again = false
		for _, p := range []string{"promote " + c.name + ": ", c.name + ": ", "promote: "} {
			if m, ok := strings.CutPrefix(msg, p); ok {
				msg, again = m, true
			}
		}
	}
	return msg
}

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

// checkOperands checks the operand count against c's spec.
func (c *command) checkOperands(ops []string) error {
	s := c.operands
	switch {
	case s.max == 0 && len(ops) > 0:
		return usagef("unexpected argument %s: %s takes no operands", quoteArg(ops[0]), c.name)
	case len(ops) < s.min:
		return usagef("want %s%s, got %d", countWord(s), s.what, len(ops))
	case s.max >= 0 && len(ops) > s.max:
		return usagef("unexpected argument %s: want %s%s", quoteArg(ops[s.max]), countWord(s), s.what)
	}
	return nil
}

func countWord(s operandSpec) string {
	n := func(i int) string {
		if i < 4 {
			return [...]string{"no", "one", "two", "three"}[i]
		}
		return strconv.Itoa(i)
	}
	switch {
	case s.min == s.max:
		return n(s.min) + " "
	case s.max < 0:
		return "at least " + n(s.min) + " "
	}
	return n(s.min) + " to " + n(s.max) + " "
}

// writeHelp writes c's usage, description and flags (-h, promote help NAME).
func (c *command) writeHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n", c.usageLine())
	fmt.Fprintln(w, strings.TrimSpace(c.long))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintln(w, "\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}

// parseArgs parses fs's flags wherever they stand among the arguments and
// returns the rest as operands, in order. "--" ends the flags; "-" alone
// is an operand (standard input); with spec.numbers an argument that reads
// as a negative number (-7, -2.5e3, -inf, -nan, -1j) is an operand. Any
// other argument that starts with "-" is a flag, so an unknown one is the
// flag package's error ("flag provided but not defined: -rule").
func parseArgs(fs *flag.FlagSet, args []string, spec operandSpec) ([]string, error) {
	var flagArgs, operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			operands = append(operands, args[i+1:]...)
			i = len(args)
			continue
		case a == "-" || !strings.HasPrefix(a, "-"):
			operands = append(operands, a)
			continue
		case spec.numbers && isNumber(a):
			operands = append(operands, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		f := fs.Lookup(name)
		if f == nil || hasValue || isBoolFlag(f) {
			continue
		}
		if i+1 < len(args) { // the flag's value, whatever it looks like
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	if err := fs.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, &flagError{err}
	}
	return append(operands, fs.Args()...), nil
}

func isBoolFlag(f *flag.Flag) bool {
	bf, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && bf.IsBoolFlag()
}

// isNumber reports whether a, which starts with "-", is a negative
// number literal rather than a flag: a digit or a point follows the sign,
// or it is -inf, -nan or one of their imaginary forms.
func isNumber(a string) bool {
	if len(a) < 2 {
		return false
	}
	if c := a[1]; c >= '0' && c <= '9' || c == '.' {
		return true
	}
	switch strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(a[1:], "j"), "J")) {
	case "inf", "infinity", "nan":
		return true
	}
	return false
}

// stickyWriter remembers the first write error, so that output lost
// anywhere (a full disk, a closed pipe, /dev/full) is reported even when
// the command itself did not check that write.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	s.err = err
	return n, err
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// quoteArg quotes a command-line argument for an error, cut when long.
func quoteArg(s string) string { return clip.Quote(s) }
