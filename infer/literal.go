package infer

import (
	"github.com/promote-dev/promote/internal/clip"
	"strings"

	"github.com/promote-dev/promote"
)

// Literals as each host language writes them. A number reads the same in
// every host except for its suffix (1L is an R integer, a C++ long, and
// not Python at all); a named literal (True, TRUE, true, NaN, Inf) exists
// in one host and is an ordinary name in the others. The parser reads
// both once and records a site where hosts differ (see shared).

// hostSet is a set of host languages.
type hostSet uint8

func hostBit(h Host) hostSet { return 1 << h }

const allHosts = 1<<Python | 1<<R | 1<<CPP

func (s hostSet) has(h Host) bool { return s&hostBit(h) != 0 }

// constHosts is the set of hosts that read name as a named literal:
// Python True False; R TRUE FALSE NaN Inf; C++ true false.
func constHosts(name string) hostSet {
	switch name {
	case "True", "False":
		return hostBit(Python)
	case "TRUE", "FALSE", "NaN", "Inf":
		return hostBit(R)
	case "true", "false":
		return hostBit(CPP)
	}
	return 0
}

// suffixHosts is the set of hosts with a numeric literal suffix s:
// Python 1j; R 1L; C++ 1u, 1L, 1.0f (either case, and 1l).
func suffixHosts(s string) hostSet {
	switch s {
	case "j", "J":
		return hostBit(Python)
	case "L":
		return hostBit(R) | hostBit(CPP)
	case "f", "F", "u", "U", "l":
		return hostBit(CPP)
	}
	return 0
}

// literalsOf says how host h writes its literals, for errors.
func literalsOf(h Host) string {
	switch h {
	case Python:
		return "Python literals are 1, 1.0, 2.5e3 and 1j"
	case R:
		return "R literals are 1L (integer), 1 and 1.5 (double)"
	}
	return "C++ literals are 1, 1u, 1L, 1.0 and 1.0f"
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
	v := promote.Value{Kind: promote.BoolValue, Bool: name == "True" || name == "TRUE" || name == "true", Text: name}
	switch name {
	case "NaN", "Inf":
		o, _ := promote.ParseOperand(strings.ToLower(name))
		v = o.Value
		v.Text = name
	}
	return p.newLiteral(name, v)
}

// newLiteral adds a literal node for a text not seen before.
func (p *parser) newLiteral(text string, v promote.Value) NodeID {
	p.g.lits = append(p.g.lits, v)
	i := int32(len(p.g.lits) - 1)
	p.lits[text] = i
	return p.g.literalAt(i)
}

// number scans a numeric literal. Its suffix is a site; its value is
// read once, whatever the number of times it is written.
func (p *parser) number() (NodeID, *syntaxError) {
	at := p.i
	for p.i < p.end && (isDigit(p.src[p.i]) || p.src[p.i] == '.') {
		p.i++
	}
	if p.i < p.end && (p.src[p.i] == 'e' || p.src[p.i] == 'E') {
		j := p.i + 1
		if j < p.end && (p.src[j] == '+' || p.src[j] == '-') {
			j++
		}
		if j < p.end && isDigit(p.src[j]) {
			for p.i = j; p.i < p.end && isDigit(p.src[p.i]); p.i++ {
			}
		}
	}
	body := p.i
	for p.i < p.end && (isLetter(p.src[p.i]) || isDigit(p.src[p.i])) {
		p.i++
	}
	text, suffix := p.src[at:p.i], p.src[body:p.i]
	p.g.At(p.pos(at))
	if i, ok := p.lits[text]; ok {
		return p.g.literalAt(i), nil
	}
	if suffix != "" {
		hs := suffixHosts(suffix)
		p.site(site{kind: siteSuffix, hosts: hs, pos: p.pos(at), text: text})
		if hs == 0 {
			// No host reads this suffix: each stops at the site, with its
			// own message, so nothing after it matters.
			return NoNode, p.errAt(at, "%s is not a literal of any host", clip.Text(text))
		}
	}
	if n := body - at; n > maxIntDigits && isAllDigits(p.src[at:body]) {
		return NoNode, p.errAt(at, "an integer literal of %d digits; at most %d digits are accepted", n, maxIntDigits)
	}
	o, err := promote.ParseOperand(text)
	if err != nil || o.Kind != promote.Literal {
		return NoNode, p.errAt(at, "malformed number %s", clip.Quote(text))
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
