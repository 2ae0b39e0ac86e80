package python

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxBrackets is CPython's MAXLEVEL (Parser/tokenizer.h): deeper bracket
// nesting is "too many nested parentheses".
const maxBrackets = 200

// maxFStringNesting bounds f-strings inside f-strings (CPython 3.12's
// MAXFSTRINGLEVEL is 150).
const maxFStringNesting = 150

// maxIndent is CPython's MAXINDENT: deeper blocks are "too many levels of
// indentation".
const maxIndent = 100

// fField is one open "{...}" replacement field of an f-string.
type fField struct {
	depth  int  // len(lexer.brackets) just after its '{'
	inSpec bool // after the top-level ':' of the field
}

// fMode is one open f-string: the 3.12 tokenizer (PEP 701) switches
// between its literal text and the expressions of its fields.
type fMode struct {
	quote  byte
	triple bool
	raw    bool
	fields []fField
	line   int // where it starts, for errors
	col    int
}

// lexer turns source into tokens, after CPython's Parser/lexer/lexer.c.
type lexer struct {
	src       string
	filename  string
	pos       int
	line      int
	lineStart int
	toks      []token
	indents   []int // indentation columns, tabs to multiples of 8
	altInd    []int // the same with tabs counted as 1 (TabError check)
	brackets  []bracket
	fstack    []fMode
	lineToks  bool // a token was produced on this logical line
	atBOL     bool // at the beginning of a logical line
	err       *SyntaxError
}

type bracket struct {
	c         byte
	line, col int
}

func (lx *lexer) fail(line, col int, format string, args ...any) {
	if lx.err == nil {
		lx.err = &SyntaxError{Filename: lx.filename, Line: line, Col: col + 1, Msg: fmt.Sprintf(format, args...)}
	}
}

// tokenize reads the whole source; on error lx.err is set.
func tokenize(filename, src string) ([]token, *SyntaxError) {
	lx := &lexer{src: src, filename: filename, line: 1, atBOL: true, indents: []int{0}, altInd: []int{0}}
	lx.toks = make([]token, 0, len(src)/3+16)
	if strings.HasPrefix(src, "\ufeff") {
		lx.pos = 3
		lx.lineStart = 3
	}
	lx.run()
	return lx.toks, lx.err
}

func (lx *lexer) emit(kind tokKind, s string, start, line, col int) {
	lx.toks = append(lx.toks, token{kind: kind, s: s, start: start, end: lx.pos, line: line, col: col, eline: lx.line, ecol: lx.pos - lx.lineStart})
	if kind != tNewline && kind != tIndent && kind != tDedent {
		lx.lineToks = true
	}
}

func (lx *lexer) col() int { return lx.pos - lx.lineStart }

func (lx *lexer) newline() {
	if lx.src[lx.pos] == '\r' && lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] == '\n' {
		lx.pos++
	}
	lx.pos++
	lx.line++
	lx.lineStart = lx.pos
}

