package pytype

import (
	"math/big"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/python"
)

// callArgs is a call's evaluated arguments.
type callArgs struct {
	pos    []value
	kw     map[string]value
	starry bool // *args or **kwargs: positions are not known
}

// arg is the argument at position i or keyword name.
func (a callArgs) arg(i int, name string) (value, bool) {
	if v, ok := a.kw[name]; ok {
		return v, true
	}
	if i >= 0 && i < len(a.pos) && !a.starry {
		return a.pos[i], true
	}
	return unknown, false
}

func (fc *fileChecker) call(x *python.Call, s *scope) value {
	f := fc.expr(x.Func, s)
	a := callArgs{kw: map[string]value{}}
	for _, e := range x.Args {
		if _, ok := e.(*python.Starred); ok {
			a.starry = true
			fc.expr(e, s)
			continue
		}
		a.pos = append(a.pos, fc.expr(e, s))
	}
	for _, k := range x.Keywords {
		v := fc.expr(k.Value, s)
		if k.Arg == "" {
			a.starry = true
			continue
		}
		a.kw[k.Arg] = v
	}
	switch f.k {
	case vFunc:
		if a.starry {
			return unknown
		}
		return f.elems[0]
	case vBuiltin:
		return unknown // float(x): a Python number of unknown value
	case vSym:
	default:
		return unknown
	}
	lib, sym := f.lib, f.sym
	name := lib.Module() + "." + f.path
	if len(f.elems) == 1 { // a bound method: the receiver comes first
		recv := f.elems[0]
		name = f.path
		a.pos = append([]value{recv}, a.pos...)
		if sym.DTypeArg >= 0 {
			sym.DTypeArg++
		}
	}
	if a.starry {
		return unknown
	}
	switch sym.Kind {
	case pyapi.ScalarType:
		return fc.scalarCtor(x, lib, name, sym, a)
	case pyapi.ArrayCtor:
		return fc.arrayCtor(x, lib, name, sym, a)
	case pyapi.Ufunc:
		return fc.ufunc(x, lib, name, sym, a)
	case pyapi.Reduction:
		return fc.reduction(x, lib, sym, a)
	case pyapi.Func:
		return fc.function(x, lib, name, sym, a)
	}
	return unknown
}

// explicitDType reads a call's dtype argument: ok is false when none was
// given; known is false when one was given the inference cannot read.
func (fc *fileChecker) explicitDType(lib pyapi.Library, sym pyapi.Symbol, a callArgs) (d dtype.DType, given, known bool) {
	v, ok := a.arg(sym.DTypeArg, "dtype")
	if !ok || v.k == vNone {
		return dtype.Invalid, false, false
	}
	d, known = fc.dtypeOf(lib, v)
	return d, true, known
}

// scalarCtor types np.float32(x): a NumPy scalar holding a literal's
// value, an array when given an array; np.uint8(300) raises in NumPy 2.
func (fc *fileChecker) scalarCtor(n python.Node, lib pyapi.Library, name string, sym pyapi.Symbol, a callArgs) value {
	d := sym.DType
	if len(a.pos) == 0 {
		return num(lib, promote.ScalarOf(d, zeroValue(d)))
	}
	x := a.pos[0]
	if x.k != vNum {
		v := num(lib, promote.Operand{Kind: promote.Tensor, DType: d, Rank: promote.RankDynamic})
		if c, ok := n.(*python.Call); ok && len(c.Args) > 0 {
			v.scalarish = pythonNumber(c.Args[0])
		}
		return v
	}
	if x.same() && x.op[0].Kind == promote.Literal {
		if fc.overflow(n, lib, name, d, x) {
			return unknown
		}
		if v, ok := valueAs(d, x.op[0].Value); ok {
			return num(lib, promote.ScalarOf(d, v))
		}
		return num(lib, promote.T0(d))
	}
	out := value{k: vNum, lib: lib}
	for i := 0; i < 2; i++ {
		o := x.op[i]
		switch {
		case o.Kind == promote.Tensor && o.Rank != 0:
			out.op[i] = promote.Operand{Kind: promote.Tensor, DType: d, Rank: o.Rank}
		case o.Kind != 0:
			out.op[i] = promote.T0(d)
		}
	}
	return out
}

