package triton

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// Triton's op typing (promote.OpTyper): triton.language's semantic.py
// and standard.py (spec.md §7). /, // and % promote on their own path
// (div_or_mod, ComputationType).

const (
	codeTriton   = "triton-lang/triton@0c2e95d python/triton/language/semantic.py"
	codeTritonSt = "triton-lang/triton python/triton/language/standard.py (stored copies)"
	specTriton   = "rules/triton/spec.md §7"
)

var (
	ruleTritonDiv      = opkit.Rule("triton-truediv", "/ (truediv) promotes with div_or_mod to P, then computes in fp32 when P is an integer (int1 included) and in P otherwise", opkit.Cite(codeTriton, "(truediv)", specTriton))
	ruleTritonFloorDiv = opkit.Rule("triton-floordiv", "// (floordiv) promotes with div_or_mod; both operands must be integers; the result is integer_promote_impl's type", opkit.Cite(codeTriton, "(floordiv)", specTriton))
	ruleTritonMod      = opkit.Rule("triton-mod", "% (mod) promotes with div_or_mod; the result is that type (frem for floats, srem or urem for integers)", opkit.Cite(codeTriton, "(mod)", specTriton))
	ruleTritonPow      = opkit.Rule("triton-no-pow", "triton.language.tensor has no ** operator (core.py defines no __pow__); pow is a libdevice function", "triton-lang/triton python/triton/language/core.py (class tensor: __add__ to __mod__, then the unary operators)")
	ruleTritonNeg      = opkit.Rule("triton-neg", "unary - keeps the dtype (fneg for floats, 0 - x for integers)", opkit.Cite(codeTriton, "(minus)", specTriton))
	ruleTritonAbs      = opkit.Rule("triton-abs", "abs keeps the dtype", "triton-lang/triton@035f6eb python/triton/language/math.py (abs); rules/triton/spec.md §7")
	ruleTritonMath     = opkit.Rule("triton-math", "exp, log, sqrt, sin, cos and floor need fp32 or fp64 input (_check_dtype) and keep it; ceil is read as floor is (promote's choice: it stands beside floor among the math ops)", "triton-lang/triton@035f6eb python/triton/language/math.py (_check_dtype); rules/triton/spec.md §7")
	ruleTritonNoFunc   = opkit.Rule("triton-no-func", "triton.language has no tanh, no round and no mean (tanh and round are libdevice functions)", "triton-lang/triton docs/python-api/triton.language.rst (Math Ops, Reduction Ops)")
	ruleTritonSum      = opkit.Rule("triton-sum", "sum: signed integers narrower than 32 bits give int32, unsigned ones (int1 included) uint32; other dtypes are kept", opkit.Cite(codeTritonSt, "(_pick_sum_dtype)", specTriton))
	ruleTritonReduce   = opkit.Rule("triton-max-min", "max and min (without indices) move bf16 and every float narrower than 32 bits to fp32, and every integer narrower than 32 bits (int1 included) to int32; this is the stored copies of standard.py, and what PR #11473 left at main is not confirmed", opkit.Cite(codeTritonSt, "(max, min)", specTriton))
	ruleTritonArg      = opkit.Rule("triton-argmax", "argmax gives int32: the index of _reduce_with_indices, built from arange", opkit.Cite(codeTritonSt, "(argmax); python/triton/language/core.py _reduce_with_indices", specTriton))
	ruleTritonDot      = opkit.Rule("triton-dot", "matmul is tl.dot, which does not promote: both operands must have one dtype among int8, uint8, fp16, bf16, fp32 and fp64 (any two fp8 types may meet); int8 gives int32, fp32 and bf16 fp32, fp64 fp64, fp16 and the fp8 types out_dtype, fp32 by default; uint8 is refused", opkit.Cite(codeTriton, "(dot)", specTriton))
	ruleTritonCat      = opkit.Rule("triton-cat", "concat is tl.cat, which does not promote: the result takes the first operand's type (a stored class-form copy of semantic.py; not confirmed for main)", opkit.Cite(codeTriton, "(cat)", specTriton))
)

// tritonNames are Triton's str() of its dtypes (core.py, class dtype).
var tritonNames = map[dtype.DType]string{
	dtype.Bool: "int1", dtype.I8: "int8", dtype.I16: "int16", dtype.I32: "int32", dtype.I64: "int64",
	dtype.U8: "uint8", dtype.U16: "uint16", dtype.U32: "uint32", dtype.U64: "uint64",
	dtype.F8E5M2: "fp8e5", dtype.F8E5M2FNUZ: "fp8e5b16", dtype.F8E4M3FN: "fp8e4nv", dtype.F8E4M3FNUZ: "fp8e4b8",
	dtype.F16: "fp16", dtype.BF16: "bf16", dtype.F32: "fp32", dtype.F64: "fp64",
}

func tritonName(d dtype.DType) string {
	if n, ok := tritonNames[d]; ok {
		return n
	}
	return d.String()
}

