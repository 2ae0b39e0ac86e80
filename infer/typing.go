package infer

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/pytorch"
)

// This file is the per-system op typing table: what an operation does to
// the dtype and weakness its operands promote to. Binary promotion itself
// is the rule set's (promote.Rules.Result); these rules say what each
// system's operations do around it. Where a spec is silent the rule's
// text says "promote's choice".

// Sources of the op typing rules.
const (
	srcAnvilOps  = "../shared/reference/anvil/rules.md \"How an op applies it\"; r-xla/anvil@ef9f93aa R/api.R, R/primitives.R"
	srcTorchOps  = "../shared/reference/pytorch/rules.md §3 (op-level behaviour); pytorch/pytorch aten/src/ATen/native/{BinaryOps,UnaryOps,ReduceOps}.cpp"
	srcNumPyOps  = "numpy/numpy@1f90bbb5 numpy/_core/code_generators/generate_umath.py (ufunc loops, chosen by safe casting), numpy/_core/_methods.py"
	srcJAXOps    = "../shared/reference/jax/rules.md §4, §6 (to_inexact_dtype); jax-ml/jax@cec06d11 jax/_src/numpy/{ufuncs,reductions}.py (promote_dtypes_inexact, _promote_integer_dtype)"
	srcTFOps     = "tensorflow/tensorflow python/ops/math_ops.py (_TRUEDIV_TABLE, reduce_sum, reduce_mean, argmax), python/ops/weak_tensor_ops.py"
	srcArrayOps  = "data-apis/array-api@8884c406 spec/2024.12/API_specification/elementwise_functions.rst, statistical_functions.rst, searching_functions.rst"
	srcStableHLO = "openxla/stablehlo docs/spec.md (divide, exponential, negate: integer or floating-point element types)"
	srcChoice    = "promote's choice (no spec covers it); documented in docs/infer.md"
)

func rule(id, text, src string) *promote.Rule { return &promote.Rule{ID: id, Text: text, Source: src} }

// Generic rules, shared by every system.
var (
	ruleInput        = rule("input", "a program input: the operand as the rule set sees it alone", "promote batch contract (one operand gives its own type)")
	ruleKeep         = rule("elementwise", "an elementwise function keeps its operand's dtype, weakness and shape", srcChoice)
	ruleAbsCplx      = rule("abs-complex", "abs of a complex operand is real, of the same precision (c32->f16, c64->f32, c128->f64)", "numpy, torch, jax and tf.math.abs documentation (abs of complex gives its magnitude)")
	ruleReduce       = rule("reduce", "a full reduction (max, min) keeps the dtype and weakness and gives rank 0", srcChoice)
	ruleCompare      = rule("comparison", "a comparison promotes its operands (the promotion must succeed) and gives bool, never weak", "../shared/reference/pytorch/rules.md §3; numpy comparison ufuncs (??->?); jax: bool is never weak (rules.md §4)")
	ruleConvert      = rule("convert", "convert(x, DTYPE) gives DTYPE, never weak; the shape is x's", "nv_convert, astype, .to(), tf.cast, lax.convert_element_type")
	ruleBitwise      = rule("bitwise", "& | ^ need bool or integer operands after promotion", "Python, numpy bitwise ufuncs, torch bitwise ops, jax bitwise ops, stablehlo and/or/xor")
	ruleModCplx      = rule("mod-complex", "% is not defined for complex operands", "Python (complex has no %), numpy remainder, torch remainder, jnp.remainder")
	ruleFloorDivCplx = rule("floordiv-complex", "// (floor division) is not defined for complex operands", "Python language reference 6.7 (complex has no //); numpy floor_divide, torch floor_divide, jnp.floor_divide have no complex version")
	ruleNegBool      = rule("neg-bool", "negation of bool is refused", "torch neg, numpy negative, jnp.negative, tf.negative and stablehlo negate have no bool version")
	ruleFloorCx      = rule("floor-complex", "floor and ceil are not defined for complex operands", "numpy floor/ceil ufuncs, torch, jnp, tf.math")
	ruleMatLit       = rule("matmul-literal", "matmul takes tensors, not host scalars", "numpy matmul (scalars not allowed), torch.matmul, jnp.matmul")
	ruleArgmax       = rule("argmax", "argmax gives the system's index dtype, never weak, rank 0", srcChoice)
	ruleHostLit      = rule("host-literal", "an operation on host literals only is evaluated by the host language and stays a host scalar (Python: bool+bool is int, int/int is float, comparisons give bool)", "Python language reference, 6. Expressions (arithmetic conversions)")
	ruleCallLit      = rule("literal-as-array", "a host literal passed to a function becomes an array of the type the rule set gives it alone", srcChoice)
)

