package pytype

import (
	"strings"

	"github.com/promote-dev/promote"

	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/python"
)

// fileChecker walks one module.
type fileChecker struct {
	c        *Checker
	file     string
	findings []Finding
	// muted > 0 while a loop body is walked only to find its state at
	// the loop's head: findings are not recorded then.
	muted int
	// globals are the names some function declares global: functions do
	// not trust the module's value of them.
	globals map[string]bool
	// repro, when set, is the reproduction of the finding being reported
	// (one the operands alone do not give: np.clip's None bounds).
	repro string
	// funcs are the module's functions whose return value is known
	// (returns); rets collects a body's return values while returns walks
	// it.
	funcs map[string]value
	rets  *[]value
	// loopDepth counts the loops being walked (nested in one another);
	// loopCalls counts the loops walked in the file.
	loopDepth, loopCalls int
}

// maxLoopCalls bounds the loop walks of a file that search for the state
// at the loop's head: past it every loop takes the quick answer (the names
// it assigns are unknown at its head), so deeply nested loops cost time
// linear in the file.
const maxLoopCalls = 5000

// maxRecordingDepth is the loop nesting past which a loop's first pass no
// longer records findings (only the final pass does), bounding the work
// to 2^maxRecordingDepth passes of the innermost body.
const maxRecordingDepth = 4

// maxLoopPasses bounds the passes that look for the state at a loop's
// head; past it, every name the loop assigns is unknown there.
const maxLoopPasses = 3

// pending is a function body to walk once the module's names are known.
type pending struct {
	body []python.Stmt
	args *python.Arguments
}

// module walks the module, then every function in it with the module's
// names that are bound exactly once (so their value holds whenever the
// function runs).
func (fc *fileChecker) module(m *python.Module) {
	fc.globals = map[string]bool{}
	collectGlobals(m.Body, fc.globals)
	// First, without recording: the module's names, then what the
	// module's own plain functions return, so that calls of them are
	// typed when the module and the functions are walked for findings.
	fc.muted++
	s := newScope(nil)
	counts := map[string]int{}
	var none []pending
	fc.block(m.Body, s, &none, counts)
	view := boundOnce(s, counts, fc.globals)
	fc.funcs = fc.returns(m.Body, view, s.star)
	fc.muted--

	s = newScope(nil)
	var fns []pending
	counts = map[string]int{}
	fc.block(m.Body, s, &fns, counts)
	view = boundOnce(s, counts, fc.globals)
	for i := 0; i < len(fns); i++ { // fns grows as nested functions are found
		f := fns[i]
		fs := newScope(view)
		fs.star = s.star
		fc.params(f.args, fs)
		fc.block(f.body, fs, &fns, nil)
	}
}

// boundOnce is what functions see of the module: the names bound exactly
// once and never declared global.
func boundOnce(s *scope, counts map[string]int, globals map[string]bool) map[string]value {
	view := map[string]value{}
	for k, v := range s.vars {
		if counts[k] == 1 && !globals[k] {
			view[k] = v
		}
	}
	return view
}

// returns types what the module's plain functions return: a function
// defined once at the top level, without decorators or yield, whose
// returns all give the same known value whatever its (unannotated)
// parameters; calls of it give that value. Functions are read in order,
// so one calling a function defined later does not know its value.
func (fc *fileChecker) returns(body []python.Stmt, view map[string]value, star []pyapi.Library) map[string]value {
	out := map[string]value{}
	for _, st := range body {
		f, ok := st.(*python.FunctionDef)
		if !ok || len(f.DecoratorList) > 0 {
			continue
		}
		if _, once := view[f.Name]; !once || hasYield(f.Body) {
			continue
		}
		fs := newScope(view)
		fs.star = star
		for k, v := range out {
			fs.vars[k] = v
		}
		fc.params(f.Args, fs)
		var rets []value
		saved := fc.rets
		fc.rets = &rets
		var ignore []pending
		fc.block(f.Body, fs, &ignore, nil)
		fc.rets = saved
		if len(rets) == 0 || !endsInReturn(f.Body) {
			continue // it may return None
		}
		r := rets[0]
		for _, v := range rets[1:] {
			r = join(r, v)
		}
		if r.k == vNum {
			out[f.Name] = value{k: vFunc, elems: []value{r}}
		}
	}
	return out
}