func isTritonFP8(d dtype.DType) bool {
	switch d {
	case dtype.F8E5M2, dtype.F8E5M2FNUZ, dtype.F8E4M3FN, dtype.F8E4M3FNUZ:
		return true
	}
	return false
}

// OpPolicy implements promote.OpTyper: Triton has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpDiv || op == promote.OpFloorDiv || op == promote.OpMod:
		// computation_type_impl on the path of /, // and %.
		res, err := ComputationType(r, q.Operand(0), q.Operand(1), true)
		if err != nil {
			return promote.OpDecision{Err: err}
		}
		return typeDivMod(op, res.DType)
	case op == promote.OpPow && q.Err == nil:
		return promote.OpRefuse(ruleTritonPow, "triton.language.tensor has no ** operator; use libdevice's pow")
	case op == promote.OpMatmul:
		return tritonDot(q.Args[0].DType, q.Args[1].DType)
	case op == promote.OpConcat:
		if first := &q.Args[0]; !first.Literal {
			return promote.OpDecision{DType: first.DType, Rule: ruleTritonCat}
		} // a host scalar: the rule set types the join
	case op.IsElementwise() || op.IsReduction():
		if d, ok := typeUnary(op, q.Args[0].DType); ok {
			return d
		}
	}
	return q.Generic
}

func typeDivMod(op promote.Op, p dtype.DType) promote.OpDecision {
	switch op {
	case promote.OpDiv:
		if opkit.IsIntOrBool(p) {
			return promote.OpDecision{DType: dtype.F32, Rule: ruleTritonDiv}
		}
		return promote.OpDecision{DType: p, Rule: ruleTritonDiv}
	case promote.OpFloorDiv:
		if !opkit.IsIntOrBool(p) {
			return promote.OpRefuse(ruleTritonFloorDiv, "TypeError: unexpected type %s", tritonName(p))
		}
		return promote.OpDecision{DType: p, Rule: ruleTritonFloorDiv}
	}
	return promote.OpDecision{DType: p, Rule: ruleTritonMod}
}

func typeUnary(op promote.Op, d dtype.DType) (promote.OpDecision, bool) {
	switch op {
	case promote.OpNeg:
		return promote.OpDecision{DType: d, Rule: ruleTritonNeg}, true
	case promote.OpAbs:
		return promote.OpDecision{DType: d, Rule: ruleTritonAbs}, true
	case promote.OpExp, promote.OpLog, promote.OpSqrt, promote.OpSin, promote.OpCos, promote.OpFloor, promote.OpCeil:
		if d != dtype.F32 && d != dtype.F64 {
			return promote.OpRefuse(ruleTritonMath, "ValueError: Expected dtype ['fp32', 'fp64'] but got %s", tritonName(d)), true
		}
		return promote.OpDecision{DType: d, Rule: ruleTritonMath}, true
	case promote.OpTanh, promote.OpRound, promote.OpMean:
		return promote.OpRefuse(ruleTritonNoFunc, "triton.language has no %s", op), true
	case promote.OpSum:
		switch {
		case d.IsSigned() && d.Bits() < 32:
			return promote.OpDecision{DType: dtype.I32, Rule: ruleTritonSum}, true
		case (d == dtype.Bool || d.IsUnsigned()) && d.Bits() < 32:
			return promote.OpDecision{DType: dtype.U32, Rule: ruleTritonSum}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleTritonSum}, true
	case promote.OpMax, promote.OpMin:
		switch {
		case d.IsFloat() && d.Bits() < 32:
			return promote.OpDecision{DType: dtype.F32, Rule: ruleTritonReduce}, true
		case opkit.IsIntOrBool(d) && d.Bits() < 32:
			return promote.OpDecision{DType: dtype.I32, Rule: ruleTritonReduce}, true
		}
		return promote.OpDecision{DType: d, Rule: ruleTritonReduce}, true
	case promote.OpArgmax:
		return promote.OpDecision{DType: dtype.I32, Rule: ruleTritonArg}, true
	}
	return promote.OpDecision{}, false
}

// tritonDot types tl.dot(a, b).
func tritonDot(a, b dtype.DType) promote.OpDecision {
	if a != b && !(isTritonFP8(a) && isTritonFP8(b)) {
		return promote.OpRefuse(ruleTritonDot, "Both operands must be same dtype. Got %s and %s", tritonName(a), tritonName(b))
	}
	switch d := a; {
	case d == dtype.I8:
		return promote.OpDecision{DType: dtype.I32, Rule: ruleTritonDot}
	case d == dtype.U8:
		return promote.OpRefuse(ruleTritonDot, "only int8 supported!")
	case d == dtype.F32 || d == dtype.BF16:
		return promote.OpDecision{DType: dtype.F32, Rule: ruleTritonDot}
	case d == dtype.F64:
		return promote.OpDecision{DType: dtype.F64, Rule: ruleTritonDot}
	case d == dtype.F16 || isTritonFP8(d):
		return promote.OpDecision{DType: dtype.F32, Rule: ruleTritonDot}
	}
	return promote.OpRefuse(ruleTritonDot, "dot does not support %s operands", tritonName(a))
}
