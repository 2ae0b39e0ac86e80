package python

// Expressions, after CPython's Grammar/python.gram (3.13). Each function
// takes the index of its first token so that a node's position covers
// enclosing parentheses of its leftmost operand, as CPython's EXTRA does.

func (p *parser) tokNode(t *token) Position { return Position{t.line, t.col, t.eline, t.ecol} }

// starExpressions: star_expression (',' star_expression)* [','] as a Tuple
// when there is a comma.
func (p *parser) starExpressions() Expr {
	start := p.i
	e := p.starExpression()
	if !p.isOp(",") {
		return e
	}
	elts := []Expr{e}
	for p.acceptOp(",") {
		if !p.startsExpr() {
			break
		}
		elts = append(elts, p.starExpression())
	}
	return &Tuple{Position: p.span(start), Elts: elts, Ctx: Load}
}

func (p *parser) starExpression() Expr {
	if p.isOp("*") {
		start := p.i
		p.advance()
		v := p.bitwiseOr()
		return &Starred{Position: p.span(start), Value: v, Ctx: Load}
	}
	return p.expression()
}

func (p *parser) starNamedExpression() Expr {
	if p.isOp("*") {
		start := p.i
		p.advance()
		v := p.bitwiseOr()
		return &Starred{Position: p.span(start), Value: v, Ctx: Load}
	}
	return p.namedExpression()
}

// startsExpr reports whether the current token can begin an expression.
func (p *parser) startsExpr() bool {
	t := p.tok()
	switch t.kind {
	case tName:
		switch t.s {
		case "None", "True", "False", "lambda", "not", "await", "yield":
			return true
		}
		return !isKeyword(t.s)
	case tNumber, tString, tFStart:
		return true
	case tOp:
		switch t.s {
		case "(", "[", "{", "-", "+", "~", "*", "...":
			return true
		}
	}
	return false
}

func (p *parser) namedExpression() Expr {
	if p.isName() && p.peek(1).kind == tOp && p.peek(1).s == ":=" {
		start := p.i
		t := p.advance()
		target := &Name{Position: p.tokNode(t), ID: t.s, Ctx: Store}
		p.advance()
		v := p.expression()
		return &NamedExpr{Position: p.span(start), Target: target, Value: v}
	}
	e := p.expression()
	if p.isOp(":=") {
		p.failNode(e, "cannot use assignment expressions with %s", describe(e))
	}
	return e
}

func (p *parser) expression() Expr {
	p.enter()
	defer p.leave()
	if p.isKw("lambda") {
		return p.lambda()
	}
	start := p.i
	e := p.disjunction()
	if p.isKw("if") {
		p.advance()
		test := p.disjunction()
		if !p.isKw("else") {
			p.failAt(&p.toks[start], "expected 'else' after 'if' expression")
		}
		p.advance()
		orelse := p.expression()
		return &IfExp{Position: p.span(start), Test: test, Body: e, Orelse: orelse}
	}
	return e
}

func (p *parser) lambda() Expr {
	start := p.i
	p.advance()
	args := p.parameters(":", false)
	p.expectOp(":")
	body := p.expression()
	return &Lambda{Position: p.span(start), Args: args, Body: body}
}

func (p *parser) disjunction() Expr {
	start := p.i
	e := p.conjunction()
	if !p.isKw("or") {
		return e
	}
	values := []Expr{e}
	for p.acceptKw("or") {
		values = append(values, p.conjunction())
	}
	return &BoolOp{Position: p.span(start), Op: Or, Values: values}
}

func (p *parser) conjunction() Expr {
	start := p.i
	e := p.inversion()
	if !p.isKw("and") {
		return e
	}
	values := []Expr{e}
	for p.acceptKw("and") {
		values = append(values, p.inversion())
	}
	return &BoolOp{Position: p.span(start), Op: And, Values: values}
}

func (p *parser) inversion() Expr {
	if p.isKw("not") {
		p.enter()
		defer p.leave()
		start := p.i
		p.advance()
		v := p.inversion()
		return &UnaryOp{Position: p.span(start), Op: Not, Operand: v}
	}
	return p.comparison()
}