func (lx *lexer) run() {
	src := lx.src
	for lx.err == nil {
		if n := len(lx.fstack); n > 0 {
			m := &lx.fstack[n-1]
			if len(m.fields) == 0 || m.fields[len(m.fields)-1].inSpec {
				lx.fstringText(m)
				continue
			}
		}
		if lx.atBOL && len(lx.brackets) == 0 {
			lx.atBOL = false
			if !lx.indentation() {
				continue
			}
		}
		// Skip blanks.
		for lx.pos < len(src) && (src[lx.pos] == ' ' || src[lx.pos] == '\t' || src[lx.pos] == '\f') {
			lx.pos++
		}
		if lx.pos >= len(src) {
			lx.eof()
			return
		}
		start, line, col := lx.pos, lx.line, lx.col()
		c := src[lx.pos]
		switch {
		case c == '#':
			for lx.pos < len(src) && src[lx.pos] != '\n' && src[lx.pos] != '\r' {
				lx.pos++
			}
		case c == '\n' || c == '\r':
			if len(lx.brackets) == 0 && lx.lineToks {
				lx.pos++
				if c == '\r' && lx.pos < len(src) && src[lx.pos] == '\n' {
					lx.pos++
				}
				lx.toks = append(lx.toks, token{kind: tNewline, start: start, end: lx.pos, line: line, col: col, eline: line, ecol: col + 1})
				lx.line++
				lx.lineStart = lx.pos
				lx.lineToks = false
			} else {
				lx.newline()
			}
			if len(lx.brackets) == 0 {
				lx.atBOL = true
			}
		case c == '\\':
			lx.pos++
			if lx.pos >= len(src) {
				lx.fail(line, col+1, "unexpected EOF while parsing")
				return
			}
			if src[lx.pos] != '\n' && src[lx.pos] != '\r' {
				lx.fail(line, col+1, "unexpected character after line continuation character")
				return
			}
			lx.newline()
			if lx.pos >= len(src) {
				lx.fail(line, col+1, "unexpected EOF while parsing")
				return
			}
		case c >= '0' && c <= '9' || c == '.' && lx.pos+1 < len(src) && src[lx.pos+1] >= '0' && src[lx.pos+1] <= '9':
			lx.number()
		case c == '"' || c == '\'':
			lx.str(start, line, col, "")
		case isIdentStart(c) || c >= utf8.RuneSelf:
			lx.name(start, line, col)
		default:
			lx.operator(start, line, col)
		}
	}
}

// indentation measures a new logical line's indentation and emits INDENT
// or DEDENT tokens; it reports false for a blank or comment-only line.
func (lx *lexer) indentation() bool {
	src := lx.src
	col, alt := 0, 0
	p := lx.pos
	for ; p < len(src); p++ {
		switch src[p] {
		case ' ':
			col++
			alt++
		case '\t':
			col = (col/8 + 1) * 8
			alt++
		case '\f':
			col, alt = 0, 0
		default:
			goto done
		}
	}
done:
	if p >= len(src) || src[p] == '#' || src[p] == '\n' || src[p] == '\r' {
		lx.pos = p
		// A blank line: the next line starts a logical line again.
		lx.atBOL = p < len(src)
		if p < len(src) && src[p] == '#' {
			lx.atBOL = true
			for lx.pos < len(src) && src[lx.pos] != '\n' && src[lx.pos] != '\r' {
				lx.pos++
			}
			if lx.pos < len(src) {
				lx.newline()
			}
		} else if p < len(src) {
			lx.newline()
		}
		return false
	}
	lx.pos = p
	top := lx.indents[len(lx.indents)-1]
	altTop := lx.altInd[len(lx.altInd)-1]
	switch {
	case col == top:
		if alt != altTop {
			lx.fail(lx.line, 0, "inconsistent use of tabs and spaces in indentation")
		}
	case col > top:
		if len(lx.indents) > maxIndent {
			lx.fail(lx.line, col, "too many levels of indentation")
			return true
		}
		if alt <= altTop {
			lx.fail(lx.line, 0, "inconsistent use of tabs and spaces in indentation")
		}
		lx.indents = append(lx.indents, col)
		lx.altInd = append(lx.altInd, alt)
		lx.toks = append(lx.toks, token{kind: tIndent, start: lx.pos, end: lx.pos, line: lx.line, col: lx.col(), eline: lx.line, ecol: lx.col()})
	default:
		for len(lx.indents) > 1 && col < lx.indents[len(lx.indents)-1] {
			lx.indents = lx.indents[:len(lx.indents)-1]
			lx.altInd = lx.altInd[:len(lx.altInd)-1]
			lx.toks = append(lx.toks, token{kind: tDedent, start: lx.pos, end: lx.pos, line: lx.line, col: lx.col(), eline: lx.line, ecol: lx.col()})
		}
		if col != lx.indents[len(lx.indents)-1] {
			// CPython points past the end of the offending line.
			end := strings.IndexByte(src[lx.pos:], '\n')
			if end < 0 {
				end = len(src) - lx.pos
			}
			lx.fail(lx.line, lx.col()+end, "unindent does not match any outer indentation level")
		} else if alt != lx.altInd[len(lx.altInd)-1] {
			lx.fail(lx.line, 0, "inconsistent use of tabs and spaces in indentation")
		}
	}
	return true
}

