package promote

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/internal/litsuffix"
)

// SyntaxError reports an operand that does not parse. It names the token
// and says what would have been valid.
type SyntaxError struct {
	Token string
	Msg   string
}

// Error implements error, naming the token (cut with an ellipsis and its
// length when it is long).
func (e *SyntaxError) Error() string { return "bad operand " + clip.Quote(e.Token) + ": " + e.Msg }

// grammar summarises the operand grammar for error messages.
const grammar = "an operand is DTYPE, DTYPE[DIMS] ([] rank 0, [2,?] a shape, [...] dynamic rank), a literal (2, -7, 1.0, 2.5e3, nan, inf, 1j, true, 1L, 1u, 1ull, 0x1F, 1.0f, 1.0L, 1f0), DTYPE(VALUE) or DTYPE[](VALUE); a trailing ? marks it weak"

// MaxIntDigits bounds the digits of an integer literal. Reading a decimal
// integer costs time quadratic in its length, and no dtype holds more than
// a few dozen digits, so a longer literal is refused rather than read.
// convert.ParseDecimal (promote cast) has the same bound.
const MaxIntDigits = 10000

// ParseOperand parses one operand of the batch contract's grammar, reading
// dtype names in the Neutral dialect.
func ParseOperand(s string) (Operand, error) { return ParseOperandIn(dtype.Neutral, s) }

// ParseOperands parses a whitespace-separated list of operands.
func ParseOperands(d *dtype.Dialect, line string) ([]Operand, error) {
	fields := strings.Fields(line)
	ops := make([]Operand, 0, len(fields))
	for _, f := range fields {
		o, err := ParseOperandIn(d, f)
		if err != nil {
			return nil, err
		}
		ops = append(ops, o)
	}
	return ops, nil
}

// ParseOperandIn parses one operand, reading dtype names in dialect d.
//
//	DTYPE            a tensor of rank at least 1     f32, float16
//	DTYPE[DIMS]      a tensor with a shape           i64[], u8[256,56], f32[?,3], f16[...]
//	...?             weak / ambiguous                i32?, f32[]?
//	literal          a host scalar                   2, -7, 1.0, 2.5e3, nan, -nan, inf, 1j, true, 1L, 1.0f,
//	                                                 1ull, 0x1F, 0b101, 0o17, 1.0L, 1f0 (literal.go)
//	DTYPE(VALUE)     a typed host scalar             f64(1.5), u8(3)
//	DTYPE[](VALUE)   a zero-dim array with a value   i64[](300), f64[](1e300), u8[](3)?
//
// A VALUE must fit its dtype: an integer in range, no fraction in an
// integer type, no complex value in a real type (u8(300) and u8[](300)
// are errors naming the token and the range). A nil d is the Neutral
// dialect.
func ParseOperandIn(d *dtype.Dialect, s string) (Operand, error) {
	if d == nil {
		d = dtype.Neutral
	}
	tok := strings.TrimSpace(s)
	if tok == "" {
		return Operand{}, &SyntaxError{Token: s, Msg: "empty; " + grammar}
	}
	body, weak := strings.CutSuffix(tok, "?")
	if weak && body == "" {
		return Operand{}, &SyntaxError{Token: s, Msg: "a lone ? marks nothing weak; " + grammar}
	}
	if weak && strings.HasSuffix(body, "?") && !strings.HasSuffix(body, "]?") {
		return Operand{}, &SyntaxError{Token: s, Msg: "more than one trailing ?; " + grammar}
	}
	// A literal: starts like a number, or is a named value.
	if v, ok, err := parseLiteral(body); ok || err != nil {
		if err != nil {
			return Operand{}, &SyntaxError{Token: s, Msg: err.Error()}
		}
		if weak {
			return Operand{}, &SyntaxError{Token: s, Msg: "a literal cannot be marked weak with ?: the rule set decides how weak it is"}
		}
		return Operand{Kind: Literal, Value: v}, nil
	}
	// A value in parentheses: a typed scalar DTYPE(VALUE) or a zero-dim
	// array DTYPE[](VALUE).
	head, value, hasValue := strings.Cut(body, "(")
	if hasValue {
		if !strings.HasSuffix(value, ")") {
			return Operand{}, &SyntaxError{Token: s, Msg: "a value is written in parentheses, DTYPE(VALUE) or DTYPE[](VALUE), with the closing parenthesis last"}
		}
		value = value[:len(value)-1]
	}
	// A tensor, with an optional shape.
	name, shape, hasShape := strings.Cut(head, "[")
	t, err := d.Parse(name)
	if err != nil {
		return Operand{}, &SyntaxError{Token: s, Msg: err.Error()}
	}
	o := T(t)
	if hasValue && !hasShape {
		o = Operand{Kind: Scalar, DType: t}
	}
	o.Weak = weak
	if hasShape {
		if err := parseShape(&o, shape); err != nil {
			return Operand{}, &SyntaxError{Token: s, Msg: err.Error()}
		}
		if hasValue && o.Rank != 0 {
			return Operand{}, &SyntaxError{Token: s, Msg: "only a zero-dim array carries a value: write DTYPE[](VALUE), as in i64[](300)"}
		}
	}
	if hasValue {
		v, ok, err := parseLiteral(value)
		if err != nil || !ok {
			msg := "a value is a literal such as 3, -1.5, nan, 1j or true"
			if err != nil {
				msg = err.Error()
			}
			return Operand{}, &SyntaxError{Token: s, Msg: msg}
		}
		if err := checkScalar(t, v); err != nil {
			return Operand{}, &SyntaxError{Token: s, Msg: err.Error()}
		}
		o.Value = v
	}
	return o, nil
}