func zeroValue(d dtype.DType) promote.Value {
	switch {
	case d == dtype.Bool:
		return promote.Bool(false).Value
	case d.IsInteger():
		return promote.Int(0).Value
	}
	return promote.Float(0).Value
}

// overflow records NumPy 2's OverflowError for a Python int that does not
// fit the integer dtype it is converted to.
func (fc *fileChecker) overflow(n python.Node, lib pyapi.Library, name string, d dtype.DType, x value) bool {
	if !x.same() || x.op[0].Kind != promote.Literal {
		return false
	}
	raises, old := lib.IntoOverflows(d, x.op[0].Value)
	if !raises {
		return false
	}
	if fc.muted > 0 {
		return true
	}
	v := lib.Versions()
	f := Finding{
		File: fc.file, Kind: "raises", Op: name + "(" + x.op[0].Value.Text + ")",
		Operands: []string{describe(lib, x.op[0]), lib.DTypeName(d)},
		OldName:  v.OldName, NewName: v.NewName,
		Old:   old,
		New:   "OverflowError: Python integer " + x.op[0].Value.Text + " out of bounds for " + lib.DTypeName(d),
		Case:  "NEP 50: a Python int converted to a NumPy integer dtype must fit in it (OverflowError)",
		Repro: "np.array(" + pyLiteral(x.op[0].Value) + ", dtype=" + dtypeExpr(lib, d) + ")",
	}
	fc.add(n, f)
	return true
}

// arrayCtor types np.zeros(..., dtype=...), np.array(data, dtype=...) and
// the other array constructors.
func (fc *fileChecker) arrayCtor(n python.Node, lib pyapi.Library, name string, sym pyapi.Symbol, a callArgs) value {
	d, given, known := fc.explicitDType(lib, sym, a)
	if given && !known {
		return unknown
	}
	data, hasData := a.arg(sym.DataArg, "")
	if sym.DataArg == 0 {
		data, hasData = a.arg(0, "object")
		if !hasData {
			data, hasData = a.arg(0, "a")
		}
	} else if sym.DataArg == 1 {
		data, hasData = a.arg(1, "fill_value")
	}
	rank := promote.RankPositive
	if shape, ok := a.arg(0, "shape"); ok && shape.k == vSeq && len(shape.elems) == 0 && sym.DataArg != 0 {
		rank = 0
	}
	switch {
	case sym.Like:
		if !hasData || data.k != vNum {
			return unknown
		}
		out := value{k: vNum, lib: lib}
		for i := 0; i < 2; i++ {
			o := data.op[i]
			if o.Kind == 0 {
				continue
			}
			dd := o.DType
			if given {
				dd = d
			}
			r := o.Rank
			if o.Kind != promote.Tensor {
				r = 0
				if o.Kind == promote.Literal {
					continue // zeros_like(3): the literal's default dtype; not modelled
				}
			}
			out.op[i] = promote.Operand{Kind: promote.Tensor, DType: dd, Rank: r}
		}
		return out
	case sym.Range:
		if given {
			return num(lib, promote.T(d))
		}
		kind := promote.ValueKind(0)
		for _, p := range a.pos {
			if !p.same() || p.op[0].Kind != promote.Literal {
				return unknown
			}
			if k := p.op[0].Value.Kind; k > kind {
				kind = k
			}
		}
		switch {
		case sym.DType != dtype.Invalid && kind <= promote.FloatValue:
			return num(lib, promote.T(sym.DType))
		case kind == promote.IntValue:
			return num(lib, promote.T(dtype.I64))
		case kind == promote.FloatValue:
			return num(lib, promote.T(dtype.F64))
		}
		return unknown
	case sym.DataArg == 0 && hasData:
		// np.array(data[, dtype]): a literal gives a 0-d array holding it.
		if data.same() && data.op[0].Kind == promote.Literal {
			lit := data.op[0]
			dd := d
			if !given {
				dd = literalDType(lit)
				if dd == dtype.Invalid {
					return unknown
				}
			} else if fc.overflow(n, lib, name, dd, data) {
				return unknown
			}
			if nd, ok := a.kw["ndmin"]; ok && !(nd.same() && nd.op[0].Kind == promote.Literal && nd.op[0].Value.Text == "0") {
				return num(lib, promote.T(dd)) // np.array(1.0, ndmin=2): dimensions
			}
			if v, ok := valueAs(dd, lit.Value); ok {
				return num(lib, promote.ZeroDimOf(dd, v))
			}
			return num(lib, promote.T0(dd))
		}
		if data.k == vSeq {
			if given {
				for _, el := range data.elems {
					if fc.overflow(n, lib, name, d, el) {
						return unknown
					}
				}
				return num(lib, promote.T(d))
			}
			if dd, ok := seqDType(data); ok {
				return num(lib, promote.T(dd))
			}
			return unknown
		}
		if data.k == vNum {
			out := value{k: vNum, lib: lib}
			for i := 0; i < 2; i++ {
				o := data.op[i]
				if o.Kind == promote.Tensor || o.Kind == promote.Scalar {
					dd := o.DType
					if given {
						dd = d
					}
					r := o.Rank
					if o.Kind == promote.Scalar {
						r = 0
					}
					out.op[i] = promote.Operand{Kind: promote.Tensor, DType: dd, Rank: r}
				}
			}
			if out.op[0].Kind == 0 && out.op[1].Kind == 0 {
				return unknown
			}
			return out
		}
		if given {
			return num(lib, promote.Operand{Kind: promote.Tensor, DType: d, Rank: promote.RankDynamic})
		}
		return unknown
	}
	if given {
		return num(lib, promote.Operand{Kind: promote.Tensor, DType: d, Rank: rank})
	}
	if sym.DType != dtype.Invalid {
		return num(lib, promote.Operand{Kind: promote.Tensor, DType: sym.DType, Rank: rank})
	}
	if hasData && data.same() && data.op[0].Kind == promote.Literal { // np.full(shape, 3)
		if dd := literalDType(data.op[0]); dd != dtype.Invalid {
			return num(lib, promote.Operand{Kind: promote.Tensor, DType: dd, Rank: rank})
		}
	}
	if hasData && data.same() && data.op[0].Kind != promote.Literal {
		return num(lib, promote.Operand{Kind: promote.Tensor, DType: data.op[0].DType, Rank: rank})
	}
	return unknown
}

