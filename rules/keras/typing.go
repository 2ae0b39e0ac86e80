package keras

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// Keras 3's op typing (promote.OpTyper): the compute_output_spec of each
// operation in keras/src/ops/numpy.py (spec.md §9), read under the
// options floatx and backend.

const (
	codeKeras = "keras-team/keras@3422977a keras/src/ops/numpy.py, compute_output_spec of"
	specKeras = "rules/keras/spec.md §9"
)

var (
	ruleKerasDiv    = opkit.Rule("keras-true-div", "/ is result_type(a, b, float): a Python float joins the operands, so integers and bool give float{P} (float32 by default; float16 under floatx float16 or bfloat16; float64 only with floatx float64 on TensorFlow); floats and complex keep the promoted dtype", opkit.Cite(codeKeras, "Divide, TrueDivide", specKeras))
	ruleKerasMod    = opkit.Rule("keras-mod", "% is result_type(a, b), except that bool becomes int32", opkit.Cite(codeKeras, "Mod", specKeras))
	ruleKerasExp    = opkit.Rule("keras-exp", "exp of an integer or bool is floatx itself (bfloat16 stays bfloat16); other dtypes are kept", opkit.Cite(codeKeras, "Exp", specKeras))
	ruleKerasFloat  = opkit.Rule("keras-float-func", "sqrt, log, sin, cos, tanh, floor and ceil of int64 give floatx; of any other dtype result_type(x, float): integers and bool give float{P} (floor and ceil of an integer are floats), floats are kept", opkit.Cite(codeKeras, "Sqrt, Log, Sin, Cos, Tanh, Floor, Ceil", specKeras))
	ruleKerasSum    = opkit.Rule("keras-sum", "sum is result_type(x) (so the 64-bit cut applies), then bool, int8 and int16 become int32 and uint8, uint16 uint32; on the torch backend uint32 becomes int32", opkit.Cite(codeKeras, "Sum", specKeras))
	ruleKerasMean   = opkit.Rule("keras-mean", "mean of an integer or bool is result_type(x, \"float32\"), float32; floats and complex keep their dtype", opkit.Cite(codeKeras, "Mean", specKeras))
	ruleKerasArg    = opkit.Rule("keras-argmax", "argmax gives int32", opkit.Cite(codeKeras, "Argmax", specKeras))
	ruleKerasMatmul = opkit.Rule("keras-matmul", "matmul of int8 with int8 gives int32; otherwise result_type(a, b)", opkit.Cite(codeKeras, "Matmul", specKeras))
	ruleKerasKeep   = opkit.Rule("keras-keep", "abs, negative, round, max and min keep x's dtype (abs of a complex stays complex in compute_output_spec; not checked against the backends)", opkit.Cite(codeKeras, "Absolute, Negative, Round, Max, Min", specKeras))
)

// OpPolicy implements promote.OpTyper: Keras has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpDiv && q.Err == nil:
		res, err := r.Result(q.Operand(0), q.Operand(1), promote.Float(1))
		return promote.OpResult(res, err, ruleKerasDiv)
	case op == promote.OpMod && q.Err == nil:
		if q.Res.DType == dtype.Bool {
			return promote.OpDecision{DType: dtype.I32, Rule: ruleKerasMod}
		}
	case op == promote.OpMatmul:
		if q.Args[0].DType == dtype.I8 && q.Args[1].DType == dtype.I8 {
			return promote.OpDecision{DType: dtype.I32, Rule: ruleKerasMatmul}
		}
	case op.IsElementwise() || op.IsReduction():
		if d, ok := r.typeUnary(op, q.Args[0].DType); ok {
			return d
		}
	}
	return q.Generic
}

func (r *rules) typeUnary(op promote.Op, d dtype.DType) (promote.OpDecision, bool) {
	switch op {
	case promote.OpExp:
		if opkit.IsIntOrBool(d) {
			return promote.OpDecision{DType: r.c.floatx, Rule: ruleKerasExp}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleKerasExp}, true
	case promote.OpLog, promote.OpSqrt, promote.OpSin, promote.OpCos, promote.OpTanh, promote.OpFloor, promote.OpCeil:
		switch {
		case d == dtype.I64:
			return promote.OpDecision{DType: r.c.floatx, Rule: ruleKerasFloat}, true
		case opkit.IsIntOrBool(d):
			res, err := r.Result(promote.T(d), promote.Float(1))
			return promote.OpResult(res, err, ruleKerasFloat), true
		case !d.IsComplex():
			return promote.OpDecision{DType: d, Rule: ruleKerasFloat}, true
		}
	case promote.OpSum:
		res, err := r.Result(promote.T(d))
		if err != nil {
			return promote.OpDecision{Err: err}, true
		}
		out := res.DType
		switch out {
		case dtype.Bool, dtype.I8, dtype.I16:
			out = dtype.I32
		case dtype.U8, dtype.U16:
			out = dtype.U32
		}
		if out == dtype.U32 && r.torch {
			out = dtype.I32
		}
		return promote.OpDecision{DType: out, Rule: ruleKerasSum}, true
	case promote.OpMean:
		if opkit.IsIntOrBool(d) {
			return promote.OpDecision{DType: dtype.F32, Rule: ruleKerasMean}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleKerasMean}, true
	case promote.OpArgmax:
		return promote.OpDecision{DType: dtype.I32, Rule: ruleKerasArg}, true
	case promote.OpAbs, promote.OpNeg, promote.OpRound, promote.OpMax, promote.OpMin:
		return promote.OpDecision{DType: d, Rule: ruleKerasKeep}, true
	}
	return promote.OpDecision{}, false
}