// parseShape reads "DIMS]" after the opening bracket.
func parseShape(o *Operand, s string) error {
	inner, ok := strings.CutSuffix(s, "]")
	if !ok || strings.ContainsAny(inner, "[]") {
		return fmt.Errorf("a shape is [DIMS] with one closing bracket at the end, as in [2,3], [], [?,3] or [...]")
	}
	switch inner {
	case "":
		o.Rank = 0
		return nil
	case "...":
		o.Rank = RankDynamic
		return nil
	}
	parts := strings.Split(inner, ",")
	o.Dims = make([]int64, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "?" {
			o.Dims[i] = -1
			continue
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("dimension %s is not a non-negative integer or ?", clip.Quote(p))
		}
		o.Dims[i] = n
	}
	o.Rank = len(parts)
	return nil
}

// parseLiteral reads a host literal. ok is false when s does not look like
// a literal at all (so it may be a dtype name); err is set when it looks
// like one but is malformed, and names s whole.
func parseLiteral(s string) (v Value, ok bool, err error) {
	if s == "" {
		return Value{}, false, nil
	}
	defer func() {
		if err != nil {
			err = literalError(s, err)
		}
	}()
	v.Text = s
	switch strings.ToLower(s) {
	case "true":
		v.Kind, v.Bool = BoolValue, true
		return v, true, nil
	case "false":
		v.Kind = BoolValue
		return v, true, nil
	}
	c := s[0]
	numeric := c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == '('
	lower := strings.ToLower(strings.TrimLeft(s, "+-"))
	if !numeric && lower != "nan" && lower != "inf" && lower != "infinity" {
		return Value{}, false, nil
	}
	if strings.HasPrefix(lower, "nan") || strings.HasPrefix(lower, "inf") {
		numeric = true
	}
	if !numeric {
		return Value{}, false, nil
	}
	body := s
	if strings.Contains(s, "_") {
		// Digit separators (Python's PEP 515, Julia's): the value is read
		// without them, Text keeps them, and each rule set whose host has
		// none refuses the literal.
		if body, err = dropDigitSeparators(s); err != nil {
			return Value{}, true, err
		}
	}
	if strings.HasPrefix(body, "(") {
		inner, closed := strings.CutSuffix(body[1:], ")")
		if !closed {
			return Value{}, true, fmt.Errorf("unbalanced parenthesis in literal; a complex literal is 1j, 2.5j or (1+2j)")
		}
		body = inner
	}
	if strings.HasSuffix(strings.ToLower(body), "j") {
		return parseComplex(v, body[:len(body)-1])
	}
	// The compiled hosts' forms (internal/litsuffix): 0x1F, 1ul, 1.0f, 1.0L, 1f0.
	if n, suffix, ok, err := litsuffix.ParseInt(body, MaxIntDigits); ok || err != nil {
		if err != nil {
			return Value{}, true, err
		}
		v.Kind, v.Int, v.Suffix = IntValue, n, suffix
		return v, true, nil
	}
	if f, suffix, ok, err := litsuffix.ParseFloat(body, parseFloat); ok || err != nil {
		if err != nil {
			return Value{}, true, err
		}
		v.Kind, v.Real, v.Suffix = FloatValue, f, suffix
		return v, true, nil
	}
	if litsuffix.IsInt(body) {
		if digits := len(strings.TrimLeft(body, "+-")); digits > MaxIntDigits {
			return Value{}, true, fmt.Errorf("an integer literal of %d digits; at most %d digits are accepted", digits, MaxIntDigits)
		}
		n, ok := new(big.Int).SetString(strings.TrimPrefix(body, "+"), 10)
		if !ok {
			return Value{}, true, errMalformed
		}
		v.Kind, v.Int = IntValue, n
		return v, true, nil
	}
	f, err := parseFloat(body)
	if err != nil {
		return Value{}, true, err
	}
	v.Kind, v.Real = FloatValue, f
	return v, true, nil
}

func parseComplex(v Value, body string) (Value, bool, error) {
	v.Kind = ComplexValue
	// Either "IM" or "RE+IM" / "RE-IM" (the sign after the real part's
	// first character, and not inside an exponent).
	split := -1
	for i := 1; i < len(body); i++ {
		if (body[i] == '+' || body[i] == '-') && body[i-1] != 'e' && body[i-1] != 'E' {
			split = i
		}
	}
	imText := body
	if split > 0 {
		re, err := parseFloat(body[:split])
		if err != nil {
			return Value{}, true, err
		}
		v.Real = re
		imText = body[split:]
	}
	if imText == "" || imText == "+" || imText == "-" {
		imText += "1"
	}
	im, err := parseFloat(imText)
	if err != nil {
		return Value{}, true, err
	}
	v.Imag = im
	return v, true, nil
}

