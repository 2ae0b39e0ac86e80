package infer

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Op typing of the Python systems added after the first nine: Keras 3,
// MLX, PaddlePaddle, MindSpore and tinygrad. Each rule cites the op-typing
// section of the rule set's spec, which cites the system's source.

const (
	codeKeras       = "keras-team/keras@3422977a keras/src/ops/numpy.py, compute_output_spec of"
	specKeras       = "rules/keras/spec.md §9"
	codeMLX         = "ml-explore/mlx@846d1762 mlx/ops.cpp"
	specMLX         = "rules/mlx/spec.md §8"
	srcPaddleOps    = "rules/paddle/spec.md §8"
	srcMindSporeOps = "rules/mindspore/spec.md §8"
	codeTinygrad    = "tinygrad/tinygrad@a9069c17"
	specTinygrad    = "rules/tinygrad/spec.md §7"
)

// cite is a rule's source: the code and what in it, then the spec that
// restates it.
func cite(code, what, spec string) string { return code + " " + what + "; " + spec }

var (
	ruleKerasDiv    = rule("keras-true-div", "/ is result_type(a, b, float): a Python float joins the operands, so integers and bool give float{P} (float32 by default; float16 under floatx float16 or bfloat16; float64 only with floatx float64 on TensorFlow); floats and complex keep the promoted dtype", cite(codeKeras, "Divide, TrueDivide", specKeras))
	ruleKerasMod    = rule("keras-mod", "% is result_type(a, b), except that bool becomes int32", cite(codeKeras, "Mod", specKeras))
	ruleKerasExp    = rule("keras-exp", "exp of an integer or bool is floatx itself (bfloat16 stays bfloat16); other dtypes are kept", cite(codeKeras, "Exp", specKeras))
	ruleKerasFloat  = rule("keras-float-func", "sqrt, log, sin, cos, tanh, floor and ceil of int64 give floatx; of any other dtype result_type(x, float): integers and bool give float{P} (floor and ceil of an integer are floats), floats are kept", cite(codeKeras, "Sqrt, Log, Sin, Cos, Tanh, Floor, Ceil", specKeras))
	ruleKerasSum    = rule("keras-sum", "sum is result_type(x) (so the 64-bit cut applies), then bool, int8 and int16 become int32 and uint8, uint16 uint32; on the torch backend uint32 becomes int32", cite(codeKeras, "Sum", specKeras))
	ruleKerasMean   = rule("keras-mean", "mean of an integer or bool is result_type(x, \"float32\"), float32; floats and complex keep their dtype", cite(codeKeras, "Mean", specKeras))
	ruleKerasArg    = rule("keras-argmax", "argmax gives int32", cite(codeKeras, "Argmax", specKeras))
	ruleKerasMatmul = rule("keras-matmul", "matmul of int8 with int8 gives int32; otherwise result_type(a, b)", cite(codeKeras, "Matmul", specKeras))
	ruleKerasKeep   = rule("keras-keep", "abs, negative, round, max and min keep x's dtype (abs of a complex stays complex in compute_output_spec; not checked against the backends)", cite(codeKeras, "Absolute, Negative, Round, Max, Min", specKeras))

	ruleMLXDiv    = rule("mlx-divide", "divide is at_least_float(promote_types(a, b)): integers and bool give float32 (int64 and uint64 too)", cite(codeMLX, "(divide, at_least_float); python/tests/test_ops.py test_divide", specMLX))
	ruleMLXFloat  = rule("mlx-float-func", "exp, log, sqrt, sin, cos and tanh are at_least_float(x): integers and bool give float32, inexact types are kept", cite(codeMLX, "(exp, log, sqrt, sin, at_least_float)", specMLX))
	ruleMLXRem    = rule("mlx-remainder", "remainder of complex64 is refused", cite(codeMLX, "(remainder); python/tests/test_ops.py test_remainder", specMLX))
	ruleMLXNeg    = rule("mlx-negative", "negative of bool is refused", cite(codeMLX, "(negative)", specMLX))
	ruleMLXFloor  = rule("mlx-floor", "floor and ceil keep the dtype (an integer stays an integer); complex64 is refused", cite(codeMLX, "(floor, ceil)", specMLX))
	ruleMLXSum    = rule("mlx-sum", "sum of signed integers of at most 4 bytes and of bool gives int32, of int64 int64; of unsigned integers of at most 4 bytes uint32, of uint64 uint64; floats and complex keep their dtype", cite(codeMLX, "(sum)", specMLX))
	ruleMLXMean   = rule("mlx-mean", "mean of integers or bool is float32 (sum's dtype times a normalizer of at_least_float(x)); floats keep their dtype", cite(codeMLX, "(mean)", specMLX))
	ruleMLXArg    = rule("mlx-argmax", "argmax gives uint32", cite(codeMLX, "(argmax)", specMLX))
	ruleMLXMatmul = rule("mlx-matmul", "matmul needs an inexact promoted type: integers and bool are refused", cite(codeMLX, "(matmul)", specMLX))

	rulePaddleDiv    = rule("paddle-true-div", "/ of integers or bool gives float32: int / int tensors of one dtype (NeedTypePromotion returns true for divide, GetPromoteDtype gives FLOAT32), and an integer or bool tensor with a Python int or float (tensor__div__method casts the tensor to FLOAT32); int / int of two dtypes is already refused by the promotion", srcPaddleOps+"; paddle/phi/common/type_promotion.h NeedTypePromotion, GetPromoteDtype; paddle/fluid/pybind/eager_math_op_patch.cc")
	rulePaddleCast   = rule("paddle-autocast", "sin, cos, tanh, sqrt, floor and ceil (support_autocast_ops) cast integer input (uint8 to int64, not bool) to float32", srcPaddleOps+"; paddle/phi/common/type_promotion.h NeedTypeAutoCast; PaddlePaddle/Paddle PR #69252")
	rulePaddleSum    = rule("paddle-sum", "sum of bool or int32 gives int64; other dtypes are kept", "paddle.sum documentation (docs/api/paddle/sum_cn: bool and int32 give int64, otherwise the input's dtype)")
	rulePaddleArg    = rule("paddle-argmax", "argmax gives int64 (its dtype argument defaults to 'int64')", srcPaddleOps+" (API default, not verified in the kernel)")
	rulePaddleMatmul = rule("paddle-matmul", "matmul does not promote: operands of two dtypes raise TypeError", srcPaddleOps+"; test/legacy_test/test_tensor_type_promotion.py TestTypePromotionRaiseError.test_static_type_error")
	rulePaddleChoice = rule("paddle-unconfirmed", "exp, log, mean and concat keep the promoted dtype: their typing was not read in Paddle's source (spec §8), so this is promote's choice", srcChoice+"; "+srcPaddleOps)

	ruleMSDiv    = rule("mindspore-div", "/ (ops.div, rounding_mode None) gives the converted dtype, which the documentation calls the one of higher precision or more digits among the inputs; whether integer inputs give a float is not confirmed from source", "mindspore.cn docs r2.0 api_python/ops/mindspore.ops.div (Returns); "+srcMindSporeOps+" (not confirmed)")
	ruleMSChoice = rule("mindspore-unconfirmed", "functions and reductions keep the converted dtype: MindSpore's infer functions for them were not read (spec §8), so this is promote's choice", srcChoice+"; "+srcMindSporeOps)

	ruleTGDiv    = rule("tinygrad-div", "/ whose promoted dtype is an integer or bool casts a to DEFAULT_FLOAT (strong) and multiplies by b's reciprocal: integer or bool division gives DEFAULT_FLOAT, even of two weak ints; otherwise the promoted dtype and weakness", cite(codeTinygrad, "tinygrad/mixin/elementwise.py div; test_div, test_int_div_int", specTinygrad))
	ruleTGFloat  = rule("tinygrad-float-func", "exp, log, sqrt, sin, cos and tanh are least_upper_float(x): a float keeps its dtype and weakness, a weak int becomes a weak float (head), an integer or bool least_upper_dtype(x, DEFAULT_FLOAT)", cite(codeTinygrad, "tinygrad/dtype.py least_upper_float; test_weak_transcendentals", specTinygrad))
	ruleTGSum    = rule("tinygrad-sum", "sum accumulates in sum_acc_dtype and drops weakness: unsigned integers give least_upper_dtype(x, uint32), signed integers and bool least_upper_dtype(x, int32) (a weak int int32), floats keep their dtype (a weak float float32)", cite(codeTinygrad, "tinygrad/dtype.py sum_acc_dtype; test_sum, test_reduce_strips_weakness", specTinygrad))
	ruleTGMean   = rule("tinygrad-mean", "mean of a float keeps its dtype; of an integer or bool it is float32, fixed (not DEFAULT_FLOAT)", cite(codeTinygrad, "tinygrad/mixin/op.py mean; test_mean", specTinygrad))
	ruleTGReduce = rule("tinygrad-reduce", "max and min keep the dtype, made strong", cite(codeTinygrad, "_reduce (strong_dtype)", specTinygrad))
	ruleTGArg    = rule("tinygrad-argmax", "argmax gives int32", cite(codeTinygrad, "tinygrad/mixin/op.py argmax; test_functions_return_index", specTinygrad))
	ruleTGNeg    = rule("tinygrad-neg", "-x of bool is logical_not, a bool; otherwise x * -1: x's dtype and weakness", cite(codeTinygrad, "tinygrad/mixin/elementwise.py neg", specTinygrad))
	ruleTGWhere  = rule("tinygrad-where-cond", "where's condition must be bool", cite(codeTinygrad, "tinygrad/uop/ops.py dtype_from_uop (WHERE)", specTinygrad))
	ruleTGPow    = rule("tinygrad-pow", "x ** y whose promoted dtype is not a float is refused when y is a literal other than a non-negative int", cite(codeTinygrad, "tinygrad/mixin/elementwise.py pow", specTinygrad))
)