// System-specific rules.
var (
	ruleTorchDiv    = rule("pytorch-true-div", "true division of integral or bool operands gives the default float dtype", srcTorchOps+" (div_true_kernel: promote_integer_inputs_to_float)")
	ruleTorchFloat  = rule("pytorch-float-func", "a floating-point function of integral or bool input gives the default float dtype", srcTorchOps+" (unary float ops: promote_integer_inputs_to_float)")
	ruleTorchSum    = rule("pytorch-sum", "sum of integral or bool input gives int64", "torch.sum documentation; aten ReduceOps.cpp get_dtype_from_self(promote_integers=true)")
	ruleTorchMean   = rule("pytorch-mean", "mean needs a floating point or complex input", "aten/src/ATen/native/ReduceOps.cpp mean_dtype_out (could not infer output dtype)")
	ruleTorchArg    = rule("pytorch-argmax", "argmax gives int64", "torch.argmax documentation (LongTensor indices)")
	ruleTorchMatmul = rule("pytorch-matmul", "matmul does not promote: both operands must have the same dtype", "aten/src/ATen/native/LinearAlgebra.cpp (addmm_impl_cpu_: expected m1 and m2 to have the same dtype)")
	ruleTorchWhere  = rule("pytorch-where-cond", "where's condition must be a bool tensor", "aten/src/ATen/native/TensorCompare.cpp where (expected condition to be a boolean tensor)")
	ruleIntNegPow   = rule("int-negative-power", "an integer raised to a negative integer literal is refused", "torch pow, numpy power (Integers to negative integer powers are not allowed.)")

	ruleNumPyDiv   = rule("numpy-true-div", "true_divide of bool or integer operands resolves to the float64 loop", srcNumPyOps+" (true_divide: integer loops are dd->d)")
	ruleNumPyFloat = rule("numpy-float-func", "a float ufunc of bool or integer input uses the first float loop the input casts to safely: bool, int8, uint8 give float16; int16, uint16 float32; wider integers float64", srcNumPyOps)
	ruleNumPySum   = rule("numpy-sum", "sum of bool or an integer narrower than the default integer gives int64 (signed, bool) or uint64 (unsigned)", srcNumPyOps+" (add.reduce uses the default integer for small integers)")
	ruleNumPyMean  = rule("numpy-mean", "mean of bool or integers gives float64; float16 stays float16", srcNumPyOps+" (_mean: dtype float64 for integer input)")
	ruleNumPyArg   = rule("numpy-argmax", "argmax gives intp (int64)", "numpy argmax documentation (array of indices, intp)")

	ruleJAXInexact = rule("jax-inexact", "an operation that needs an inexact type converts the promoted dtype with to_inexact_dtype (bool and integers up to 32 bits -> float32, 64-bit integers -> float64, canonicalised with x64 off) and keeps the weak type", srcJAXOps)
	ruleJAXSum     = rule("jax-sum", "sum of bool or an integer narrower than the default integer gives the default int (signed, bool) or uint (unsigned): int32/uint32 with x64 off, int64/uint64 with x64 on; the weak type is kept", srcJAXOps)
	ruleJAXArg     = rule("jax-argmax", "argmax gives the default int (int32 with x64 off, int64 with x64 on)", "jax-ml/jax@cec06d11 jax/_src/numpy/reductions.py (argmax: canonicalised int_)")
	ruleJAXWeak    = rule("jax-weak-keep", "a unary operation or reduction keeps its operand's weak type", "jax-ml/jax@cec06d11 jax/_src/lax/lax.py (_standard_weak_type_rule: weak iff all inputs weak)")

	ruleTFDiv   = rule("tensorflow-truediv", "/ is truediv: int8, uint8, int16, uint16 give float32; int32, uint32, int64, uint64 float64; bool is refused; weakness is kept", srcTFOps)
	ruleTFFloat = rule("tensorflow-float-func", "a floating-point function refuses integer and bool input", "tensorflow/core/ops/math_ops.cc (UnaryFloat ops: T in {bfloat16, half, float, double, complex64, complex128})")
	ruleTFBool  = rule("tensorflow-reduce-bool", "sum and mean refuse bool input", "tensorflow/core/ops/math_ops.cc (Sum, Mean: T is a numeric type)")
	ruleTFArg   = rule("tensorflow-argmax", "argmax gives int64 (output_type default)", "tf.math.argmax documentation")

	ruleArrayDiv   = rule("array-api-true-div", "/ of integer operands is implementation-dependent and of bool undefined: refused", srcArrayOps+" (divide)")
	ruleArrayFloat = rule("array-api-float-func", "the standard defines this function for floating-point input only: integer and bool input refused", srcArrayOps)
	ruleArraySum   = rule("array-api-sum", "sum of bool or a signed integer gives the default integer (int64); of an unsigned integer the unsigned integer of the same width (uint64)", srcArrayOps+" (sum)")
	ruleArrayMean  = rule("array-api-mean", "mean needs a real floating-point input", srcArrayOps+" (mean)")
	ruleArrayArg   = rule("array-api-argmax", "argmax gives the default array index dtype (int64)", srcArrayOps+" (argmax)")

	ruleAnvilDiv    = rule("anvil-div", "nv_div keeps the promoted dtype (i32 / i32 is i32) and its ambiguity; bool is refused", srcAnvilOps+"; "+srcStableHLO)
	ruleAnvilFloat  = rule("anvil-float-func", "exp, log, sqrt, sin, cos, tanh need a floating-point operand (stablehlo)", srcStableHLO)
	ruleAnvilUnary  = rule("anvil-unary", "a unary primitive keeps its operand's dtype and ambiguity", srcAnvilOps+" (Unary primitives)")
	ruleAnvilReduce = rule("anvil-reduce", "a reduction (reduce_sum, reduce_max, reduce_min) keeps dtype and ambiguity", srcAnvilOps+" (Unary primitives: the reduce family)")
	ruleAnvilMean   = rule("anvil-mean", "nv_mean divides reduce_sum by nelts, an R double (an f32? literal): an integer mean is f32 and ambiguous", srcAnvilOps+" (nv_mean)")
	ruleAnvilCmp    = rule("anvil-comparison", "a comparison gives bool, ambiguous iff both operands are ambiguous", srcAnvilOps+" (Comparisons)")
	ruleAnvilArg    = rule("anvil-argmax", "argmax gives a known i32 (never ambiguous); i32 is promote's choice of index dtype", srcAnvilOps+" (Outputs that are never ambiguous)")
	ruleAnvilMatmul = rule("anvil-matmul", "prim_dot_general (nv_matmul) promotes its operands and is never ambiguous", srcAnvilOps+" (Outputs that are never ambiguous)")
	ruleAnvilConcat = rule("anvil-concat", "nv_concatenate promotes to the common type; the output is ambiguous iff every operand is ambiguous after conversion (converted operands take the common ambiguity)", srcAnvilOps+" (prim_concatenate, nv_promote_to_common)")
	ruleAnvilConv   = rule("anvil-convert", "nv_convert is never ambiguous", srcAnvilOps+" (prim_convert)")

	ruleKFArg = rule("kernel-float-argmax", "kernel_float has no argmax reduction", "KernelTuner/kernel_float@f4e2d65 include/kernel_float/reduce.h")

	ruleCANNFloat = rule("cann-float", "division and floating-point functions of integer or bool input give float32 (aclnnDiv, aclnnExp, ...: integer inputs are computed as FLOAT)", srcChoice+"; hicann/ops-math aclnn op docs")
	ruleCANNArg   = rule("cann-argmax", "aclnnArgMax gives int64", "hicann/ops-math aclnnArgMax documentation")
	ruleOVArg     = rule("openvino-argmax", "argmax (TopK indices as the PyTorch frontend builds it) gives int64", "openvinotoolkit/openvino src/frontends/pytorch/src/op/argmax_argmin.cpp")
	ruleOVLit     = rule("openvino-literal", "a Python literal reaches OpenVINO as a rank-0 Constant: int as i64, float as f32, bool as boolean; complex has no element type", srcChoice+"; ../shared/reference/openvino/algorithm.md §7 (the PyTorch frontend makes scalars rank-0 Constants)")
)

