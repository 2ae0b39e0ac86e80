package infer

import (
	"bytes"
	"fmt"
	"strings"

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
	lines := 1 + bytes.Count(src, []byte{'\n'})
	text := string(src)
	p := &parser{
		src:     text,
		names:   newNameTable(text, lines),
		host:    h,
		dialect: d,
		lits:    make(map[string]int32),
		dtypes:  make(map[string]dtype.DType),
		g:       &Graph{Name: name, nodes: make([]node, 0, 2*lines)},
	}
	prog := &Program{Graph: p.g, Result: NoNode, Host: h, Stmts: make([]Stmt, 0, lines)}
	p.prog = prog
	if err := p.parse(); err != nil {
		return nil, err
	}
	return prog, nil
}

type parser struct {
	src     string
	i       int // cursor
	end     int // end of the current line's code (before a comment)
	lineAt  int // offset of the current line's first byte
	line    int32
	host    Host
	dialect *dtype.Dialect
	names   *nameTable
	lits    map[string]int32
	dtypes  map[string]dtype.DType
	g       *Graph
	prog    *Program
}

// syntaxError is a parse failure at a byte offset.
type syntaxError struct {
	at  int
	msg string
}

func (p *parser) errAt(at int, format string, args ...any) *syntaxError {
	return &syntaxError{at: at, msg: fmt.Sprintf(format, args...)}
}

func (p *parser) parse() error {
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
		if err := p.statement(); err != nil {
			return &Error{File: p.g.Name, Pos: Pos{Line: p.line, Col: int32(err.at-p.lineAt) + 1}, Node: NoNode, Err: fmt.Errorf("%s", err.msg)}
		}
		if nl < 0 {
			break
		}
		start = stop + 1
	}
	return nil
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
			if _, reserved := calls[name]; reserved && len(name) <= 7 {
				return p.errAt(start, "%s is a function of the language and cannot be bound", name)
			}
			if p.isConstName(name) {
				return p.errAt(start, "%s is a literal and cannot be bound", name)
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
			p.prog.Stmts = append(p.prog.Stmts, Stmt{Kind: StmtBinding, Line: p.line, Name: name, Node: id})
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
	p.prog.Stmts = append(p.prog.Stmts, Stmt{Kind: StmtExpr, Line: p.line, Node: id})
	p.prog.Result = id
	return nil
}

