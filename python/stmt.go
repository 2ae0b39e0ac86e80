package python

// Statements, after CPython's Grammar/python.gram (3.13).

// statement parses one statement line: a compound statement or simple
// statements separated by ';'.
func (p *parser) statement() []Stmt {
	t := p.tok()
	if t.kind == tIndent {
		p.failAt(t, "unexpected indent")
	}
	if t.kind == tName {
		switch t.s {
		case "def", "if", "class", "with", "for", "try", "while", "async":
			return []Stmt{p.compound(nil)}
		case "match":
			if s := p.matchStmt(); s != nil {
				return []Stmt{s}
			}
		}
	} else if t.kind == tOp && t.s == "@" {
		return []Stmt{p.decorated()}
	}
	return p.simpleStmts()
}

func (p *parser) simpleStmts() []Stmt {
	var out []Stmt
	for {
		out = append(out, p.simpleStmt())
		if !p.acceptOp(";") {
			break
		}
		if p.tok().kind == tNewline {
			break
		}
	}
	if p.tok().kind != tNewline {
		p.syntaxError()
	}
	p.advance()
	return out
}

func (p *parser) decorated() Stmt {
	var decos []Expr
	for p.acceptOp("@") {
		decos = append(decos, p.namedExpression())
		if p.tok().kind != tNewline {
			p.syntaxError()
		}
		p.advance()
	}
	if !p.isKw("def") && !p.isKw("class") && !(p.isKw("async") && p.peek(1).kind == tName && p.peek(1).s == "def") {
		p.syntaxError()
	}
	return p.compound(decos)
}

func (p *parser) compound(decos []Expr) Stmt {
	p.enter()
	defer p.leave()
	start := p.i
	switch p.tok().s {
	case "def":
		return p.funcDef(start, decos, false)
	case "class":
		return p.classDef(start, decos)
	case "if":
		return p.ifStmt()
	case "while":
		p.advance()
		test := p.namedExpression()
		body := p.block("'while' statement", start)
		var orelse []Stmt
		if p.isKw("else") {
			e := p.i
			p.advance()
			orelse = p.block("'else' statement", e)
		}
		return &While{Test: test, Body: body, Orelse: orelse, Position: p.span(start)}
	case "for":
		return p.forStmt(start, false)
	case "with":
		return p.withStmt(start, false)
	case "try":
		return p.tryStmt()
	case "async":
		p.advance()
		switch {
		case p.isKw("def"):
			return p.funcDef(start, decos, true)
		case p.isKw("for"):
			return p.forStmt(start, true)
		case p.isKw("with"):
			return p.withStmt(start, true)
		}
	}
	p.syntaxError()
	return nil
}

// block parses ':' followed by an indented block or simple statements on
// the same line; what names the statement for the indentation error.
func (p *parser) block(what string, start int) []Stmt {
	p.expectOp(":")
	return p.suite(what, start)
}

func (p *parser) suite(what string, start int) []Stmt {
	if p.tok().kind != tNewline {
		return p.simpleStmts()
	}
	p.advance()
	if p.tok().kind != tIndent {
		t := p.tok()
		p.failAt(t, "expected an indented block after %s on line %d", what, p.toks[start].line)
	}
	p.advance()
	var body []Stmt
	for p.tok().kind != tDedent && p.tok().kind != tEnd {
		body = append(body, p.statement()...)
	}
	p.advance()
	return body
}

func (p *parser) funcDef(start int, decos []Expr, async bool) Stmt {
	p.expectKw("def")
	name := p.expectName().s
	tparams := p.typeParams()
	p.expectOp("(")
	args := p.parameters(")", true)
	p.expectOp(")")
	var returns Expr
	if p.acceptOp("->") {
		returns = p.expression()
	}
	body := p.block("function definition", start)
	pos := p.span(start)
	if decos == nil {
		decos = []Expr{}
	}
	if async {
		return &AsyncFunctionDef{Position: pos, Name: name, Args: args, Body: body, DecoratorList: decos, Returns: returns, TypeParams: tparams}
	}
	return &FunctionDef{Position: pos, Name: name, Args: args, Body: body, DecoratorList: decos, Returns: returns, TypeParams: tparams}
}

