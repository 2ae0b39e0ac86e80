package jax

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/lattice"
)

const (
	dtypesSrc = "jax-ml/jax@cec06d11 jax/_src/dtypes.py "
	docSrc    = "jax-ml/jax@cec06d11 docs/type_promotion.rst"
)

// The rules of lattice_result_type and its inputs, in the order JAX applies
// them (spec.md §4 and §5).
var (
	ruleOne = &promote.Rule{ID: "one-operand",
		Text:   "a single operand keeps its dtype and weak type (bool is never weak)",
		Source: dtypesSrc + "lattice_result_type"}
	ruleSame = &promote.Rule{ID: "same-dtype",
		Text:   "operands that all have one dtype, not all of them weak, give that dtype, strong",
		Source: dtypesSrc + "lattice_result_type"}
	ruleAllWeak = &promote.Rule{ID: "all-weak",
		Text:   "when every operand is weak (standard mode), the join of their strong dtypes on the lattice, marked weak (bool never is)",
		Source: dtypesSrc + "lattice_result_type"}
	ruleJoin = &promote.Rule{ID: "lattice",
		Text:   "the least upper bound on the promotion lattice of each operand's node: its dtype if strong, i*, f* or c* by kind if weak (bf16 and the small floats count as f*, bool stays bool)",
		Source: dtypesSrc + "lattice_result_type, _jax_type, _least_upper_bound; " + docSrc}
	ruleJoinWeak = &promote.Rule{ID: "lattice-weak",
		Text:   "the least upper bound is a weak Python type (i*, f* or c*): the result is weak, of that kind's default dtype (int64, float64, complex128; int32, float32, complex64 with x64 off)",
		Source: dtypesSrc + "lattice_result_type, _least_upper_bound, default_types; " + docSrc}
	ruleX64 = &promote.Rule{ID: "x64-off",
		Text:   "with jax_enable_x64 off (and jax_explicit_x64_dtypes=warn, the default, which warns), 64-bit inputs are canonicalised first (int64 to int32, uint64 to uint32, float64 to float32, complex128 to complex64) and the x32 lattice joins them (uint32 with int8/16/32 gives int32)",
		Source: dtypesSrc + "_canonicalize_dtype, _dtype_to_32bit_dtype, _type_promotion_lattice(x64=False); tests/dtypes_test.py testObservedPromotionTable"}
	ruleExplicitError = &promote.Rule{ID: "explicit-x64-error",
		Text:   "with jax_enable_x64 off and jax_explicit_x64_dtypes=error, an operand of a 64-bit dtype (an explicitly requested int64, uint64, float64 or complex128) is a ValueError",
		Source: dtypesSrc + ":957-981 _maybe_canonicalize_explicit_dtype; jax-ml/jax@cec06d11 jax/_src/config.py:1679-1706 (ExplicitX64Mode, jax_explicit_x64_dtypes)"}
	ruleExplicitAllow = &promote.Rule{ID: "explicit-x64-allow",
		Text:   "with jax_enable_x64 off and jax_explicit_x64_dtypes=allow, explicit 64-bit dtypes are kept, the x32 lattice joins them (uint32 with int32 gives int32, not int64) and a weak result takes its kind's 32-bit default",
		Source: dtypesSrc + ":957-981 _maybe_canonicalize_explicit_dtype, _type_promotion_lattice(x64=False), lattice_result_type; jax-ml/jax@cec06d11 tests/dtypes_test.py:1061-1082 (testObservedPromotionTable, ALLOW)"}
	ruleNoPath = &promote.Rule{ID: "no-promotion-path",
		Text:   "the operands' nodes have no common upper bound on the lattice: TypePromotionError",
		Source: dtypesSrc + "_least_upper_bound, TypePromotionError"}
	ruleStrict = &promote.Rule{ID: "strict",
		Text:   "jax_numpy_dtype_promotion=strict: strong dtypes have no edges, so two different strong dtypes (or bool with a weak type) never promote: TypePromotionError",
		Source: dtypesSrc + "_type_promotion_lattice(strict=True), _least_upper_bound"}
	ruleNotJAX = &promote.Rule{ID: "not-a-jax-dtype",
		Text:   "JAX has no such dtype (no complex32, no dynamic element type)",
		Source: dtypesSrc + "_jax_types, check_valid_dtype"}
	ruleIntOverflow = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-overflow",
		Text:   "a Python int must fit the default int dtype (int32 with x64 off, int64 with x64 on) when JAX makes it an array, as every jitted jax.numpy operation does with its arguments, whatever the other operands: OverflowError otherwise",
		Source: dtypesSrc + "scalar_type_to_dtype, coerce_to_array; rules/jax/spec.md §6"})
	rulePython = kit.PythonScalars.Adopt(promote.Rule{ID: "python-scalar",
		Text:   "a Python int, float or complex is weak, of its kind's default dtype (int64, float64, complex128; 32-bit with x64 off); a Python bool is a strong bool; JAX has no other literals",
		Source: dtypesSrc + "python_scalar_types_to_dtypes, is_weakly_typed, dtype"})
)

