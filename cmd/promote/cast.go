package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/internal/castline"
)

func init() {
	register(&command{
		name:  "cast",
		usage: "-from SRC -to DST [-policy NAME] [-text]",
		short: "convert values exactly between dtypes, one a line (-from SRC -to DST)",
		long: `Cast converts one value a line from standard input and writes one line for
each.

Input line: a bit pattern of SRC in hex ("0x3f800000", at most SRC's width;
an f80 pattern has up to 20 digits, sign and exponent first:
"0x3fff8000000000000000" is 1) or a decimal number ("1.5", "-inf", "nan",
"-nan", "1e-40"). A decimal is read as a value of SRC (rounded to SRC as a
literal of that type would be) and converted under the policy; for an
integer or bool SRC it must be one of SRC's values ("-1", "255"; bool also
"true", "false"). A complex SRC takes one or two tokens, the real and
imaginary parts.

Output line: the result's pattern in hex, zero-padded to DST's width; a
complex result is its two part patterns, real first. With -text, the value
follows. A bad line gives "error: MESSAGE" and the input goes on; a line
longer than 1 MiB is answered "error: line N: longer than ..." without being
read whole. A UTF-8 byte-order mark at the start of the input is ignored.

Exit status: 0, also when lines were refused; 1 when standard input could
not be read or the output could not be written; 2 a bad command line.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			from := fs.String("from", "", "the source `dtype`")
			to := fs.String("to", "", "the destination `dtype`")
			pname := fs.String("policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
			text := fs.Bool("text", false, "print the result's decimal value after its pattern")
			return func(e *env, _ []string) error {
				c, err := newCaster(*from, *to, *pname)
				if err != nil {
					return usagef("%s", oneLine(err.Error()))
				}
				c.text = *text
				return castLoop(e, c, defaultLimits)
			}
		},
	})
}

// castLoop converts one value a line (an acceptance interface: keep the
// format exact): one output line for each input line, in order. It stops
// early only when input cannot be read or output cannot be written.
func castLoop(e *env, c *caster, lim lineLimits) error {
	in := newLineReader(e.stdin, lim.bytes)
	for {
		line, err := in.next()
		var s string
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLineTooLong):
			s = in.tooLong()
		case err != nil:
			return fmt.Errorf("reading standard input: %w", err)
		default:
			var lerr error
			if s, lerr = c.line(string(line)); lerr != nil {
				s = "error: " + oneLine(lerr.Error())
			}
		}
		if _, err := io.WriteString(e.stdout, s+"\n"); err != nil {
			return nil // the frame reports the lost output
		}
		if in.idle() {
			if err := flush(e); err != nil {
				return nil
			}
		}
	}
}

// caster is a cast command's settled flags: the conversion (shared with
// the explorer, package castline) and whether to print values.
type caster struct {
	*castline.Caster
	text bool
}

func newCaster(from, to, pname string) (*caster, error) {
	c, err := castline.New(from, to, pname)
	if err != nil {
		return nil, err
	}
	return &caster{Caster: c}, nil
}

// line converts one input line. An error echoes long tokens cut.
func (c *caster) line(s string) (string, error) { return c.Line(s, c.text) }

// cutEchoesOver replaces each token longer than min bytes echoed in msg,
// quoted or bare, by its cut form ("99999…" (20000000 bytes)).
func cutEchoesOver(msg string, toks []string, min int) string { return castline.Cut(msg, toks, min) }