// literalDType is the dtype NumPy gives a Python scalar alone (np.array(3)
// is int64, of a float float64, of a complex complex128, of a bool bool);
// an int past int64 is not modelled.
func literalDType(o promote.Operand) dtype.DType {
	switch o.Value.Kind {
	case promote.BoolValue:
		return dtype.Bool
	case promote.IntValue:
		if o.Value.Int.IsInt64() {
			return dtype.I64
		}
	case promote.FloatValue:
		return dtype.F64
	case promote.ComplexValue:
		return dtype.C128
	}
	return dtype.Invalid
}

// seqDType is the dtype of np.array([literals...]): the highest kind's
// default, when every element is a Python literal of int64's range.
func seqDType(v value) (dtype.DType, bool) {
	best := dtype.Invalid
	rank := func(d dtype.DType) int {
		switch d {
		case dtype.Bool:
			return 1
		case dtype.I64:
			return 2
		case dtype.F64:
			return 3
		case dtype.C128:
			return 4
		}
		return 0
	}
	for _, el := range v.elems {
		if !el.same() || el.op[0].Kind != promote.Literal {
			return dtype.Invalid, false
		}
		d := literalDType(el.op[0])
		if d == dtype.Invalid {
			return dtype.Invalid, false
		}
		if rank(d) > rank(best) {
			best = d
		}
	}
	return best, best != dtype.Invalid
}

// ufunc types np.add(a, b) and the other ufuncs as their operators.
func (fc *fileChecker) ufunc(n python.Node, lib pyapi.Library, name string, sym pyapi.Symbol, a callArgs) value {
	op, ok := opNames[sym.Op]
	if !ok {
		return unknown
	}
	arity := 1
	if op.IsBinary() || op == infer.OpMaximum || op == infer.OpMinimum {
		arity = 2
	}
	if len(a.pos) < arity {
		return unknown
	}
	if _, ok := a.kw["out"]; ok || len(a.pos) > arity {
		return unknown // writes into out=: not modelled
	}
	if d, given, known := fc.explicitDType(lib, sym, a); given {
		if !known {
			return unknown
		}
		return num(lib, promote.Operand{Kind: promote.Tensor, DType: d, Rank: promote.RankDynamic})
	}
	return fc.site(n, name, op, a.pos[:arity], nil)
}