func (lx *lexer) eof() {
	if n := len(lx.fstack); n > 0 {
		m := lx.fstack[n-1]
		if m.triple {
			lx.fail(m.line, m.col, "unterminated triple-quoted f-string literal (detected at line %d)", lx.lastLine())
		} else {
			lx.fail(m.line, m.col, "unterminated f-string literal (detected at line %d)", lx.line)
		}
		return
	}
	if n := len(lx.brackets); n > 0 {
		b := lx.brackets[n-1]
		lx.fail(b.line, b.col, "'%c' was never closed", b.c)
		return
	}
	line, col := lx.line, lx.col()
	if lx.lineToks {
		lx.toks = append(lx.toks, token{kind: tNewline, start: lx.pos, end: lx.pos, line: line, col: col, eline: line, ecol: col + 1})
	}
	for len(lx.indents) > 1 {
		lx.indents = lx.indents[:len(lx.indents)-1]
		lx.toks = append(lx.toks, token{kind: tDedent, start: lx.pos, end: lx.pos, line: line, col: col, eline: line, ecol: col})
	}
	lx.toks = append(lx.toks, token{kind: tEnd, start: lx.pos, end: lx.pos, line: line, col: col, eline: line, ecol: col})
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentByte(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

// name reads an identifier, or a string prefix and its string.
func (lx *lexer) name(start, line, col int) {
	src := lx.src
	nonASCII := false
	for lx.pos < len(src) {
		c := src[lx.pos]
		if c < utf8.RuneSelf {
			if !isIdentByte(c) {
				break
			}
			lx.pos++
			continue
		}
		nonASCII = true
		r, size := utf8.DecodeRuneInString(src[lx.pos:])
		ok := unicode.IsLetter(r) || r == '_' || unicode.Is(unicode.Other_ID_Start, r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Nl) || unicode.Is(unicode.Other_ID_Continue, r)
		if lx.pos == start && ok {
			ok = !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) || r == '_'
		}
		if !ok {
			break
		}
		lx.pos += size
	}
	if lx.pos == start {
		r, _ := utf8.DecodeRuneInString(src[lx.pos:])
		lx.fail(line, col, "invalid character '%c' (U+%04X)", r, r)
		return
	}
	s := src[start:lx.pos]
	if lx.pos < len(src) && (src[lx.pos] == '"' || src[lx.pos] == '\'') && len(s) <= 2 && isStringPrefix(s) {
		lx.str(start, line, col, s)
		return
	}
	if nonASCII {
		s = normalizeIdentifier(s)
	}
	lx.emit(tName, s, start, line, col)
}

func isStringPrefix(s string) bool {
	switch strings.ToLower(s) {
	case "r", "u", "b", "br", "rb", "f", "fr", "rf":
		return true
	}
	return false
}

// str reads a string literal whose prefix (already read) is prefix.
func (lx *lexer) str(start, line, col int, prefix string) {
	src := lx.src
	q := src[lx.pos]
	triple := lx.pos+2 < len(src) && src[lx.pos+1] == q && src[lx.pos+2] == q
	lower := strings.ToLower(prefix)
	if strings.Contains(lower, "f") {
		if len(lx.fstack) >= maxFStringNesting {
			lx.fail(line, col, "too many nested f-strings")
			return
		}
		if triple {
			lx.pos += 3
		} else {
			lx.pos++
		}
		lx.fstack = append(lx.fstack, fMode{quote: q, triple: triple, raw: strings.Contains(lower, "r"), line: line, col: col})
		lx.emit(tFStart, src[start:lx.pos], start, line, col)
		return
	}
	if triple {
		lx.pos += 3
		for {
			if lx.pos >= len(src) {
				lx.fail(line, col, "unterminated triple-quoted string literal (detected at line %d)", lx.lastLine())
				return
			}
			c := src[lx.pos]
			switch {
			case c == q && lx.pos+2 < len(src) && src[lx.pos+1] == q && src[lx.pos+2] == q:
				lx.pos += 3
				lx.emit(tString, "", start, line, col)
				return
			case c == '\\':
				lx.skipEscape()
			case c == '\n' || c == '\r':
				lx.newline()
			default:
				lx.pos++
			}
		}
	}
	lx.pos++
	for {
		if lx.pos >= len(src) || src[lx.pos] == '\n' || src[lx.pos] == '\r' {
			lx.fail(line, col, "unterminated string literal (detected at line %d)", lx.line)
			return
		}
		c := src[lx.pos]
		switch {
		case c == q:
			lx.pos++
			lx.emit(tString, "", start, line, col)
			return
		case c == '\\':
			lx.skipEscape()
		default:
			lx.pos++
		}
	}
}

// skipEscape passes over a backslash in a string literal and the
// character it escapes, counting the line an escaped newline continues;
// a string's single- and triple-quoted forms both skip with it.
func (lx *lexer) skipEscape() {
	src := lx.src
	lx.pos++
	if lx.pos < len(src) && (src[lx.pos] == '\n' || src[lx.pos] == '\r') {
		lx.newline()
	} else if lx.pos < len(src) {
		lx.pos++
	}
}

// fstringText reads literal text of the innermost f-string up to a field,
// the end of a format spec or the closing quote.
func (lx *lexer) fstringText(m *fMode) {
	src := lx.src
	inSpec := len(m.fields) > 0
	start, line, col := lx.pos, lx.line, lx.col()
	for {
		if lx.pos >= len(src) {
			lx.eof()
			return
		}
		c := src[lx.pos]
		if c == m.quote && (!m.triple || lx.pos+2 < len(src) && src[lx.pos+1] == c && src[lx.pos+2] == c) {
			break
		}
		if c == '\\' {
			lx.pos++
			if lx.pos >= len(src) {
				continue
			}
			c2 := src[lx.pos]
			switch {
			case c2 == '\n' || c2 == '\r':
				lx.newline()
			case c2 == 'N' && !m.raw && lx.pos+1 < len(src) && src[lx.pos+1] == '{':
				for lx.pos < len(src) && src[lx.pos] != '}' && src[lx.pos] != m.quote && src[lx.pos] != '\n' {
					lx.pos++
				}
				if lx.pos < len(src) && src[lx.pos] == '}' {
					lx.pos++
				}
			case c2 == '{' || c2 == '}':
				// A backslash before a brace leaves the brace to mean a field.
			default:
				lx.pos++
			}
			continue
		}
		if c == '{' {
			if !inSpec && lx.pos+1 < len(src) && src[lx.pos+1] == '{' {
				lx.pos += 2
				continue
			}
			break
		}
		if c == '}' {
			if !inSpec && lx.pos+1 < len(src) && src[lx.pos+1] == '}' {
				lx.pos += 2
				continue
			}
			if inSpec {
				break
			}
			lx.fail(lx.line, lx.col(), "f-string: single '}' is not allowed")
			return
		}
		if c == '\n' || c == '\r' {
			if !m.triple {
				lx.fail(m.line, m.col, "unterminated f-string literal (detected at line %d)", lx.line)
				return
			}
			lx.newline()
			continue
		}
		lx.pos++
	}
	if lx.pos > start {
		lx.emit(tFMiddle, "", start, line, col)
	}
	start, line, col = lx.pos, lx.line, lx.col()
	switch src[lx.pos] {
	case '{':
		if len(lx.brackets) >= maxBrackets {
			lx.fail(line, col, "too many nested parentheses")
			return
		}
		if len(m.fields) >= 2 {
			lx.fail(line, col, "f-string: expressions nested too deeply")
			return
		}
		lx.pos++
		lx.brackets = append(lx.brackets, bracket{'{', line, col})
		m.fields = append(m.fields, fField{depth: len(lx.brackets)})
		lx.emit(tOp, "{", start, line, col)
	case '}':
		lx.pos++
		lx.brackets = lx.brackets[:len(lx.brackets)-1]
		m.fields = m.fields[:len(m.fields)-1]
		lx.emit(tOp, "}", start, line, col)
	default:
		if inSpec {
			lx.fail(line, col, "f-string: expecting '}'")
			return
		}
		if m.triple {
			lx.pos += 3
		} else {
			lx.pos++
		}
		lx.fstack = lx.fstack[:len(lx.fstack)-1]
		lx.emit(tFEnd, "", start, line, col)
	}
}

// number reads a numeric literal (Parser/lexer/lexer.c, tok_get numbers).
func (lx *lexer) number() {
	src := lx.src
	start, line, col := lx.pos, lx.line, lx.col()
	digits := func(ok func(byte) bool) bool {
		// one or more digits, single underscores between them
		if lx.pos >= len(src) || !ok(src[lx.pos]) {
			return false
		}
		for lx.pos < len(src) {
			c := src[lx.pos]
			if ok(c) {
				lx.pos++
			} else if c == '_' && lx.pos+1 < len(src) && ok(src[lx.pos+1]) {
				lx.pos += 2
			} else {
				break
			}
		}
		return true
	}
	dec := func(c byte) bool { return c >= '0' && c <= '9' }
	invalid := func(kind string) {
		lx.fail(line, lx.col(), "invalid %s literal", kind)
	}
	if src[lx.pos] == '0' && lx.pos+1 < len(src) && strings.IndexByte("xXoObB", src[lx.pos+1]) >= 0 {
		var ok func(byte) bool
		kind := ""
		switch src[lx.pos+1] | 0x20 {
		case 'x':
			ok = func(c byte) bool { return dec(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }
			kind = "hexadecimal"
		case 'o':
			ok = func(c byte) bool { return c >= '0' && c <= '7' }
			kind = "octal"
		default:
			ok = func(c byte) bool { return c == '0' || c == '1' }
			kind = "binary"
		}
		lx.pos += 2
		if lx.pos < len(src) && src[lx.pos] == '_' {
			lx.pos++
		}
		if !digits(ok) {
			invalid(kind)
			return
		}
		if lx.pos < len(src) && (isIdentByte(src[lx.pos]) || src[lx.pos] >= utf8.RuneSelf) && !lx.keywordFollows() {
			invalid(kind)
			return
		}
		lx.emit(tNumber, "", start, line, col)
		return
	}
	isFloat := false
	if src[lx.pos] != '.' {
		digits(dec)
		if lx.pos < len(src) && src[lx.pos] == '_' {
			invalid("decimal")
			return
		}
	}
	if lx.pos < len(src) && src[lx.pos] == '.' {
		isFloat = true
		lx.pos++
		digits(dec)
	}
	if lx.pos < len(src) && src[lx.pos]|0x20 == 'e' {
		save := lx.pos
		lx.pos++
		if lx.pos < len(src) && (src[lx.pos] == '+' || src[lx.pos] == '-') {
			lx.pos++
		}
		if !digits(dec) {
			if lx.keywordFollowsAt(save) {
				lx.pos = save
			} else {
				invalid("decimal")
				return
			}
		} else {
			isFloat = true
		}
	}
	if lx.pos < len(src) && src[lx.pos]|0x20 == 'j' {
		lx.pos++
		isFloat = true
	}
	if !isFloat {
		text := src[start:lx.pos]
		if len(text) > 1 && text[0] == '0' && strings.Trim(text, "0_") != "" {
			lx.fail(line, col, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
			return
		}
	}
	if lx.pos < len(src) && (isIdentByte(src[lx.pos]) || src[lx.pos] >= utf8.RuneSelf) && !lx.keywordFollows() {
		if isFloat && src[lx.pos-1]|0x20 == 'j' {
			invalid("imaginary")
		} else {
			invalid("decimal")
		}
		return
	}
	lx.emit(tNumber, "", start, line, col)
}

// keywordFollows reports whether a keyword that CPython accepts right
// after a number ("1if x else 2") starts at lx.pos.
func (lx *lexer) keywordFollows() bool { return lx.keywordFollowsAt(lx.pos) }

func (lx *lexer) keywordFollowsAt(p int) bool {
	rest := lx.src[p:]
	for _, kw := range [...]string{"and", "else", "for", "if", "in", "is", "not", "or"} {
		if strings.HasPrefix(rest, kw) {
			return true
		}
	}
	return false
}

var ops3 = [...]string{"**=", "//=", ">>=", "<<=", "..."}
var ops2 = [...]string{"!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=", ":=", "<<", "<=", "==", ">=", ">>", "@=", "^=", "|="}

const ops1 = "!%&()*+,-./:;<=>@[]^{|}~"

func (lx *lexer) operator(start, line, col int) {
	src := lx.src
	rest := src[lx.pos:]
	if rest[0] == ':' && lx.atFieldLevel() {
		// "{x:=5}" is x with format spec "=5", not a walrus.
		lx.pos++
		if n := len(lx.fstack); n > 0 {
			m := &lx.fstack[n-1]
			m.fields[len(m.fields)-1].inSpec = true
		}
		lx.emit(tOp, ":", start, line, col)
		return
	}
	for _, op := range ops3 {
		if strings.HasPrefix(rest, op) {
			lx.pos += 3
			lx.emit(tOp, op, start, line, col)
			return
		}
	}
	for _, op := range ops2 {
		if strings.HasPrefix(rest, op) {
			lx.pos += 2
			lx.emit(tOp, op, start, line, col)
			return
		}
	}
	c := src[lx.pos]
	i := strings.IndexByte(ops1, c)
	if i < 0 {
		if c == '$' || c == '?' || c == '`' {
			lx.fail(line, col, "invalid syntax")
		} else {
			lx.fail(line, col, "invalid non-printable character U+%04X", c)
		}
		return
	}
	op := ops1[i : i+1]
	// f-string fields: a top-level ':' starts the format spec, a '}' ends it.
	var field *fField
	if n := len(lx.fstack); n > 0 {
		m := &lx.fstack[n-1]
		if k := len(m.fields); k > 0 && m.fields[k-1].depth == len(lx.brackets) {
			field = &m.fields[k-1]
		}
	}
	switch c {
	case '(', '[', '{':
		if len(lx.brackets) >= maxBrackets {
			lx.fail(line, col, "too many nested parentheses")
			return
		}
		lx.brackets = append(lx.brackets, bracket{c, line, col})
	case ')', ']', '}':
		if len(lx.brackets) == 0 {
			lx.fail(line, col, "unmatched '%c'", c)
			return
		}
		open := lx.brackets[len(lx.brackets)-1]
		if closer(open.c) != c {
			if field != nil && c != '}' {
				lx.fail(line, col, "f-string: unmatched '%c'", c)
			} else if open.line != line {
				lx.fail(line, col, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, open.c, open.line)
			} else {
				lx.fail(line, col, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open.c)
			}
			return
		}
		lx.brackets = lx.brackets[:len(lx.brackets)-1]
		if field != nil && c == '}' {
			m := &lx.fstack[len(lx.fstack)-1]
			m.fields = m.fields[:len(m.fields)-1]
		}
	case ':':
		if field != nil {
			field.inSpec = true
		}
	}
	lx.pos++
	lx.emit(tOp, op, start, line, col)
}

func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

// lastLine is the number of the source's last line, as CPython counts it
// at end of file (a final newline does not start a line).
func (lx *lexer) lastLine() int {
	if lx.pos >= len(lx.src) && lx.pos > 0 && lx.src[lx.pos-1] == '\n' {
		return lx.line - 1
	}
	return lx.line
}

// atFieldLevel reports whether the tokenizer is at the top bracket level
// of an f-string replacement field's expression.
func (lx *lexer) atFieldLevel() bool {
	n := len(lx.fstack)
	if n == 0 {
		return false
	}
	m := &lx.fstack[n-1]
	k := len(m.fields)
	return k > 0 && !m.fields[k-1].inSpec && m.fields[k-1].depth == len(lx.brackets)
}
