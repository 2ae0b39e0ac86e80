package infer

import (
	"bytes"
	"fmt"
	"github.com/promote-dev/promote/internal/clip"
	"strings"
	"unicode/utf8"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// StmtKind says what a program line is.
type StmtKind uint8

// The statement kinds.
const (
	StmtInput   StmtKind = iota + 1 // NAME: OPERAND
	StmtBinding                     // NAME = EXPR
	StmtExpr                        // EXPR (the last one is the result)
	// StmtSkipped is a line the porting lint could not parse (Compare):
	// Node is NoNode and the statement is reported, not typed.
	StmtSkipped
)

// Stmt is one statement of a program.
type Stmt struct {
	Kind StmtKind
	Line int32
	Name string // "" for StmtExpr
	Node NodeID
}

// Program is a parsed program: its graph and its statements in order.
type Program struct {
	Graph *Graph
	Stmts []Stmt
	// Result is the node of the last bare expression, or NoNode.
	Result NodeID
	// Host is the literal syntax the program was read with.
	Host Host
}

// Bounds on what the parser reads, so that no program can exhaust the
// stack or spend quadratic time.
const (
	// maxNesting bounds how deeply an expression nests: each parenthesis,
	// unary minus, ** and call argument list is one level. Deeper nesting
	// is a syntax error naming the line and column where the bound was
	// passed (Python's own parser stops near 200 nested parentheses).
	maxNesting = 1000
	// maxIntDigits bounds the digits of an integer literal, as the operand
	// grammar does: reading decimal text into a big integer takes time
	// quadratic in its length, and no rule set reads a value that large.
	maxIntDigits = 10_000
)

// MaxSourceBytes bounds the program text Parse, ParseHost, Check and
// Compare read: a longer program is an *Error at the byte where the bound
// is passed. Typing costs up to about 140 bytes of memory per byte of
// program (a line of 1,000 unary minus signs is 1,000 nodes, each with its
// node, its type and the slices' growth), so the bound keeps the largest
// program under about 600 MB; 4 MiB is some 100,000 lines of ordinary code.
const MaxSourceBytes = 4 << 20

// Parse reads a program written for the rule set def: literals in def's
// host language (HostOf), dtype names (inputs, convert) in its dialect.
// name names the program in error messages. A syntax error is an *Error
// with the line and column.
func Parse(name string, src []byte, def *promote.Def) (*Program, error) {
	return ParseHost(name, src, HostOf(def), def.Dialect)
}

// ParseHost is Parse with the host language and dialect given directly.
func ParseHost(name string, src []byte, h Host, d *dtype.Dialect) (*Program, error) {
	if d == nil {
		d = dtype.Neutral
	}
	return parseShared(name, src).bind(h, d)
}

// parser reads the program once for every host language and dialect (see
// shared): where hosts may read a token differently it records a site and
// goes on as the hosts that accept the token would.
type parser struct {
	src    string
	i      int // cursor
	end    int // end of the current line's code (before a comment)
	lineAt int // offset of the current line's first byte
	line   int32
	depth  int   // nesting levels open (maxNesting)
	minus  []int // offsets of the unary minus signs being read
	names  *nameTable
	// lits indexes the graph's literals by their text, so a literal
	// written many times is read once and shares one Value.
	lits map[string]int32
	// convs indexes convert's dtype names, each read once per dialect.
	convs map[string]int32
	// boundConst holds the named literals of some host already bound as
	// names (the first binding is the site; see statement).
	boundConst map[string]bool
	// sawDivSign: the site of ÷ is recorded.
	sawDivSign bool
	// recover: a statement that does not parse is recorded as skipped
	// (shared.skipped) and the parse goes on with the next line, as the
	// porting lint wants; otherwise the first syntax error ends the parse.
	recover bool
	// skippedNames holds, in recover mode, the names whose binding was
	// skipped, with its line, so that a later use says why it is undefined.
	skippedNames map[string]int32
	s            *shared
	g            *Graph
}

// syntaxError is a parse failure at a byte offset.
type syntaxError struct {
	at  int
	msg string
}

func (p *parser) errAt(at int, format string, args ...any) *syntaxError {
	return &syntaxError{at: at, msg: fmt.Sprintf(format, args...)}
}

// parseShared parses src once for every host and dialect; the first
// syntax error ends the parse.
func parseShared(name string, src []byte) *shared { return parseSharedMode(name, src, false) }

// parseRecovering is parseShared for the porting lint: a statement that
// does not parse is skipped (its error in shared.skipped, its Stmt with
// Kind StmtSkipped) and the rest of the program is read.
func parseRecovering(name string, src []byte) *shared { return parseSharedMode(name, src, true) }

func parseSharedMode(name string, src []byte, recover bool) *shared {
	if len(src) > MaxSourceBytes {
		return tooLong(name, src)
	}
	lines := 1 + bytes.Count(src, []byte{'\n'})
	text := string(src)
	g := &Graph{Name: name, nodes: make([]node, 0, 2*lines)}
	s := &shared{prog: Program{Graph: g, Result: NoNode, Stmts: make([]Stmt, 0, lines)}}
	p := &parser{
		src:     text,
		names:   newNameTable(text, lines),
		lits:    make(map[string]int32),
		convs:   make(map[string]int32),
		s:       s,
		g:       g,
		recover: recover,
	}
	p.parse()
	return s
}

// tooLong is the parse of a program over MaxSourceBytes: nothing but the
// error, at the line and column of the first byte past the bound.
func tooLong(name string, src []byte) *shared {
	head := src[:MaxSourceBytes]
	line := 1 + bytes.Count(head, []byte{'\n'})
	col := MaxSourceBytes - bytes.LastIndexByte(head, '\n')
	s := &shared{prog: Program{Graph: &Graph{Name: name}, Result: NoNode}}
	s.err = &Error{File: name, Pos: Pos{Line: int32(line), Col: int32(col)}, Node: NoNode,
		Err: fmt.Errorf("the program has %d bytes; a program may take at most %d (%d MiB)", len(src), MaxSourceBytes, MaxSourceBytes>>20)}
	return s
}

func (p *parser) parse() {
	for start := 0; start < len(p.src) || start == 0; {
		nl := strings.IndexByte(p.src[start:], '\n')
		stop := len(p.src)
		if nl >= 0 {
			stop = start + nl
		}
		p.line++
		p.lineAt, p.i = start, start
		p.end = stop
		if h := strings.IndexByte(p.src[start:stop], '#'); h >= 0 {
			p.end = start + h
		}
		nodes, args, sites := len(p.g.nodes), len(p.g.args), len(p.s.sites)
		if err := p.statement(); err != nil {
			e := &Error{File: p.g.Name, Pos: p.pos(err.at), Node: NoNode, Err: fmt.Errorf("%s", err.msg)}
			if !p.recover {
				p.s.err = e
				return
			}
			p.skip(e, nodes, args, sites)
		}
		if nl < 0 {
			return
		}
		start = stop + 1
	}
}

// skip records the statement on the current line as skipped with its
// syntax error e, and takes back what it added: its nodes and call
// arguments (no statement refers to them) and its sites, with the caches
// that say a literal's, named literal's, dtype name's or operator's site
// is already recorded, so that the program reads, for every host, as if
// the line were blank.
func (p *parser) skip(e *Error, nodes, args, sites int) {
	p.g.nodes, p.g.args = p.g.nodes[:nodes], p.g.args[:args]
	for _, st := range p.s.sites[sites:] {
		switch st.kind {
		case siteConst, siteSuffix:
			delete(p.lits, st.text)
		case siteBindConst:
			delete(p.boundConst, st.text)
		case siteOperator:
			p.sawDivSign = false
		case siteConvert:
			delete(p.convs, st.text)
		}
	}
	p.s.sites = p.s.sites[:sites]
	p.depth, p.minus = 0, p.minus[:0]
	name := p.bindingName()
	if name != "" {
		if p.skippedNames == nil {
			p.skippedNames = make(map[string]int32)
		}
		p.skippedNames[name] = p.line
	}
	p.s.skipped = append(p.s.skipped, e)
	p.s.prog.Stmts = append(p.s.prog.Stmts, Stmt{Kind: StmtSkipped, Line: p.line, Name: name, Node: NoNode})
}

// bindingName is the NAME of a line NAME = ..., or "".
func (p *parser) bindingName() string {
	p.i = p.lineAt
	p.skipSpace()
	if p.i >= p.end || !isLetter(p.src[p.i]) {
		return ""
	}
	name := p.ident()
	p.skipSpace()
	if p.i < p.end && p.src[p.i] == '=' && (p.i+1 >= p.end || p.src[p.i+1] != '=') {
		return name
	}
	return ""
}

func (p *parser) pos(at int) Pos { return Pos{Line: p.line, Col: int32(at-p.lineAt) + 1} }

func (p *parser) skipSpace() {
	for p.i < p.end && (p.src[p.i] == ' ' || p.src[p.i] == '\t' || p.src[p.i] == '\r') {
		p.i++
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// ident scans a name at the cursor.
func (p *parser) ident() string {
	s := p.i
	for p.i < p.end && (isLetter(p.src[p.i]) || isDigit(p.src[p.i])) {
		p.i++
	}
	return p.src[s:p.i]
}

func (p *parser) statement() *syntaxError {
	p.skipSpace()
	if p.i >= p.end {
		return nil // blank or comment
	}
	start := p.i
	if isLetter(p.src[p.i]) {
		name := p.ident()
		p.skipSpace()
		if p.i < p.end && p.src[p.i] == ':' {
			return p.input(start, name)
		}
		if p.i < p.end && p.src[p.i] == '=' && (p.i+1 >= p.end || p.src[p.i+1] != '=') {
			if isFunction(name) {
				return p.errAt(start, "%s is a function of the language and cannot be bound", name)
			}
			if hs := constHosts(name); hs != 0 && !p.boundConst[name] {
				// The hosts that read name as a literal refuse to bind
				// it; the others bind it, and from here on name is that
				// binding for every host still reading the program.
				if p.boundConst == nil {
					p.boundConst = make(map[string]bool)
				}
				p.boundConst[name] = true
				p.site(site{kind: siteBindConst, hosts: allHosts &^ hs, pos: p.pos(start), text: name})
			}
			p.i++
			id, err := p.expr()
			if err != nil {
				return err
			}
			if err := p.lineEnd(); err != nil {
				return err
			}
			p.names.set(name, start, id)
			p.s.prog.Stmts = append(p.s.prog.Stmts, Stmt{Kind: StmtBinding, Line: p.line, Name: name, Node: id})
			return nil
		}
		p.i = start
	}
	id, err := p.expr()
	if err != nil {
		return err
	}
	if err := p.lineEnd(); err != nil {
		return err
	}
	p.s.prog.Stmts = append(p.s.prog.Stmts, Stmt{Kind: StmtExpr, Line: p.line, Node: id})
	p.s.prog.Result = id
	return nil
}

func (p *parser) lineEnd() *syntaxError {
	p.skipSpace()
	if p.i < p.end {
		return p.errAt(p.i, "unexpected %s after the expression", clip.Quote(p.tokenText()))
	}
	return nil
}

// tokenText is the text of the token at the cursor, for messages.
func (p *parser) tokenText() string {
	if p.i >= p.end {
		return "end of line"
	}
	s := p.i
	e := s + 1
	if p.src[s] >= utf8.RuneSelf {
		_, n := utf8.DecodeRuneInString(p.src[s:p.end])
		e = s + n
	}
	if isLetter(p.src[s]) || isDigit(p.src[s]) {
		for e < p.end && (isLetter(p.src[e]) || isDigit(p.src[e]) || p.src[e] == '.') {
			e++
		}
	}
	return p.src[s:e]
}

// input reads NAME: OPERAND. The operand, in the batch contract's
// grammar, is read in each dialect when the program is bound to it.
func (p *parser) input(start int, name string) *syntaxError {
	p.i++ // the colon
	p.skipSpace()
	text := strings.TrimSpace(p.src[p.i:p.end])
	if text == "" {
		return p.errAt(p.i, "input %s has no operand: write %s: DTYPE, DTYPE[DIMS] or DTYPE(VALUE)", clip.Text(name), clip.Text(name))
	}
	idx := p.s.inputs
	p.s.inputs++
	p.site(site{kind: siteInput, pos: p.pos(p.i), text: text, name: name, index: idx})
	p.g.At(p.pos(start))
	id := p.g.add(node{op: OpInput, a: NoNode, b: NoNode, c: NoNode, aux: idx})
	p.names.set(name, start, id)
	p.s.prog.Stmts = append(p.s.prog.Stmts, Stmt{Kind: StmtInput, Line: p.line, Name: name, Node: id})
	return nil
}

// Binary operator precedence, lowest first (Python's order):
// comparisons, |, ^, &, + -, * / // %, unary -, **.
const (
	precCmp = iota + 1
	precOr
	precXor
	precAnd
	precAdd
	precMul
)

// binop reads the binary operator at the cursor, if any.
func (p *parser) binop() (Op, int, int) {
	if p.i >= p.end {
		return 0, 0, 0
	}
	c := p.src[p.i]
	var c2 byte
	if p.i+1 < p.end {
		c2 = p.src[p.i+1]
	}
	switch c {
	case '+':
		return OpAdd, precAdd, 1
	case '-':
		return OpSub, precAdd, 1
	case '*':
		if c2 == '*' {
			return 0, 0, 0 // ** is handled by power
		}
		return OpMul, precMul, 1
	case '/':
		if c2 == '/' {
			return OpFloorDiv, precMul, 2
		}
		return OpDiv, precMul, 1
	case 0xC3: // ÷ in UTF-8: Julia's integer division (a site)
		if c2 == 0xB7 {
			return OpFloorDiv, precMul, 2
		}
	case '%':
		return OpMod, precMul, 1
	case '&':
		return OpAnd, precAnd, 1
	case '|':
		return OpOr, precOr, 1
	case '^':
		return OpXor, precXor, 1
	case '=':
		if c2 == '=' {
			return OpEq, precCmp, 2
		}
	case '!':
		if c2 == '=' {
			return OpNe, precCmp, 2
		}
	case '<':
		if c2 == '=' {
			return OpLe, precCmp, 2
		}
		return OpLt, precCmp, 1
	case '>':
		if c2 == '=' {
			return OpGe, precCmp, 2
		}
		return OpGt, precCmp, 1
	}
	return 0, 0, 0
}

func (p *parser) expr() (NodeID, *syntaxError) { return p.binary(precCmp) }

// binary parses operators of precedence prec and above, left
// associative; comparisons do not chain.
func (p *parser) binary(prec int) (NodeID, *syntaxError) {
	left, err := p.unary()
	if err != nil {
		return NoNode, err
	}
	return p.binaryRest(prec, left)
}

// binaryRest recurses only to a higher precedence, so its depth is
// bounded by the number of precedence levels; nesting is counted in
// unary.
func (p *parser) binaryRest(prec int, left NodeID) (NodeID, *syntaxError) {
	for {
		p.skipSpace()
		op, q, w := p.binop()
		if q == 0 || q < prec {
			return left, nil
		}
		at := p.i
		if p.src[at] == 0xC3 && !p.sawDivSign {
			// Julia writes integer division ÷; the other hosts do not.
			p.sawDivSign = true
			p.site(site{kind: siteOperator, hosts: juliaOnly, pos: p.pos(at), text: "÷"})
		}
		p.i += w
		right, err := p.unary()
		if err != nil {
			return NoNode, err
		}
		// Operators that bind tighter take the right operand first.
		for {
			p.skipSpace()
			_, q2, _ := p.binop()
			if q2 <= q {
				break
			}
			if right, err = p.binaryRest(q2, right); err != nil {
				return NoNode, err
			}
		}
		p.g.At(p.pos(at))
		left = p.g.Binary(op, left, right)
		if q == precCmp {
			p.skipSpace()
			if _, q3, _ := p.binop(); q3 == precCmp {
				return NoNode, p.errAt(p.i, "comparisons do not chain: write (a %s b) & (b ...) with parentheses", op)
			}
		}
	}
}

// unary parses -x (and x ** y, which binds tighter than a - on its left).
// Every path by which an expression nests enters here, so this is where
// the nesting is counted. A chain of minus signs is read in a loop, each
// sign one level.
func (p *parser) unary() (NodeID, *syntaxError) {
	base, depth := len(p.minus), p.depth
	for {
		p.skipSpace()
		if p.depth >= maxNesting {
			return NoNode, p.errAt(p.i, "expression nested more than %d levels deep (each parenthesis, unary minus, ** and call adds one); split it with intermediate names", maxNesting)
		}
		p.depth++
		if p.i >= p.end || p.src[p.i] != '-' {
			break
		}
		p.minus = append(p.minus, p.i)
		p.i++
	}
	x, err := p.power()
	if err != nil {
		return NoNode, err
	}
	// The innermost minus (the last written) applies first.
	for k := len(p.minus) - 1; k >= base; k-- {
		p.g.At(p.pos(p.minus[k]))
		x = p.g.Call(OpNeg, x)
	}
	p.minus, p.depth = p.minus[:base], depth
	return x, nil
}

func (p *parser) power() (NodeID, *syntaxError) {
	base, err := p.primary()
	if err != nil {
		return NoNode, err
	}
	p.skipSpace()
	if p.i+1 < p.end && p.src[p.i] == '*' && p.src[p.i+1] == '*' {
		at := p.i
		p.i += 2
		exp, err := p.unary() // right associative; -x allowed as exponent
		if err != nil {
			return NoNode, err
		}
		p.g.At(p.pos(at))
		return p.g.Binary(OpPow, base, exp), nil
	}
	return base, nil
}

func (p *parser) primary() (NodeID, *syntaxError) {
	p.skipSpace()
	if p.i >= p.end {
		return NoNode, p.errAt(p.i, "expected an operand, found end of line")
	}
	c := p.src[p.i]
	switch {
	case c == '(':
		p.i++
		x, err := p.expr()
		if err != nil {
			return NoNode, err
		}
		p.skipSpace()
		if p.i >= p.end || p.src[p.i] != ')' {
			return NoNode, p.errAt(p.i, "expected ) to close the parenthesis, found %s", clip.Quote(p.tokenText()))
		}
		p.i++
		return x, nil
	case isDigit(c) || c == '.' && p.i+1 < p.end && isDigit(p.src[p.i+1]):
		return p.number()
	case isLetter(c):
		at := p.i
		name := p.ident()
		p.skipSpace()
		if p.i < p.end && p.src[p.i] == '(' {
			return p.call(at, name)
		}
		if id, ok := p.names.get(name); ok {
			return id, nil
		}
		if hs := constHosts(name); hs != 0 {
			return p.constName(at, name, hs), nil
		}
		if isFunction(name) {
			return NoNode, p.errAt(at, "%s is a function: call it as %s(...)", name, name)
		}
		if line, ok := p.skippedNames[name]; ok {
			return NoNode, p.errAt(at, "undefined name %s: its statement on line %d was skipped", clip.Text(name), line)
		}
		next := byte(0)
		if p.i < p.end {
			next = p.src[p.i]
		}
		return NoNode, p.errAt(at, "undefined name %s%s", clip.Text(name), inputHint(name, next))
	}
	return NoNode, p.errAt(p.i, "unexpected %s: expected a literal, a name, a call or (", clip.Quote(p.tokenText()))
}

// call parses NAME(ARGS) with the cursor on the parenthesis.
func (p *parser) call(at int, name string) (NodeID, *syntaxError) {
	op, ok := callOp(name)
	if !ok {
		if hint := inputHint(name, '('); hint != "" {
			return NoNode, p.errAt(at, "unknown function %s%s", clip.Text(name), hint)
		}
		return NoNode, p.errAt(at, "unknown function %s (the functions are neg abs exp log sqrt sin cos tanh round floor ceil sum mean max min argmax where concat matmul convert)", clip.Text(name))
	}
	p.i++ // (
	var args [8]NodeID
	list := args[:0]
	conv := int32(-1)
	for n := 0; ; n++ {
		p.skipSpace()
		if n == 0 && p.i < p.end && p.src[p.i] == ')' {
			break
		}
		if op == OpConvert && n == 1 {
			c, err := p.dtypeArg()
			if err != nil {
				return NoNode, err
			}
			conv = c
		} else {
			x, err := p.expr()
			if err != nil {
				return NoNode, err
			}
			list = append(list, x)
		}
		p.skipSpace()
		if p.i < p.end && p.src[p.i] == ',' {
			p.i++
			continue
		}
		break
	}
	if p.i >= p.end || p.src[p.i] != ')' {
		return NoNode, p.errAt(p.i, "expected , or ) in the arguments of %s, found %s", name, clip.Quote(p.tokenText()))
	}
	p.i++
	p.g.At(p.pos(at))
	switch {
	case op == OpConvert:
		if len(list) != 1 || conv < 0 {
			return NoNode, p.errAt(at, "convert takes two arguments: convert(x, DTYPE)")
		}
		return p.g.add(node{op: OpConvert, a: list[0], b: NoNode, c: NoNode, aux: conv}), nil
	case op == OpConcat:
		if len(list) == 0 {
			return NoNode, p.errAt(at, "concat takes at least one argument")
		}
		return p.g.Call(op, list...), nil
	case (op == OpMax || op == OpMin) && len(list) == 2:
		if op == OpMax {
			return p.g.Call(OpMaximum, list...), nil
		}
		return p.g.Call(OpMinimum, list...), nil
	}
	if want := arity(op); len(list) != want {
		s := "s"
		if want == 1 {
			s = ""
		}
		extra := ""
		if op == OpMax || op == OpMin {
			extra = " (or two, elementwise)"
		}
		return NoNode, p.errAt(at, "%s takes %d argument%s%s, got %d", name, want, s, extra, len(list))
	}
	return p.g.Call(op, list...), nil
}

// dtypeArg reads convert's DTYPE, a name such as f32, float32 or
// torch.float32, bare or quoted. The name is read in each dialect when
// the program is bound to it; dtypeArg returns its index in the graph's
// convert table.
func (p *parser) dtypeArg() (int32, *syntaxError) {
	at := p.i
	quote := byte(0)
	if p.i < p.end && (p.src[p.i] == '"' || p.src[p.i] == '\'') {
		quote = p.src[p.i]
		p.i++
	}
	s := p.i
	for p.i < p.end && (isLetter(p.src[p.i]) || isDigit(p.src[p.i]) || p.src[p.i] == '.' || p.src[p.i] == ':') {
		p.i++
	}
	name := p.src[s:p.i]
	if quote != 0 {
		if p.i >= p.end || p.src[p.i] != quote {
			return 0, p.errAt(p.i, "unterminated dtype string")
		}
		p.i++
	}
	if name == "" {
		return 0, p.errAt(at, "convert's second argument is a dtype name such as f32")
	}
	if c, ok := p.convs[name]; ok {
		return c, nil
	}
	c := int32(len(p.s.convNames))
	p.s.convNames = append(p.s.convNames, name)
	p.convs[name] = c
	p.site(site{kind: siteConvert, pos: p.pos(s), text: name, index: c})
	return c, nil
}
