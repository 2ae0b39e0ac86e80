package pytype

import "github.com/promote-dev/promote/python"

// children lists an expression's direct subexpressions (for the forms the
// inference does not type, which it still searches for findings).
func children(e python.Expr) []python.Expr {
	switch x := e.(type) {
	case *python.BoolOp:
		return x.Values
	case *python.NamedExpr:
		return []python.Expr{x.Value}
	case *python.BinOp:
		return []python.Expr{x.Left, x.Right}
	case *python.UnaryOp:
		return []python.Expr{x.Operand}
	case *python.Lambda:
		return []python.Expr{x.Body}
	case *python.IfExp:
		return []python.Expr{x.Test, x.Body, x.Orelse}
	case *python.Dict:
		out := make([]python.Expr, 0, 2*len(x.Values))
		for i, v := range x.Values {
			if x.Keys[i] != nil {
				out = append(out, x.Keys[i])
			}
			out = append(out, v)
		}
		return out
	case *python.Set:
		return x.Elts
	case *python.ListComp:
		return compChildren(x.Generators, x.Elt)
	case *python.SetComp:
		return compChildren(x.Generators, x.Elt)
	case *python.GeneratorExp:
		return compChildren(x.Generators, x.Elt)
	case *python.DictComp:
		return compChildren(x.Generators, x.Key, x.Value)
	case *python.Await:
		return []python.Expr{x.Value}
	case *python.Yield:
		if x.Value != nil {
			return []python.Expr{x.Value}
		}
	case *python.YieldFrom:
		return []python.Expr{x.Value}
	case *python.Compare:
		return append([]python.Expr{x.Left}, x.Comparators...)
	case *python.Call:
		out := append([]python.Expr{x.Func}, x.Args...)
		for _, k := range x.Keywords {
			out = append(out, k.Value)
		}
		return out
	case *python.FormattedValue:
		if x.FormatSpec != nil {
			return []python.Expr{x.Value, x.FormatSpec}
		}
		return []python.Expr{x.Value}
	case *python.JoinedStr:
		return x.Values
	case *python.Attribute:
		return []python.Expr{x.Value}
	case *python.Subscript:
		return []python.Expr{x.Value, x.Slice}
	case *python.Starred:
		return []python.Expr{x.Value}
	case *python.List:
		return x.Elts
	case *python.Tuple:
		return x.Elts
	case *python.Slice:
		var out []python.Expr
		for _, p := range []python.Expr{x.Lower, x.Upper, x.Step} {
			if p != nil {
				out = append(out, p)
			}
		}
		return out
	}
	return nil
}

func compChildren(gens []*python.Comprehension, elts ...python.Expr) []python.Expr {
	var out []python.Expr
	for _, g := range gens {
		out = append(out, g.Iter)
		out = append(out, g.Ifs...)
	}
	return append(out, elts...)
}

// walrusNames lists the names := binds anywhere in a block's expressions
// (outside nested functions and lambdas).
func walrusNames(body []python.Stmt) map[string]bool {
	out := map[string]bool{}
	inspectScope(body, func(e python.Expr) bool {
		if n, ok := e.(*python.NamedExpr); ok {
			if t, ok := n.Target.(*python.Name); ok {
				out[t.ID] = true
			}
		}
		return true
	})
	return out
}

// inspectScope calls visit on each expression of body's own scope,
// parents before children: the statements' own expressions and those of
// their blocks, but not the bodies of nested functions and classes, nor
// a lambda's parts (the Lambda itself is visited). visit returns false to
// skip e's children. walrusNames and hasYield both walk with it.
func inspectScope(body []python.Stmt, visit func(python.Expr) bool) {
	var expr func(python.Expr)
	expr = func(e python.Expr) {
		if e == nil || !visit(e) {
			return
		}
		if _, ok := e.(*python.Lambda); ok {
			return
		}
		for _, c := range children(e) {
			expr(c)
		}
	}
	for _, st := range body {
		for _, e := range stmtExprs(st) {
			expr(e)
		}
		switch st.(type) {
		case *python.FunctionDef, *python.AsyncFunctionDef, *python.ClassDef:
			continue
		}
		for _, cb := range childBlocks(st) {
			inspectScope(cb, visit)
		}
	}
}

// stmtExprs lists a statement's own expressions (not its blocks').
func stmtExprs(st python.Stmt) []python.Expr {
	switch x := st.(type) {
	case *python.Assign:
		return append([]python.Expr{x.Value}, x.Targets...)
	case *python.AugAssign:
		return []python.Expr{x.Target, x.Value}
	case *python.AnnAssign:
		return []python.Expr{x.Target, x.Value}
	case *python.ExprStmt:
		return []python.Expr{x.Value}
	case *python.Return:
		return []python.Expr{x.Value}
	case *python.If:
		return []python.Expr{x.Test}
	case *python.While:
		return []python.Expr{x.Test}
	case *python.For:
		return []python.Expr{x.Iter}
	case *python.AsyncFor:
		return []python.Expr{x.Iter}
	case *python.With:
		var out []python.Expr
		for _, it := range x.Items {
			out = append(out, it.ContextExpr)
		}
		return out
	case *python.AsyncWith:
		var out []python.Expr
		for _, it := range x.Items {
			out = append(out, it.ContextExpr)
		}
		return out
	case *python.Match:
		out := []python.Expr{x.Subject}
		for _, c := range x.Cases {
			out = append(out, c.Guard)
		}
		return out
	case *python.Assert:
		return []python.Expr{x.Test, x.Msg}
	case *python.Raise:
		return []python.Expr{x.Exc, x.Cause}
	}
	return nil
}