func (p *parser) classDef(start int, decos []Expr) Stmt {
	p.expectKw("class")
	name := p.expectName().s
	tparams := p.typeParams()
	bases, kws := []Expr{}, []*Keyword{}
	if p.isOp("(") {
		lp := p.i
		p.advance()
		bases, kws = p.callArgs(lp, false)
		p.expectOp(")")
	}
	body := p.block("class definition", start)
	if decos == nil {
		decos = []Expr{}
	}
	return &ClassDef{Position: p.span(start), Name: name, Bases: bases, Keywords: kws, Body: body, DecoratorList: decos, TypeParams: tparams}
}

// typeParams parses an optional PEP 695 "[T, *Ts, **P]".
func (p *parser) typeParams() []TypeParam {
	out := []TypeParam{}
	if !p.isOp("[") {
		return out
	}
	p.advance()
	for !p.isOp("]") {
		start := p.i
		var tp TypeParam
		switch {
		case p.acceptOp("*"):
			name, def := p.unboundTypeParam("TypeVarTuple", p.starExpression)
			tp = &TypeVarTuple{Position: p.span(start), Name: name, DefaultValue: def}
		case p.acceptOp("**"):
			name, def := p.unboundTypeParam("ParamSpec", p.expression)
			tp = &ParamSpec{Position: p.span(start), Name: name, DefaultValue: def}
		default:
			name := p.expectName().s
			var bound, def Expr
			if p.acceptOp(":") {
				bound = p.expression()
			}
			if p.acceptOp("=") {
				def = p.expression()
			}
			tp = &TypeVar{Position: p.span(start), Name: name, Bound: bound, DefaultValue: def}
		}
		out = append(out, tp)
		if !p.acceptOp(",") {
			break
		}
	}
	if len(out) == 0 {
		p.failAt(p.tok(), "Type parameter list cannot be empty")
	}
	p.expectOp("]")
	return out
}

// unboundTypeParam reads the rest of a *Ts or **P type parameter, whose
// kind ("TypeVarTuple", "ParamSpec") takes no bound: its name, and its
// default as dflt reads it, or nil.
func (p *parser) unboundTypeParam(kind string, dflt func() Expr) (string, Expr) {
	name := p.expectName().s
	if p.isOp(":") {
		p.failAt(p.tok(), "cannot use bound with %s", kind)
	}
	var def Expr
	if p.acceptOp("=") {
		def = dflt()
	}
	return name, def
}

func (p *parser) ifStmt() Stmt {
	start := p.i
	what := "'" + p.tok().s + "' statement"
	p.advance()
	test := p.namedExpression()
	body := p.block(what, start)
	var orelse []Stmt
	if p.isKw("elif") {
		orelse = []Stmt{p.ifStmt()}
	} else if p.isKw("else") {
		e := p.i
		p.advance()
		orelse = p.block("'else' statement", e)
	}
	return &If{Position: p.span(start), Test: test, Body: body, Orelse: orelse}
}

func (p *parser) forStmt(start int, async bool) Stmt {
	p.expectKw("for")
	target := p.starTargets()
	p.expectKw("in")
	iter := p.starExpressions()
	body := p.block("'for' statement", start)
	var orelse []Stmt
	if p.isKw("else") {
		e := p.i
		p.advance()
		orelse = p.block("'else' statement", e)
	}
	if async {
		return &AsyncFor{Position: p.span(start), Target: target, Iter: iter, Body: body, Orelse: orelse}
	}
	return &For{Position: p.span(start), Target: target, Iter: iter, Body: body, Orelse: orelse}
}

func (p *parser) withStmt(start int, async bool) Stmt {
	p.expectKw("with")
	var items []*WithItem
	// 3.9+: "with (a as b, c):" is a parenthesized list of items, tried
	// first as CPython's grammar does.
	if p.isOp("(") && !p.try(func() {
		p.advance()
		items = nil
		for {
			items = append(items, p.withItem())
			if !p.acceptOp(",") || p.isOp(")") {
				break
			}
		}
		p.expectOp(")")
		if !p.isOp(":") {
			p.syntaxError()
		}
	}) {
		items = nil
	}
	if items == nil {
		for {
			items = append(items, p.withItem())
			if !p.acceptOp(",") {
				break
			}
		}
	}
	body := p.block("'with' statement", start)
	if async {
		return &AsyncWith{Position: p.span(start), Items: items, Body: body}
	}
	return &With{Position: p.span(start), Items: items, Body: body}
}