func (p *parser) cmpOp() (CmpOperator, bool) {
	t := p.tok()
	if t.kind == tOp {
		switch t.s {
		case "==":
			return Eq, true
		case "!=":
			return NotEq, true
		case "<":
			return Lt, true
		case "<=":
			return LtE, true
		case ">":
			return Gt, true
		case ">=":
			return GtE, true
		}
	} else if t.kind == tName {
		switch t.s {
		case "in":
			return In, true
		case "is":
			if n := p.peek(1); n.kind == tName && n.s == "not" {
				return IsNot, true
			}
			return Is, true
		case "not":
			if n := p.peek(1); n.kind == tName && n.s == "in" {
				return NotIn, true
			}
		}
	}
	return 0, false
}

func (p *parser) comparison() Expr {
	start := p.i
	e := p.bitwiseOr()
	op, ok := p.cmpOp()
	if !ok {
		return e
	}
	c := &Compare{Left: e}
	for ok {
		p.advance()
		if op == IsNot || op == NotIn {
			p.advance()
		}
		c.Ops = append(c.Ops, op)
		c.Comparators = append(c.Comparators, p.bitwiseOr())
		op, ok = p.cmpOp()
	}
	c.Position = p.span(start)
	return c
}

// binary operator precedence levels, lowest first.
func binOp(t *token) (Operator, int) {
	if t.kind != tOp {
		return 0, 0
	}
	switch t.s {
	case "|":
		return BitOr, 1
	case "^":
		return BitXor, 2
	case "&":
		return BitAnd, 3
	case "<<":
		return LShift, 4
	case ">>":
		return RShift, 4
	case "+":
		return Add, 5
	case "-":
		return Sub, 5
	case "*":
		return Mult, 6
	case "/":
		return Div, 6
	case "//":
		return FloorDiv, 6
	case "%":
		return Mod, 6
	case "@":
		return MatMult, 6
	}
	return 0, 0
}

func (p *parser) bitwiseOr() Expr { return p.binary(1) }

// binary parses left-associative binary operators of level min and up.
func (p *parser) binary(min int) Expr {
	start := p.i
	left := p.factor()
	depth := p.depth
	defer func() { p.depth = depth }()
	for {
		op, prec := binOp(p.tok())
		if prec < min {
			return left
		}
		p.enter() // each operator deepens the left-leaning tree
		p.advance()
		var right Expr
		if prec < 6 {
			right = p.binaryAbove(prec + 1)
		} else {
			right = p.factor()
		}
		left = &BinOp{Position: p.span(start), Left: left, Op: op, Right: right}
	}
}

func (p *parser) binaryAbove(min int) Expr {
	p.enter()
	defer p.leave()
	return p.binary(min)
}

func (p *parser) factor() Expr {
	t := p.tok()
	if t.kind == tOp && (t.s == "-" || t.s == "+" || t.s == "~") {
		p.enter()
		defer p.leave()
		start := p.i
		p.advance()
		op := USub
		if t.s == "+" {
			op = UAdd
		} else if t.s == "~" {
			op = Invert
		}
		v := p.factor()
		return &UnaryOp{Position: p.span(start), Op: op, Operand: v}
	}
	return p.power()
}

func (p *parser) power() Expr {
	start := p.i
	e := p.awaitPrimary()
	if p.isOp("**") {
		p.advance()
		p.enter()
		defer p.leave()
		r := p.factor()
		return &BinOp{Position: p.span(start), Left: e, Op: Pow, Right: r}
	}
	return e
}

func (p *parser) awaitPrimary() Expr {
	if p.isKw("await") {
		start := p.i
		p.advance()
		v := p.primary()
		return &Await{Position: p.span(start), Value: v}
	}
	return p.primary()
}

func (p *parser) primary() Expr {
	start := p.i
	e := p.atom()
	depth := p.depth
	defer func() { p.depth = depth }()
	for {
		t := p.tok()
		if t.kind != tOp {
			return e
		}
		if t.s == "." || t.s == "(" || t.s == "[" {
			p.enter() // each trailer deepens the tree
		}
		switch t.s {
		case ".":
			p.advance()
			name := p.expectName()
			e = &Attribute{Position: p.span(start), Value: e, Attr: name.s, Ctx: Load}
		case "(":
			lp := p.i
			p.advance()
			args, kws := p.callArgs(lp, true)
			p.expectOp(")")
			e = &Call{Position: p.span(start), Func: e, Args: args, Keywords: kws}
		case "[":
			p.advance()
			s := p.slices()
			p.expectOp("]")
			e = &Subscript{Position: p.span(start), Value: e, Slice: s, Ctx: Load}
		default:
			return e
		}
	}
}

