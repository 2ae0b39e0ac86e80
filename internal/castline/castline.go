// Package castline converts one line of text, a value of a source dtype,
// into a destination dtype under a conversion policy: the line grammar of
// promote cast, shared by the command and the explorer so that both read
// and answer a line the same way.
//
// A line is a bit pattern of the source in hex ("0x3f800000", at most the
// source's width) or a decimal number ("1.5", "-inf", "nan", "1e-40"). A
// decimal is read as a value of the source, rounded to it as a literal of
// that type would be, then converted; for an integer or bool source it must
// be one of the source's values ("-1", "255"; bool also "true", "false").
// A complex source takes one or two tokens, the real and imaginary parts.
package castline

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
)

// Caster converts lines from one dtype to another under one policy. It is
// immutable and safe for concurrent use.
type Caster struct {
	src, dst         dtype.DType
	srcPart, dstPart dtype.DType
	p                convert.Policy
}

// New checks the dtypes and the policy: a pair the policy refuses
// whatever the value is an error.
func New(from, to, policy string) (*Caster, error) {
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
	p, err := convert.PolicyByName(policy)
	if err != nil {
		return nil, unprefixed(err)
	}
	if _, _, err := convert.Scalar(dst, src, convert.Pattern{}, p); err != nil {
		return nil, unprefixed(err)
	}
	c := &Caster{src: src, dst: dst, srcPart: src, dstPart: dst, p: p}
	if src.IsComplex() {
		c.srcPart = src.Format().Elem
	}
	if dst.IsComplex() {
		c.dstPart = dst.Format().Elem
	}
	return c, nil
}

// Src and Dst are the source and destination dtypes.
func (c *Caster) Src() dtype.DType { return c.src }

// Dst is the destination dtype.
func (c *Caster) Dst() dtype.DType { return c.dst }

// Result is one line converted.
type Result struct {
	// In is the value read, as a pattern of the source: a decimal rounded
	// to the source, or the hex pattern as given.
	In convert.Pattern
	// Decimal reports that the line was a decimal number, and ReadAcc how
	// the source's value compares with it (big.Exact when the decimal is
	// a value of the source).
	Decimal bool
	ReadAcc big.Accuracy
	// Out is the converted pattern, and Acc how its value compares with
	// the source's value (big.Below, big.Exact, big.Above).
	Out convert.Pattern
	Acc big.Accuracy
}

// Convert reads and converts one line. An error echoes long tokens cut.
func (c *Caster) Convert(line string) (Result, error) {
	r, err := c.convert(line)
	if err != nil {
		return Result{}, errors.New(Cut(unprefixed(err).Error(), strings.Fields(line), clip.TokenBytes))
	}
	return r, nil
}

// unprefixed is err without package convert's "convert: " prefix: a line's
// answer and the command's error say what is wrong, not which package
// found it ("bad number \"foo\"", "unknown policy \"nope\"").
func unprefixed(err error) error {
	if msg, ok := strings.CutPrefix(err.Error(), "convert: "); ok {
		return errors.New(msg)
	}
	return err
}

// Line is the line promote cast writes for a line: the result's pattern
// in hex, zero-padded to the destination's width (a complex result is its
// two part patterns, real first), with text its decimal value after it.
func (c *Caster) Line(line string, text bool) (string, error) {
	r, err := c.Convert(line)
	if err != nil {
		return "", err
	}
	return c.Format(r.Out, text), nil
}

// Format writes a destination pattern as promote cast prints it.
func (c *Caster) Format(x convert.Pattern, text bool) string {
	s := Hex(c.dst, x)
	if text {
		s += " " + convert.Text(c.dst, x)
	}
	return s
}

// Hex writes a pattern of t in hex, zero-padded to t's width (complex: the
// two parts, real first; f80: sign and exponent, then the significand).
func Hex(t dtype.DType, x convert.Pattern) string {
	part := t
	if t.IsComplex() {
		part = t.Format().Elem
	}
	digits := (part.Bits() + 3) / 4
	one := func(lo uint64, hi uint16) string {
		if digits > 16 {
			return fmt.Sprintf("0x%0*x%016x", digits-16, hi, lo)
		}
		return fmt.Sprintf("0x%0*x", digits, lo)
	}
	s := one(x.Re, x.ReHi)
	if t.IsComplex() {
		s += " " + one(x.Im, x.ImHi)
	}
	return s
}