func (p *parser) withItem() *WithItem {
	e := p.expression()
	it := &WithItem{ContextExpr: e}
	if p.acceptKw("as") {
		it.OptionalVars = p.starTarget()
		if !p.isOp(",") && !p.isOp(")") && !p.isOp(":") {
			p.syntaxError()
		}
	}
	return it
}

func (p *parser) tryStmt() Stmt {
	start := p.i
	p.advance()
	body := p.block("'try' statement", start)
	var handlers []*ExceptHandler
	star := -1
	for p.isKw("except") {
		hs := p.i
		p.advance()
		isStar := p.acceptOp("*")
		if star >= 0 && (star == 1) != isStar {
			p.failAt(&p.toks[hs], "cannot have both 'except' and 'except*' on the same 'try'")
		}
		if isStar {
			star = 1
		} else {
			star = 0
		}
		h := &ExceptHandler{}
		if !p.isOp(":") {
			h.Type = p.expression()
			if p.isOp(",") {
				p.failNode(h.Type, "multiple exception types must be parenthesized")
			}
			if p.acceptKw("as") {
				h.Name = p.expectName().s
			}
		} else if isStar {
			p.failAt(p.tok(), "expected one or more exception types")
		}
		h.Body = p.block("'except' statement", hs)
		h.Position = p.span(hs)
		handlers = append(handlers, h)
	}
	var orelse, final []Stmt
	if len(handlers) > 0 && p.isKw("else") {
		e := p.i
		p.advance()
		orelse = p.block("'else' statement", e)
	}
	if p.isKw("finally") {
		e := p.i
		p.advance()
		final = p.block("'finally' statement", e)
	}
	if len(handlers) == 0 && final == nil {
		p.failAt(p.tok(), "expected 'except' or 'finally' block")
	}
	if star == 1 {
		return &TryStar{Position: p.span(start), Body: body, Handlers: handlers, Orelse: orelse, Finalbody: final}
	}
	return &Try{Position: p.span(start), Body: body, Handlers: handlers, Orelse: orelse, Finalbody: final}
}

var augOps = map[string]Operator{"+=": Add, "-=": Sub, "*=": Mult, "@=": MatMult, "/=": Div, "%=": Mod, "&=": BitAnd, "|=": BitOr, "^=": BitXor, "<<=": LShift, ">>=": RShift, "**=": Pow, "//=": FloorDiv}