// callArgs parses call arguments after '(' (at token index lp); a lone
// generator argument is allowed in calls, not in class bases.
func (p *parser) callArgs(lp int, genOK bool) ([]Expr, []*Keyword) {
	args, kws := []Expr{}, []*Keyword{}
	sawKw, sawDouble := false, false
	for !p.isOp(")") {
		start := p.i
		switch {
		case p.isOp("**"):
			p.advance()
			v := p.expression()
			kws = append(kws, &Keyword{Position: p.span(start), Value: v})
			sawDouble = true
		case p.isOp("*"):
			p.advance()
			v := p.expression()
			if sawDouble {
				p.failAt(&p.toks[start], "iterable argument unpacking follows keyword argument unpacking")
			}
			args = append(args, &Starred{Position: p.span(start), Value: v, Ctx: Load})
		case p.isName() && p.peek(1).kind == tOp && p.peek(1).s == "=":
			name := p.advance().s
			p.advance()
			v := p.expression()
			kws = append(kws, &Keyword{Position: p.span(start), Arg: name, Value: v})
			sawKw = true
		default:
			e := p.namedExpression()
			forTok := p.tok()
			if p.isKw("for") || p.isKw("async") {
				gens := p.comprehensions()
				// A lone generator argument takes the call's parentheses.
				if genOK && len(args) == 0 && len(kws) == 0 && p.isOp(")") {
					save := p.last
					p.last = p.i
					pos := p.span(lp)
					p.last = save
					args = append(args, &GeneratorExp{Position: pos, Elt: e, Generators: gens})
					continue
				}
				if !genOK {
					p.failAt(forTok, "invalid syntax")
				}
				p.failNode(e, "Generator expression must be parenthesized")
			}
			if p.isOp("=") {
				p.failNode(e, "expression cannot contain assignment, perhaps you meant \"==\"?")
			}
			if sawDouble {
				p.failNode(e, "positional argument follows keyword argument unpacking")
			}
			if sawKw {
				p.failNode(e, "positional argument follows keyword argument")
			}
			args = append(args, e)
		}
		if !p.acceptOp(",") {
			break
		}
	}
	return args, kws
}

// slices parses a subscript: one slice or expression, or a Tuple of them.
func (p *parser) slices() Expr {
	start := p.i
	e := p.slice()
	if !p.isOp(",") {
		if _, ok := e.(*Starred); ok {
			// a[*b] is a one-element tuple (3.11, PEP 646).
			return &Tuple{Position: p.span(start), Elts: []Expr{e}, Ctx: Load}
		}
		return e
	}
	elts := []Expr{e}
	for p.acceptOp(",") {
		if p.isOp("]") {
			break
		}
		elts = append(elts, p.slice())
	}
	return &Tuple{Position: p.span(start), Elts: elts, Ctx: Load}
}

func (p *parser) slice() Expr {
	start := p.i
	if p.isOp("*") {
		return p.starExpression()
	}
	var lower Expr
	if !p.isOp(":") {
		lower = p.namedExpression()
		if !p.isOp(":") {
			return lower
		}
	}
	s := &Slice{Lower: lower}
	p.advance()
	if !p.isOp(":") && !p.isOp(",") && !p.isOp("]") {
		s.Upper = p.expression()
	}
	if p.acceptOp(":") {
		if !p.isOp(",") && !p.isOp("]") {
			s.Step = p.expression()
		}
	}
	s.Position = p.span(start)
	return s
}

func (p *parser) atom() Expr {
	t := p.tok()
	start := p.i
	switch t.kind {
	case tName:
		switch t.s {
		case "None":
			p.advance()
			return &Constant{Position: p.tokNode(t), Value: nil}
		case "True":
			p.advance()
			return &Constant{Position: p.tokNode(t), Value: true}
		case "False":
			p.advance()
			return &Constant{Position: p.tokNode(t), Value: false}
		}
		if isKeyword(t.s) {
			p.failAt(t, "invalid syntax")
		}
		p.advance()
		return &Name{Position: p.tokNode(t), ID: t.s, Ctx: Load}
	case tNumber:
		p.advance()
		return &Constant{Position: p.tokNode(t), Value: p.numberValue(t)}
	case tString, tFStart:
		return p.strings()
	case tOp:
		switch t.s {
		case "(":
			return p.parenAtom()
		case "[":
			p.enter()
			defer p.leave()
			p.advance()
			if p.acceptOp("]") {
				return &List{Position: p.span(start), Elts: []Expr{}, Ctx: Load}
			}
			first := p.starNamedExpression()
			if p.isKw("for") || p.isKw("async") {
				gens := p.comprehensions()
				p.expectOp("]")
				return &ListComp{Position: p.span(start), Elt: first, Generators: gens}
			}
			elts := p.exprList(first, "]")
			p.expectOp("]")
			return &List{Position: p.span(start), Elts: elts, Ctx: Load}
		case "{":
			return p.braceAtom()
		case "...":
			p.advance()
			return &Constant{Position: p.tokNode(t), Value: Ellipsis{}}
		}
	}
	p.syntaxError()
	return nil
}