// pyName spells d as NumPy does, with ml_dtypes' names for bfloat16 and
// the small floats: the spelling of the Python systems' messages.
func pyName(d dtype.DType) string {
	switch {
	case d == dtype.BF16:
		return "bfloat16"
	case d.IsFloat() && d.Bits() < 16:
		return d.String()
	}
	return numpyName(d)
}

// Keras (rules/keras/spec.md §9).

func (in *Inferer) kerasBinary(ts *Types, op Op, a, b *tval, res promote.Result) (decision, bool) {
	switch op {
	case OpDiv:
		r, err := in.r.Result(in.operand(ts, a), in.operand(ts, b), promote.Float(1))
		return fromResult(r, err, ruleKerasDiv), true
	case OpMod:
		if res.DType == dtype.Bool {
			return decision{dt: dtype.I32, rule: ruleKerasMod}, true
		}
	}
	return decision{}, false
}

func (in *Inferer) kerasUnary(op Op, a *tval) (decision, bool) {
	d := a.dt
	switch op {
	case OpExp:
		if isIntOrBool(d) {
			return decision{dt: in.sys.floatx, rule: ruleKerasExp}, true
		}
		return decision{dt: d, rule: ruleKerasExp}, true
	case OpLog, OpSqrt, OpSin, OpCos, OpTanh, OpFloor, OpCeil:
		switch {
		case d == dtype.I64:
			return decision{dt: in.sys.floatx, rule: ruleKerasFloat}, true
		case isIntOrBool(d):
			r, err := in.r.Result(promote.T(d), promote.Float(1))
			return fromResult(r, err, ruleKerasFloat), true
		case !d.IsComplex():
			return decision{dt: d, rule: ruleKerasFloat}, true
		}
	case OpSum:
		r, err := in.r.Result(promote.T(d))
		if err != nil {
			return decision{err: err}, true
		}
		out := r.DType
		switch out {
		case dtype.Bool, dtype.I8, dtype.I16:
			out = dtype.I32
		case dtype.U8, dtype.U16:
			out = dtype.U32
		}
		if out == dtype.U32 && in.sys.kerasBackend == "torch" {
			out = dtype.I32
		}
		return decision{dt: out, rule: ruleKerasSum}, true
	case OpMean:
		if isIntOrBool(d) {
			return decision{dt: dtype.F32, rule: ruleKerasMean}, true
		}
		return decision{dt: d, rule: ruleKerasMean}, true
	case OpArgmax:
		return decision{dt: dtype.I32, rule: ruleKerasArg}, true
	case OpAbs, OpNeg, OpRound, OpMax, OpMin:
		return decision{dt: d, rule: ruleKerasKeep}, true
	}
	return decision{}, false
}

