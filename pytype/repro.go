package pytype

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/pyapi"
)

// ufuncOf names the ufunc of an operator, for in-place reproductions
// (a += b is np.add(a, b, out=a), with the same same_kind casting).
var ufuncOf = map[string]string{
	"+": "add", "-": "subtract", "*": "multiply", "/": "true_divide", "//": "floor_divide",
	"%": "remainder", "**": "power", "&": "bitwise_and", "|": "bitwise_or", "^": "bitwise_xor",
}

// operandExpr writes a Python expression with the operand's inferred type:
// an array with dimensions is np.ones(2, dtype=...), a 0-d array without
// a known value holds 1, a NumPy scalar its value.
func operandExpr(lib pyapi.Library, o promote.Operand) string {
	name := func() string { return dtypeExpr(lib, o.DType) }
	switch o.Kind {
	case promote.Literal:
		return pyLiteral(o.Value)
	case promote.Scalar:
		return name() + "(" + pyLiteral(o.Value) + ")"
	case promote.Tensor:
		switch {
		case o.Rank == 0 && o.HasValue():
			return "np.array(" + pyLiteral(o.Value) + ", dtype=" + name() + ")"
		case o.Rank == 0:
			return "np.array(1, dtype=" + name() + ")"
		}
		return "np.ones(2, dtype=" + name() + ")"
	}
	return "None"
}

// dtypeExpr writes a dtype as np.NAME.
func dtypeExpr(lib pyapi.Library, d dtype.DType) string {
	n := lib.DTypeName(d)
	if n == "bool" {
		n = "bool_" // the name NumPy 1.x and 2 both have
	}
	return "np." + n
}

// pyLiteral writes a value as Python source.
func pyLiteral(v promote.Value) string {
	if v.Kind == promote.BoolValue {
		if v.Bool {
			return "True"
		}
		return "False"
	}
	return v.Text
}

// repro writes an expression that performs the operation on operands of
// the inferred types; opText is an operator ("+", "+=", "<") or a library
// function ("numpy.clip").
func repro(lib pyapi.Library, opText string, ops []promote.Operand) string {
	xs := make([]string, len(ops))
	for i, o := range ops {
		xs[i] = operandExpr(lib, o)
	}
	if name, ok := strings.CutPrefix(opText, lib.Module()+"."); ok {
		return "np." + name + "(" + strings.Join(xs, ", ") + ")"
	}
	if base, ok := strings.CutSuffix(opText, "="); ok && len(xs) == 2 {
		if u, ok := ufuncOf[base]; ok {
			return "np." + u + "(" + xs[0] + ", " + xs[1] + ", out=" + xs[0] + ")"
		}
	}
	switch len(xs) {
	case 1:
		return opText + xs[0]
	case 2:
		return "(" + xs[0] + " " + opText + " " + xs[1] + ")"
	}
	return ""
}

// reproOperands are the operands a reproduction uses: the new version's,
// with a scalarish operand of unknown rank as the 0-d value 1 that stands
// for it (candidates.go).
func reproOperands(args []value) []promote.Operand {
	ops := make([]promote.Operand, len(args))
	for i, a := range args {
		o := a.op[1]
		if a.scalarish && o.Kind == promote.Tensor && o.Rank == promote.RankDynamic {
			var v promote.Value
			switch {
			case o.DType == dtype.Bool:
				v = promote.Bool(true).Value
			case o.DType.IsInteger():
				v = promote.Int(1).Value
			case o.DType.IsComplex():
				v = promote.Complex(1, 0).Value
			default:
				v = promote.Float(1).Value
			}
			o = promote.ScalarOf(o.DType, v)
		}
		ops[i] = o
	}
	return ops
}
