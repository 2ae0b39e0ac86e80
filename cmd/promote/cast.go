package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
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
"0x3fff8000000000000000" is 1) or a decimal number ("1.5", "-inf", "nan", "-nan", "1e-40"). A decimal is
read as a value of SRC (rounded to SRC as a literal of that type would be)
and converted under the policy; for an integer or bool SRC it must be one of
SRC's values ("-1", "255"; bool also "true", "false"). A complex SRC takes
one or two tokens, the real and imaginary parts.

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

// caster holds a cast command's settled flags.
type caster struct {
	src, dst         dtype.DType
	srcPart, dstPart dtype.DType
	p                convert.Policy
	text             bool
}

func newCaster(from, to, pname string) (*caster, error) {
	if from == "" || to == "" {
		return nil, errors.New("-from and -to are required")
	}
	src, err := dtype.Parse(from)
	if err != nil {
		return nil, err
	}
	dst, err := dtype.Parse(to)
	if err != nil {
		return nil, err
	}
	p, err := convert.PolicyByName(pname)
	if err != nil {
		return nil, err
	}
	// A pair the policy refuses whatever the value is a usage error.
	if _, _, err := convert.Scalar(dst, src, convert.Pattern{}, p); err != nil {
		return nil, err
	}
	c := &caster{src: src, dst: dst, srcPart: src, dstPart: dst, p: p}
	if src.IsComplex() {
		c.srcPart = src.Format().Elem
	}
	if dst.IsComplex() {
		c.dstPart = dst.Format().Elem
	}
	return c, nil
}

// line converts one input line. An error echoes long tokens cut.
func (c *caster) line(s string) (string, error) {
	out, err := c.convertLine(s)
	if err != nil {
		return "", errors.New(cutEchoes(err.Error(), strings.Fields(s)))
	}
	return out, nil
}

// cutEchoes replaces each long token echoed in msg, quoted or bare, by
// its cut form ("99999…" (20000000 bytes)).
func cutEchoes(msg string, toks []string) string { return cutEchoesOver(msg, toks, clip.TokenBytes) }

// cutEchoesOver is cutEchoes for the tokens longer than min bytes.
func cutEchoesOver(msg string, toks []string, min int) string {
	for _, t := range toks {
		if len(t) > min {
			msg = strings.ReplaceAll(msg, strconv.Quote(t), clip.Quote(t))
			msg = strings.ReplaceAll(msg, t, clip.Text(t))
		}
	}
	return msg
}

// convertLine converts one input line.
func (c *caster) convertLine(s string) (string, error) {
	toks := strings.Fields(s)
	switch {
	case len(toks) == 0:
		return "", errors.New("empty line: want a hex pattern or a decimal number")
	case len(toks) > 2 || len(toks) == 2 && !c.src.IsComplex():
		return "", fmt.Errorf("want one value of %v, got %d tokens", c.src, len(toks))
	}
	hex := isHex(toks[0])
	if len(toks) == 2 && isHex(toks[1]) != hex {
		return "", errors.New("write both parts as hex patterns or both as decimals")
	}
	var out convert.Pattern
	var err error
	if hex {
		out, err = c.fromHex(toks)
	} else {
		out, err = c.fromDecimal(toks)
	}
	if err != nil {
		return "", err
	}
	return c.format(out), nil
}

