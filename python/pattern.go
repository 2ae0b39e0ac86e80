package python

// The match statement (PEP 634, 3.10+), after CPython's python.gram.

// matchStmt parses "match subject:" with its cases, or returns nil (having
// consumed nothing) when "match" is a plain name here.
func (p *parser) matchStmt() Stmt {
	n := p.peek(1)
	if n.kind == tNewline || n.kind == tEnd || n.kind == tOp && (n.s == "=" || n.s == "." || n.s == "," || n.s == ")" || n.s == ":" || n.s == ";" || augOps[n.s] != 0 || n.s == "+=") {
		return nil
	}
	start := p.i
	var subject Expr
	if !p.try(func() {
		p.advance()
		subject = p.matchSubject()
		p.expectOp(":")
		if p.tok().kind != tNewline {
			p.syntaxError()
		}
	}) {
		return nil
	}
	p.advance()
	if p.tok().kind != tIndent {
		p.failAt(p.tok(), "expected an indented block after 'match' statement on line %d", p.toks[start].line)
	}
	p.advance()
	m := &Match{Subject: subject}
	for p.isKw("case") {
		cs := p.i
		p.advance()
		c := &MatchCase{Pattern: p.patterns()}
		if p.acceptKw("if") {
			c.Guard = p.namedExpression()
		}
		c.Body = p.block("'case' statement", cs)
		m.Cases = append(m.Cases, c)
	}
	if len(m.Cases) == 0 || p.tok().kind != tDedent {
		p.syntaxError()
	}
	p.advance()
	m.Position = p.span(start)
	return m
}

func (p *parser) matchSubject() Expr {
	start := p.i
	e := p.starNamedExpression()
	if !p.isOp(",") {
		if _, ok := e.(*Starred); ok {
			p.syntaxError()
		}
		return e
	}
	elts := []Expr{e}
	for p.acceptOp(",") {
		if p.isOp(":") {
			break
		}
		elts = append(elts, p.starNamedExpression())
	}
	return &Tuple{Position: p.span(start), Elts: elts, Ctx: Load}
}

// patterns: an open sequence "a, b" is a MatchSequence.
func (p *parser) patterns() Pattern {
	start := p.i
	pat := p.maybeStarPattern()
	if !p.isOp(",") {
		if _, ok := pat.(*MatchStar); ok {
			p.syntaxError()
		}
		return pat
	}
	pats := []Pattern{pat}
	for p.acceptOp(",") {
		if p.isOp(":") || p.isKw("if") {
			break
		}
		pats = append(pats, p.maybeStarPattern())
	}
	return &MatchSequence{Position: p.span(start), Patterns: pats}
}

func (p *parser) maybeStarPattern() Pattern {
	if p.isOp("*") {
		start := p.i
		p.advance()
		name := p.expectName().s
		if name == "_" {
			name = ""
		}
		return &MatchStar{Position: p.span(start), Name: name}
	}
	return p.pattern()
}

// pattern: or_pattern ['as' NAME].
func (p *parser) pattern() Pattern {
	p.enter()
	defer p.leave()
	start := p.i
	pat := p.orPattern()
	if p.acceptKw("as") {
		nt := p.expectName()
		if nt.s == "_" {
			p.failAt(nt, "cannot use '_' as a target")
		}
		return &MatchAs{Position: p.span(start), Pattern: pat, Name: nt.s}
	}
	return pat
}

func (p *parser) orPattern() Pattern {
	start := p.i
	pat := p.closedPattern()
	if !p.isOp("|") {
		return pat
	}
	pats := []Pattern{pat}
	for p.acceptOp("|") {
		pats = append(pats, p.closedPattern())
	}
	return &MatchOr{Position: p.span(start), Patterns: pats}
}

