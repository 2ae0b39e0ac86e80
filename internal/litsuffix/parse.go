package litsuffix

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// ErrMalformed is the fault of a number whose digits do not read; the
// operand parser reports it naming the whole token.
var ErrMalformed = errors.New("malformed number")

// IsInt reports whether s is an optionally signed run of decimal digits.
func IsInt(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// The literal forms of the compiled hosts (C, C++, Julia) beyond plain
// decimal numbers: integers with a radix prefix (0x1F, 0b101, 0o17), C's
// integer suffixes (u, l, ul, lu, ll, ull, llu in either case), C's float
// suffixes (f, l) and Julia's Float32 exponent (1f0, 2.5f-3). The parser
// reads them for every host; each rule set decides whether its host has
// the form (a Python rule set refuses any Suffix) and, for the radix
// forms, reads Value.Text (Julia sizes 0x01 by its digit count; C reads
// 017 as octal).

// ParseInt reads an integer literal with a radix prefix or
// a C integer suffix (or both): [+-](0x|0b|0o)DIGITS[SUFFIX] or
// [+-]DECIMAL SUFFIX. ok is false when body is not such a literal, so the
// caller goes on to the float forms; err is set when it is one but
// malformed. A plain decimal integer without a suffix is left to the
// caller.
func ParseInt(body string, maxDigits int) (n *big.Int, suffix string, ok bool, err error) {
	unsigned := strings.TrimLeft(body, "+-")
	if len(body)-len(unsigned) > 1 {
		return nil, "", false, nil
	}
	neg := strings.HasPrefix(body, "-")
	end := len(unsigned)
	for end > 0 && strings.IndexByte("uUlL", unsigned[end-1]) >= 0 {
		end--
	}
	digits, letters := unsigned[:end], unsigned[end:]
	base := 10
	if len(digits) >= 2 && digits[0] == '0' {
		switch digits[1] {
		case 'x', 'X':
			base = 16
		case 'b', 'B':
			base = 2
		case 'o', 'O':
			base = 8
		}
	}
	if base == 10 {
		if letters == "" || !IsInt(digits) {
			return nil, "", false, nil // plain decimal, or not an integer
		}
	} else {
		digits = digits[2:]
		if digits == "" {
			return nil, "", true, fmt.Errorf("a literal with a radix prefix needs digits after it, as in 0x1F, 0b101 or 0o17")
		}
		if !ValidDigits(digits, base) {
			if base == 16 {
				// 0x1p3 (a hex float) and the like: the float reader
				// says what is accepted.
				return nil, "", false, nil
			}
			return nil, "", true, fmt.Errorf("not a base-%d integer literal", base)
		}
	}
	suffix, err = intSuffix(letters)
	if err != nil {
		return nil, "", true, err
	}
	if len(digits) > maxDigits {
		return nil, "", true, fmt.Errorf("an integer literal of %d digits; at most %d digits are accepted", len(digits), maxDigits)
	}
	n, okSet := new(big.Int).SetString(digits, base)
	if !okSet {
		return nil, "", true, ErrMalformed
	}
	if neg {
		n.Neg(n)
	}
	return n, suffix, true, nil
}

// ValidDigits reports whether s is made only of digits of base.
func ValidDigits(s string, base int) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return false
		}
		if d >= base {
			return false
		}
	}
	return true
}

// intSuffix normalises a C integer suffix (ISO C17 6.4.4.1: u, l, ll and
// their combinations, in either case, the two l's of ll alike).
func intSuffix(letters string) (string, error) {
	if letters == "" {
		return "", nil
	}
	rest, suffix := letters, ""
	switch {
	case rest[0] == 'u' || rest[0] == 'U':
		rest, suffix = rest[1:], Unsigned
	case rest[len(rest)-1] == 'u' || rest[len(rest)-1] == 'U':
		rest, suffix = rest[:len(rest)-1], Unsigned
	}
	switch rest {
	case "":
	case "l", "L":
		suffix += "L"
	case "ll", "LL":
		suffix += "LL"
	default:
		return "", badSuffix(letters)
	}
	return suffix, nil
}

func badSuffix(letters string) error {
	return fmt.Errorf("integer suffix %q is not one of u, l, ul, lu, ll, ull, llu (in either case, ll written ll or LL)", letters)
}

// ParseFloat reads a float literal with a host suffix: C's f and l
// (1.0f, 2.5e3L: a decimal point or an exponent is needed) and Julia's
// Float32 exponent (1f0, 2.5f-3, .5f0: a lower-case f followed by the
// exponent's digits, JuliaSyntax.jl src/tokenize.jl lex_digit), reading
// the number itself with parseFloat (the parser's own, which knows nan and
// inf). ok is false when body has none of these forms.
func ParseFloat(body string, parseFloat func(string) (float64, error)) (f float64, suffix string, ok bool, err error) {
	if body == "" {
		return 0, "", false, nil
	}
	lb := strings.ToLower(body)
	last := lb[len(lb)-1]
	if (last == 'f' || last == 'l') && len(body) > 1 && !strings.HasSuffix(lb, "inf") {
		rest := body[:len(body)-1]
		suffix = Float
		if last == 'l' {
			suffix = LongDouble
		}
		if IsInt(rest) {
			return 0, "", true, fmt.Errorf("a C float literal needs a decimal point or exponent, as in 1.0f or 1.0L")
		}
		f, err := parseFloat(rest)
		if err != nil {
			return 0, "", true, err
		}
		return f, suffix, true, nil
	}
	if i := strings.LastIndexByte(body, 'f'); i > 0 && juliaMantissa(body[:i]) && juliaExponent(body[i+1:]) {
		f, err := parseFloat(body[:i] + "e" + body[i+1:])
		if err != nil {
			return 0, "", true, err
		}
		return f, JuliaF32, true, nil
	}
	return 0, "", false, nil
}

// juliaMantissa: an optional sign, digits with at most one decimal point,
// at least one digit.
func juliaMantissa(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// juliaExponent: an optional sign, then at least one digit.
func juliaExponent(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	return IsInt(s) && !strings.ContainsAny(s, "+-")
}
