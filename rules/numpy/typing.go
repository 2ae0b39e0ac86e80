package numpy

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// NumPy's op typing (promote.OpTyper): the ufunc loop each operation
// resolves to, around the promotion.

const srcNumPyOps = "numpy/numpy@1f90bbb5 numpy/_core/code_generators/generate_umath.py (ufunc loops, chosen by safe casting), numpy/_core/_methods.py"

var (
	ruleNumPyDiv     = opkit.Rule("numpy-true-div", "true_divide of bool or integer operands resolves to the float64 loop", srcNumPyOps+" (true_divide: integer loops are dd->d)")
	ruleNumPyFloat   = opkit.Rule("numpy-float-func", "a float ufunc of bool or integer input uses the first float loop the input casts to safely: bool, int8, uint8 give float16; int16, uint16 float32; wider integers float64", srcNumPyOps)
	ruleNumPySum     = opkit.Rule("numpy-sum", "sum of bool or an integer narrower than the default integer gives int64 (signed, bool) or uint64 (unsigned)", srcNumPyOps+" (add.reduce uses the default integer for small integers)")
	ruleNumPyMean    = opkit.Rule("numpy-mean", "mean of bool or integers gives float64; float16 stays float16", srcNumPyOps+" (_mean: dtype float64 for integer input)")
	ruleNumPyArg     = opkit.Rule("numpy-argmax", "argmax gives intp (int64)", "numpy argmax documentation (array of indices, intp)")
	ruleNumPyCxOrder = opkit.Rule("numpy-complex-order", "less, less_equal, greater and greater_equal have complex loops that order lexicographically (real part, then imaginary part): the result is bool", srcNumPyOps+" (less, greater, ...: TD(inexact) loops with out='?'; inexact includes complex)")
)

// numpyFloatLoop is the first of NumPy's e, f, d loops that d casts to
// safely.
func numpyFloatLoop(d dtype.DType) dtype.DType {
	switch d {
	case dtype.Bool, dtype.I8, dtype.U8:
		return dtype.F16
	case dtype.I16, dtype.U16:
		return dtype.F32
	}
	return dtype.F64
}

// OpPolicy implements promote.OpTyper: NumPy has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op.IsBinary():
		if q.Err != nil {
			break
		}
		p := q.Res.DType
		switch {
		case op.IsOrdering() && p.IsComplex():
			return promote.OpDecision{DType: dtype.Bool, Rule: ruleNumPyCxOrder}
		case op == promote.OpDiv && opkit.IsIntOrBool(p):
			return promote.OpDecision{DType: dtype.F64, Rule: ruleNumPyDiv}
		case op == promote.OpPow && p.IsInteger() && opkit.NegativeIntLiteral(&q.Args[1]):
			return promote.OpRefuse(opkit.IntNegPow, "Integers to negative integer powers are not allowed.")
		}
	case op.IsElementwise() || op.IsReduction():
		d := q.Args[0].DType
		switch {
		case op == promote.OpNeg && d == dtype.Bool:
			return promote.OpRefuse(opkit.NegBool, "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.")
		case op.IsFloatFunc() && opkit.IsIntOrBool(d):
			return promote.OpDecision{DType: numpyFloatLoop(d), Rule: ruleNumPyFloat}
		case op == promote.OpSum:
			return opkit.SumInt64(d, q.Generic, ruleNumPySum)
		case op == promote.OpMean && opkit.IsIntOrBool(d):
			return promote.OpDecision{DType: dtype.F64, Rule: ruleNumPyMean}
		case op == promote.OpArgmax:
			return promote.OpDecision{DType: dtype.I64, Rule: ruleNumPyArg}
		}
	}
	return q.Generic
}
