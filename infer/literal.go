package infer

import (
	"math"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Literals as each host language writes them. A number reads the same in
// every host except for its form (1L is an R integer and a C long, and
// not Python at all; 017 is octal in C, 17 in Julia and R, and an error
// in Python; 1f0 is Julia's Float32); a named literal (True, TRUE, true,
// NaN, INFINITY) exists in some hosts and is an ordinary name in the
// others. The parser reads both once and records a site where hosts
// differ (see shared). What a host makes of a form it has (0b101 under
// C17, 0x1F's width in Julia) is the rule set's to decide: the rule sets
// read the literal's text.

// hostSet is a set of host languages.
type hostSet uint8

func hostBit(h Host) hostSet { return 1 << h }

const allHosts = 1<<Python | 1<<R | 1<<CPP | 1<<C | 1<<Julia

func (s hostSet) has(h Host) bool { return s&hostBit(h) != 0 }

// namedLit is a named literal of some hosts.
type namedLit struct {
	hosts hostSet
	value promote.Value
}

// namedLits are the named literals: Python True False; R TRUE FALSE NaN
// Inf; C, C++ and Julia true false (C17 §7.18, [lex.bool], Julia's Bool);
// Julia NaN Inf (Float64) and NaN32 Inf32 (Float32, Julia manual:
// Floating-Point Numbers); C's and C++'s INFINITY and NAN, constant
// expressions of type float (C17 §7.12p4-5, <cmath>).
var namedLits = map[string]namedLit{
	"True":     {hostBit(Python), promote.Value{Kind: promote.BoolValue, Bool: true, Text: "True"}},
	"False":    {hostBit(Python), promote.Value{Kind: promote.BoolValue, Text: "False"}},
	"TRUE":     {hostBit(R), promote.Value{Kind: promote.BoolValue, Bool: true, Text: "TRUE"}},
	"FALSE":    {hostBit(R), promote.Value{Kind: promote.BoolValue, Text: "FALSE"}},
	"true":     {hostBit(CPP) | hostBit(C) | hostBit(Julia), promote.Value{Kind: promote.BoolValue, Bool: true, Text: "true"}},
	"false":    {hostBit(CPP) | hostBit(C) | hostBit(Julia), promote.Value{Kind: promote.BoolValue, Text: "false"}},
	"NaN":      {hostBit(R) | hostBit(Julia), promote.Value{Kind: promote.FloatValue, Real: math.NaN(), Text: "NaN"}},
	"Inf":      {hostBit(R) | hostBit(Julia), promote.Value{Kind: promote.FloatValue, Real: math.Inf(1), Text: "Inf"}},
	"NaN32":    {hostBit(Julia), promote.Value{Kind: promote.FloatValue, Real: math.NaN(), Text: "NaN32", Suffix: kit.SuffixJuliaF32}},
	"Inf32":    {hostBit(Julia), promote.Value{Kind: promote.FloatValue, Real: math.Inf(1), Text: "Inf32", Suffix: kit.SuffixJuliaF32}},
	"INFINITY": {hostBit(CPP) | hostBit(C), promote.Value{Kind: promote.FloatValue, Real: math.Inf(1), Text: "INFINITY", Suffix: kit.SuffixFloat}},
	"NAN":      {hostBit(CPP) | hostBit(C), promote.Value{Kind: promote.FloatValue, Real: math.NaN(), Text: "NAN", Suffix: kit.SuffixFloat}},
}

// constHosts is the set of hosts that read name as a named literal.
func constHosts(name string) hostSet { return namedLits[name].hosts }

// Host sets of the literal forms.
const (
	pythonOnly = 1 << Python
	cFamily    = 1<<C | 1<<CPP
	juliaOnly  = 1 << Julia
)

// literalHosts is the set of hosts that have the numeric literal text
// (whose value v the operand grammar read): its radix prefix, a leading
// zero, and its suffix.
func literalHosts(text string, v promote.Value) hostSet {
	hs := hostSet(allHosts)
	if len(text) >= 2 && text[0] == '0' {
		switch text[1] {
		case 'x', 'X':
			// Every host has hexadecimal integers.
		case 'b', 'B':
			hs &= pythonOnly | cFamily | juliaOnly // C17 has none: the c rule set refuses it
		case 'o', 'O':
			hs &= pythonOnly | juliaOnly
		default:
			if pylit.LeadingZeroInt(text) {
				hs &^= pythonOnly // octal in C, decimal in R and Julia
			}
		}
	}
	switch {
	case v.Kind == promote.ComplexValue:
		hs &= pythonOnly
	case v.Suffix == "":
	case v.Kind == promote.IntValue && v.Suffix == kit.SuffixLong:
		hs &= 1<<R | cFamily
	case v.Kind == promote.IntValue:
		hs &= cFamily // u, ul, ll, ull
	case v.Suffix == kit.SuffixFloat:
		hs &= cFamily
	case v.Suffix == kit.SuffixLongDouble:
		hs &= 1<<R | cFamily // R reads 1.0L as a double, with a warning; anvil's rule set judges it
	case v.Suffix == kit.SuffixJuliaF32:
		hs &= juliaOnly
	default:
		hs = 0
	}
	return hs
}

// literalsOf says how host h writes its literals, for errors.
func literalsOf(h Host) string {
	switch h {
	case Python:
		return "Python literals are 1, 1.0, 2.5e3, 0x1F, 0b101, 0o17 and 1j"
	case R:
		return "R literals are 1L (integer), 1 and 1.5 (double)"
	case C:
		return "C literals are 1, 1u, 1L, 1ul, 1ll, 1.0, 1.0f, 1.0L, 0x1F and 017 (octal)"
	case Julia:
		return "Julia literals are 1 (Int64), 1.0 (Float64), 1f0 (Float32), 0x01 (UInt8, sized by its digits), 0b1 and 0o7"
	}
	return "C++ literals are 1, 1u, 1L, 1ul, 1ll, 1.0, 1.0f, 1.0L, 0x1F, 0b101 and 017 (octal)"
}

// literalError says why host h has no literal text, in the words a parser
// of h alone would use.
func literalError(h Host, text string) string {
	switch {
	case h == Python && pylit.LeadingZeroInt(text):
		return pylit.LeadingZeros + " (" + clip.Text(text) + ")"
	case (h == C || h == CPP) && juliaSignedExponent(text):
		return clip.Text(text) + " is not a " + h.String() + " literal (it is Julia's Float32; " + h.String() + " reads it as a subtraction only with spaces around the -)"
	}
	return clip.Text(text) + " is not a " + h.String() + " literal: " + literalsOf(h)
}

// juliaSignedExponent reports whether text is Julia's Float32 literal
// with a signed exponent (2.5f-3).
func juliaSignedExponent(text string) bool {
	i := strings.LastIndexByte(text, 'f')
	return i > 0 && i+1 < len(text) && (text[i+1] == '-' || text[i+1] == '+')
}

// constHint suggests the host's spelling for another host's named
// literal ("" for other names).
func constHint(h Host, name string) string {
	switch name {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		switch h {
		case Python:
			return " (Python writes True and False)"
		case R:
			return " (R writes TRUE and FALSE)"
		case CPP:
			return " (C++ writes true and false)"
		case C:
			return " (C writes true and false, from <stdbool.h>)"
		case Julia:
			return " (Julia writes true and false)"
		}
	case "NaN", "Inf", "NaN32", "Inf32", "INFINITY", "NAN":
		switch h {
		case R:
			return " (R writes NaN and Inf)"
		case C, CPP:
			return " (" + h.String() + " writes NAN and INFINITY, float constants of <math.h>)"
		case Julia:
			return " (Julia writes NaN and Inf, or NaN32 and Inf32 for Float32)"
		}
	}
	return ""
}

// constName adds the named literal name, which the hosts hs read as a
// literal; the others find it undefined (a site).
func (p *parser) constName(at int, name string, hs hostSet) NodeID {
	p.g.At(p.pos(at))
	if i, ok := p.lits[name]; ok {
		return p.g.literalAt(i)
	}
	p.site(site{kind: siteConst, hosts: hs, pos: p.pos(at), text: name})
	return p.newLiteral(name, namedLits[name].value)
}

// newLiteral adds a literal node for a text not seen before.
func (p *parser) newLiteral(text string, v promote.Value) NodeID {
	p.g.lits = append(p.g.lits, v)
	i := int32(len(p.g.lits) - 1)
	p.lits[text] = i
	return p.g.literalAt(i)
}

// number scans a numeric literal in the forms of every host: decimal
// integers and floats with an exponent, radix prefixes (0x1F, 0b101,
// 0o17), suffixes (1L, 1u, 1.0f, 1j) and Julia's Float32 exponent (1f0,
// 2.5f-3). A form some host lacks is a site; the value is read once,
// whatever the number of times the literal is written.
func (p *parser) number() (NodeID, *syntaxError) {
	at := p.i
	if p.src[p.i] == '0' && p.i+1 < p.end && strings.IndexByte("xXbBoO", p.src[p.i+1]) >= 0 {
		p.i += 2
	} else {
		for p.i < p.end && (isDigit(p.src[p.i]) || p.src[p.i] == '.') {
			p.i++
		}
		if p.i < p.end && (p.src[p.i] == 'e' || p.src[p.i] == 'E' || p.src[p.i] == 'f') {
			// An exponent: e or E, or Julia's f, with a sign when the
			// sign is followed by a digit (2.5e-3, 2.5f-3).
			j := p.i + 1
			if j < p.end && (p.src[j] == '+' || p.src[j] == '-') {
				j++
			}
			if j < p.end && isDigit(p.src[j]) {
				for p.i = j; p.i < p.end && isDigit(p.src[p.i]); p.i++ {
				}
			}
		}
	}
	body := p.i
	for p.i < p.end && (isLetter(p.src[p.i]) || isDigit(p.src[p.i])) {
		p.i++
	}
	text := p.src[at:p.i]
	p.g.At(p.pos(at))
	if i, ok := p.lits[text]; ok {
		return p.g.literalAt(i), nil
	}
	if n := body - at; n > maxIntDigits && isAllDigits(p.src[at:body]) {
		return NoNode, p.errAt(at, "an integer literal of %d digits; at most %d digits are accepted", n, maxIntDigits)
	}
	o, err := promote.ParseOperand(text)
	if err != nil || o.Kind != promote.Literal {
		return NoNode, p.errAt(at, "malformed number %s", clip.Quote(text))
	}
	if hs := literalHosts(text, o.Value); hs != allHosts {
		p.site(site{kind: siteSuffix, hosts: hs, pos: p.pos(at), text: text})
		if hs == 0 {
			// No host reads this form: each stops at the site, with its
			// own message, so nothing after it matters.
			return NoNode, p.errAt(at, "%s is not a literal of any host", clip.Text(text))
		}
	}
	return p.newLiteral(text, o.Value), nil
}

func isAllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