func (in *Inferer) kerasMatmul(ts *Types, a, b *tval) (decision, bool) {
	if a.dt == dtype.I8 && b.dt == dtype.I8 {
		return decision{dt: dtype.I32, rule: ruleKerasMatmul}, true
	}
	return decision{}, false
}

// MLX (rules/mlx/spec.md §8).

// atLeastFloat is MLX's at_least_float: an inexact d is kept, an integer
// or bool gives float32.
func atLeastFloat(d dtype.DType) dtype.DType {
	if isIntOrBool(d) {
		return dtype.F32
	}
	return d
}

func (in *Inferer) mlxBinary(op Op, res promote.Result) (decision, bool) {
	switch {
	case op == OpDiv && isIntOrBool(res.DType):
		return decision{dt: dtype.F32, rule: ruleMLXDiv}, true
	case op == OpMod && res.DType.IsComplex():
		return refuse(ruleMLXRem, "[remainder] Complex type not supported."), true
	}
	return decision{}, false
}

func (in *Inferer) mlxUnary(op Op, a *tval) (decision, bool) {
	d := a.dt
	switch {
	case op.isFloatFunc():
		return decision{dt: atLeastFloat(d), rule: ruleMLXFloat}, true
	case op == OpNeg && d == dtype.Bool:
		return refuse(ruleMLXNeg, "[negative] Not supported for bool, use logical_not instead."), true
	case (op == OpFloor || op == OpCeil) && d.IsComplex():
		return refuse(ruleMLXFloor, "[%s] Not supported for %s.", op, pyName(d)), true
	case op == OpSum:
		switch {
		case d == dtype.Bool || d.IsSigned() && d.Bits() <= 32:
			return decision{dt: dtype.I32, rule: ruleMLXSum}, true
		case d.IsUnsigned() && d.Bits() <= 32:
			return decision{dt: dtype.U32, rule: ruleMLXSum}, true
		}
		return decision{dt: d, rule: ruleMLXSum}, true
	case op == OpMean:
		return decision{dt: atLeastFloat(d), rule: ruleMLXMean}, true
	case op == OpArgmax:
		return decision{dt: dtype.U32, rule: ruleMLXArg}, true
	}
	return decision{}, false
}

