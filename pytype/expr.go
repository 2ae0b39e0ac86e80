package pytype

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/python"
)

// binOps maps Python's binary operators to the inference's.
var binOps = map[python.Operator]infer.Op{
	python.Add: infer.OpAdd, python.Sub: infer.OpSub, python.Mult: infer.OpMul, python.Div: infer.OpDiv,
	python.FloorDiv: infer.OpFloorDiv, python.Mod: infer.OpMod, python.Pow: infer.OpPow,
	python.BitAnd: infer.OpAnd, python.BitOr: infer.OpOr, python.BitXor: infer.OpXor,
}

var binSymbols = map[python.Operator]string{
	python.Add: "+", python.Sub: "-", python.Mult: "*", python.Div: "/", python.FloorDiv: "//",
	python.Mod: "%", python.Pow: "**", python.BitAnd: "&", python.BitOr: "|", python.BitXor: "^",
	python.MatMult: "@", python.LShift: "<<", python.RShift: ">>",
}

var cmpOps = map[python.CmpOperator]infer.Op{
	python.Eq: infer.OpEq, python.NotEq: infer.OpNe, python.Lt: infer.OpLt, python.LtE: infer.OpLe,
	python.Gt: infer.OpGt, python.GtE: infer.OpGe,
}

// opNames maps the vocabulary of pyapi (Symbol.Op) to the inference's ops.
var opNames = map[string]infer.Op{
	"+": infer.OpAdd, "-": infer.OpSub, "*": infer.OpMul, "/": infer.OpDiv, "//": infer.OpFloorDiv,
	"%": infer.OpMod, "**": infer.OpPow, "==": infer.OpEq, "!=": infer.OpNe, "<": infer.OpLt,
	"<=": infer.OpLe, ">": infer.OpGt, ">=": infer.OpGe, "&": infer.OpAnd, "|": infer.OpOr, "^": infer.OpXor,
	"neg": infer.OpNeg, "abs": infer.OpAbs, "exp": infer.OpExp, "log": infer.OpLog, "sqrt": infer.OpSqrt,
	"sin": infer.OpSin, "cos": infer.OpCos, "tanh": infer.OpTanh, "round": infer.OpRound,
	"floor": infer.OpFloor, "ceil": infer.OpCeil, "sum": infer.OpSum, "mean": infer.OpMean,
	"max": infer.OpMax, "min": infer.OpMin, "argmax": infer.OpArgmax, "maximum": infer.OpMaximum,
	"minimum": infer.OpMinimum, "where": infer.OpWhere, "matmul": infer.OpMatmul,
}

// pyBuiltins are Python's builtins whose names a library may also have:
// after "from numpy import *" whether the name is NumPy's depends on the
// NumPy version's __all__, so the inference does not guess.
var pyBuiltins = map[string]bool{
	"abs": true, "all": true, "any": true, "bool": true, "complex": true, "float": true, "int": true,
	"max": true, "min": true, "pow": true, "round": true, "sum": true, "object": true, "str": true,
}

