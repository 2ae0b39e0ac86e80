package python

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// numberValue converts a NUMBER token to *big.Int, float64 or complex128.
func (p *parser) numberValue(t *token) any {
	s := p.src[t.start:t.end]
	if strings.IndexByte(s, '_') >= 0 {
		s = strings.ReplaceAll(s, "_", "")
	}
	last := s[len(s)-1] | 0x20
	if last == 'j' {
		f, _ := strconv.ParseFloat(s[:len(s)-1], 64)
		return complex(0, f)
	}
	if len(s) > 1 && s[0] == '0' && strings.IndexByte("xXoObB", s[1]) >= 0 {
		n, ok := new(big.Int).SetString(s, 0)
		if !ok {
			p.failAt(t, "invalid number literal")
		}
		return n
	}
	if strings.ContainsAny(s, ".eE") {
		f, _ := strconv.ParseFloat(s, 64)
		return f
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		p.failAt(t, "invalid number literal")
	}
	return n
}

// strPrefix splits a string token into its lower-cased prefix, quote
// length and body.
func strPrefix(s string) (prefix string, body string) {
	i := 0
	for i < len(s) && s[i] != '\'' && s[i] != '"' {
		i++
	}
	prefix = strings.ToLower(s[:i])
	q := 1
	if len(s)-i >= 6 && s[i+1] == s[i] && s[i+2] == s[i] {
		q = 3
	}
	return prefix, s[i+q : len(s)-q]
}

// strings parses adjacent string literals into one Constant or JoinedStr.
func (p *parser) strings() Expr {
	start := p.i
	first := p.tok()
	var (
		isBytes, sawStr, fstring bool
		kind                     string
		sb                       strings.Builder
		bb                       []byte
		parts                    []Expr // JoinedStr parts
		pending                  litRun // adjacent literal text, merged
	)
	if first.kind == tString && (first.s == "" && len(p.src) > first.start && p.src[first.start] == 'u') {
		kind = "u"
	}
	for {
		t := p.tok()
		if t.kind == tString {
			p.advance()
			prefix, body := strPrefix(p.src[t.start:t.end])
			b := strings.Contains(prefix, "b")
			if b {
				isBytes = true
			} else {
				sawStr = true
			}
			if isBytes && sawStr {
				p.failAfterStrings(p.i-1, "cannot mix bytes and nonbytes literals")
			}
			raw := strings.Contains(prefix, "r")
			if b {
				bb = p.decodeBytes(t, body, raw, bb)
			} else {
				v := body
				if !raw {
					v = p.decodeEscapes(t, body, false)
				}
				sb.WriteString(v)
				pending.add(v, t.line, t.col, t.eline, t.ecol)
			}
			continue
		}
		if t.kind == tFStart {
			sawStr = true
			fstring = true
			if isBytes {
				p.failAfterStrings(p.i, "cannot mix bytes and nonbytes literals")
			}
			p.fstring(&parts, &pending)
			continue
		}
		break
	}
	pos := p.span(start)
	if isBytes {
		if bb == nil {
			bb = []byte{}
		}
		return &Constant{Position: pos, Value: bb}
	}
	if !fstring {
		return &Constant{Position: pos, Value: sb.String(), Kind: kind}
	}
	pending.flush(&parts)
	if parts == nil {
		parts = []Expr{}
	}
	js := &JoinedStr{Position: pos, Values: parts}
	if p.minor < 12 {
		fixFStringPositions(js, pos, true)
	}
	return js
}

// fixFStringPositions gives the parts of an f-string the positions that
// CPython 3.8 to 3.11 give them (Parser/string_parser.c): every part takes
// the span of the whole concatenated string, except that a format spec
// keeps the span of its own f-string token, and so does the spec's last
// literal when no field follows it (3.11 makes the literals that precede a
// field while parsing the field, with the whole string's span, and the
// last one at the end of the spec, with the spec's).
func fixFStringPositions(js *JoinedStr, whole Position, top bool) {
	for i, v := range js.Values {
		switch n := v.(type) {
		case *Constant:
			if top || i < len(js.Values)-1 {
				n.Position = whole
			} else {
				n.Position = js.Position
			}
		case *FormattedValue:
			n.Position = whole
			if spec, ok := n.FormatSpec.(*JoinedStr); ok {
				fixFStringPositions(spec, whole, false)
			}
		}
	}
}

// litRun is a run of adjacent literal text of a string concatenation,
// which CPython merges into one Constant spanning its pieces (3.12+).
type litRun struct {
	b   strings.Builder
	set bool
	pos Position
}

func (r *litRun) add(s string, line, col, eline, ecol int) {
	if !r.set {
		r.pos.Lineno, r.pos.ColOffset = line, col
		r.set = true
	}
	r.pos.EndLineno, r.pos.EndColOffset = eline, ecol
	r.b.WriteString(s)
}

func (r *litRun) flush(parts *[]Expr) {
	if r.set && r.b.Len() > 0 {
		*parts = append(*parts, &Constant{Position: r.pos, Value: r.b.String()})
	}
	r.b.Reset()
	r.set = false
}