// endsInReturn reports whether a body's last statement returns or
// raises, so it cannot fall off its end.
func endsInReturn(body []python.Stmt) bool {
	if len(body) == 0 {
		return false
	}
	switch body[len(body)-1].(type) {
	case *python.Return, *python.Raise:
		return true
	}
	return false
}

// hasYield reports whether a function body yields (outside nested
// functions): a generator returns a generator, not its return value.
func hasYield(body []python.Stmt) bool {
	found := false
	inspectScope(body, func(e python.Expr) bool {
		switch e.(type) {
		case *python.Yield, *python.YieldFrom, *python.Await:
			found = true
		}
		return !found
	})
	return found
}

// collectGlobals finds the names declared global anywhere.
func collectGlobals(body []python.Stmt, out map[string]bool) {
	for _, st := range body {
		switch x := st.(type) {
		case *python.Global:
			for _, n := range x.Names {
				out[n] = true
			}
		case *python.Nonlocal:
			for _, n := range x.Names {
				out[n] = true
			}
		}
		for _, b := range childBlocks(st) {
			collectGlobals(b, out)
		}
	}
}

// childBlocks lists a compound statement's blocks.
func childBlocks(st python.Stmt) [][]python.Stmt {
	switch x := st.(type) {
	case *python.FunctionDef:
		return [][]python.Stmt{x.Body}
	case *python.AsyncFunctionDef:
		return [][]python.Stmt{x.Body}
	case *python.ClassDef:
		return [][]python.Stmt{x.Body}
	case *python.For:
		return [][]python.Stmt{x.Body, x.Orelse}
	case *python.AsyncFor:
		return [][]python.Stmt{x.Body, x.Orelse}
	case *python.While:
		return [][]python.Stmt{x.Body, x.Orelse}
	case *python.If:
		return [][]python.Stmt{x.Body, x.Orelse}
	case *python.With:
		return [][]python.Stmt{x.Body}
	case *python.AsyncWith:
		return [][]python.Stmt{x.Body}
	case *python.Try:
		out := [][]python.Stmt{x.Body, x.Orelse, x.Finalbody}
		for _, h := range x.Handlers {
			out = append(out, h.Body)
		}
		return out
	case *python.TryStar:
		out := [][]python.Stmt{x.Body, x.Orelse, x.Finalbody}
		for _, h := range x.Handlers {
			out = append(out, h.Body)
		}
		return out
	case *python.Match:
		var out [][]python.Stmt
		for _, c := range x.Cases {
			out = append(out, c.Body)
		}
		return out
	}
	return nil
}

// params binds a function's parameters: annotated ones by their
// annotation, the others unknown.
func (fc *fileChecker) params(a *python.Arguments, s *scope) {
	if a == nil {
		return
	}
	bind := func(p *python.Arg) {
		if p == nil {
			return
		}
		v := unknown
		if p.Annotation != nil {
			v = fc.annotation(p.Annotation, s)
		}
		s.vars[p.Arg] = v
	}
	for _, p := range a.Posonlyargs {
		bind(p)
	}
	for _, p := range a.Args {
		bind(p)
	}
	for _, p := range a.Kwonlyargs {
		bind(p)
	}
	if a.Vararg != nil {
		s.vars[a.Vararg.Arg] = unknown
	}
	if a.Kwarg != nil {
		s.vars[a.Kwarg.Arg] = unknown
	}
}

// assign binds a name; counts (module level only) counts the bindings.
func assign(s *scope, counts map[string]int, name string, v value) {
	s.vars[name] = v
	if counts != nil {
		counts[name]++
	}
}