// Ordering comparisons (< <= > >=) of complex operands. Python refuses
// them (complex has no order), and so do PyTorch, TensorFlow and the
// Array API; NumPy and JAX order complex numbers lexicographically (real
// part, then imaginary part) and give bool.
var (
	ruleCxOrder      = rule("complex-order", "an ordering comparison (< <= > >=) of complex operands is refused: complex numbers have no order", "Python language reference 6.10.1 (complex numbers do not support order comparisons); "+srcChoice+" for a rule set whose system's comparisons are not known")
	ruleTorchCxOrder = rule("pytorch-complex-order", "lt, le, gt and ge have no complex kernels: an ordering comparison of complex operands is refused", "pytorch/pytorch aten/src/ATen/native/cpu/BinaryOpsKernel.cpp (lt_kernel, le_kernel, gt_kernel, ge_kernel dispatch over all types but complex)")
	ruleTFCxOrder    = rule("tensorflow-complex-order", "Less, LessEqual, Greater and GreaterEqual take real number types only", "tensorflow/tensorflow tensorflow/core/ops/math_ops.cc (COMPARISON(): Attr T: realnumbertype)")
	ruleArrayCxOrder = rule("array-api-complex-order", "the standard leaves the inequality comparison of complex numbers unspecified (implementation-dependent): refused", "data-apis/array-api src/array_api_stubs/_2024_12/elementwise_functions.py (less, less_equal, greater, greater_equal: real-valued data types; complex ordering implementation-dependent)")
	ruleNumPyCxOrder = rule("numpy-complex-order", "less, less_equal, greater and greater_equal have complex loops that order lexicographically (real part, then imaginary part): the result is bool", srcNumPyOps+" (less, greater, ...: TD(inexact) loops with out='?'; inexact includes complex)")
	ruleJAXCxOrder   = rule("jax-complex-order", "jnp.less and the other ordering comparisons compare complex operands lexicographically (real part, then imaginary part): the result is bool, never weak", "jax-ml/jax jax/_src/numpy/ufuncs.py (_complex_comparison)")
	ruleCANNCxOrder  = rule("cann-complex-order", "an ordering comparison of complex operands is refused, as PyTorch (whose frontend torch_npu drives CANN) refuses it", srcChoice+"; pytorch/pytorch aten/src/ATen/native/cpu/BinaryOpsKernel.cpp")
)