// reduction types np.sum(x) and x.sum(): a full reduction gives a 0-d
// scalar, one along an axis an array.
func (fc *fileChecker) reduction(n python.Node, lib pyapi.Library, sym pyapi.Symbol, a callArgs) value {
	op, ok := opNames[sym.Op]
	if !ok || len(a.pos) == 0 {
		return unknown
	}
	x := a.pos[0]
	_, hasAxis := a.arg(1, "axis")
	if d, given, known := fc.explicitDType(lib, sym, a); given {
		if !known {
			return unknown
		}
		r := 0
		if hasAxis {
			r = promote.RankDynamic
		}
		return num(lib, promote.Operand{Kind: promote.Tensor, DType: d, Rank: r})
	}
	out, _, _, _, _ := fc.compute(op, []value{x})
	if hasAxis && out.k == vNum {
		for i := 0; i < 2; i++ {
			if out.op[i].Kind == promote.Tensor {
				out.op[i].Rank = promote.RankDynamic
			}
		}
	}
	return out
}

// function types the library's special functions and array methods.
func (fc *fileChecker) function(n python.Node, lib pyapi.Library, name string, sym pyapi.Symbol, a callArgs) value {
	switch sym.Op {
	case "same":
		if len(a.pos) > 0 && a.pos[0].k == vNum {
			return a.pos[0]
		}
	case "astype":
		d, given, known := fc.explicitDType(lib, sym, a)
		if !given || !known || len(a.pos) == 0 {
			return unknown
		}
		x := a.pos[0]
		out := value{k: vNum, lib: lib}
		for i := 0; i < 2; i++ {
			o := x.op[i]
			switch {
			case o.Kind == promote.Tensor:
				out.op[i] = promote.Operand{Kind: promote.Tensor, DType: d, Rank: o.Rank}
			case o.Kind == promote.Scalar:
				out.op[i] = promote.T0(d)
			}
		}
		return out
	case "dtype":
		if d, ok := fc.dtypeOf(lib, firstArg(a)); ok {
			return value{k: vDType, d: d}
		}
	case "where":
		if len(a.pos) == 3 {
			c := a.pos[0]
			if c.k != vNum {
				c = num(lib, promote.T(dtype.Bool))
			}
			return fc.site(n, name, infer.OpWhere, []value{c, a.pos[1], a.pos[2]}, nil)
		}
	case "matmul":
		if len(a.pos) == 2 {
			return fc.site(n, name, infer.OpMatmul, a.pos, nil)
		}
	case "finfo", "iinfo":
		x := firstArg(a)
		d, ok := fc.dtypeOf(lib, x)
		if !ok && x.same() && x.op[0].Kind != promote.Literal {
			d, ok = x.op[0].DType, true // np.finfo(array) reads its dtype
		}
		if ok {
			return value{k: vInfo, lib: lib, path: sym.Op, d: d}
		}
	case "clip":
		return fc.clip(n, lib, name, a)
	case "result_type":
		return fc.resultType(n, lib, name, a)
	case "can_cast":
		return fc.canCast(n, lib, name, a)
	}
	return unknown
}

func firstArg(a callArgs) value {
	if len(a.pos) > 0 {
		return a.pos[0]
	}
	return unknown
}

// pythonNumber reports whether an expression the inference cannot type is
// visibly a Python number: an element of a sequence by a constant index
// (struct.unpack(...)[0]), or a call of int, float, complex, bool, len,
// round or ord. A NumPy scalar constructor of one makes a 0-d scalar, not
// an array; that is what the may-change check then takes as
// representative.
func pythonNumber(e python.Expr) bool {
	switch x := e.(type) {
	case *python.Subscript:
		c, ok := x.Slice.(*python.Constant)
		if !ok {
			return false
		}
		_, isInt := c.Value.(*big.Int)
		return isInt
	case *python.Call:
		if n, ok := x.Func.(*python.Name); ok {
			switch n.ID {
			case "int", "float", "complex", "bool", "len", "round", "ord":
				return true
			}
		}
	}
	return false
}