// expr evaluates an expression, recording findings in it.
func (fc *fileChecker) expr(e python.Expr, s *scope) value {
	switch x := e.(type) {
	case nil:
		return unknown
	case *python.Constant:
		if str, ok := x.Value.(string); ok {
			return value{k: vStr, path: str}
		}
		if x.Value == nil {
			return value{k: vNone}
		}
		v, _ := literal(fc.anyLib(), x.Value)
		return v
	case *python.Name:
		if v, ok := s.lookup(x.ID); ok {
			return v
		}
		if !pyBuiltins[x.ID] {
			for _, l := range s.star {
				if v := fc.attr(value{k: vModule, lib: l}, x.ID); v.k != vUnknown {
					return v
				}
			}
		}
		switch x.ID {
		case "float", "int", "bool", "complex":
			return value{k: vBuiltin, path: x.ID}
		}
		return unknown
	case *python.Attribute:
		return fc.attr(fc.expr(x.Value, s), x.Attr)
	case *python.Subscript:
		return fc.subscript(x, s)
	case *python.UnaryOp:
		v := fc.expr(x.Operand, s)
		switch x.Op {
		case python.UAdd:
			return v
		case python.USub:
			if v.same() && v.op[0].Kind == promote.Literal {
				if o, ok := negate(v.op[0]); ok {
					return num(v.lib, o)
				}
			}
			return fc.site(x, "-", infer.OpNeg, []value{v}, nil)
		}
		return unknown
	case *python.BinOp:
		a := fc.expr(x.Left, s)
		b := fc.expr(x.Right, s)
		if x.Op == python.MatMult {
			return fc.site(x, "@", infer.OpMatmul, []value{a, b}, nil)
		}
		op, ok := binOps[x.Op]
		if !ok {
			return unknown
		}
		return fc.site(x, binSymbols[x.Op], op, []value{a, b}, nil)
	case *python.Compare:
		left := fc.expr(x.Left, s)
		for i, c := range x.Comparators {
			right := fc.expr(c, s)
			if op, ok := cmpOps[x.Ops[i]]; ok && len(x.Comparators) == 1 {
				return fc.site(x, op.String(), op, []value{left, right}, nil)
			}
			left = right
		}
		return unknown
	case *python.IfExp:
		fc.expr(x.Test, s)
		return join(fc.expr(x.Body, s), fc.expr(x.Orelse, s))
	case *python.List:
		return fc.seq(x.Elts, s)
	case *python.Tuple:
		return fc.seq(x.Elts, s)
	case *python.NamedExpr:
		v := fc.expr(x.Value, s)
		if n, ok := x.Target.(*python.Name); ok {
			s.vars[n.ID] = v
		}
		return v
	case *python.Call:
		return fc.call(x, s)
	case *python.ListComp, *python.SetComp, *python.DictComp, *python.GeneratorExp:
		fc.comprehension(x, s)
		return unknown
	case *python.Lambda:
		ls := newScope(nil)
		ls.vars = map[string]value{}
		for k, v := range s.vars {
			ls.vars[k] = v
		}
		ls.outer, ls.star = s.outer, s.star
		for _, n := range lambdaParams(x.Args) {
			ls.vars[n] = unknown
		}
		fc.expr(x.Body, ls)
		return unknown
	}
	for _, c := range children(e) {
		fc.expr(c, s)
	}
	return unknown
}

// anyLib is the library literals belong to (the first; literals meet
// whichever library's values).
func (fc *fileChecker) anyLib() pyapi.Library {
	if len(fc.c.libs) > 0 {
		return fc.c.libs[0]
	}
	return nil
}

func lambdaParams(a *python.Arguments) []string {
	var out []string
	if a == nil {
		return nil
	}
	for _, ps := range [][]*python.Arg{a.Posonlyargs, a.Args, a.Kwonlyargs} {
		for _, p := range ps {
			out = append(out, p.Arg)
		}
	}
	if a.Vararg != nil {
		out = append(out, a.Vararg.Arg)
	}
	if a.Kwarg != nil {
		out = append(out, a.Kwarg.Arg)
	}
	return out
}

// comprehension walks a comprehension in its own scope, its targets
// unknown.
func (fc *fileChecker) comprehension(e python.Expr, s *scope) {
	var gens []*python.Comprehension
	var elts []python.Expr
	switch x := e.(type) {
	case *python.ListComp:
		gens, elts = x.Generators, []python.Expr{x.Elt}
	case *python.SetComp:
		gens, elts = x.Generators, []python.Expr{x.Elt}
	case *python.GeneratorExp:
		gens, elts = x.Generators, []python.Expr{x.Elt}
	case *python.DictComp:
		gens, elts = x.Generators, []python.Expr{x.Key, x.Value}
	}
	cs := s.copy()
	for _, g := range gens {
		fc.expr(g.Iter, cs)
		fc.bindTarget(g.Target, unknown, cs, nil)
		for _, c := range g.Ifs {
			fc.expr(c, cs)
		}
	}
	for _, el := range elts {
		fc.expr(el, cs)
	}
	// Walrus targets leak to the enclosing scope: unknown there.
	for n, v := range cs.vars {
		if w, ok := s.vars[n]; ok && !equal(v, w) {
			s.vars[n] = unknown
		}
	}
}

func (fc *fileChecker) seq(elts []python.Expr, s *scope) value {
	v := value{k: vSeq, elems: make([]value, len(elts))}
	for i, e := range elts {
		if _, ok := e.(*python.Starred); ok {
			fc.expr(e, s)
			v.elems[i] = unknown
			continue
		}
		v.elems[i] = fc.expr(e, s)
	}
	return v
}

