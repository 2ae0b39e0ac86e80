package tinygrad

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// tinygrad's op typing (promote.OpTyper), spec.md §7, head unless
// stated; DEFAULT_FLOAT is the option default_float.

const (
	codeTinygrad = "tinygrad/tinygrad@a9069c17"
	specTinygrad = "rules/tinygrad/spec.md §7"
)

var (
	ruleTGDiv    = opkit.Rule("tinygrad-div", "/ whose promoted dtype is an integer or bool casts a to DEFAULT_FLOAT (strong) and multiplies by b's reciprocal: integer or bool division gives DEFAULT_FLOAT, even of two weak ints; otherwise the promoted dtype and weakness", opkit.Cite(codeTinygrad, "tinygrad/mixin/elementwise.py div; test_div, test_int_div_int", specTinygrad))
	ruleTGFloat  = opkit.Rule("tinygrad-float-func", "exp, log, sqrt, sin, cos and tanh are least_upper_float(x): a float keeps its dtype and weakness, a weak int becomes a weak float (head), an integer or bool least_upper_dtype(x, DEFAULT_FLOAT)", opkit.Cite(codeTinygrad, "tinygrad/dtype.py least_upper_float; test_weak_transcendentals", specTinygrad))
	ruleTGSum    = opkit.Rule("tinygrad-sum", "sum accumulates in sum_acc_dtype and drops weakness: unsigned integers give least_upper_dtype(x, uint32), signed integers and bool least_upper_dtype(x, int32) (a weak int int32), floats keep their dtype (a weak float float32)", opkit.Cite(codeTinygrad, "tinygrad/dtype.py sum_acc_dtype; test_sum, test_reduce_strips_weakness", specTinygrad))
	ruleTGMean   = opkit.Rule("tinygrad-mean", "mean of a float keeps its dtype; of an integer or bool it is float32, fixed (not DEFAULT_FLOAT)", opkit.Cite(codeTinygrad, "tinygrad/mixin/op.py mean; test_mean", specTinygrad))
	ruleTGReduce = opkit.Rule("tinygrad-reduce", "max and min keep the dtype, made strong", opkit.Cite(codeTinygrad, "_reduce (strong_dtype)", specTinygrad))
	ruleTGArg    = opkit.Rule("tinygrad-argmax", "argmax gives int32", opkit.Cite(codeTinygrad, "tinygrad/mixin/op.py argmax; test_functions_return_index", specTinygrad))
	ruleTGNeg    = opkit.Rule("tinygrad-neg", "-x of bool is logical_not, a bool; otherwise x * -1: x's dtype and weakness", opkit.Cite(codeTinygrad, "tinygrad/mixin/elementwise.py neg", specTinygrad))
	ruleTGWhere  = opkit.Rule("tinygrad-where-cond", "where's condition must be bool", opkit.Cite(codeTinygrad, "tinygrad/uop/ops.py dtype_from_uop (WHERE)", specTinygrad))
	ruleTGPow    = opkit.Rule("tinygrad-pow", "x ** y whose promoted dtype is not a float is refused when y is a literal other than a non-negative int", opkit.Cite(codeTinygrad, "tinygrad/mixin/elementwise.py pow", specTinygrad))
)

// OpPolicy implements promote.OpTyper: tinygrad's results may stay weak.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{Weak: true} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch p, promoted := opkit.Promoted(q); {
	case promoted && opkit.IntTrueDiv(op, p):
		return promote.OpDecision{DType: r.defFloat, Rule: ruleTGDiv}
	case promoted && op == promote.OpPow:
		if b := &q.Args[1]; !p.IsFloat() && b.Literal {
			v := b.Value
			if !(v.Kind == promote.BoolValue || v.Kind == promote.IntValue && v.Int.Sign() >= 0) {
				return promote.OpRefuse(ruleTGPow, "RuntimeError: base needs to be float")
			}
		}
	case op == promote.OpWhere && !q.Early:
		if c := q.Args[0].DType; c != dtype.Bool {
			return promote.OpRefuse(ruleTGWhere, "RuntimeError: where cond must be bool, got %s", c)
		}
	case op.IsElementwise() || op.IsReduction():
		return r.typeUnary(q)
	}
	return q.Generic
}

func (r *rules) typeUnary(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	d, weak := q.Args[0].DType, q.Args[0].Weak
	switch {
	case op.IsFloatFunc():
		switch {
		case d.IsFloat():
			return promote.OpDecision{DType: d, Weak: weak, Rule: ruleTGFloat}
		case weak && r.head:
			return promote.OpDecision{DType: r.defFloat, Weak: true, Rule: ruleTGFloat}
		}
		res, err := r.Result(promote.T(d), promote.T(r.defFloat))
		return promote.OpResult(res, err, ruleTGFloat)
	case op == promote.OpSum:
		var acc dtype.DType
		switch {
		case d.IsUnsigned():
			acc = dtype.U32
		case opkit.IsIntOrBool(d):
			acc = dtype.I32
		case weak:
			return promote.OpDecision{DType: dtype.F32, Rule: ruleTGSum}
		default:
			return promote.OpDecision{DType: d, Rule: ruleTGSum}
		}
		res, err := r.Result(promote.T(d), promote.T(acc))
		return promote.OpResult(res, err, ruleTGSum)
	case op == promote.OpMean:
		if opkit.IsIntOrBool(d) {
			return promote.OpDecision{DType: dtype.F32, Rule: ruleTGMean}
		}
		return promote.OpDecision{DType: d, Weak: weak, Rule: ruleTGMean}
	case op == promote.OpMax || op == promote.OpMin:
		return promote.OpDecision{DType: d, Rule: ruleTGReduce}
	case op == promote.OpArgmax:
		return promote.OpDecision{DType: dtype.I32, Rule: ruleTGArg}
	case op == promote.OpNeg:
		return promote.OpDecision{DType: d, Weak: weak, Rule: ruleTGNeg}
	}
	return q.Generic
}