func (p *parser) lineEnd() *syntaxError {
	p.skipSpace()
	if p.i < p.end {
		return p.errAt(p.i, "unexpected %q after the expression", p.tokenText())
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
	if isLetter(p.src[s]) || isDigit(p.src[s]) {
		for e < p.end && (isLetter(p.src[e]) || isDigit(p.src[e]) || p.src[e] == '.') {
			e++
		}
	}
	return p.src[s:e]
}

// input reads NAME: OPERAND, the operand in the batch contract's grammar.
func (p *parser) input(start int, name string) *syntaxError {
	p.i++ // the colon
	p.skipSpace()
	text := strings.TrimSpace(p.src[p.i:p.end])
	if text == "" {
		return p.errAt(p.i, "input %s has no operand: write %s: DTYPE, DTYPE[DIMS] or DTYPE(VALUE)", name, name)
	}
	o, err := promote.ParseOperandIn(p.dialect, text)
	if err != nil {
		return p.errAt(p.i, "%v", err)
	}
	if o.Kind == promote.Literal {
		return p.errAt(p.i, "input %s is a literal; inputs are tensors (f32[2]) or typed scalars (f64(1.5)); bind a literal with %s = %s", name, name, text)
	}
	p.g.At(p.pos(start))
	id := p.g.Input(o)
	p.names.set(name, start, id)
	p.prog.Stmts = append(p.prog.Stmts, Stmt{Kind: StmtInput, Line: p.line, Name: name, Node: id})
	return nil
}

// Binary operator precedence, lowest first (Python's order):
// comparisons, |, ^, &, + -, * / %, unary -, **.
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
		return OpDiv, precMul, 1
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

func (p *parser) binaryRest(prec int, left NodeID) (NodeID, *syntaxError) {
	for {
		p.skipSpace()
		op, q, w := p.binop()
		if q == 0 || q < prec {
			return left, nil
		}
		at := p.i
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
func (p *parser) unary() (NodeID, *syntaxError) {
	p.skipSpace()
	if p.i < p.end && p.src[p.i] == '-' {
		at := p.i
		p.i++
		x, err := p.unary()
		if err != nil {
			return NoNode, err
		}
		p.g.At(p.pos(at))
		return p.g.Call(OpNeg, x), nil
	}
	return p.power()
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
			return NoNode, p.errAt(p.i, "expected ) to close the parenthesis, found %q", p.tokenText())
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
		if id, ok, err := p.constName(at, name); ok || err != nil {
			return id, err
		}
		if _, isCall := calls[name]; isCall {
			return NoNode, p.errAt(at, "%s is a function: call it as %s(...)", name, name)
		}
		return NoNode, p.errAt(at, "undefined name %s%s", name, p.hint(name))
	}
	return NoNode, p.errAt(p.i, "unexpected %q: expected a literal, a name, a call or (", p.tokenText())
}

// hint suggests the host's spelling for another host's constant.
func (p *parser) hint(name string) string {
	switch name {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		switch p.host {
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

// isConstName reports whether name is a named literal of the host.
func (p *parser) isConstName(name string) bool {
	switch p.host {
	case Python:
		return name == "True" || name == "False"
	case R:
		return name == "TRUE" || name == "FALSE" || name == "NaN" || name == "Inf"
	}
	return name == "true" || name == "false"
}

// constName reads the host's named literals: Python True False; R TRUE
// FALSE NaN Inf; C++ true false.
func (p *parser) constName(at int, name string) (NodeID, bool, *syntaxError) {
	if !p.isConstName(name) {
		return NoNode, false, nil
	}
	p.g.At(p.pos(at))
	return p.literal(name, func() (promote.Value, error) {
		switch name {
		case "NaN", "Inf":
			o, err := promote.ParseOperand(strings.ToLower(name))
			o.Value.Text = name
			return o.Value, err
		}
		b := name == "True" || name == "TRUE" || name == "true"
		return promote.Value{Kind: promote.BoolValue, Bool: b, Text: name}, nil
	}), true, nil
}

// literal adds a literal node, sharing one Value among equal texts.
func (p *parser) literal(text string, value func() (promote.Value, error)) NodeID {
	if i, ok := p.lits[text]; ok {
		return p.g.literalAt(i)
	}
	v, _ := value()
	p.g.lits = append(p.g.lits, v)
	i := int32(len(p.g.lits) - 1)
	p.lits[text] = i
	return p.g.literalAt(i)
}

// number scans a numeric literal and checks its suffix against the host.
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
	if err := p.checkSuffix(at, text, suffix); err != nil {
		return NoNode, err
	}
	if _, ok := p.lits[text]; !ok {
		o, err := promote.ParseOperand(text)
		if err != nil || o.Kind != promote.Literal {
			return NoNode, p.errAt(at, "malformed number %q", text)
		}
	}
	p.g.At(p.pos(at))
	return p.literal(text, func() (promote.Value, error) {
		o, err := promote.ParseOperand(text)
		return o.Value, err
	}), nil
}

func (p *parser) checkSuffix(at int, text, suffix string) *syntaxError {
	if suffix == "" {
		return nil
	}
	allowed := ""
	switch p.host {
	case Python:
		allowed = "j J"
	case R:
		allowed = "L"
	case CPP:
		allowed = "f F u U L l"
	}
	for _, s := range strings.Fields(allowed) {
		if suffix == s {
			return nil
		}
	}
	what := map[Host]string{
		Python: "Python literals are 1, 1.0, 2.5e3 and 1j",
		R:      "R literals are 1L (integer), 1 and 1.5 (double)",
		CPP:    "C++ literals are 1, 1u, 1L, 1.0 and 1.0f",
	}[p.host]
	return p.errAt(at, "%s is not a %s literal: %s", text, p.host, what)
}

// call parses NAME(ARGS) with the cursor on the parenthesis.
func (p *parser) call(at int, name string) (NodeID, *syntaxError) {
	op, ok := calls[name]
	if !ok {
		return NoNode, p.errAt(at, "unknown function %s (the functions are neg abs exp log sqrt sin cos tanh round floor ceil sum mean max min argmax where concat matmul convert)", name)
	}
	p.i++ // (
	var args [8]NodeID
	list := args[:0]
	var dt dtype.DType
	for n := 0; ; n++ {
		p.skipSpace()
		if n == 0 && p.i < p.end && p.src[p.i] == ')' {
			break
		}
		if op == OpConvert && n == 1 {
			d, err := p.dtypeArg()
			if err != nil {
				return NoNode, err
			}
			dt = d
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
		return NoNode, p.errAt(p.i, "expected , or ) in the arguments of %s, found %q", name, p.tokenText())
	}
	p.i++
	p.g.At(p.pos(at))
	switch {
	case op == OpConvert:
		if len(list) != 1 || dt == dtype.Invalid {
			return NoNode, p.errAt(at, "convert takes two arguments: convert(x, DTYPE)")
		}
		return p.g.Convert(list[0], dt), nil
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

// dtypeArg reads convert's DTYPE in the program's dialect: a name such as
// f32, float32 or torch.float32, bare or quoted.
func (p *parser) dtypeArg() (dtype.DType, *syntaxError) {
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
	if d, ok := p.dtypes[name]; ok {
		return d, nil
	}
	d, err := p.dialect.Parse(name)
	if err != nil {
		return 0, p.errAt(s, "%v", err)
	}
	p.dtypes[name] = d
	return d, nil
}
