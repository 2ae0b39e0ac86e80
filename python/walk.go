package python

// Inspect walks a tree depth-first in source order, calling f for every
// positioned node; when f returns false the node's children are skipped.
// root may be a *Module, any Node, or one of the unpositioned helpers
// (*Arguments, *Comprehension, *WithItem, *MatchCase), whose children are
// visited. Trees are bounded in depth by the parser, so recursion is safe.
func Inspect(root any, f func(Node) bool) {
	w := walker{f}
	w.any(root)
}

type walker struct{ f func(Node) bool }

func (w walker) stmts(l []Stmt) {
	for _, s := range l {
		w.node(s)
	}
}

func (w walker) exprs(l []Expr) {
	for _, e := range l {
		if e != nil {
			w.node(e)
		}
	}
}

func (w walker) patterns(l []Pattern) {
	for _, p := range l {
		w.node(p)
	}
}

func (w walker) typeParams(l []TypeParam) {
	for _, p := range l {
		w.node(p)
	}
}

func (w walker) opt(e Expr) {
	if e != nil {
		w.node(e)
	}
}

func (w walker) any(n any) {
	switch n := n.(type) {
	case nil:
	case *Module:
		if n != nil {
			w.stmts(n.Body)
		}
	case *Arguments:
		w.args(n)
	case *Comprehension:
		w.comp(n)
	case *WithItem:
		w.node(n.ContextExpr)
		w.opt(n.OptionalVars)
	case *MatchCase:
		w.matchCase(n)
	case Node:
		w.node(n)
	}
}

func (w walker) args(a *Arguments) {
	if a == nil {
		return
	}
	for _, x := range a.Posonlyargs {
		w.node(x)
	}
	for _, x := range a.Args {
		w.node(x)
	}
	if a.Vararg != nil {
		w.node(a.Vararg)
	}
	for _, x := range a.Kwonlyargs {
		w.node(x)
	}
	w.exprs(a.KwDefaults)
	if a.Kwarg != nil {
		w.node(a.Kwarg)
	}
	w.exprs(a.Defaults)
}

func (w walker) comp(c *Comprehension) {
	w.node(c.Target)
	w.node(c.Iter)
	w.exprs(c.Ifs)
}

func (w walker) matchCase(c *MatchCase) {
	w.node(c.Pattern)
	w.opt(c.Guard)
	w.stmts(c.Body)
}