// attr is v.name: a library name below a module, or an array's method or
// attribute.
func (fc *fileChecker) attr(v value, name string) value {
	switch v.k {
	case vModule:
		path := name
		if v.path != "" {
			path = v.path + "." + name
		}
		sym, ok := v.lib.Lookup(path)
		if !ok {
			return unknown
		}
		if sym.Kind == pyapi.Module {
			return value{k: vModule, lib: v.lib, path: path}
		}
		if sym.Kind == pyapi.DType {
			return value{k: vDType, d: sym.DType}
		}
		return value{k: vSym, lib: v.lib, path: path, sym: sym}
	case vInfo:
		if name == "dtype" {
			return value{k: vDType, d: v.d}
		}
		if o, ok := v.lib.Info(v.path, v.d, name); ok {
			return num(v.lib, o)
		}
		return unknown
	case vNum:
		if v.lib == nil || !isArrayish(v) {
			return unknown
		}
		sym, ok := v.lib.Method(name)
		if !ok {
			return unknown
		}
		if sym.Kind == pyapi.Func && sym.Op == "dtypeof" {
			if v.same() {
				return value{k: vDType, d: v.op[0].DType}
			}
			return unknown
		}
		if sym.Kind == pyapi.Func && sym.Op == "same" && name == "T" {
			return v
		}
		// A bound method: called in call.
		return value{k: vSym, lib: v.lib, path: "." + name, sym: sym, elems: []value{v}}
	}
	return unknown
}

// isArrayish reports whether some version sees v as an array or NumPy
// scalar (not a Python number).
func isArrayish(v value) bool {
	for i := 0; i < 2; i++ {
		if v.op[i].Kind == promote.Tensor || v.op[i].Kind == promote.Scalar {
			return true
		}
	}
	return false
}

// subscript types a[i]: an element or a slice of an array keeps its
// dtype; a slice keeps one or more dimensions, an index may give a 0-d
// scalar. Annotations (NDArray[np.float32]) are read by annotation.
func (fc *fileChecker) subscript(x *python.Subscript, s *scope) value {
	v := fc.expr(x.Value, s)
	fc.expr(x.Slice, s)
	if v.k != vNum || !isArrayish(v) {
		return unknown
	}
	rank := promote.RankDynamic
	if hasSlice(x.Slice) {
		rank = promote.RankPositive
	}
	var out value
	out.k, out.lib = vNum, v.lib
	for i := 0; i < 2; i++ {
		o := v.op[i]
		if o.Kind != promote.Tensor || o.Rank == 0 {
			continue // unknown in that version
		}
		out.op[i] = promote.Operand{Kind: promote.Tensor, DType: o.DType, Rank: rank}
	}
	if out.op[0].Kind == 0 && out.op[1].Kind == 0 {
		return unknown
	}
	return out
}

// hasSlice reports whether an index holds a slice (a:b), which keeps a
// dimension.
func hasSlice(e python.Expr) bool {
	switch x := e.(type) {
	case *python.Slice:
		return true
	case *python.Tuple:
		for _, el := range x.Elts {
			if _, ok := el.(*python.Slice); ok {
				return true
			}
		}
	}
	return false
}

// annotation reads a parameter or variable annotation: an array type with
// a dtype (npt.NDArray[np.float32], np.ndarray[Any, np.dtype[np.uint8]])
// is an array of that dtype and unknown rank; a scalar type (np.float32)
// a NumPy scalar of unknown value.
func (fc *fileChecker) annotation(e python.Expr, s *scope) value {
	switch x := e.(type) {
	case *python.Subscript:
		base := fc.expr(x.Value, s)
		if base.k != vSym || base.sym.Kind != pyapi.ArrayType {
			return unknown
		}
		arg := x.Slice
		if t, ok := arg.(*python.Tuple); ok && len(t.Elts) == 2 {
			arg = t.Elts[1] // ndarray[shape, dtype[...]]
			if sub, ok := arg.(*python.Subscript); ok {
				if f := fc.expr(sub.Value, s); f.k == vSym && f.sym.Kind == pyapi.Func && f.sym.Op == "dtype" {
					arg = sub.Slice
				}
			}
		}
		d, ok := fc.dtypeOf(base.lib, fc.expr(arg, s))
		if !ok {
			return unknown
		}
		return num(base.lib, promote.Operand{Kind: promote.Tensor, DType: d, Rank: promote.RankDynamic})
	case *python.Constant:
		return unknown // a string annotation is not read
	}
	v := fc.expr(e, s)
	if v.k == vSym && v.sym.Kind == pyapi.ScalarType {
		return num(v.lib, promote.T0(v.sym.DType))
	}
	return unknown
}

// dtypeOf reads a dtype argument: a dtype, a scalar type, a Python builtin
// type or a dtype string.
func (fc *fileChecker) dtypeOf(lib pyapi.Library, v value) (dtype.DType, bool) {
	switch v.k {
	case vDType:
		return v.d, true
	case vSym:
		if v.sym.Kind == pyapi.ScalarType || v.sym.Kind == pyapi.DType {
			return v.sym.DType, true
		}
	case vBuiltin:
		if lib != nil {
			return lib.BuiltinDType(v.path)
		}
	case vStr:
		if lib != nil {
			return lib.DTypeString(v.path)
		}
	}
	return dtype.Invalid, false
}