// block walks statements in order.
func (fc *fileChecker) block(body []python.Stmt, s *scope, fns *[]pending, counts map[string]int) {
	for _, st := range body {
		fc.stmt(st, s, fns, counts)
	}
}

func (fc *fileChecker) stmt(st python.Stmt, s *scope, fns *[]pending, counts map[string]int) {
	switch x := st.(type) {
	case *python.Import:
		for _, a := range x.Names {
			fc.importName(a, s, counts)
		}
	case *python.ImportFrom:
		fc.importFrom(x, s, counts)
	case *python.Assign:
		v := fc.expr(x.Value, s)
		for _, t := range x.Targets {
			fc.bindTarget(t, v, s, counts)
		}
	case *python.AnnAssign:
		var v value
		if x.Value != nil {
			v = fc.expr(x.Value, s)
		}
		if v.k == vUnknown {
			v = fc.annotation(x.Annotation, s)
		}
		if x.Value != nil || x.Simple == 0 {
			fc.bindTarget(x.Target, v, s, counts)
		} else if n, ok := x.Target.(*python.Name); ok {
			assign(s, counts, n.ID, v) // a declaration: the annotation types later uses
		}
	case *python.AugAssign:
		t := fc.expr(x.Target, s)
		v := fc.expr(x.Value, s)
		r := fc.augAssign(x, t, v)
		fc.bindTarget(x.Target, r, s, counts)
	case *python.ExprStmt:
		fc.expr(x.Value, s)
	case *python.Return:
		v := value{k: vNone}
		if x.Value != nil {
			v = fc.expr(x.Value, s)
		}
		if fc.rets != nil {
			*fc.rets = append(*fc.rets, v)
		}
	case *python.Delete:
		for _, t := range x.Targets {
			fc.bindTarget(t, unknown, s, counts)
		}
	case *python.FunctionDef:
		fc.def(x.Name, x.Args, x.Body, x.DecoratorList, s, fns, counts)
	case *python.AsyncFunctionDef:
		fc.def(x.Name, x.Args, x.Body, x.DecoratorList, s, fns, counts)
	case *python.ClassDef:
		for _, d := range x.DecoratorList {
			fc.expr(d, s)
		}
		for _, b := range x.Bases {
			fc.expr(b, s)
		}
		// A class body is its own scope; its methods see the module, not it.
		cs := newScope(s.outer)
		if s.outer == nil {
			cs.outer = s.vars
		}
		cs.star = s.star
		fc.block(x.Body, cs, fns, nil)
		assign(s, counts, x.Name, unknown)
	case *python.If:
		fc.expr(x.Test, s)
		a, b := s.copy(), s.copy()
		fc.block(x.Body, a, fns, counts)
		fc.block(x.Orelse, b, fns, counts)
		*s = *joinScopes(a, b)
	case *python.For:
		fc.loop(x.Target, element(fc.expr(x.Iter, s)), x.Body, x.Orelse, s, fns, counts)
	case *python.AsyncFor:
		fc.expr(x.Iter, s)
		fc.loop(x.Target, unknown, x.Body, x.Orelse, s, fns, counts)
	case *python.While:
		fc.expr(x.Test, s)
		fc.loop(nil, unknown, x.Body, x.Orelse, s, fns, counts)
	case *python.With:
		fc.withItems(x.Items, s, counts)
		fc.block(x.Body, s, fns, counts)
	case *python.AsyncWith:
		fc.withItems(x.Items, s, counts)
		fc.block(x.Body, s, fns, counts)
	case *python.Try:
		fc.try(x.Body, x.Handlers, x.Orelse, x.Finalbody, s, fns, counts)
	case *python.TryStar:
		fc.try(x.Body, x.Handlers, x.Orelse, x.Finalbody, s, fns, counts)
	case *python.Match:
		fc.expr(x.Subject, s)
		out := s.copy() // no case matched
		for _, c := range x.Cases {
			cs := s.copy()
			for _, n := range patternNames(c.Pattern, nil) {
				assign(cs, counts, n, unknown)
			}
			if c.Guard != nil {
				fc.expr(c.Guard, cs)
			}
			fc.block(c.Body, cs, fns, counts)
			out = joinScopes(out, cs)
		}
		*s = *out
	case *python.Raise:
		if x.Exc != nil {
			fc.expr(x.Exc, s)
		}
		if x.Cause != nil {
			fc.expr(x.Cause, s)
		}
	case *python.Assert:
		fc.expr(x.Test, s)
		if x.Msg != nil {
			fc.expr(x.Msg, s)
		}
	case *python.Global, *python.Nonlocal:
		var names []string
		if g, ok := x.(*python.Global); ok {
			names = g.Names
		} else {
			names = x.(*python.Nonlocal).Names
		}
		for _, n := range names {
			s.vars[n] = unknown
		}
	case *python.TypeAlias:
		fc.bindTarget(x.Name, unknown, s, counts)
	}
}