func isHex(t string) bool { return len(t) >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') }

// fromHex converts patterns of SRC (or of its parts).
func (c *caster) fromHex(toks []string) (convert.Pattern, error) {
	var x convert.Pattern
	bits := c.srcPart.Bits()
	for i, t := range toks {
		// An f80 pattern has up to 20 hex digits: the top 4 (sign and
		// exponent) go to ReHi, the low 16 (the significand) to Re.
		digits := strings.TrimLeft(t[2:], "0")
		var hi uint64
		if bits > 64 && len(digits) > 16 {
			h, err := strconv.ParseUint(digits[:len(digits)-16], 16, 64)
			if err != nil || strings.ContainsAny(digits, "_+-") {
				return x, fmt.Errorf("bad hex pattern %q", t)
			}
			if h>>(bits-64) != 0 {
				return x, fmt.Errorf("pattern %s does not fit %v (%d bits)", t, c.srcPart, bits)
			}
			hi, digits = h, digits[len(digits)-16:]
		}
		if digits == "" {
			digits = "0"
		}
		v, err := strconv.ParseUint(digits, 16, 64)
		if err != nil || strings.ContainsAny(t[2:], "_+-") || len(t) == 2 {
			if errors.Is(err, strconv.ErrRange) {
				return x, fmt.Errorf("pattern %s does not fit %v (%d bits)", t, c.srcPart, bits)
			}
			return x, fmt.Errorf("bad hex pattern %q", t)
		}
		if bits < 64 && v>>bits != 0 {
			return x, fmt.Errorf("pattern %s does not fit %v (%d bits)", t, c.srcPart, bits)
		}
		if i == 0 {
			x.Re, x.ReHi = v, uint16(hi)
		} else {
			x.Im, x.ImHi = v, uint16(hi)
		}
	}
	out, _, err := convert.Scalar(c.dst, c.src, x, c.p)
	return out, err
}

// fromDecimal converts decimal tokens.
func (c *caster) fromDecimal(toks []string) (convert.Pattern, error) {
	var ds [2]convert.Decimal
	for i, t := range toks {
		d, err := convert.ParseDecimal(t)
		if err != nil && c.src == dtype.Bool {
			switch strings.ToLower(t) {
			case "true":
				d, err = convert.ParseDecimal("1")
			case "false":
				d, err = convert.ParseDecimal("0")
			}
		}
		if err != nil {
			return convert.Pattern{}, err
		}
		ds[i] = d
	}
	if c.src == dtype.Bool || c.src.IsInteger() {
		x, err := intPattern(c.src, &ds[0])
		if err != nil {
			return convert.Pattern{}, err
		}
		out, _, err := convert.Scalar(c.dst, c.src, convert.Pattern{Re: x}, c.p)
		return out, err
	}
	// A decimal is read as a value of SRC, rounded to the nearest SRC value
	// as a literal of that type would be (65520 as f16 is inf), and then
	// converted under the policy: the same answer as for SRC's hex pattern.
	var x convert.Pattern
	for i := range toks {
		v, _, err := convert.FromDecimal(c.srcPart, ds[i], convert.Default())
		if err != nil {
			return convert.Pattern{}, err
		}
		if i == 0 {
			x.Re, x.ReHi = v.Re, v.ReHi
		} else {
			x.Im, x.ImHi = v.Re, v.ReHi
		}
	}
	out, _, err := convert.Scalar(c.dst, c.src, x, c.p)
	return out, err
}

// intPattern is the pattern of the integer value d in integer or bool
// type t, or an error when d is not one of t's values.
func intPattern(t dtype.DType, d *convert.Decimal) (uint64, error) {
	v, ok := d.Int()
	if !ok {
		return 0, fmt.Errorf("%v takes integer values, not a fraction, inf or nan", t)
	}
	lo, hi := t.Format().IntRange()
	if v.Cmp(big.NewInt(lo)) < 0 || v.Cmp(new(big.Int).SetUint64(hi)) > 0 {
		return 0, fmt.Errorf("%v is out of range for %v (%d..%d)", v, t, lo, hi)
	}
	if v.Sign() < 0 {
		return uint64(v.Int64()) & (1<<t.Bits() - 1), nil
	}
	return v.Uint64(), nil
}

// format writes a result pattern (and its value with -text).
func (c *caster) format(x convert.Pattern) string {
	digits := (c.dstPart.Bits() + 3) / 4
	part := func(lo uint64, hi uint16) string {
		if digits > 16 { // f80: sign and exponent, then the significand
			return fmt.Sprintf("0x%0*x%016x", digits-16, hi, lo)
		}
		return fmt.Sprintf("0x%0*x", digits, lo)
	}
	s := part(x.Re, x.ReHi)
	if c.dst.IsComplex() {
		s += " " + part(x.Im, x.ImHi)
	}
	if c.text {
		s += " " + convert.Text(c.dst, x)
	}
	return s
}
