package keras

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

const (
	srcConfig    = "keras-team/keras@3422977a keras/src/backend/config.py"
	srcVariables = "keras-team/keras@3422977a keras/src/backend/common/variables.py"
)

// The rules of result_type, in the order it applies them (spec.md §4).
var (
	ruleNoOperands = &promote.Rule{ID: "no-operands",
		Text:   "result_type() with no arguments returns floatx itself (no 64-bit cut)",
		Source: srcDtypes + ":311 result_type; dtypes_test.py test_result_type_empty_list"}
	ruleFloat8 = &promote.Rule{ID: "float8",
		Text:   "a float8_e4m3fn or float8_e5m2 argument, even alone, raises ValueError before any promotion",
		Source: srcDtypes + ":315 result_type; dtypes_test.py test_invalid_float8_dtype"}
	ruleInvalid = &promote.Rule{ID: "invalid-dtype",
		Text:   "standardize_dtype raises ValueError for a dtype outside ALLOWED_DTYPES",
		Source: srcVariables + ":573 standardize_dtype; " + srcDtypes + ":27 ALLOWED_DTYPES"}
	ruleOne = &promote.Rule{ID: "one-operand",
		Text:   "a single argument keeps its dtype; a lone Python int or float is weak and resolved by floatx (int32/float32 by default); then the 64-bit cut",
		Source: srcDtypes + ":245 _lattice_result_type"}
	ruleSame = &promote.Rule{ID: "same-dtype",
		Text:   "arguments that all have one dtype, not all of them weak, give that dtype (trivial promotion); then the 64-bit cut",
		Source: srcDtypes + ":245 _lattice_result_type"}
	ruleAllWeak = &promote.Rule{ID: "all-weak",
		Text:   "when every argument is a Python int or float, the join of their standardized dtypes, weak, resolved by floatx (int32/float32 by default, int16/float16 for float16 and bfloat16, int64/float64 for float64)",
		Source: srcDtypes + ":245 _lattice_result_type, :207 _resolve_weak_type"}
	ruleJoin = &promote.Rule{ID: "lattice",
		Text:   "the least upper bound on Keras's lattice of each argument's node: its dtype if strong, int or float for a Python int or float",
		Source: srcDtypes + ":61 _type_promotion_lattice, :115 _least_upper_bound, :245 _lattice_result_type"}
	ruleJoinWeak = &promote.Rule{ID: "lattice-weak",
		Text:   "the least upper bound is the Python int or float: resolved by floatx, int{P} or float{P} with P the last two characters of floatx (32 by default; 16 for float16 and bfloat16; 64 for float64)",
		Source: srcDtypes + ":115 _least_upper_bound, :207 _resolve_weak_type, :270 precision = config.floatx()[-2:]"}
	ruleCut = &promote.Rule{ID: "bit64-to-bit32",
		Text:   "the result is cut to 32 bits by BIT64_TO_BIT32_DTYPE: uint64 to uint32 and complex128 to complex64 on every backend, int64 to int32 and float64 to float32 except on the TensorFlow backend",
		Source: srcDtypes + ":235 BIT64_TO_BIT32_DTYPE, :276; PRs #21604, #21679, #21693"}
	ruleNoPath = &promote.Rule{ID: "no-promotion-path",
		Text:   "the arguments have no unique least upper bound on the lattice: ValueError (unreachable with Keras's dtypes)",
		Source: srcDtypes + ":115 _least_upper_bound"}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-tensors",
		Text:   "Keras has no weak tensors: only the Python types int and float are weak",
		Source: srcDtypes + ":175 _dtype_and_weaktype"})
	rulePython = kit.PythonScalars.Adopt(promote.Rule{ID: "python-scalar",
		Text:   "a Python literal enters as its type (getattr(x, \"dtype\", type(x))): bool strong, int and float weak, complex strong (complex64; complex128 on TensorFlow)",
		Source: srcDtypes + ":47 PYTHON_DTYPES_MAP, :175 _dtype_and_weaktype; keras/src/ops/numpy.py compute_output_spec"})
)

// float8Msg is result_type's float8 refusal; args is the Python tuple of
// the arguments as given.
func float8Msg(args string) string {
	return "ValueError: There is no implicit conversions from float8 dtypes to others. You must cast it internally. Received: " + args
}

// invalidMsg is standardize_dtype's refusal.
func invalidMsg(d dtype.DType) string {
	return "ValueError: Invalid dtype: " + kerasName(d) + " (Keras has " + allowedList + ")"
}

// noPathMsg is _least_upper_bound's refusal for a set without a bound.
func noPathMsg(args string) string {
	return "ValueError: Input dtypes " + args + " have no available implicit dtype promotion path. Try explicitly casting inputs to the desired output type."
}

// allowedList names the dtypes Keras has, for the invalid-dtype message.
var allowedList = func() string {
	names := make([]string, 0, len(strongNodes)+2)
	for _, d := range strongNodes {
		names = append(names, kerasName(d))
	}
	return strings.Join(append(names, "float8_e4m3fn", "float8_e5m2", "string"), ", ")
}()

// kerasNames are the names Keras (and ml_dtypes) give dtypes, as its
// messages print them; others print their canonical name.
var kerasNames = map[dtype.DType]string{
	dtype.Bool: "bool", dtype.U8: "uint8", dtype.U16: "uint16", dtype.U32: "uint32", dtype.U64: "uint64",
	dtype.I8: "int8", dtype.I16: "int16", dtype.I32: "int32", dtype.I64: "int64",
	dtype.BF16: "bfloat16", dtype.F16: "float16", dtype.F32: "float32", dtype.F64: "float64",
	dtype.C64: "complex64", dtype.C128: "complex128",
	dtype.F8E4M3FN: "float8_e4m3fn", dtype.F8E5M2: "float8_e5m2",
	// Not Keras dtypes, spelled as ml_dtypes and NumPy spell them.
	dtype.I2: "int2", dtype.I4: "int4", dtype.U1: "uint1", dtype.U2: "uint2", dtype.U4: "uint4",
	dtype.F4E2M1FN: "float4_e2m1fn", dtype.F6E2M3FN: "float6_e2m3fn", dtype.F6E3M2FN: "float6_e3m2fn",
	dtype.F8E3M4: "float8_e3m4", dtype.F8E4M3: "float8_e4m3", dtype.F8E4M3FNUZ: "float8_e4m3fnuz",
	dtype.F8E4M3B11FNUZ: "float8_e4m3b11fnuz", dtype.F8E5M2FNUZ: "float8_e5m2fnuz", dtype.F8E8M0FNU: "float8_e8m0fnu",
	dtype.C32: "complex32",
}

// kerasName returns Keras's name for d.
func kerasName(d dtype.DType) string {
	if n, ok := kerasNames[d]; ok {
		return n
	}
	return d.String()
}

// allRules is every rule of the rule set; the tests require each to be
// reached by a vector, and every rule declared here to be listed.
var allRules = []*promote.Rule{
	ruleNoOperands, ruleFloat8, ruleInvalid, ruleOne, ruleSame,
	ruleAllWeak, ruleJoin, ruleJoinWeak, ruleCut, ruleNoPath,
	ruleNoWeak, rulePython, pylit.Rule,
}