// torchCmpNames and tfCmpNames name the ordering comparisons in each
// system's messages, indexed from OpLt.
var (
	torchCmpNames = [...]string{"lt", "le", "gt", "ge"}
	tfCmpNames    = [...]string{"Less", "LessEqual", "Greater", "GreaterEqual"}
)

// orderComplex types an ordering comparison (op is < <= > or >=) whose
// operands promote to the complex dtype d.
func (s *system) orderComplex(op Op, d dtype.DType) decision {
	k := op - OpLt
	switch s.id {
	case sysNumPy:
		return decision{dt: dtype.Bool, rule: ruleNumPyCxOrder}
	case sysJAX:
		return decision{dt: dtype.Bool, rule: ruleJAXCxOrder}
	case sysPyTorch:
		return refuse(ruleTorchCxOrder, "%q not implemented for '%s'", torchCmpNames[k]+"_cpu", torchName(d))
	case sysCANN:
		return refuse(ruleCANNCxOrder, "%s of %s operands is refused (PyTorch has no complex %s)", op, d, torchCmpNames[k])
	case sysTensorFlow:
		return refuse(ruleTFCxOrder, "%s takes a real number type, not %s", tfCmpNames[k], tfName(d))
	case sysArrayAPI:
		return refuse(ruleArrayCxOrder, "%s of %s operands is implementation-dependent in the standard", op, d)
	}
	return refuse(ruleCxOrder, "'%s' is not supported between complex operands (%s)", op, d)
}

// decision is what the op typing table gives: a dtype and weakness with
// the rule, or (msg != "") a refusal.
type decision struct {
	dt   dtype.DType
	weak bool
	rule *promote.Rule
	msg  string
	// err is a refusal by the rule set itself (a Result the op typing
	// asked for), reported as the rule set gave it.
	err error
}

// failed reports whether d is a refusal.
func (d decision) failed() bool { return d.msg != "" || d.err != nil }

// fromResult is the decision of a Result the op typing asked the rule
// set for, with rule r in place of the promotion's own rule.
func fromResult(res promote.Result, err error, r *promote.Rule) decision {
	if err != nil {
		return decision{err: err}
	}
	return decision{dt: res.DType, weak: res.Weak, rule: r}
}

func refuse(r *promote.Rule, format string, args ...any) decision {
	return decision{rule: r, msg: fmt.Sprintf(format, args...)}
}