// Cut replaces each token longer than min bytes echoed in msg, quoted or
// bare, by its cut form ("99999…" (20000000 bytes)).
func Cut(msg string, toks []string, min int) string {
	for _, t := range toks {
		if len(t) > min {
			msg = strings.ReplaceAll(msg, strconv.Quote(t), clip.Quote(t))
			msg = strings.ReplaceAll(msg, t, clip.Text(t))
		}
	}
	return msg
}

func (c *Caster) convert(s string) (Result, error) {
	toks := strings.Fields(s)
	switch {
	case len(toks) == 0:
		return Result{}, errors.New("empty line: want a hex pattern or a decimal number")
	case len(toks) > 2 || len(toks) == 2 && !c.src.IsComplex():
		return Result{}, fmt.Errorf("want one value of %v, got %d tokens", c.src, len(toks))
	}
	hex := isHex(toks[0])
	if len(toks) == 2 && isHex(toks[1]) != hex {
		return Result{}, errors.New("write both parts as hex patterns or both as decimals")
	}
	var r Result
	var err error
	if hex {
		r.In, err = c.fromHex(toks)
	} else {
		r.Decimal = true
		r.In, r.ReadAcc, err = c.fromDecimal(toks)
	}
	if err != nil {
		return Result{}, err
	}
	r.Out, r.Acc, err = convert.Scalar(c.dst, c.src, r.In, c.p)
	if err != nil {
		return Result{}, err
	}
	return r, nil
}

func isHex(t string) bool { return len(t) >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') }

// fromHex reads patterns of the source (or of its parts).
func (c *Caster) fromHex(toks []string) (convert.Pattern, error) {
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
	return x, nil
}

// fromDecimal reads decimal tokens as a value of the source.
func (c *Caster) fromDecimal(toks []string) (convert.Pattern, big.Accuracy, error) {
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
			return convert.Pattern{}, big.Exact, err
		}
		ds[i] = d
	}
	if c.src == dtype.Bool || c.src.IsInteger() {
		x, err := intPattern(c.src, &ds[0])
		return convert.Pattern{Re: x}, big.Exact, err
	}
	// A decimal is read as a value of the source, rounded to the nearest
	// source value as a literal of that type would be (65520 as f16 is
	// inf), and then converted under the policy: the same answer as for
	// the source's hex pattern.
	var x convert.Pattern
	acc := big.Exact
	for i := range toks {
		v, a, err := convert.FromDecimal(c.srcPart, ds[i], convert.Default())
		if err != nil {
			return convert.Pattern{}, big.Exact, err
		}
		if acc == big.Exact {
			acc = a
		}
		if i == 0 {
			x.Re, x.ReHi = v.Re, v.ReHi
		} else {
			x.Im, x.ImHi = v.Re, v.ReHi
		}
	}
	return x, acc, nil
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

// Rounding says in words how a result compares with the value converted.
func Rounding(acc big.Accuracy) string {
	switch acc {
	case big.Below:
		return "rounded down"
	case big.Above:
		return "rounded up"
	}
	return "exact"
}

// Exact writes the exact decimal value of a pattern of t: every digit of a
// float's value (0x3dcccccd of f32 is 0.100000001490116119384765625), where
// convert.Text writes the shortest decimal that reads back. Infinities,
// NaN and zeros are written as convert.Text writes them; so is any value
// of a format float64 does not hold (f80: the shortest decimal that reads
// back as the same f80), which has no exact route here.
func Exact(t dtype.DType, x convert.Pattern) string {
	if t.IsComplex() {
		e := t.Format().Elem
		return Exact(e, convert.Pattern{Re: x.Re, ReHi: x.ReHi}) + " " + Exact(e, convert.Pattern{Re: x.Im, ReHi: x.ImHi})
	}
	if !t.IsFloat() || !dtype.Holds(t, dtype.F64) {
		return convert.Text(t, x)
	}
	y, _, err := convert.Scalar(dtype.F64, t, x, convert.Default())
	if err != nil {
		return convert.Text(t, x)
	}
	v := math.Float64frombits(y.Re)
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return convert.Text(t, x)
	}
	r := new(big.Rat).SetFloat64(v)
	// The denominator is 2^k, so the decimal expansion ends after exactly
	// k fraction digits.
	return r.FloatString(r.Denom().BitLen() - 1)
}
