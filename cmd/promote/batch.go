package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/promote-dev/promote"
)

func init() {
	register(&command{
		name:  "batch",
		usage: "-rules NAME [-set KEY=VALUE]...",
		short: "answer one query a line from standard input (the batch contract)",
		long: `Batch reads queries from standard input, one a line, and writes exactly one
line for each, in order: the canonical dtype name, with ? when the result is
weak or ambiguous, or "error: MESSAGE" when the rule set refuses or the line
is malformed. The batch always goes on. An empty line is a query with no
operands. A line longer than 1 MiB or with more than 4096 operands is
answered "error: line N: ..." without being read whole. A UTF-8 byte-order
mark at the start of the input is ignored.

Exit status: 0, also when lines were refused; 1 when standard input could
not be read or the answers could not be written; 2 a bad command line.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			spec := fs.String("rules", "", rulesHelp)
			var sets setFlags
			fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable)")
			return func(e *env, _ []string) error {
				r, err := buildRules(*spec, sets)
				if err != nil {
					return err
				}
				return batchLoop(e, r, defaultLimits)
			}
		},
	})
}

// batchLoop implements the batch contract over standard input within the
// limits: exactly one output line for each input line, in order. It stops
// early only when input cannot be read or output cannot be written.
func batchLoop(e *env, r promote.Rules, lim lineLimits) error {
	in := newLineReader(e.stdin, lim.bytes)
	for {
		line, err := in.next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLineTooLong):
			_, err = io.WriteString(e.stdout, in.tooLong()+"\n")
		case err != nil:
			return fmt.Errorf("reading standard input: %w", err)
		default:
			_, err = io.WriteString(e.stdout, batchAnswer(r, line, in.line(), lim.operands)+"\n")
		}
		if err != nil {
			return nil // the frame reports the lost output
		}
		if in.idle() {
			if err := flush(e); err != nil {
				return nil
			}
		}
	}
}

// batchAnswer answers query line number n: the result, or "error:
// MESSAGE". A line past a bound says which line, as an over-long one does.
func batchAnswer(r promote.Rules, line []byte, n, maxOps int) string {
	if ops := countFields(line); ops > maxOps {
		return "error: line " + strconv.Itoa(n) + ": " + strconv.Itoa(ops) + " operands; at most " + strconv.Itoa(maxOps) + " are accepted on one line"
	}
	ops, err := promote.ParseOperands(r.Def().Dialect, string(line))
	if err != nil {
		return "error: " + oneLine(err.Error())
	}
	res, err := r.Result(ops...)
	if err != nil {
		return "error: " + cutValues(oneLine(err.Error()), ops)
	}
	return res.String()
}

// countFields counts the whitespace-separated fields of line as
// strings.Fields splits them, without allocating.
func countFields(line []byte) int {
	n, inField := 0, false
	for len(line) > 0 {
		r, size := utf8.DecodeRune(line)
		line = line[size:]
		space := unicode.IsSpace(r)
		if !space && !inField {
			n++
		}
		inField = !space
	}
	return n
}