// exprList continues a comma-separated display after its first element.
func (p *parser) exprList(first Expr, closer string) []Expr {
	elts := []Expr{first}
	for p.acceptOp(",") {
		if p.isOp(closer) {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	return elts
}

func (p *parser) parenAtom() Expr {
	p.enter()
	defer p.leave()
	start := p.i
	p.advance()
	if p.acceptOp(")") {
		return &Tuple{Position: p.span(start), Elts: []Expr{}, Ctx: Load}
	}
	if p.isKw("yield") {
		e := p.yieldExpr()
		p.expectOp(")")
		return e
	}
	first := p.starNamedExpression()
	if p.isKw("for") || p.isKw("async") {
		gens := p.comprehensions()
		p.expectOp(")")
		return &GeneratorExp{Position: p.span(start), Elt: first, Generators: gens}
	}
	if p.acceptOp(")") {
		if _, ok := first.(*Starred); ok {
			p.failNode(first, "cannot use starred expression here")
		}
		return first
	}
	if !p.isOp(",") {
		if p.isOp("=") {
			p.failNode(first, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?")
		}
		p.expectOp(")")
	}
	elts := p.exprList(first, ")")
	p.expectOp(")")
	return &Tuple{Position: p.span(start), Elts: elts, Ctx: Load}
}

func (p *parser) braceAtom() Expr {
	p.enter()
	defer p.leave()
	start := p.i
	p.advance()
	if p.acceptOp("}") {
		return &Dict{Position: p.span(start), Keys: []Expr{}, Values: []Expr{}}
	}
	var key Expr
	if p.isOp("**") {
		p.advance()
		v := p.bitwiseOr()
		return p.dictRest(start, nil, v)
	}
	key = p.starNamedExpression()
	if p.isOp(":") {
		if _, ok := key.(*Starred); ok {
			p.failNode(key, "cannot use a starred expression in a dictionary key")
		}
		if _, ok := key.(*NamedExpr); ok && !p.parenthesized(key) {
			p.syntaxError()
		}
		p.advance()
		v := p.expression()
		if p.isKw("for") || p.isKw("async") {
			gens := p.comprehensions()
			p.expectOp("}")
			return &DictComp{Position: p.span(start), Key: key, Value: v, Generators: gens}
		}
		return p.dictRest(start, key, v)
	}
	if p.isKw("for") || p.isKw("async") {
		gens := p.comprehensions()
		p.expectOp("}")
		return &SetComp{Position: p.span(start), Elt: key, Generators: gens}
	}
	elts := p.exprList(key, "}")
	p.expectOp("}")
	return &Set{Position: p.span(start), Elts: elts}
}

// parenthesized reports whether the token before e's first token is '('.
func (p *parser) parenthesized(e Expr) bool {
	pos := e.Pos()
	for j := p.i - 1; j > 0; j-- {
		t := &p.toks[j]
		if t.line == pos.Lineno && t.col == pos.ColOffset {
			pt := &p.toks[j-1]
			return pt.kind == tOp && pt.s == "("
		}
	}
	return false
}

func (p *parser) dictRest(start int, key, value Expr) Expr {
	keys, values := []Expr{key}, []Expr{value}
	for p.acceptOp(",") {
		if p.isOp("}") {
			break
		}
		if p.acceptOp("**") {
			keys = append(keys, nil)
			values = append(values, p.bitwiseOr())
			continue
		}
		k := p.expression()
		if !p.isOp(":") {
			p.failAt(&p.toks[p.last], "':' expected after dictionary key")
		}
		p.advance()
		keys = append(keys, k)
		values = append(values, p.expression())
	}
	p.expectOp("}")
	return &Dict{Position: p.span(start), Keys: keys, Values: values}
}

// comprehensions parses one or more "[async] for ... in ... [if ...]".
func (p *parser) comprehensions() []*Comprehension {
	var gens []*Comprehension
	for p.isKw("for") || p.isKw("async") && p.peek(1).kind == tName && p.peek(1).s == "for" {
		c := &Comprehension{Ifs: []Expr{}}
		if p.acceptKw("async") {
			c.IsAsync = 1
		}
		p.advance()
		c.Target = p.starTargets()
		p.expectKw("in")
		c.Iter = p.disjunction()
		for p.acceptKw("if") {
			c.Ifs = append(c.Ifs, p.disjunction())
		}
		gens = append(gens, c)
	}
	return gens
}

func (p *parser) yieldExpr() Expr {
	start := p.i
	p.advance()
	if p.acceptKw("from") {
		v := p.expression()
		return &YieldFrom{Position: p.span(start), Value: v}
	}
	y := &Yield{}
	if p.startsExpr() {
		y.Value = p.starExpressions()
	}
	y.Position = p.span(start)
	return y
}

// starTargets parses assignment targets of for loops and comprehensions,
// which stop before 'in'.
func (p *parser) starTargets() Expr {
	start := p.i
	e := p.starTarget()
	if !p.isOp(",") {
		return e
	}
	elts := []Expr{e}
	for p.acceptOp(",") {
		if p.isKw("in") || p.isOp("=") || p.isOp(")") || p.isOp(":") {
			break
		}
		elts = append(elts, p.starTarget())
	}
	t := &Tuple{Position: p.span(start), Elts: elts, Ctx: Load}
	p.setContext(t, Store)
	return t
}

func (p *parser) starTarget() Expr {
	var e Expr
	if p.isOp("*") {
		start := p.i
		p.advance()
		v := p.bitwiseOr()
		e = &Starred{Position: p.span(start), Value: v, Ctx: Load}
	} else {
		e = p.bitwiseOr()
	}
	p.setContext(e, Store)
	return e
}

// setContext marks an expression as an assignment or del target, or
// rejects it as CPython does.
func (p *parser) setContext(e Expr, ctx ExprContext) {
	switch n := e.(type) {
	case *Name:
		if ctx == Store && n.ID == "__debug__" {
			p.failNode(n, "cannot assign to __debug__")
		}
		n.Ctx = ctx
	case *Attribute:
		n.Ctx = ctx
	case *Subscript:
		n.Ctx = ctx
	case *Starred:
		if ctx == Del {
			p.failNode(n, "cannot delete starred")
		}
		n.Ctx = ctx
		p.setContext(n.Value, ctx)
	case *List:
		n.Ctx = ctx
		for _, x := range n.Elts {
			p.setContext(x, ctx)
		}
	case *Tuple:
		n.Ctx = ctx
		for _, x := range n.Elts {
			p.setContext(x, ctx)
		}
	default:
		verb := "assign to"
		if ctx == Del {
			verb = "delete"
		}
		p.failNode(e, "cannot %s %s", verb, describe(e))
	}
}

// describe names an expression kind as CPython's error messages do.
func describe(e Expr) string {
	switch n := e.(type) {
	case *Call:
		return "function call"
	case *Compare:
		return "comparison"
	case *Lambda:
		return "lambda"
	case *IfExp:
		return "conditional expression"
	case *NamedExpr:
		return "named expression"
	case *JoinedStr, *FormattedValue:
		return "f-string expression"
	case *Constant:
		switch n.Value.(type) {
		case nil:
			return "None"
		case bool:
			if n.Value.(bool) {
				return "True"
			}
			return "False"
		case Ellipsis:
			return "ellipsis"
		}
		return "literal"
	case *BoolOp, *BinOp, *UnaryOp:
		return "expression"
	case *Await:
		return "await expression"
	case *Yield, *YieldFrom:
		return "yield expression"
	case *ListComp:
		return "list comprehension"
	case *SetComp:
		return "set comprehension"
	case *DictComp:
		return "dict comprehension"
	case *GeneratorExp:
		return "generator expression"
	case *Dict:
		return "dict literal"
	case *Set:
		return "set display"
	case *Tuple:
		return "tuple"
	case *List:
		return "list"
	case *Starred:
		return "starred"
	case *Slice:
		return "slice"
	}
	return "expression"
}