// def binds a function's name and queues its body.
func (fc *fileChecker) def(name string, args *python.Arguments, body []python.Stmt, decos []python.Expr, s *scope, fns *[]pending, counts map[string]int) {
	for _, d := range decos {
		fc.expr(d, s)
	}
	if args != nil {
		for _, d := range args.Defaults {
			fc.expr(d, s)
		}
		for _, d := range args.KwDefaults {
			if d != nil {
				fc.expr(d, s)
			}
		}
	}
	fv := unknown
	if v, ok := fc.funcs[name]; ok && s.outer == nil && len(decos) == 0 {
		fv = v // a module-level function whose return value is known
	}
	assign(s, counts, name, fv)
	if fc.muted == 0 {
		*fns = append(*fns, pending{body: body, args: args})
	}
}

func (fc *fileChecker) withItems(items []*python.WithItem, s *scope, counts map[string]int) {
	for _, it := range items {
		fc.expr(it.ContextExpr, s)
		if it.OptionalVars != nil {
			fc.bindTarget(it.OptionalVars, unknown, s, counts)
		}
	}
}

// loop walks a loop body from the state at its head: the state before
// the loop joined with the states after each pass, found by walking the
// body without recording findings until it no longer changes (at most
// maxLoopPasses passes; past that, or inside another loop's search, every
// name the loop assigns is unknown at its head). The body is then walked
// once more from that state, recording.
func (fc *fileChecker) loop(target python.Expr, elem value, body, orelse []python.Stmt, s *scope, fns *[]pending, counts map[string]int) {
	var ignore []pending
	head := s.copy()
	converged := false
	fc.loopDepth++
	defer func() { fc.loopDepth-- }()
	fc.loopCalls++
	if fc.muted == 0 && fc.loopCalls <= maxLoopCalls {
		// The first pass runs from the state before the loop, a state the
		// first iteration really has: it records findings (when loops do
		// not nest too deeply: each level doubles the recording passes).
		// Check drops the findings the final pass records again.
		first := fc.loopDepth < maxRecordingDepth
		if !first {
			fc.muted++
		}
		for pass := 0; pass < maxLoopPasses; pass++ {
			e := head.copy()
			if target != nil {
				fc.bindTarget(target, elem, e, nil)
			}
			fc.block(body, e, &ignore, nil)
			if pass == 0 && first {
				fc.muted++
			}
			next := joinScopes(head, e)
			if sameScope(next, head) {
				converged = true
				break
			}
			head = next
		}
		fc.muted--
	}
	if !converged {
		head = s.copy()
		for n := range assignedNames(body, target) {
			head.vars[n] = unknown
		}
	}
	e := head.copy()
	if target != nil {
		fc.bindTarget(target, elem, e, counts)
	}
	fc.block(body, e, fns, counts)
	out := joinScopes(head, e)
	fc.block(orelse, out, fns, counts)
	*s = *out
}