func isIntOrBool(d dtype.DType) bool { return d == dtype.Bool || d.IsInteger() }

// torchName is PyTorch's ScalarType name for error messages.
func torchName(d dtype.DType) string {
	if n := pytorch.ScalarTypeName(d); n != "" {
		return n
	}
	return d.String()
}

// toInexact is JAX's to_inexact_dtype followed by canonicalisation
// (rules.md §6): bool and integers up to 32 bits give float32, 64-bit
// integers float64; inexact types are kept.
func (s *system) toInexact(d dtype.DType) dtype.DType {
	if !isIntOrBool(d) {
		return d
	}
	if d.Bits() == 64 {
		return s.canon(dtype.F64)
	}
	return dtype.F32
}

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

// trueDiv types a / b, given the dtype and weakness a and b promote to.
func (s *system) trueDiv(d dtype.DType, weak bool) decision {
	if !isIntOrBool(d) {
		return decision{dt: d, weak: weak}
	}
	switch s.id {
	case sysPyTorch:
		return decision{dt: s.defaultFloat, rule: ruleTorchDiv}
	case sysNumPy:
		return decision{dt: dtype.F64, rule: ruleNumPyDiv}
	case sysJAX:
		return decision{dt: s.toInexact(d), weak: weak, rule: ruleJAXInexact}
	case sysTensorFlow:
		switch {
		case d == dtype.Bool:
			return refuse(ruleTFDiv, "TypeError: Invalid dtype <dtype: 'bool'> in __truediv__")
		case d.Bits() <= 16:
			return decision{dt: dtype.F32, weak: weak, rule: ruleTFDiv}
		}
		return decision{dt: dtype.F64, weak: weak, rule: ruleTFDiv}
	case sysArrayAPI:
		return refuse(ruleArrayDiv, "divide of %s operands is not specified by the standard (implementation-dependent for integers)", d)
	case sysAnvil:
		if d == dtype.Bool {
			return refuse(ruleAnvilDiv, "stablehlo.divide has no bool (i1) version")
		}
		return decision{dt: d, weak: weak, rule: ruleAnvilDiv}
	case sysCANN:
		return decision{dt: dtype.F32, rule: ruleCANNFloat}
	}
	return decision{dt: d, weak: weak}
}

// floatFunc types exp, log, sqrt, sin, cos and tanh of d.
func (s *system) floatFunc(op Op, d dtype.DType, weak bool) decision {
	if !isIntOrBool(d) {
		return decision{dt: d, weak: weak, rule: ruleKeep}
	}
	switch s.id {
	case sysPyTorch:
		return decision{dt: s.defaultFloat, rule: ruleTorchFloat}
	case sysNumPy:
		return decision{dt: numpyFloatLoop(d), rule: ruleNumPyFloat}
	case sysJAX:
		return decision{dt: s.toInexact(d), weak: weak, rule: ruleJAXInexact}
	case sysTensorFlow:
		return refuse(ruleTFFloat, "Value passed to parameter 'x' has DataType %s not in list of allowed values: bfloat16, float16, float32, float64, complex64, complex128", tfName(d))
	case sysArrayAPI:
		return refuse(ruleArrayFloat, "%s is specified for floating-point input, not %s", op, d)
	case sysAnvil:
		return refuse(ruleAnvilFloat, "%s needs a floating-point operand, not %s", op, d)
	case sysCANN:
		return decision{dt: dtype.F32, rule: ruleCANNFloat}
	}
	return decision{dt: d, weak: weak, rule: ruleKeep}
}

// sum types sum(x) of d.
func (s *system) sum(d dtype.DType, weak bool) decision {
	keep := decision{dt: d, weak: weak, rule: ruleReduce}
	switch s.id {
	case sysPyTorch:
		if isIntOrBool(d) {
			return decision{dt: dtype.I64, rule: ruleTorchSum}
		}
	case sysNumPy, sysArrayAPI:
		r := ruleNumPySum
		if s.id == sysArrayAPI {
			r = ruleArraySum
		}
		switch {
		case d == dtype.Bool || d.IsSigned() && d.Bits() < 64:
			return decision{dt: dtype.I64, rule: r}
		case d.IsUnsigned() && d.Bits() < 64:
			return decision{dt: dtype.U64, rule: r}
		}
	case sysJAX:
		di, du := s.canon(dtype.I64), s.canon(dtype.U64)
		switch {
		case d == dtype.Bool || d.IsSigned() && d.Bits() < di.Bits():
			return decision{dt: di, weak: weak && d != dtype.Bool, rule: ruleJAXSum}
		case d.IsUnsigned() && d.Bits() < du.Bits():
			return decision{dt: du, weak: weak, rule: ruleJAXSum}
		}
		keep.rule = ruleJAXWeak
	case sysTensorFlow:
		if d == dtype.Bool {
			return refuse(ruleTFBool, "Value for attr 'T' of bool is not in the list of allowed values")
		}
	case sysAnvil:
		keep.rule = ruleAnvilReduce
	}
	return keep
}