// fstring parses one f-string token sequence (FSTRING_START ... END).
func (p *parser) fstring(parts *[]Expr, pending *litRun) {
	startTok := p.advance()
	raw := strings.ContainsAny(startTok.s, "rR")
	startIdx := p.i - 1
	var specs []*JoinedStr
	for {
		t := p.tok()
		switch {
		case t.kind == tFMiddle:
			p.advance()
			pending.add(p.fstringText(t, raw), t.line, t.col, t.eline, t.ecol)
		case t.kind == tOp && t.s == "{":
			fv := p.fstringField(&specs, raw, pending)
			pending.flush(parts)
			*parts = append(*parts, fv)
		case t.kind == tFEnd:
			p.advance()
			if p.minor < 12 {
				for _, spec := range specs {
					spec.Position = p.span(startIdx)
				}
			}
			return
		default:
			p.syntaxError()
		}
	}
}

// fstringText decodes literal f-string text: escapes and doubled braces.
func (p *parser) fstringText(t *token, raw bool) string {
	s := p.src[t.start:t.end]
	if !raw {
		s = p.decodeEscapes(t, s, true)
	} else {
		s = strings.ReplaceAll(strings.ReplaceAll(s, "{{", "{"), "}}", "}")
	}
	return s
}

// fstringField parses "{expr[=][!conv][:spec]}"; the self-documenting
// text of an "=" field goes to pending.
func (p *parser) fstringField(specs *[]*JoinedStr, raw bool, pending *litRun) *FormattedValue {
	p.enter()
	defer p.leave()
	openIdx := p.i
	open := p.advance()
	if p.isOp("}") {
		p.failAt(p.tok(), "f-string: valid expression required before '}'")
	}
	var value Expr
	if p.isKw("yield") {
		value = p.yieldExpr()
	} else {
		value = p.starExpressions()
	}
	if tup, ok := value.(*Tuple); ok && p.minor < 12 && p.toks[openIdx+1].s != "(" {
		// CPython 3.8-3.11 parse a field as "(expr)", so a bare tuple's
		// span runs from the '{' to the token that ends the expression.
		end := p.tok()
		tup.Position = Position{open.line, open.col, end.line, end.col + 1}
	}
	fv := &FormattedValue{Value: value, Conversion: -1}
	debug := false
	if p.isOp("=") {
		p.advance()
		end := p.tok()
		pending.add(p.src[open.end:end.start], open.eline, open.ecol, end.line, end.col)
		debug = true
	}
	if p.isOp("!") {
		bang := p.advance()
		n := p.tok()
		if n.kind != tName || n.start != bang.end {
			p.failAt(n, "f-string: missing conversion character")
		}
		switch n.s {
		case "s", "r", "a":
			fv.Conversion = int(n.s[0])
		default:
			p.failAt(n, "f-string: invalid conversion character '%s': expected 's', 'r', or 'a'", n.s)
		}
		p.advance()
	}
	if p.isOp(":") {
		colon := p.i
		p.advance()
		spec := &JoinedStr{Values: []Expr{}}
		var lit litRun
		for !p.isOp("}") {
			t := p.tok()
			switch {
			case t.kind == tFMiddle:
				p.advance()
				lit.add(p.fstringText(t, raw), t.line, t.col, t.eline, t.ecol)
			case t.kind == tOp && t.s == "{":
				inner := p.fstringField(specs, raw, &lit)
				lit.flush(&spec.Values)
				spec.Values = append(spec.Values, inner)
			default:
				p.failAt(t, "f-string: expecting '}'")
			}
		}
		lit.flush(&spec.Values)
		// 3.12+: from the ':' to the end of the spec.
		spec.Position = p.span(colon)
		// 3.8-3.11: a spec's span is that of its own f-string token,
		// set by fstring once its end is read.
		*specs = append(*specs, spec)
		fv.FormatSpec = spec
	}
	if !p.isOp("}") {
		t := p.tok()
		if t.kind == tOp && t.s == "=" {
			p.failAt(t, "f-string: expecting '}'")
		}
		p.failAt(t, "f-string: expecting '}'")
	}
	p.advance()
	fv.Position = p.span(openIdx)
	if debug && fv.Conversion == -1 && fv.FormatSpec == nil {
		fv.Conversion = 'r'
	}
	return fv
}