func (p *parser) closedPattern() Pattern {
	start := p.i
	t := p.tok()
	switch t.kind {
	case tNumber, tString, tFStart:
		v := p.literalExpr()
		return &MatchValue{Position: p.span(start), Value: v}
	case tName:
		switch t.s {
		case "None":
			p.advance()
			return &MatchSingleton{Position: p.span(start), Value: nil}
		case "True", "False":
			p.advance()
			return &MatchSingleton{Position: p.span(start), Value: t.s == "True"}
		}
		if isKeyword(t.s) {
			p.syntaxError()
		}
		// capture, wildcard, value (dotted) or class pattern
		p.advance()
		var e Expr = &Name{Position: p.tokNode(t), ID: t.s, Ctx: Load}
		dotted := false
		for p.isOp(".") {
			p.advance()
			a := p.expectName()
			e = &Attribute{Position: p.span(start), Value: e, Attr: a.s, Ctx: Load}
			dotted = true
		}
		if p.isOp("(") {
			return p.classPattern(start, e)
		}
		if dotted {
			return &MatchValue{Position: p.span(start), Value: e}
		}
		if t.s == "_" {
			return &MatchAs{Position: p.span(start)}
		}
		return &MatchAs{Position: p.span(start), Name: t.s}
	case tOp:
		switch t.s {
		case "-":
			v := p.literalExpr()
			return &MatchValue{Position: p.span(start), Value: v}
		case "(":
			p.advance()
			if p.acceptOp(")") {
				return &MatchSequence{Position: p.span(start), Patterns: []Pattern{}}
			}
			first := p.maybeStarPattern()
			if p.acceptOp(")") {
				if _, ok := first.(*MatchStar); !ok {
					return first
				}
				return &MatchSequence{Position: p.span(start), Patterns: []Pattern{first}}
			}
			pats := []Pattern{first}
			for p.acceptOp(",") {
				if p.isOp(")") {
					break
				}
				pats = append(pats, p.maybeStarPattern())
			}
			p.expectOp(")")
			return &MatchSequence{Position: p.span(start), Patterns: pats}
		case "[":
			p.advance()
			pats := []Pattern{}
			for !p.isOp("]") {
				pats = append(pats, p.maybeStarPattern())
				if !p.acceptOp(",") {
					break
				}
			}
			p.expectOp("]")
			return &MatchSequence{Position: p.span(start), Patterns: pats}
		case "{":
			return p.mappingPattern()
		}
	}
	p.syntaxError()
	return nil
}

// literalExpr parses a literal pattern value: a signed number, a complex
// "a+bj", or strings.
func (p *parser) literalExpr() Expr {
	start := p.i
	t := p.tok()
	if t.kind == tString || t.kind == tFStart {
		e := p.strings()
		if _, ok := e.(*JoinedStr); ok {
			p.failNode(e, "patterns may only match literals and attribute lookups")
		}
		return e
	}
	var e Expr
	if p.isOp("-") {
		p.advance()
		n := p.tok()
		if n.kind != tNumber {
			p.syntaxError()
		}
		p.advance()
		c := &Constant{Position: p.tokNode(n), Value: p.numberValue(n)}
		e = &UnaryOp{Position: p.span(start), Op: USub, Operand: c}
	} else {
		if t.kind != tNumber {
			p.syntaxError()
		}
		p.advance()
		e = &Constant{Position: p.tokNode(t), Value: p.numberValue(t)}
	}
	if p.isOp("+") || p.isOp("-") {
		op := Add
		if p.tok().s == "-" {
			op = Sub
		}
		p.advance()
		n := p.tok()
		if n.kind != tNumber {
			p.syntaxError()
		}
		p.advance()
		v := p.numberValue(n)
		if _, ok := v.(complex128); !ok {
			p.failAt(n, "imaginary number required in complex literal")
		}
		r := &Constant{Position: p.tokNode(n), Value: v}
		e = &BinOp{Position: p.span(start), Left: e, Op: op, Right: r}
	}
	return e
}

func (p *parser) classPattern(start int, cls Expr) Pattern {
	p.advance()
	mc := &MatchClass{Cls: cls, Patterns: []Pattern{}, KwdAttrs: []string{}, KwdPatterns: []Pattern{}}
	for !p.isOp(")") {
		if p.isName() && p.peek(1).kind == tOp && p.peek(1).s == "=" {
			mc.KwdAttrs = append(mc.KwdAttrs, p.advance().s)
			p.advance()
			mc.KwdPatterns = append(mc.KwdPatterns, p.pattern())
		} else {
			if len(mc.KwdAttrs) > 0 {
				p.failAt(p.tok(), "positional patterns follow keyword patterns")
			}
			mc.Patterns = append(mc.Patterns, p.pattern())
		}
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
	mc.Position = p.span(start)
	return mc
}

func (p *parser) mappingPattern() Pattern {
	start := p.i
	p.advance()
	mm := &MatchMapping{Keys: []Expr{}, Patterns: []Pattern{}}
	for !p.isOp("}") {
		if p.acceptOp("**") {
			mm.Rest = p.expectName().s
			p.acceptOp(",")
			break
		}
		var key Expr
		ks := p.i
		t := p.tok()
		switch {
		case t.kind == tName && (t.s == "None" || t.s == "True" || t.s == "False"):
			key = p.atom()
		case t.kind == tName:
			key = p.expectNameExpr()
			if !p.isOp(".") {
				p.syntaxError()
			}
			for p.acceptOp(".") {
				a := p.expectName()
				key = &Attribute{Position: p.span(ks), Value: key, Attr: a.s, Ctx: Load}
			}
		default:
			key = p.literalExpr()
		}
		p.expectOp(":")
		mm.Keys = append(mm.Keys, key)
		mm.Patterns = append(mm.Patterns, p.pattern())
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp("}")
	mm.Position = p.span(start)
	return mm
}

func (p *parser) expectNameExpr() Expr {
	t := p.expectName()
	return &Name{Position: p.tokNode(t), ID: t.s, Ctx: Load}
}