func (w walker) node(n Node) {
	if n == nil || !w.f(n) {
		return
	}
	switch n := n.(type) {
	case *FunctionDef:
		w.exprs(n.DecoratorList)
		w.typeParams(n.TypeParams)
		w.args(n.Args)
		w.opt(n.Returns)
		w.stmts(n.Body)
	case *AsyncFunctionDef:
		w.exprs(n.DecoratorList)
		w.typeParams(n.TypeParams)
		w.args(n.Args)
		w.opt(n.Returns)
		w.stmts(n.Body)
	case *ClassDef:
		w.exprs(n.DecoratorList)
		w.typeParams(n.TypeParams)
		w.exprs(n.Bases)
		for _, k := range n.Keywords {
			w.node(k)
		}
		w.stmts(n.Body)
	case *Return:
		w.opt(n.Value)
	case *Delete:
		w.exprs(n.Targets)
	case *Assign:
		w.exprs(n.Targets)
		w.node(n.Value)
	case *TypeAlias:
		w.node(n.Name)
		w.typeParams(n.TypeParams)
		w.node(n.Value)
	case *AugAssign:
		w.node(n.Target)
		w.node(n.Value)
	case *AnnAssign:
		w.node(n.Target)
		w.node(n.Annotation)
		w.opt(n.Value)
	case *For:
		w.node(n.Target)
		w.node(n.Iter)
		w.stmts(n.Body)
		w.stmts(n.Orelse)
	case *AsyncFor:
		w.node(n.Target)
		w.node(n.Iter)
		w.stmts(n.Body)
		w.stmts(n.Orelse)
	case *While:
		w.node(n.Test)
		w.stmts(n.Body)
		w.stmts(n.Orelse)
	case *If:
		w.node(n.Test)
		w.stmts(n.Body)
		w.stmts(n.Orelse)
	case *With:
		for _, it := range n.Items {
			w.any(it)
		}
		w.stmts(n.Body)
	case *AsyncWith:
		for _, it := range n.Items {
			w.any(it)
		}
		w.stmts(n.Body)
	case *Match:
		w.node(n.Subject)
		for _, c := range n.Cases {
			w.matchCase(c)
		}
	case *Raise:
		w.opt(n.Exc)
		w.opt(n.Cause)
	case *Try:
		w.stmts(n.Body)
		for _, h := range n.Handlers {
			w.node(h)
		}
		w.stmts(n.Orelse)
		w.stmts(n.Finalbody)
	case *TryStar:
		w.stmts(n.Body)
		for _, h := range n.Handlers {
			w.node(h)
		}
		w.stmts(n.Orelse)
		w.stmts(n.Finalbody)
	case *Assert:
		w.node(n.Test)
		w.opt(n.Msg)
	case *Import:
		for _, a := range n.Names {
			w.node(a)
		}
	case *ImportFrom:
		for _, a := range n.Names {
			w.node(a)
		}
	case *ExprStmt:
		w.node(n.Value)
	case *BoolOp:
		w.exprs(n.Values)
	case *NamedExpr:
		w.node(n.Target)
		w.node(n.Value)
	case *BinOp:
		w.node(n.Left)
		w.node(n.Right)
	case *UnaryOp:
		w.node(n.Operand)
	case *Lambda:
		w.args(n.Args)
		w.node(n.Body)
	case *IfExp:
		w.node(n.Test)
		w.node(n.Body)
		w.node(n.Orelse)
	case *Dict:
		for i, v := range n.Values {
			if i < len(n.Keys) {
				w.opt(n.Keys[i])
			}
			w.node(v)
		}
	case *Set:
		w.exprs(n.Elts)
	case *ListComp:
		w.node(n.Elt)
		for _, c := range n.Generators {
			w.comp(c)
		}
	case *SetComp:
		w.node(n.Elt)
		for _, c := range n.Generators {
			w.comp(c)
		}
	case *DictComp:
		w.node(n.Key)
		w.node(n.Value)
		for _, c := range n.Generators {
			w.comp(c)
		}
	case *GeneratorExp:
		w.node(n.Elt)
		for _, c := range n.Generators {
			w.comp(c)
		}
	case *Await:
		w.node(n.Value)
	case *Yield:
		w.opt(n.Value)
	case *YieldFrom:
		w.node(n.Value)
	case *Compare:
		w.node(n.Left)
		w.exprs(n.Comparators)
	case *Call:
		w.node(n.Func)
		w.exprs(n.Args)
		for _, k := range n.Keywords {
			w.node(k)
		}
	case *FormattedValue:
		w.node(n.Value)
		w.opt(n.FormatSpec)
	case *JoinedStr:
		w.exprs(n.Values)
	case *Attribute:
		w.node(n.Value)
	case *Subscript:
		w.node(n.Value)
		w.node(n.Slice)
	case *Starred:
		w.node(n.Value)
	case *List:
		w.exprs(n.Elts)
	case *Tuple:
		w.exprs(n.Elts)
	case *Slice:
		w.opt(n.Lower)
		w.opt(n.Upper)
		w.opt(n.Step)
	case *ExceptHandler:
		w.opt(n.Type)
		w.stmts(n.Body)
	case *Arg:
		w.opt(n.Annotation)
	case *Keyword:
		w.node(n.Value)
	case *MatchValue:
		w.node(n.Value)
	case *MatchSequence:
		w.patterns(n.Patterns)
	case *MatchMapping:
		for i, k := range n.Keys {
			w.node(k)
			if i < len(n.Patterns) {
				w.node(n.Patterns[i])
			}
		}
	case *MatchClass:
		w.node(n.Cls)
		w.patterns(n.Patterns)
		w.patterns(n.KwdPatterns)
	case *MatchAs:
		if n.Pattern != nil {
			w.node(n.Pattern)
		}
	case *MatchOr:
		w.patterns(n.Patterns)
	case *TypeVar:
		w.opt(n.Bound)
		w.opt(n.DefaultValue)
	case *ParamSpec:
		w.opt(n.DefaultValue)
	case *TypeVarTuple:
		w.opt(n.DefaultValue)
	}
}