// element is what iterating over v gives: an array's elements keep its
// dtype, of unknown rank (a 1-d array gives 0-d scalars, a 2-d one rows).
func element(v value) value {
	if v.k != vNum {
		return unknown
	}
	out := value{k: vNum, lib: v.lib}
	for i := 0; i < 2; i++ {
		if o := v.op[i]; o.Kind == promote.Tensor && o.Rank != 0 {
			out.op[i] = promote.Operand{Kind: promote.Tensor, DType: o.DType, Rank: promote.RankDynamic}
		}
	}
	if out.op[0].Kind == 0 && out.op[1].Kind == 0 {
		return unknown
	}
	return out
}

// try walks try/except/else/finally. A handler may start after any
// statement of the body, so every name the body assigns is unknown in it.
func (fc *fileChecker) try(body []python.Stmt, handlers []*python.ExceptHandler, orelse, final []python.Stmt, s *scope, fns *[]pending, counts map[string]int) {
	entry := s.copy()
	for n := range assignedNames(body, nil) {
		entry.vars[n] = unknown
	}
	fc.block(body, s, fns, counts)
	fc.block(orelse, s, fns, counts)
	out := s
	for _, h := range handlers {
		hs := entry.copy()
		if h.Type != nil {
			fc.expr(h.Type, hs)
		}
		if h.Name != "" {
			assign(hs, counts, h.Name, unknown)
		}
		fc.block(h.Body, hs, fns, counts)
		out = joinScopes(out, hs)
	}
	if len(final) > 0 {
		out = joinScopes(out, entry)
		fc.block(final, out, fns, counts)
	}
	*s = *out
}

// assignedNames lists the names a block binds (syntactically, nested
// blocks included but not nested functions' bodies).
func assignedNames(body []python.Stmt, target python.Expr) map[string]bool {
	out := map[string]bool{}
	if target != nil {
		targetNames(target, out)
	}
	var walk func([]python.Stmt)
	walk = func(b []python.Stmt) {
		for _, st := range b {
			switch x := st.(type) {
			case *python.Assign:
				for _, t := range x.Targets {
					targetNames(t, out)
				}
			case *python.AugAssign:
				targetNames(x.Target, out)
			case *python.AnnAssign:
				targetNames(x.Target, out)
			case *python.For:
				targetNames(x.Target, out)
			case *python.AsyncFor:
				targetNames(x.Target, out)
			case *python.With:
				for _, it := range x.Items {
					if it.OptionalVars != nil {
						targetNames(it.OptionalVars, out)
					}
				}
			case *python.AsyncWith:
				for _, it := range x.Items {
					if it.OptionalVars != nil {
						targetNames(it.OptionalVars, out)
					}
				}
			case *python.Import:
				for _, a := range x.Names {
					out[importBinding(a)] = true
				}
			case *python.ImportFrom:
				for _, a := range x.Names {
					out[a.Name] = true
					if a.Asname != "" {
						out[a.Asname] = true
					}
				}
			case *python.FunctionDef:
				out[x.Name] = true
				continue
			case *python.AsyncFunctionDef:
				out[x.Name] = true
				continue
			case *python.ClassDef:
				out[x.Name] = true
				continue
			case *python.Delete:
				for _, t := range x.Targets {
					targetNames(t, out)
				}
			case *python.Try:
				for _, h := range x.Handlers {
					if h.Name != "" {
						out[h.Name] = true
					}
				}
			case *python.Match:
				for _, c := range x.Cases {
					for _, n := range patternNames(c.Pattern, nil) {
						out[n] = true
					}
				}
			}
			for _, cb := range childBlocks(st) {
				walk(cb)
			}
		}
	}
	walk(body)
	// Walrus targets inside expressions: scanning every expression is
	// costly, so the names any := binds anywhere are added conservatively.
	for n := range walrusNames(body) {
		out[n] = true
	}
	return out
}

// targetNames adds the names an assignment target binds.
func targetNames(t python.Expr, out map[string]bool) {
	switch x := t.(type) {
	case *python.Name:
		out[x.ID] = true
	case *python.Tuple:
		for _, e := range x.Elts {
			targetNames(e, out)
		}
	case *python.List:
		for _, e := range x.Elts {
			targetNames(e, out)
		}
	case *python.Starred:
		targetNames(x.Value, out)
	}
}