// Faults of a number's text, which parseLiteral reports naming the whole
// token: a part of it (the real part of "(1+2jj)", "1.5x" without its
// suffix) would point at the wrong text.
var (
	errMalformed  = litsuffix.ErrMalformed
	errNotDecimal = errors.New("not a decimal literal")
)

// literalError is the message for a fault of token s.
func literalError(s string, err error) error {
	switch {
	case errors.Is(err, errMalformed):
		return fmt.Errorf("malformed number %s; literals are 2, -7, 1.0, 2.5e3, 1_000, nan, inf, 1j, true", clip.Quote(s))
	case errors.Is(err, errNotDecimal):
		return fmt.Errorf("literal %s: only decimal literals are accepted (1.5, 2.5e3, -inf, nan)", clip.Quote(s))
	}
	return err
}

// dropDigitSeparators returns s without its digit separators, after
// checking each stands where Python (PEP 515: 1_000, 1_000.5, 0x_ff,
// 1e1_0, 1_0j) or Julia (JuliaSyntax.jl src/tokenize.jl accept_number:
// between digits, or after a radix prefix) puts one: before a digit of
// the literal's base, after another such digit or right after 0x, 0b or
// 0o. So 1__0, 1_, 1_.5, 1._5 and 1_e5 are errors.
func dropDigitSeparators(s string) (string, error) {
	base := 10
	num := strings.TrimLeft(s, "+-(")
	if len(num) >= 2 && num[0] == '0' {
		switch num[1] {
		case 'x', 'X':
			base = 16
		case 'b', 'B':
			base = 2
		case 'o', 'O':
			base = 8
		}
	}
	prefixEnd := len(s) - len(num) + 2 // the index just past 0x, when base != 10
	digit := func(i int) bool { return i >= 0 && i < len(s) && litsuffix.ValidDigits(s[i:i+1], base) }
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '_' {
			b.WriteByte(s[i])
			continue
		}
		afterPrefix := base != 10 && i == prefixEnd
		if !digit(i+1) || !digit(i-1) && !afterPrefix {
			return "", fmt.Errorf("misplaced _ in %s: a digit separator goes between two digits, or after 0x, 0b or 0o (1_000, 1_000.5, 0x_ff)", clip.Quote(s))
		}
	}
	return b.String(), nil
}

func parseFloat(s string) (float64, error) {
	if strings.ContainsAny(s, "_xXpP") {
		return 0, errNotDecimal
	}
	// strconv reads nan but not a signed one; -nan (and +nan) are read
	// as promote cast reads them: a NaN with that sign.
	if len(s) == 4 && (s[0] == '-' || s[0] == '+') && strings.EqualFold(s[1:], "nan") {
		if s[0] == '-' {
			return math.Copysign(math.NaN(), -1), nil
		}
		return math.NaN(), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return f, nil // a finite literal past float64's range is ±inf, as in Python
		}
		return 0, errMalformed
	}
	return f, nil
}

// checkScalar refuses a typed scalar or a zero-dim array whose value its
// dtype cannot hold as written: an integer out of range, a fraction in an
// integer type, a complex value in a real type. Floats are rounded to their type by the
// system that makes them, so any real value is accepted there.
func checkScalar(t dtype.DType, v Value) error {
	f := t.Format()
	switch t.Kind() {
	case dtype.KindDynamic:
		return fmt.Errorf("a value cannot be of the dynamic type")
	case dtype.KindBool:
		switch {
		case v.Kind == BoolValue:
			return nil
		case v.Kind == IntValue && (v.Int.Sign() == 0 || v.Int.Cmp(big.NewInt(1)) == 0):
			return nil
		}
		return fmt.Errorf("a bool value is true, false, 0 or 1, not %s", clip.Text(v.Text))
	case dtype.KindSigned, dtype.KindUnsigned:
		if v.Kind == BoolValue {
			return nil
		}
		if v.Kind != IntValue {
			return fmt.Errorf("a value of %s is an integer, not %s", t, clip.Text(v.Text))
		}
		lo, hi := f.IntRange()
		if v.Int.Cmp(big.NewInt(lo)) < 0 || v.Int.Cmp(new(big.Int).SetUint64(hi)) > 0 {
			return fmt.Errorf("value %s is out of range for %s (%d..%d)", clip.Text(v.Text), t, lo, hi)
		}
	case dtype.KindFloat:
		if v.Kind == ComplexValue {
			return fmt.Errorf("a real value of %s cannot be the complex value %s", t, clip.Text(v.Text))
		}
		if v.Kind == FloatValue && math.IsNaN(v.Real) && !f.HasNaN() {
			return fmt.Errorf("%s has no NaN", t)
		}
	}
	return nil
}
