package infer

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/triton"
)

// Op typing of the kernel languages: Triton's triton.language and TVM's
// TIR. Each rule cites the op-typing section of the rule set's spec,
// which cites the system's source.

const (
	codeTriton   = "triton-lang/triton@0c2e95d python/triton/language/semantic.py"
	codeTritonSt = "triton-lang/triton python/triton/language/standard.py (stored copies)"
	specTriton   = "rules/triton/spec.md §7"
	codeTVM      = "apache/tvm@5d4dc87 src/tirx/op/op.cc, python/tvm/tirx/expr.py"
	specTVM      = "rules/tvm/spec.md §7"
)

var (
	ruleTritonDiv      = rule("triton-truediv", "/ (truediv) promotes with div_or_mod to P, then computes in fp32 when P is an integer (int1 included) and in P otherwise", cite(codeTriton, "(truediv)", specTriton))
	ruleTritonFloorDiv = rule("triton-floordiv", "// (floordiv) promotes with div_or_mod; both operands must be integers; the result is integer_promote_impl's type", cite(codeTriton, "(floordiv)", specTriton))
	ruleTritonMod      = rule("triton-mod", "% (mod) promotes with div_or_mod; the result is that type (frem for floats, srem or urem for integers)", cite(codeTriton, "(mod)", specTriton))
	ruleTritonPow      = rule("triton-no-pow", "triton.language.tensor has no ** operator (core.py defines no __pow__); pow is a libdevice function", "triton-lang/triton python/triton/language/core.py (class tensor: __add__ to __mod__, then the unary operators)")
	ruleTritonNeg      = rule("triton-neg", "unary - keeps the dtype (fneg for floats, 0 - x for integers)", cite(codeTriton, "(minus)", specTriton))
	ruleTritonAbs      = rule("triton-abs", "abs keeps the dtype", "triton-lang/triton@035f6eb python/triton/language/math.py (abs); rules/triton/spec.md §7")
	ruleTritonMath     = rule("triton-math", "exp, log, sqrt, sin, cos and floor need fp32 or fp64 input (_check_dtype) and keep it; ceil is read as floor is (promote's choice: it stands beside floor among the math ops)", "triton-lang/triton@035f6eb python/triton/language/math.py (_check_dtype); rules/triton/spec.md §7")
	ruleTritonNoFunc   = rule("triton-no-func", "triton.language has no tanh, no round and no mean (tanh and round are libdevice functions)", "triton-lang/triton docs/python-api/triton.language.rst (Math Ops, Reduction Ops)")
	ruleTritonSum      = rule("triton-sum", "sum: signed integers narrower than 32 bits give int32, unsigned ones (int1 included) uint32; other dtypes are kept", cite(codeTritonSt, "(_pick_sum_dtype)", specTriton))
	ruleTritonReduce   = rule("triton-max-min", "max and min (without indices) move bf16 and every float narrower than 32 bits to fp32, and every integer narrower than 32 bits (int1 included) to int32; this is the stored copies of standard.py, and what PR #11473 left at main is not confirmed", cite(codeTritonSt, "(max, min)", specTriton))
	ruleTritonArg      = rule("triton-argmax", "argmax gives int32: the index of _reduce_with_indices, built from arange", cite(codeTritonSt, "(argmax); python/triton/language/core.py _reduce_with_indices", specTriton))
	ruleTritonDot      = rule("triton-dot", "matmul is tl.dot, which does not promote: both operands must have one dtype among int8, uint8, fp16, bf16, fp32 and fp64 (any two fp8 types may meet); int8 gives int32, fp32 and bf16 fp32, fp64 fp64, fp16 and the fp8 types out_dtype, fp32 by default; uint8 is refused", cite(codeTriton, "(dot)", specTriton))
	ruleTritonCat      = rule("triton-cat", "concat is tl.cat, which does not promote: the result takes the first operand's type (a stored class-form copy of semantic.py; not confirmed for main)", cite(codeTriton, "(cat)", specTriton))

	ruleTVMDiv    = rule("tvm-div", "/ of two signed integers (a Python int, or a kDLInt dtype) is refused, since TIR has several integer divisions; otherwise / is div, of the promoted dtype (uint32 / uint32 is uint32)", cite(codeTVM, "(ExprOp.__truediv__, _dtype_is_int)", specTVM))
	ruleTVMIntDiv = rule("tvm-floordiv", "// (floordiv) and % (floormod) need integer operands (kDLInt or kDLUInt): floats and bool fail an ICHECK; the result is the promoted dtype", cite(codeTVM, "(floordiv, floormod)", specTVM))
	ruleTVMPow    = rule("tvm-pow", "** (pow) needs an IEEE float promoted dtype", cite(codeTVM, "(pow); tests/python/tirx-base/test_tir_ops.py verify_callop_float_only", specTVM))
	ruleTVMBit    = rule("tvm-bitwise", "& | ^ with a Python int give the other operand's dtype (MakeConst); integers (and bool) only", cite(codeTVM, "(DEF_MAKE_BIT_OP)", specTVM))
	ruleTVMMath   = rule("tvm-math", "exp, log and sqrt keep the dtype, integers too (no input check; bfloat16 is computed in float32 and cast back)", "apache/tvm@5d4dc87 include/tvm/tirx/op.h (TVM_DECLARE_INTRIN_UNARY); rules/tvm/spec.md §7")
	ruleTVMTrig   = rule("tvm-trig", "tanh, sin and cos need a floating-point input (kDLFloat or bfloat16) and keep it", cite(codeTVM, "(CheckMathUnaryOpInputDType)", specTVM))
	ruleTVMNeg    = rule("tvm-neg", "-x is x * const(-1, x.dtype): x's dtype; -1 is no constant of an unsigned or bool dtype", cite(codeTVM, "(ExprOp.__neg__); src/ir/expr.cc IntImm (by reading)", specTVM))
	ruleTVMReduce = rule("tvm-reduce", "sum, max and min (comm reducers) keep the input dtype", cite(codeTVM, "(sum, max, min)", specTVM))
	ruleTVMNotTIR = rule("tvm-not-tir", "argmax, mean, matmul and concat are not TIR scalar operations (they are Relax's or TOPI's)", "rules/tvm/spec.md §7")
	ruleTVMCond   = rule("tvm-if-then-else", "where is if_then_else, whose condition must be bool; the branches promote", cite(codeTVM, "(if_then_else); tests/python/tirx-base/test_tir_ops.py test_if_then_else", specTVM))
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

// tritonDivMod is computation_type_impl on the path of /, // and %.
func (in *Inferer) tritonDivMod(ts *Types, a, b *tval) (promote.Result, error) {
	return triton.ComputationType(in.r, in.operand(ts, a), in.operand(ts, b), true)
}

func (in *Inferer) tritonBinary(op Op, res promote.Result) (decision, bool) {
	p := res.DType
	switch op {
	case OpDiv:
		if isIntOrBool(p) {
			return decision{dt: dtype.F32, rule: ruleTritonDiv}, true
		}
		return decision{dt: p, rule: ruleTritonDiv}, true
	case OpFloorDiv:
		if !isIntOrBool(p) {
			return refuse(ruleTritonFloorDiv, "TypeError: unexpected type %s", tritonName(p)), true
		}
		return decision{dt: p, rule: ruleTritonFloorDiv}, true
	case OpMod:
		return decision{dt: p, rule: ruleTritonMod}, true
	case OpPow:
		return refuse(ruleTritonPow, "triton.language.tensor has no ** operator; use libdevice's pow"), true
	}
	return decision{}, false
}

func (in *Inferer) tritonUnary(op Op, a *tval) (decision, bool) {
	d := a.dt
	switch op {
	case OpNeg:
		return decision{dt: d, rule: ruleTritonNeg}, true
	case OpAbs:
		return decision{dt: d, rule: ruleTritonAbs}, true
	case OpExp, OpLog, OpSqrt, OpSin, OpCos, OpFloor, OpCeil:
		if d != dtype.F32 && d != dtype.F64 {
			return refuse(ruleTritonMath, "ValueError: Expected dtype ['fp32', 'fp64'] but got %s", tritonName(d)), true
		}
		return decision{dt: d, rule: ruleTritonMath}, true
	case OpTanh, OpRound, OpMean:
		return refuse(ruleTritonNoFunc, "triton.language has no %s", op), true
	case OpSum:
		switch {
		case d.IsSigned() && d.Bits() < 32:
			return decision{dt: dtype.I32, rule: ruleTritonSum}, true
		case (d == dtype.Bool || d.IsUnsigned()) && d.Bits() < 32:
			return decision{dt: dtype.U32, rule: ruleTritonSum}, true
		}
		return decision{dt: d, rule: ruleTritonSum}, true
	case OpMax, OpMin:
		switch {
		case d.IsFloat() && d.Bits() < 32:
			return decision{dt: dtype.F32, rule: ruleTritonReduce}, true
		case isIntOrBool(d) && d.Bits() < 32:
			return decision{dt: dtype.I32, rule: ruleTritonReduce}, true
		}
		return decision{dt: d, rule: ruleTritonReduce}, true
	case OpArgmax:
		return decision{dt: dtype.I32, rule: ruleTritonArg}, true
	}
	return decision{}, false
}

// tritonDot types tl.dot(a, b).
func tritonDot(a, b *tval) (decision, bool) {
	if a.dt != b.dt && !(isTritonFP8(a.dt) && isTritonFP8(b.dt)) {
		return refuse(ruleTritonDot, "Both operands must be same dtype. Got %s and %s", tritonName(a.dt), tritonName(b.dt)), true
	}
	switch d := a.dt; {
	case d == dtype.I8:
		return decision{dt: dtype.I32, rule: ruleTritonDot}, true
	case d == dtype.U8:
		return refuse(ruleTritonDot, "only int8 supported!"), true
	case d == dtype.F32 || d == dtype.BF16:
		return decision{dt: dtype.F32, rule: ruleTritonDot}, true
	case d == dtype.F64:
		return decision{dt: dtype.F64, rule: ruleTritonDot}, true
	case d == dtype.F16 || isTritonFP8(d):
		return decision{dt: dtype.F32, rule: ruleTritonDot}, true
	}
	return refuse(ruleTritonDot, "dot does not support %s operands", tritonName(a.dt)), true
}

// TVM (rules/tvm/spec.md §7).

// tvmSignedInt is TVM's _dtype_is_int: a Python int (bool is one in
// Python) or an expression of a signed integer dtype.
func (ts *Types) tvmSignedInt(v *tval) bool {
	if v.flags&flagLit != 0 {
		k := ts.lits[v.aux].Kind
		return k == promote.IntValue || k == promote.BoolValue
	}
	return v.dt.IsSigned()
}

func isIEEEFloat(d dtype.DType) bool { return d == dtype.F16 || d == dtype.F32 || d == dtype.F64 }

func (in *Inferer) tvmBinary(ts *Types, op Op, a, b *tval, res promote.Result) (decision, bool) {
	p := res.DType
	switch {
	case op == OpDiv:
		if ts.tvmSignedInt(a) && ts.tvmSignedInt(b) {
			return refuse(ruleTVMDiv, "RuntimeError: TVM supports multiple types of integer divisions, please call div, indexdiv/indexmod, floordiv/floormod  or truncdiv/truncmod directly to avoid ambiguity in the code."), true
		}
		return decision{dt: p, rule: ruleTVMDiv}, true
	case op == OpFloorDiv || op == OpMod:
		if !p.IsInteger() {
			name := "floordiv"
			if op == OpMod {
				name = "floormod"
			}
			return refuse(ruleTVMIntDiv, "%s needs integer operands (kDLInt or kDLUInt), not %s", name, numpyName(p)), true
		}
		return decision{dt: p, rule: ruleTVMIntDiv}, true
	case op == OpPow:
		if !isIEEEFloat(p) {
			return refuse(ruleTVMPow, "power only applies to float"), true
		}
	case op.isBitwise() && (a.flags^b.flags)&flagLit != 0:
		// One Python literal: MakeConst gives it the other's dtype.
		lit, other := a, b
		if b.flags&flagLit != 0 {
			lit, other = b, a
		}
		if ts.lits[lit.aux].Kind == promote.IntValue {
			if !isIntOrBool(other.dt) {
				return refuse(ruleTVMBit, "%s needs integer or bool operands, not %s", op, numpyName(other.dt)), true
			}
			return decision{dt: other.dt, rule: ruleTVMBit}, true
		}
	}
	return decision{}, false
}

func (in *Inferer) tvmUnary(op Op, a *tval) (decision, bool) {
	d := a.dt
	switch op {
	case OpExp, OpLog, OpSqrt:
		return decision{dt: d, rule: ruleTVMMath}, true
	case OpTanh, OpSin, OpCos:
		if !d.IsFloat() {
			return refuse(ruleTVMTrig, "TypeError: tirx.%s only supports floating-point inputs, but got %s", op, numpyName(d)), true
		}
		return decision{dt: d, rule: ruleTVMTrig}, true
	case OpNeg:
		if d == dtype.Bool || d.IsUnsigned() {
			return refuse(ruleTVMNeg, "-x multiplies by const(-1, %s), which %s cannot hold", numpyName(d), numpyName(d)), true
		}
		return decision{dt: d, rule: ruleTVMNeg}, true
	case OpSum, OpMax, OpMin:
		return decision{dt: d, rule: ruleTVMReduce}, true
	case OpArgmax, OpMean:
		return refuse(ruleTVMNotTIR, "%s is not a TIR scalar operation (it is Relax's or TOPI's)", op), true
	}
	return decision{}, false
}

func tvmWhere(c *tval) (decision, bool) {
	if c.dt != dtype.Bool {
		return refuse(ruleTVMCond, "if_then_else only accept the condition to be boolean type."), true
	}
	return decision{}, false
}