// refusalRule is the rule a failed join cites.
func refusalRule(c Config) *promote.Rule {
	if c.Strict {
		return ruleStrict
	}
	return ruleNoPath
}

// noOperandsMsg is result_type's error for no arguments.
const noOperandsMsg = "at least one array or dtype is required"

// notJAXMsg refuses a dtype JAX does not have, in the words of
// _least_upper_bound's check for an unknown node.
func notJAXMsg(d dtype.DType) string {
	what := "such type"
	switch d {
	case dtype.C32:
		what = "complex32"
	case dtype.Dynamic:
		what = "dynamic element type"
	}
	return fmt.Sprintf("dtype=%s is not a valid dtype for JAX type promotion (JAX has no %s)", d, what)
}

// jaxNames are the names str(np.dtype) gives JAX's strong dtypes, as its
// error messages print them.
var jaxNames = [numNodes]string{
	"bool",
	"uint1", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64",
	"int2", "int4", "int8", "int16", "int32", "int64",
	"float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e8m0fnu",
	"float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz",
	"bfloat16", "float16", "float32", "float64",
	"complex64", "complex128",
	// str() of the Python types int, float and complex.
	"<class 'int'>", "<class 'float'>", "<class 'complex'>",
}

// noPathMsg is _least_upper_bound's TypePromotionError message. Its
// wording is chosen by the first of these that holds: strict mode, an
// 8-bit float among the nodes, a 6-bit float, a 4-bit float, a 1/2/4-bit
// integer, anything else. JAX raises it as TypePromotionError, a
// ValueError. Source: jax/_src/dtypes.py@cec06d11 _least_upper_bound;
// spec.md §3.
func noPathMsg(c Config, nodes []lattice.Node) string {
	in := "TypePromotionError: Input dtypes " + pyTuple(nodes) + " have no available implicit dtype promotion path"
	has := func(pred func(dtype.DType) bool) bool {
		for _, n := range nodes {
			if !isWeakNode(n) && pred(strongNodes[n]) {
				return true
			}
		}
		return false
	}
	bits := func(b int) func(dtype.DType) bool {
		return func(d dtype.DType) bool { return d.IsFloat() && d.Bits() == b }
	}
	const explicit = ". If you'd like your inputs to be promoted to another type, you can do so explicitly using e.g. x.astype("
	switch {
	case c.Strict:
		return in + " when jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, or set jax_numpy_dtype_promotion=standard."
	case has(bits(8)):
		return in + ". To avoid unintended promotion, 8-bit floats do not support implicit promotion" + explicit + "'float32')"
	case has(bits(6)):
		return in + ". To avoid unintended promotion, 6-bit floats do not support implicit promotion" + explicit + "'float32')"
	case has(bits(4)):
		return in + ". To avoid unintended promotion, 4-bit floats do not support implicit promotion" + explicit + "'float32')"
	case has(func(d dtype.DType) bool { return d.IsInteger() && d.Bits() < 8 }):
		return in + ". To avoid unintended promotion, 1-bit, 2-bit and 4-bit integers do not support implicit promotion" + explicit + "'int32')"
	}
	return in + ". Try explicitly casting inputs to the desired output type."
}

// pyTuple writes the node names as Python prints a tuple of str: quoted
// with ', or with " when the name holds a ' (the weak types).
func pyTuple(nodes []lattice.Node) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, n := range nodes {
		if i > 0 {
			b.WriteString(", ")
		}
		q := "'"
		if strings.Contains(jaxNames[n], "'") {
			q = `"`
		}
		b.WriteString(q + jaxNames[n] + q)
	}
	if len(nodes) == 1 {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return b.String()
}