func (in *Inferer) mlxMatmul(ts *Types, a, b *tval) (decision, bool) {
	res, err := in.promote2(ts, a, b)
	if err != nil {
		return decision{err: err}, true
	}
	if isIntOrBool(res.DType) {
		return refuse(ruleMLXMatmul, "[matmul] Only inexact types are supported but %s and %s were provided which results in %s, which is not a floating point type.",
			pyName(a.dt), pyName(b.dt), pyName(res.DType)), true
	}
	return decision{dt: res.DType, rule: res.Rule}, true
}

// PaddlePaddle (rules/paddle/spec.md §8).

func paddleName(d dtype.DType) string { return pyName(d) }

func (in *Inferer) paddleBinary(op Op, res promote.Result) (decision, bool) {
	if op == OpDiv && isIntOrBool(res.DType) {
		return decision{dt: dtype.F32, rule: rulePaddleDiv}, true
	}
	return decision{}, false
}

func (in *Inferer) paddleUnary(op Op, a *tval) (decision, bool) {
	d := a.dt
	switch op {
	case OpSin, OpCos, OpTanh, OpSqrt, OpFloor, OpCeil:
		if d.IsInteger() {
			return decision{dt: dtype.F32, rule: rulePaddleCast}, true
		}
	case OpExp, OpLog, OpMean:
		if isIntOrBool(d) {
			return decision{dt: d, rule: rulePaddleChoice}, true
		}
	case OpSum:
		if d == dtype.Bool || d == dtype.I32 {
			return decision{dt: dtype.I64, rule: rulePaddleSum}, true
		}
		return decision{dt: d, rule: rulePaddleSum}, true
	case OpArgmax:
		return decision{dt: dtype.I64, rule: rulePaddleArg}, true
	}
	return decision{}, false
}