// patternNames lists the names a match pattern captures.
func patternNames(p python.Pattern, out []string) []string {
	switch x := p.(type) {
	case *python.MatchAs:
		if x.Name != "" {
			out = append(out, x.Name)
		}
		if x.Pattern != nil {
			out = patternNames(x.Pattern, out)
		}
	case *python.MatchStar:
		if x.Name != "" {
			out = append(out, x.Name)
		}
	case *python.MatchSequence:
		for _, q := range x.Patterns {
			out = patternNames(q, out)
		}
	case *python.MatchMapping:
		for _, q := range x.Patterns {
			out = patternNames(q, out)
		}
		if x.Rest != "" {
			out = append(out, x.Rest)
		}
	case *python.MatchClass:
		for _, q := range x.Patterns {
			out = patternNames(q, out)
		}
		for _, q := range x.KwdPatterns {
			out = patternNames(q, out)
		}
	case *python.MatchOr:
		for _, q := range x.Patterns {
			out = patternNames(q, out)
		}
	}
	return out
}

// bindTarget assigns v to an assignment target; unpacking binds unknown
// (or the elements of a display of the same length).
func (fc *fileChecker) bindTarget(t python.Expr, v value, s *scope, counts map[string]int) {
	switch x := t.(type) {
	case *python.Name:
		assign(s, counts, x.ID, v)
	case *python.Tuple, *python.List:
		var elts []python.Expr
		if tu, ok := x.(*python.Tuple); ok {
			elts = tu.Elts
		} else {
			elts = x.(*python.List).Elts
		}
		for i, e := range elts {
			ev := unknown
			if v.k == vSeq && len(v.elems) == len(elts) {
				ev = v.elems[i]
			}
			fc.bindTarget(e, ev, s, counts)
		}
	case *python.Starred:
		fc.bindTarget(x.Value, unknown, s, counts)
	case *python.Attribute:
		fc.expr(x.Value, s)
	case *python.Subscript:
		fc.expr(x.Value, s)
		fc.expr(x.Slice, s)
	}
}

// importBinding is the name "import a.b.c [as x]" binds.
func importBinding(a *python.Alias) string {
	if a.Asname != "" {
		return a.Asname
	}
	if i := strings.IndexByte(a.Name, '.'); i >= 0 {
		return a.Name[:i]
	}
	return a.Name
}

// lib is the library whose top-level module is name.
func (fc *fileChecker) lib(name string) pyapi.Library {
	for _, l := range fc.c.libs {
		if l.Module() == name {
			return l
		}
	}
	return nil
}

// moduleValue is the value of the dotted module path, or unknown.
func (fc *fileChecker) moduleValue(path string) value {
	top, rest, _ := strings.Cut(path, ".")
	l := fc.lib(top)
	if l == nil {
		return unknown
	}
	if rest == "" {
		return value{k: vModule, lib: l}
	}
	if sym, ok := l.Lookup(rest); ok && sym.Kind == pyapi.Module {
		return value{k: vModule, lib: l, path: rest}
	}
	return unknown
}

func (fc *fileChecker) importName(a *python.Alias, s *scope, counts map[string]int) {
	if a.Asname != "" {
		assign(s, counts, a.Asname, fc.moduleValue(a.Name))
		return
	}
	top, _, _ := strings.Cut(a.Name, ".")
	assign(s, counts, top, fc.moduleValue(top))
}

func (fc *fileChecker) importFrom(x *python.ImportFrom, s *scope, counts map[string]int) {
	var m value
	if x.Level == 0 {
		m = fc.moduleValue(x.Module)
	}
	for _, a := range x.Names {
		if a.Name == "*" {
			if m.k == vModule && m.path == "" {
				s.star = append(append([]pyapi.Library(nil), s.star...), m.lib)
			}
			continue
		}
		name := a.Name
		if a.Asname != "" {
			name = a.Asname
		}
		assign(s, counts, name, fc.attr(m, a.Name))
	}
}
