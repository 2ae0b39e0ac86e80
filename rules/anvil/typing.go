package anvil

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// anvil's op typing (promote.OpTyper): how each primitive applies the
// promotion and carries the ambiguity flag; operands must have equal
// shapes (anvil does not broadcast).

const (
	srcAnvilOps  = "rules/anvil/spec.md \"How an op applies it\"; r-xla/anvil@ef9f93aa R/api.R, R/primitives.R"
	srcStableHLO = "openxla/stablehlo docs/spec.md (divide, exponential, negate: integer or floating-point element types)"
)

var (
	ruleAnvilDiv    = opkit.Rule("anvil-div", "nv_div keeps the promoted dtype (i32 / i32 is i32) and its ambiguity; bool is refused", srcAnvilOps+"; "+srcStableHLO)
	ruleAnvilFloat  = opkit.Rule("anvil-float-func", "exp, log, sqrt, sin, cos, tanh need a floating-point operand (stablehlo)", srcStableHLO)
	ruleAnvilUnary  = opkit.Rule("anvil-unary", "a unary primitive keeps its operand's dtype and ambiguity", srcAnvilOps+" (Unary primitives)")
	ruleAnvilReduce = opkit.Rule("anvil-reduce", "a reduction (reduce_sum, reduce_max, reduce_min) keeps dtype and ambiguity", srcAnvilOps+" (Unary primitives: the reduce family)")
	ruleAnvilMean   = opkit.Rule("anvil-mean", "nv_mean divides reduce_sum by nelts, an R double (an f32? literal): an integer mean is f32 and ambiguous", srcAnvilOps+" (nv_mean)")
	ruleAnvilCmp    = opkit.Rule("anvil-comparison", "a comparison gives bool, ambiguous iff both operands are ambiguous", srcAnvilOps+" (Comparisons)")
	ruleAnvilArg    = opkit.Rule("anvil-argmax", "argmax gives a known i32 (never ambiguous); i32 is promote's choice of index dtype", srcAnvilOps+" (Outputs that are never ambiguous)")
	ruleAnvilMatmul = opkit.Rule("anvil-matmul", "prim_dot_general (nv_matmul) promotes its operands and is never ambiguous", srcAnvilOps+" (Outputs that are never ambiguous)")
	ruleAnvilConcat = opkit.Rule("anvil-concat", "nv_concatenate promotes to the common type; the output is ambiguous iff every operand is ambiguous after conversion (converted operands take the common ambiguity)", srcAnvilOps+" (prim_concatenate, nv_promote_to_common)")
	ruleAnvilConv   = opkit.Rule("anvil-convert", "nv_convert is never ambiguous", srcAnvilOps+" (prim_convert)")
)

// OpPolicy implements promote.OpTyper: anvil's results may stay
// ambiguous, shapes must match exactly, and a unary primitive keeps its
// operand's type and ambiguity.
func (r *rules) OpPolicy() promote.OpPolicy {
	// The development version (main) has no ambiguous results.
	return promote.OpPolicy{Weak: !r.main, ExactShapes: true, KeepRule: ruleAnvilUnary}
}

// TypeOp implements promote.OpTyper. Under version=main no result is
// ambiguous.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	d := r.typeOp(q)
	if r.main {
		d.Weak = false
	}
	return d
}

func (r *rules) typeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op.IsBinary():
		if q.Err != nil {
			break
		}
		p := q.Res.DType
		switch {
		case op.IsOrdering() && p.IsComplex():
		case op.IsComparison():
			return promote.OpDecision{DType: dtype.Bool, Weak: q.Args[0].Weak && q.Args[1].Weak, Rule: ruleAnvilCmp}
		case op == promote.OpDiv && p == dtype.Bool:
			return promote.OpRefuse(ruleAnvilDiv, "stablehlo.divide has no bool (i1) version")
		case op == promote.OpDiv && p.IsInteger():
			return promote.OpDecision{DType: p, Weak: q.Res.Weak, Rule: ruleAnvilDiv}
		}
	case op == promote.OpConvert:
		d := q.Generic
		d.Rule = ruleAnvilConv
		return d
	case op == promote.OpMatmul:
		if q.Err == nil {
			return promote.OpDecision{DType: q.Res.DType, Rule: ruleAnvilMatmul}
		}
	case op == promote.OpConcat:
		if q.Err == nil {
			// prim_concatenate is ambiguous iff all its (converted)
			// operands are: an operand already of the common dtype keeps
			// its flag, a converted one takes the common flag.
			amb := true
			for _, a := range q.Args {
				if a.DType == q.Res.DType {
					amb = amb && a.Weak
				} else {
					amb = amb && q.Res.Weak
				}
			}
			return promote.OpDecision{DType: q.Res.DType, Weak: amb, Rule: ruleAnvilConcat}
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
	case op.IsFloatFunc() && opkit.IsIntOrBool(d):
		return promote.OpRefuse(ruleAnvilFloat, "%s needs a floating-point operand, not %s", op, d)
	case op == promote.OpSum || op == promote.OpMax || op == promote.OpMin:
		return promote.OpDecision{DType: d, Weak: weak, Rule: ruleAnvilReduce}
	case op == promote.OpMean:
		// nv_mean: reduce_sum(x) / nelts, nelts an R double.
		sum := promote.Operand{Kind: promote.Tensor, DType: d, Weak: weak}
		res, err := r.Result(sum, promote.Float(1))
		return promote.OpResult(res, err, ruleAnvilMean)
	case op == promote.OpArgmax:
		return promote.OpDecision{DType: dtype.I32, Rule: ruleAnvilArg}
	}
	return q.Generic
}