// decodeEscapes applies Python's string escapes (Objects/unicodeobject.c,
// _PyUnicode_DecodeUnicodeEscapeInternal); in f-string text, doubled
// braces also become single.
func (p *parser) decodeEscapes(t *token, s string, fstr bool) string {
	if strings.IndexByte(s, '\\') < 0 && (!fstr || !strings.ContainsAny(s, "{}")) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if fstr && (c == '{' || c == '}') && i+1 < len(s) && s[i+1] == c {
			b.WriteByte(c)
			i += 2
			continue
		}
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		c = s[i]
		i++
		if e, ok := simpleEscape(c); ok {
			b.WriteByte(e)
			continue
		}
		switch c {
		case '\n':
		case '0', '1', '2', '3', '4', '5', '6', '7':
			var v int
			v, i = octalEscape(s, i, c)
			writeCodePoint(&b, rune(v))
		case 'x', 'u', 'U':
			n := 2
			if c == 'u' {
				n = 4
			} else if c == 'U' {
				n = 8
			}
			j := i
			for j < len(s) && j < i+n && isHexDigit(s[j]) {
				j++
			}
			if j < i+n {
				p.escapeError(t, i-2, j-1, "truncated \\"+string(c)+strings.Repeat("X", n)+" escape")
			}
			v, _ := strconv.ParseUint(s[i:i+n], 16, 32)
			if v > 0x10ffff {
				p.escapeError(t, i-2, j-1, "illegal Unicode character")
			}
			writeCodePoint(&b, rune(v))
			i += n
		case 'N':
			end := strings.IndexByte(s[i:], '}')
			if i >= len(s) || s[i] != '{' || end < 0 {
				p.escapeError(t, i-2, i-1, "malformed \\N character escape")
			}
			r, ok := lookupUnicodeName(s[i+1 : i+end])
			if !ok {
				p.escapeError(t, i-2, i+end, "unknown Unicode character name")
			}
			b.WriteRune(r)
			i += end + 1
		default:
			// An invalid escape keeps its backslash (a warning in CPython).
			b.WriteByte('\\')
			i--
		}
	}
	return b.String()
}

// simpleEscape is the byte the one-character escape \c stands for in str
// and bytes literals alike (\\ \' \" \a \b \f \n \r \t \v), and whether
// c makes one.
func simpleEscape(c byte) (byte, bool) {
	switch c {
	case '\\', '\'', '"':
		return c, true
	case 'a':
		return 7, true
	case 'b':
		return 8, true
	case 'f':
		return 12, true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return 11, true
	}
	return 0, false
}

// octalEscape reads an octal escape of up to three digits whose first,
// c, has been read, the rest from s[i:]: its value and the index after it.
func octalEscape(s string, i int, c byte) (int, int) {
	v := int(c - '0')
	for k := 0; k < 2 && i < len(s) && s[i] >= '0' && s[i] <= '7'; k++ {
		v = v*8 + int(s[i]-'0')
		i++
	}
	return v, i
}

// writeCodePoint writes r as UTF-8, or a lone surrogate as WTF-8.
func writeCodePoint(b *strings.Builder, r rune) {
	if r >= 0xd800 && r <= 0xdfff {
		b.WriteByte(byte(0xe0 | r>>12))
		b.WriteByte(byte(0x80 | (r>>6)&0x3f))
		b.WriteByte(byte(0x80 | r&0x3f))
		return
	}
	b.WriteRune(r)
}

// decodeBytes appends a bytes literal's value.
func (p *parser) decodeBytes(t *token, s string, raw bool, out []byte) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			p.failAt(t, "bytes can only contain ASCII literal characters")
		}
	}
	if out == nil {
		out = []byte{}
	}
	if raw || strings.IndexByte(s, '\\') < 0 {
		return append(out, s...)
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			out = append(out, c)
			i++
			continue
		}
		i++
		c = s[i]
		i++
		if e, ok := simpleEscape(c); ok {
			out = append(out, e)
			continue
		}
		switch c {
		case '\n':
		case '0', '1', '2', '3', '4', '5', '6', '7':
			var v int
			v, i = octalEscape(s, i, c)
			out = append(out, byte(v))
		case 'x':
			if i+2 > len(s) {
				p.failAfterTok(t, "(value error) invalid \\x escape at position %d", i-2)
			}
			v, err := strconv.ParseUint(s[i:i+2], 16, 8)
			if err != nil {
				p.failAfterTok(t, "(value error) invalid \\x escape at position %d", i-2)
			}
			out = append(out, byte(v))
			i += 2
		default:
			out = append(out, '\\', c)
		}
	}
	return out
}

// failAfterStrings reports an error at the end of the string
// concatenation around the current token, where CPython points.
func (p *parser) failAfterStrings(from int, format string, args ...any) {
	j, depth := from, 0
	for ; j < len(p.toks)-1; j++ {
		k := p.toks[j].kind
		if k == tFStart {
			depth++
		} else if k == tFEnd {
			depth--
		}
		next := p.toks[j+1].kind
		if depth == 0 && next != tString && next != tFStart {
			break
		}
	}
	t := &p.toks[j]
	panic(bail{&SyntaxError{Filename: p.filename, Line: t.eline, Col: t.ecol + 1, Msg: fmt.Sprintf(format, args...)}})
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}

// failAfterTok reports an error just past token t, where CPython points
// for errors in a literal's value.
func (p *parser) failAfterTok(t *token, format string, args ...any) {
	panic(bail{&SyntaxError{Filename: p.filename, Line: t.eline, Col: t.ecol + 1, Msg: fmt.Sprintf(format, args...)}})
}

// escapeError is CPython's message for a bad escape in bytes [from, to] of
// a literal's body.
func (p *parser) escapeError(t *token, from, to int, why string) {
	p.failAfterTok(t, "(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: %s", from, to, why)
}