// MindSpore (rules/mindspore/spec.md §8: only comparisons and + - * are
// confirmed).

func (in *Inferer) mindsporeBinary(op Op, res promote.Result) (decision, bool) {
	if op == OpDiv {
		return decision{dt: res.DType, rule: ruleMSDiv}, true
	}
	return decision{}, false
}

func (in *Inferer) mindsporeUnary(op Op, a *tval) (decision, bool) {
	if op.isFloatFunc() || op == OpSum || op == OpMean {
		return decision{dt: a.dt, rule: ruleMSChoice}, true
	}
	return decision{}, false
}

// tinygrad (rules/tinygrad/spec.md §7, head unless stated).

func (in *Inferer) tinygradBinary(ts *Types, op Op, b *tval, res promote.Result) (decision, bool) {
	switch op {
	case OpDiv:
		if isIntOrBool(res.DType) {
			return decision{dt: in.sys.defaultFloat, rule: ruleTGDiv}, true
		}
	case OpPow:
		if !res.DType.IsFloat() && b.flags&flagLit != 0 {
			v := ts.lits[b.aux]
			if !(v.Kind == promote.BoolValue || v.Kind == promote.IntValue && v.Int.Sign() >= 0) {
				return refuse(ruleTGPow, "RuntimeError: base needs to be float"), true
			}
		}
	}
	return decision{}, false
}

func (in *Inferer) tinygradUnary(op Op, a *tval) (decision, bool) {
	d, weak := a.dt, a.flags&flagWeak != 0
	switch {
	case op.isFloatFunc():
		switch {
		case d.IsFloat():
			return decision{dt: d, weak: weak, rule: ruleTGFloat}, true
		case weak && in.sys.tinygradHead:
			return decision{dt: in.sys.defaultFloat, weak: true, rule: ruleTGFloat}, true
		}
		r, err := in.r.Result(promote.T(d), promote.T(in.sys.defaultFloat))
		return fromResult(r, err, ruleTGFloat), true
	case op == OpSum:
		var acc dtype.DType
		switch {
		case d.IsUnsigned():
			acc = dtype.U32
		case isIntOrBool(d):
			acc = dtype.I32
		case weak:
			return decision{dt: dtype.F32, rule: ruleTGSum}, true
		default:
			return decision{dt: d, rule: ruleTGSum}, true
		}
		r, err := in.r.Result(promote.T(d), promote.T(acc))
		return fromResult(r, err, ruleTGSum), true
	case op == OpMean:
		if isIntOrBool(d) {
			return decision{dt: dtype.F32, rule: ruleTGMean}, true
		}
		return decision{dt: d, weak: weak, rule: ruleTGMean}, true
	case op == OpMax || op == OpMin:
		return decision{dt: d, rule: ruleTGReduce}, true
	case op == OpArgmax:
		return decision{dt: dtype.I32, rule: ruleTGArg}, true
	case op == OpNeg:
		return decision{dt: d, weak: weak, rule: ruleTGNeg}, true
	}
	return decision{}, false
}

func tinygradWhere(c *tval) (decision, bool) {
	if c.dt != dtype.Bool {
		return refuse(ruleTGWhere, "RuntimeError: where cond must be bool, got %s", c.dt), true
	}
	return decision{}, false
}