func (p *parser) simpleStmt() Stmt {
	start := p.i
	t := p.tok()
	if t.kind == tName {
		switch t.s {
		case "pass":
			p.advance()
			return &Pass{p.span(start)}
		case "break":
			p.advance()
			return &Break{p.span(start)}
		case "continue":
			p.advance()
			return &Continue{p.span(start)}
		case "return":
			p.advance()
			var v Expr
			if !p.atStmtEnd() {
				v = p.starExpressions()
			}
			return &Return{Position: p.span(start), Value: v}
		case "raise":
			p.advance()
			r := &Raise{}
			if !p.atStmtEnd() {
				r.Exc = p.expression()
				if p.acceptKw("from") {
					r.Cause = p.expression()
				}
			}
			r.Position = p.span(start)
			return r
		case "global", "nonlocal":
			p.advance()
			var names []string
			for {
				names = append(names, p.expectName().s)
				if !p.acceptOp(",") {
					break
				}
			}
			if t.s == "global" {
				return &Global{Position: p.span(start), Names: names}
			}
			return &Nonlocal{Position: p.span(start), Names: names}
		case "del":
			p.advance()
			var targets []Expr
			for {
				if p.isOp("*") {
					p.failAt(p.tok(), "cannot delete starred")
				}
				e := p.bitwiseOr()
				p.setContext(e, Del)
				targets = append(targets, e)
				if !p.acceptOp(",") || p.atStmtEnd() {
					break
				}
			}
			if !p.atStmtEnd() {
				p.syntaxError()
			}
			return &Delete{Position: p.span(start), Targets: targets}
		case "assert":
			p.advance()
			a := &Assert{Test: p.expression()}
			if p.acceptOp(",") {
				a.Msg = p.expression()
			}
			a.Position = p.span(start)
			return a
		case "import":
			return p.importStmt()
		case "from":
			return p.importFrom()
		case "type":
			if n := p.peek(1); n.kind == tName && !isKeyword(n.s) {
				if n2 := p.peek(2); n2.kind == tOp && (n2.s == "=" || n2.s == "[") {
					return p.typeAlias()
				}
			}
		}
	}
	var first Expr
	if p.isKw("yield") {
		first = p.yieldExpr()
	} else {
		first = p.starExpressions()
	}
	switch {
	case p.isOp("="):
		targets := []Expr{first}
		var value Expr
		for p.acceptOp("=") {
			if p.isKw("yield") {
				value = p.yieldExpr()
			} else {
				value = p.starExpressions()
			}
			if p.isOp("=") {
				targets = append(targets, value)
			}
		}
		for _, tg := range targets {
			switch tg.(type) {
			case *Yield, *YieldFrom:
				p.failNode(tg, "assignment to yield expression not possible")
			case *Call, *Compare, *BinOp, *BoolOp, *UnaryOp, *Constant, *IfExp, *Lambda, *JoinedStr, *Await:
				p.failNode(tg, "cannot assign to %s here. Maybe you meant '==' instead of '='?", describe(tg))
			}
			p.setContext(tg, Store)
		}
		return &Assign{Position: p.span(start), Targets: targets, Value: value}
	case p.isOp(":"):
		p.advance()
		switch first.(type) {
		case *Name, *Attribute, *Subscript:
		case *Tuple:
			p.failNode(first, "only single target (not tuple) can be annotated")
		case *List:
			p.failNode(first, "only single target (not list) can be annotated")
		default:
			p.failNode(first, "illegal target for annotation")
		}
		p.setContext(first, Store)
		simple := 0
		if _, ok := first.(*Name); ok && !(p.toks[start].kind == tOp && p.toks[start].s == "(") {
			simple = 1
		}
		ann := p.expression()
		var value Expr
		if p.acceptOp("=") {
			if p.isKw("yield") {
				value = p.yieldExpr()
			} else {
				value = p.starExpressions()
			}
		}
		return &AnnAssign{Position: p.span(start), Target: first, Annotation: ann, Value: value, Simple: simple}
	case p.tok().kind == tOp:
		if op, ok := augOps[p.tok().s]; ok {
			switch first.(type) {
			case *Name, *Attribute, *Subscript:
			default:
				p.failNode(first, "'%s' is an illegal expression for augmented assignment", describe(first))
			}
			p.advance()
			p.setContext(first, Store)
			var value Expr
			if p.isKw("yield") {
				value = p.yieldExpr()
			} else {
				value = p.starExpressions()
			}
			return &AugAssign{Position: p.span(start), Target: first, Op: op, Value: value}
		}
	}
	if !p.atStmtEnd() {
		if n, ok := first.(*Name); ok && (n.ID == "print" || n.ID == "exec") && p.startsExpr() {
			p.failNode(n, "Missing parentheses in call to '%s'. Did you mean %s(...)?", n.ID, n.ID)
		}
		p.syntaxError()
	}
	return &ExprStmt{Position: p.span(start), Value: first}
}

func (p *parser) atStmtEnd() bool {
	t := p.tok()
	return t.kind == tNewline || t.kind == tEnd || t.kind == tOp && t.s == ";"
}

func (p *parser) typeAlias() Stmt {
	start := p.i
	p.advance()
	nt := p.advance()
	name := &Name{Position: Position{nt.line, nt.col, nt.eline, nt.ecol}, ID: nt.s, Ctx: Store}
	tparams := p.typeParams()
	p.expectOp("=")
	value := p.expression()
	return &TypeAlias{Position: p.span(start), Name: name, TypeParams: tparams, Value: value}
}

func (p *parser) dottedName() string {
	s := p.expectName().s
	for p.isOp(".") {
		p.advance()
		s += "." + p.expectName().s
	}
	return s
}

func (p *parser) importStmt() Stmt {
	start := p.i
	p.advance()
	var names []*Alias
	for {
		as := p.i
		a := &Alias{Name: p.dottedName()}
		if p.acceptKw("as") {
			a.Asname = p.expectName().s
		}
		a.Position = p.span(as)
		names = append(names, a)
		if !p.acceptOp(",") {
			break
		}
	}
	return &Import{Position: p.span(start), Names: names}
}

