// Package pylit says whether a literal, as promote's operand grammar read
// it, is one Python can write, and when it is not, why in Python's words.
// The grammar reads the literal forms of every host (C's 1u and 017,
// R's 1L, Julia's 1f0); each rule set whose host is Python refuses the
// forms Python lacks through this one check, rule and message.
package pylit

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
)

// Source is where Python's literal grammar is stated.
const Source = "the Python language reference, Lexical analysis: Integer literals and Floating-point literals (docs.python.org/3/reference/lexical_analysis.html#numeric-literals)"

// Rule is the refusal of a literal Python cannot write.
var Rule = &promote.Rule{ID: "python-literal",
	Text: "a Python numeric literal has no type suffix (1L, 1u, 1.0f and 1f0 are R, C and Julia spellings), " +
		"and a decimal integer other than zero has no leading zero (017 is a SyntaxError; Python writes octal as 0o17); 0, 00 and 0_0 are zero",
	Source: Source}

// LeadingZeros is CPython's SyntaxError for a decimal integer literal
// with a leading zero (017), word for word.
const LeadingZeros = "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"

// Check returns "" when Python can write v as a literal, else a message
// naming v and why Python cannot: a host type suffix, or a leading zero.
func Check(v promote.Value) string {
	switch {
	case v.Suffix != "":
		return fmt.Sprintf("%s is not a Python literal (Python has no %q suffix); write 1, 1.0, 1j or True", v.Text, v.Suffix)
	case v.Kind == promote.IntValue && LeadingZeroInt(v.Text):
		return fmt.Sprintf("%s is not a Python literal (%s)", v.Text, LeadingZeros)
	}
	return ""
}

// LeadingZeroInt reports whether text is a decimal integer literal whose
// first digit is a 0 and which is not zero (017, -017, 0_7): Python's
// tokenizer refuses it, while it accepts 0, 00 and 0_0. Signs, digit
// separators and the parentheses the operand grammar allows are read past.
func LeadingZeroInt(text string) bool {
	s := strings.TrimRight(strings.TrimLeft(text, "+-("), ")")
	if len(s) < 2 || s[0] != '0' {
		return false
	}
	nonzero := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_':
		case c >= '1' && c <= '9':
			nonzero = true
		case c != '0':
			return false // a radix prefix, a fraction, an exponent, a j
		}
	}
	return nonzero
}
