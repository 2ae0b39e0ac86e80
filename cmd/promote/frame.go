package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/internal/safeout"
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
	// remove its temporary files; the status is then 130 or 143. A run
	// that has not returned signalGrace after the signal is ended by the
	// frame, which removes the temporary files safeout still lists.
	catchSignals bool

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
	one      string // what one of them is, when what is plural: "input file"
	// numbers: an argument that reads as a negative number (-7, -inf,
	// -nan) is an operand, not a flag. Only queries take numbers.
	numbers bool
}

var (
	noOperands = operandSpec{}
	queryOps   = operandSpec{min: 0, max: -1, what: "operands", numbers: true}
)

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
	return runFramed(e, c, args, signalGrace, os.Exit)
}

// runFramed is runCommand with the watchdog's grace period and exit
// function (tests shorten the one and catch the other).
func runFramed(e *env, c *command, args []string, grace time.Duration, exit func(int)) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the frame writes usage and errors itself
	fs.Usage = func() {}
	run := c.flags(fs)

	operands, err := parseArgs(fs, args, c.operands)
	if err == nil {
		err = c.checkOperands(operands)
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
	finished := make(chan struct{})
	if e.signals && c.catchSignals {
		var pending *safeout.Pending
		ctx, stop = withSignals(ctx)
		ctx, pending = safeout.WithPending(ctx)
		// No command outlives a signal: one stuck where it cannot see
		// its context is ended after a grace period.
		go watchdog(ctx, finished, pending, grace, e.stderr, c.prefix(), exit)
	}
	out := &stickyWriter{w: e.stdout}
	bw := bufio.NewWriterSize(out, 64<<10)
	ce := &env{ctx: ctx, stdin: e.stdin, stdout: bw, stderr: e.stderr, signals: e.signals, stdoutTTY: isTerminal(e.stdout)}

	err = run(ce, operands)
	close(finished)
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

// libraryPrefixes are the prefixes of promote's library packages whose
// errors the commands pass on (convert's "convert: unknown policy",
// tensor's "tensor: no common type"): under the frame's "promote NAME:"
// they are noise. File formats (npy:, safetensors:) and rule sets
// (numpy:) stay, since they say what the message is about.
var libraryPrefixes = []string{"convert: ", "tensor: "}

// message is err on one line without a prefix that would double the
// frame's own ("convert: x" from package convert under promote convert)
// or that names a library package (libraryPrefixes).
func (c *command) message(err error) string {
	msg := oneLine(err.Error())
	for again := true; again; {
		again = false
		for _, p := range append([]string{"promote " + c.name + ": ", c.name + ": ", "promote: "}, libraryPrefixes...) {
			if m, ok := strings.CutPrefix(msg, p); ok {
				msg, again = m, true
			}
		}
	}
	return msg
}

// writeHelp writes c's usage, description and flags (-h, promote help NAME).
func (c *command) writeHelp(w io.Writer, fs *flag.FlagSet) {
	usage := c.usageLine()
	indent := len("usage: ") + len(usage) // under the first flag: after "promote NAME "
	if f := strings.SplitN(usage, " ", 3); len(f) == 3 {
		indent = len("usage: ") + len(f[0]) + 1 + len(f[1]) + 1
	}
	for _, l := range wrapUsage("usage: "+usage, indent, briefWidth) {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, strings.TrimSpace(c.long))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintln(w, "\nFlags:")
		var defaults strings.Builder
		fs.SetOutput(&defaults)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		writeFlagDefaults(w, defaults.String())
	}
}

// writeFlagDefaults writes the flag package's PrintDefaults text with each
// flag's description wrapped to fit briefWidth columns: a description line
// starts with four spaces and a tab (eight columns), so it keeps
// briefWidth-8 bytes of text a line.
func writeFlagDefaults(w io.Writer, defaults string) {
	const descIndent = "    \t"
	for _, line := range strings.SplitAfter(defaults, "\n") {
		text, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), descIndent)
		if !ok || len(line) <= briefWidth {
			io.WriteString(w, line)
			continue
		}
		for _, l := range wrapAtCommas(text, briefWidth-8) {
			fmt.Fprintln(w, descIndent+l)
		}
	}
}

// wrapUsage breaks a usage line at the spaces between its groups (a
// bracketed group, [-set KEY=VALUE]..., is never split) into lines of at
// most width bytes, the later ones indented by indent spaces to stand
// under the first flag. A group longer than a line stands whole.
func wrapUsage(line string, indent, width int) []string {
	var groups []string
	depth, start := 0, 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '[':
			depth++
		case ']':
			depth--
		case ' ':
			if depth == 0 {
				groups = append(groups, line[start:i])
				start = i + 1
			}
		}
	}
	groups = append(groups, line[start:])
	var lines []string
	cur := ""
	for _, g := range groups {
		switch {
		case g == "":
		case cur == "":
			cur = g
		case len(cur)+1+len(g) <= width:
			cur += " " + g
		default:
			lines, cur = append(lines, cur), strings.Repeat(" ", indent)+g
		}
	}
	return append(lines, cur)
}

// wrapAtCommas breaks text at spaces into lines of at most width bytes,
// and a word longer than a line after one of its commas (a list such as
// bench's default pairs), never inside a name: a piece longer than a line
// stands whole on its own line.
func wrapAtCommas(text string, width int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		sep := " "
		for _, piece := range strings.SplitAfter(word, ",") {
			if piece == "" {
				continue
			}
			switch {
			case cur == "":
				cur = piece
			case len(cur)+len(sep)+len(piece) <= width:
				cur += sep + piece
			default:
				lines, cur = append(lines, cur), piece
			}
			sep = ""
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
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