func (p *parser) importFrom() Stmt {
	start := p.i
	p.advance()
	level := 0
	for {
		if p.acceptOp(".") {
			level++
		} else if p.acceptOp("...") {
			level += 3
		} else {
			break
		}
	}
	module := ""
	if !p.isKw("import") {
		module = p.dottedName()
	} else if level == 0 {
		p.syntaxError()
	}
	p.expectKw("import")
	var names []*Alias
	if p.isOp("*") {
		t := p.advance()
		names = []*Alias{{Position: Position{t.line, t.col, t.eline, t.ecol}, Name: "*"}}
		return &ImportFrom{Position: p.span(start), Module: module, Names: names, Level: level}
	}
	paren := p.acceptOp("(")
	for {
		as := p.i
		a := &Alias{Name: p.expectName().s}
		if p.acceptKw("as") {
			a.Asname = p.expectName().s
		}
		a.Position = p.span(as)
		names = append(names, a)
		if !p.acceptOp(",") {
			break
		}
		if paren && p.isOp(")") {
			break
		}
		if !paren && p.atStmtEnd() {
			c := &p.toks[p.last]
			panic(bail{&SyntaxError{Filename: p.filename, Line: c.eline, Col: c.ecol + 1, Msg: "trailing comma not allowed without surrounding parentheses"}})
		}
	}
	if paren {
		p.expectOp(")")
	}
	return &ImportFrom{Position: p.span(start), Module: module, Names: names, Level: level}
}

// parameters parses a def's (annotated) or a lambda's parameters up to
// the closing token.
func (p *parser) parameters(closer string, annotated bool) *Arguments {
	a := &Arguments{Posonlyargs: []*Arg{}, Args: []*Arg{}, Kwonlyargs: []*Arg{}, KwDefaults: []Expr{}, Defaults: []Expr{}}
	param := func(star bool) *Arg {
		start := p.i
		arg := &Arg{Arg: p.expectName().s}
		if annotated && p.acceptOp(":") {
			if star && p.isOp("*") {
				s := p.i
				p.advance()
				v := p.bitwiseOr()
				arg.Annotation = &Starred{Position: p.span(s), Value: v, Ctx: Load}
			} else {
				arg.Annotation = p.expression()
			}
		}
		arg.Position = p.span(start)
		return arg
	}
	seenStar, seenSlash := false, false
	for !p.isOp(closer) {
		t := p.tok()
		switch {
		case p.isOp("/"):
			if seenSlash {
				p.failAt(t, "/ may appear only once")
			}
			if seenStar {
				p.failAt(t, "/ must be ahead of *")
			}
			if len(a.Args) == 0 {
				p.failAt(t, "at least one argument must precede /")
			}
			p.advance()
			seenSlash = true
			a.Posonlyargs, a.Args = a.Args, []*Arg{}
		case p.isOp("**"):
			p.advance()
			a.Kwarg = param(false)
			if p.isOp("=") {
				p.failAt(p.tok(), "var-keyword argument cannot have default value")
			}
			p.acceptOp(",")
			if !p.isOp(closer) {
				p.failAt(p.tok(), "arguments cannot follow var-keyword argument")
			}
			return a
		case p.isOp("*"):
			if seenStar {
				p.failAt(t, "* argument may appear only once")
			}
			p.advance()
			seenStar = true
			if p.isOp(closer) || p.isOp(",") && (p.peek(1).kind == tOp && (p.peek(1).s == closer || p.peek(1).s == "**")) {
				p.failAt(t, "named arguments must follow bare *")
			}
			if !p.isOp(",") {
				a.Vararg = param(true)
				if p.isOp("=") {
					p.failAt(p.tok(), "var-positional argument cannot have default value")
				}
			} else if n := p.peek(1); n.kind == tOp && (n.s == closer || n.s == "**") {
				p.failAt(t, "named arguments must follow bare *")
			}
		default:
			arg := param(false)
			var def Expr
			if p.acceptOp("=") {
				def = p.expression()
			}
			if seenStar {
				a.Kwonlyargs = append(a.Kwonlyargs, arg)
				a.KwDefaults = append(a.KwDefaults, def)
			} else {
				a.Args = append(a.Args, arg)
				if def != nil {
					a.Defaults = append(a.Defaults, def)
				} else if len(a.Defaults) > 0 {
					p.failNode(arg, "non-default argument follows default argument")
				}
			}
		}
		if !p.acceptOp(",") {
			break
		}
	}
	if seenStar && a.Vararg == nil && len(a.Kwonlyargs) == 0 {
		p.failAt(p.tok(), "named arguments must follow bare *")
	}
	return a
}
