package python

import (
	"bytes"
	"fmt"
)

// maxDepth bounds the parser's recursion and the depth of the trees it
// builds (left-deep chains such as a+b+c or a[0][0] count too), so that
// neither this parser nor a walker of its trees can exhaust the stack.
// CPython stops near the same depth (a RecursionError "during ast
// construction" somewhere between 1000 and 3000 levels).
const maxDepth = 2000

// MaxSourceSize is the largest source Parse reads. Memory is linear in
// the input (tokens and tree take some tens of bytes per source byte), so
// a cap keeps one hostile file from taking gigabytes; real Python files
// are far smaller.
const MaxSourceSize = 16 << 20

// Options adjust a parse to one CPython version where their trees differ.
type Options struct {
	// PythonMinor is the 3.x version whose positions the parts of an
	// f-string follow. From 12 on (PEP 701), every Constant and
	// FormattedValue part has its own span; before 12, CPython 3.8-3.11
	// give them the span of the whole string, and a format spec the span
	// of its own f-string token. 0 means the newest (13). Syntax is not
	// restricted by it: every form of 3.8 to 3.13 is read.
	PythonMinor int
}

// Parse reads one Python source file. filename is used only in errors.
// The result mirrors ast.parse(src) of CPython 3.13; on bad input the
// error is a *SyntaxError.
func Parse(filename string, src []byte) (*Module, error) {
	return ParseWith(filename, src, Options{})
}

// ParseWith is Parse with options.
func ParseWith(filename string, src []byte, opts Options) (*Module, error) {
	if len(src) > MaxSourceSize {
		return nil, &SyntaxError{Filename: filename, Line: 1, Col: 1, Msg: fmt.Sprintf("source too large: %d bytes (the limit is %d)", len(src), MaxSourceSize)}
	}
	text, err := sourceText(filename, src)
	if err != nil {
		return nil, err
	}
	toks, serr := tokenize(filename, text)
	if serr != nil {
		return nil, serr
	}
	minor := opts.PythonMinor
	if minor == 0 {
		minor = 13
	}
	p := &parser{filename: filename, src: text, toks: toks, minor: minor}
	return p.parseFile()
}

// sourceText checks the encoding and applies CPython's universal newlines
// (\r\n and \r read as \n), before positions are counted.
func sourceText(filename string, src []byte) (string, error) {
	if i := bytes.IndexByte(src, 0); i >= 0 {
		line := bytes.Count(src[:i], []byte{'\n'}) + 1
		return "", &SyntaxError{Filename: filename, Line: line, Col: 1, Msg: "source code cannot contain null bytes"}
	}
	src, err := decodeSource(filename, src)
	if err != nil {
		return "", err
	}
	if bytes.IndexByte(src, '\r') >= 0 {
		src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
		src = bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
	}
	return string(src), nil
}

type parser struct {
	filename string
	src      string
	toks     []token
	i        int
	last     int // index of the last consumed token that is not NEWLINE/INDENT/DEDENT
	depth    int
	minor    int // Options.PythonMinor
}

// bail carries a *SyntaxError out of the recursive descent.
type bail struct{ err *SyntaxError }

func (p *parser) parseFile() (mod *Module, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				t := p.tok()
				err = &SyntaxError{Filename: p.filename, Line: t.line, Col: t.col + 1, Msg: fmt.Sprintf("internal error: %v", r)}
				return
			}
			mod, err = nil, b.err
		}
	}()
	mod = &Module{Body: []Stmt{}, TypeIgnores: []*TypeIgnore{}}
	for p.tok().kind != tEnd {
		if p.tok().kind == tNewline {
			p.i++
			continue
		}
		mod.Body = append(mod.Body, p.statement()...)
	}
	return mod, nil
}

func (p *parser) tok() *token { return &p.toks[p.i] }

func (p *parser) peek(n int) *token {
	if p.i+n < len(p.toks) {
		return &p.toks[p.i+n]
	}
	return &p.toks[len(p.toks)-1]
}

func (p *parser) advance() *token {
	t := &p.toks[p.i]
	if t.kind != tNewline && t.kind != tIndent && t.kind != tDedent {
		p.last = p.i
	}
	if t.kind != tEnd {
		p.i++
	}
	return t
}

func (p *parser) failAt(t *token, format string, args ...any) {
	if t.kind == tEnd && p.last < len(p.toks) {
		// At end of file CPython points after the last token.
		l := &p.toks[p.last]
		panic(bail{&SyntaxError{Filename: p.filename, Line: l.eline, Col: l.ecol + 1, Msg: fmt.Sprintf(format, args...)}})
	}
	panic(bail{&SyntaxError{Filename: p.filename, Line: t.line, Col: t.col + 1, Msg: fmt.Sprintf(format, args...)}})
}

func (p *parser) failNode(n Node, format string, args ...any) {
	pos := n.Pos()
	panic(bail{&SyntaxError{Filename: p.filename, Line: pos.Lineno, Col: pos.ColOffset + 1, Msg: fmt.Sprintf(format, args...)}})
}

// syntaxError reports "invalid syntax" (or what was expected) at the
// current token.
func (p *parser) syntaxError() {
	t := p.tok()
	switch t.kind {
	case tIndent:
		p.failAt(t, "unexpected indent")
	case tDedent:
		p.failAt(t, "unindent does not match any outer indentation level")
	}
	p.failAt(t, "invalid syntax")
}

func (p *parser) isOp(s string) bool {
	t := &p.toks[p.i]
	return t.kind == tOp && t.s == s
}

func (p *parser) isKw(s string) bool {
	t := &p.toks[p.i]
	return t.kind == tName && t.s == s
}

func (p *parser) acceptOp(s string) bool {
	if p.isOp(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) acceptKw(s string) bool {
	if p.isKw(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) expectOp(s string) *token {
	if !p.isOp(s) {
		t := p.tok()
		if s == ":" || s == ")" || s == "]" || s == "}" {
			p.failAt(t, "expected '%s'", s)
		}
		p.syntaxError()
	}
	return p.advance()
}

func (p *parser) expectKw(s string) *token {
	if !p.isKw(s) {
		p.failAt(p.tok(), "expected '%s'", s)
	}
	return p.advance()
}

// span is the position from token index start to the last consumed token.
func (p *parser) span(start int) Position {
	a, b := &p.toks[start], &p.toks[p.last]
	return Position{a.line, a.col, b.eline, b.ecol}
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failAt(p.tok(), "too complex to parse: nesting deeper than %d", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

func isKeyword(s string) bool {
	switch s {
	case "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
		"def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
		"in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield":
		return true
	}
	return false
}

func (p *parser) isName() bool {
	t := p.tok()
	return t.kind == tName && !isKeyword(t.s)
}

func (p *parser) expectName() *token {
	if !p.isName() {
		t := p.tok()
		if t.kind == tName {
			p.failAt(t, "invalid syntax")
		}
		p.syntaxError()
	}
	return p.advance()
}

// try runs f; on a syntax error it rewinds and reports false.
func (p *parser) try(f func()) (ok bool) {
	saveI, saveLast, saveDepth := p.i, p.last, p.depth
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(bail); !isBail {
				panic(r)
			}
			p.i, p.last, p.depth = saveI, saveLast, saveDepth
			ok = false
		}
	}()
	f()
	return true
}