// mean types mean(x) of d (anvil's is typed by the engine, through the
// rule set).
func (s *system) mean(d dtype.DType, weak bool) decision {
	if !isIntOrBool(d) {
		if s.id == sysArrayAPI && d.IsComplex() {
			return refuse(ruleArrayMean, "mean is specified for real floating-point input, not %s", d)
		}
		return decision{dt: d, weak: weak, rule: ruleReduce}
	}
	switch s.id {
	case sysPyTorch:
		return refuse(ruleTorchMean, "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: %s", torchName(d))
	case sysNumPy:
		return decision{dt: dtype.F64, rule: ruleNumPyMean}
	case sysJAX:
		return decision{dt: s.toInexact(d), weak: weak, rule: ruleJAXInexact}
	case sysTensorFlow:
		if d == dtype.Bool {
			return refuse(ruleTFBool, "Value for attr 'T' of bool is not in the list of allowed values")
		}
	case sysArrayAPI:
		return refuse(ruleArrayMean, "mean is specified for real floating-point input, not %s", d)
	}
	return decision{dt: d, weak: weak, rule: ruleReduce}
}

// argmax gives the index dtype of argmax.
func (s *system) argmax() decision {
	switch s.id {
	case sysPyTorch:
		return decision{dt: dtype.I64, rule: ruleTorchArg}
	case sysNumPy:
		return decision{dt: dtype.I64, rule: ruleNumPyArg}
	case sysJAX:
		return decision{dt: s.canon(dtype.I64), rule: ruleJAXArg}
	case sysTensorFlow:
		return decision{dt: dtype.I64, rule: ruleTFArg}
	case sysArrayAPI:
		return decision{dt: dtype.I64, rule: ruleArrayArg}
	case sysAnvil:
		return decision{dt: dtype.I32, rule: ruleAnvilArg}
	case sysKernelFloat:
		return refuse(ruleKFArg, "kernel_float has no argmax")
	case sysCANN:
		return decision{dt: dtype.I64, rule: ruleCANNArg}
	case sysOpenVINO:
		return decision{dt: dtype.I64, rule: ruleOVArg}
	}
	return decision{dt: dtype.I64, rule: ruleArgmax}
}

// negBool is the refusal of -x for a bool x, in the system's words.
func (s *system) negBool() decision {
	switch s.id {
	case sysPyTorch:
		return refuse(ruleNegBool, "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
	case sysNumPy:
		return refuse(ruleNegBool, "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.")
	}
	return refuse(ruleNegBool, "negation of a bool operand is not supported")
}

// unaryRule is the rule for an elementwise function that keeps its type.
func (s *system) unaryRule() *promote.Rule {
	switch s.id {
	case sysAnvil:
		return ruleAnvilUnary
	case sysJAX:
		return ruleJAXWeak
	}
	return ruleKeep
}

// tfName is TensorFlow's dtype name.
func tfName(d dtype.DType) string {
	switch d {
	case dtype.F16:
		return "float16"
	case dtype.BF16:
		return "bfloat16"
	}
	if d.IsInteger() || d == dtype.Bool || d.IsFloat() || d.IsComplex() {
		return numpyName(d)
	}
	return d.String()
}

// numpyName spells d as NumPy does (int32, float64, complex128, bool;
// float128 and complex256 for f80 and c160, named by their storage).
func numpyName(d dtype.DType) string {
	switch {
	case d == dtype.Bool:
		return "bool"
	case d == dtype.BC32:
		return "bcomplex32" // ml_dtypes' name
	case d.IsSigned():
		return fmt.Sprintf("int%d", d.Bits())
	case d.IsUnsigned():
		return fmt.Sprintf("uint%d", d.Bits())
	case d.IsFloat():
		return fmt.Sprintf("float%d", d.StorageBits())
	case d.IsComplex():
		return fmt.Sprintf("complex%d", d.StorageBits())
	}
	return d.String()
}
