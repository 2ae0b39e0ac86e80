package mlx

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

const (
	srcUtils = "ml-explore/mlx@846d1762 python/src/utils.cpp"
	srcPyOps = "ml-explore/mlx@846d1762 python/src/ops.cpp"
)

// The rules: the table, then how each Python scalar becomes an array
// (to_array), then the refusals.
var (
	ruleTable = &promote.Rule{ID: "type-rules",
		Text:   "two arrays meet in promote_types, the 14 × 14 type_rules table (no weak types; uint64 with a signed integer is float32, float64 with complex64 is complex64)",
		Source: srcDtype + ":34 type_rules, :86 promote_types"}
	ruleOneArray = &promote.Rule{ID: "one-array",
		Text:   "a single array keeps its dtype (mx.result_type of one argument)",
		Source: srcPyOps + ":5418 result_type"}
	rulePyBool = kit.PythonBool.Adopt(promote.Rule{ID: "python-bool",
		Text:   "a Python bool becomes an array of the other array's dtype (bool when there is none), so it never changes the result",
		Source: srcUtils + ":11 to_array"})
	rulePyInt = kit.PythonInt.Adopt(promote.Rule{ID: "python-int",
		Text:   "a Python int becomes an array of the other array's dtype, int32 for a bool array; with no array, int32 (int64 outside int32's range); then the table",
		Source: srcUtils + ":13 to_array; python/tests/test_array.py test_dtype_python_scalar_promotion, python/tests/test_ops.py test_scalar_inputs"})
	rulePyFloat = kit.PythonFloat.Adopt(promote.Rule{ID: "python-float",
		Text:   "a Python float becomes an array of the other array's dtype if that is a real float (float16, float32, float64, bfloat16), else float32; with no array, float32; then the table",
		Source: srcUtils + ":32 to_array; python/tests/test_array.py test_dtype_python_scalar_promotion"})
	rulePyComplex = kit.PythonComplex.Adopt(promote.Rule{ID: "python-complex",
		Text:   "a Python complex is always a complex64 array; then the table",
		Source: srcUtils + ":43 to_array"})
	rulePyIntOverflow = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-overflow",
		Text:   "a Python int meeting an integer array narrower than 8 bytes must fit its range: ValueError otherwise (uint64 and int64 arrays are not checked)",
		Source: srcUtils + ":20 to_array; python/tests/test_array.py test_scalar_integer_conversion_overflow"})
	rulePyIntInt64 = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-int64",
		Text:   "a Python int is read as int64_t (nb::cast<int64_t>): one outside int64's range cannot be converted",
		Source: srcUtils + ":14 to_array"})
	rulePython = kit.PythonScalars.Adopt(promote.Rule{ID: "python-scalar",
		Text:   "MLX takes Python bool, int, float and complex scalars",
		Source: "ml-explore/mlx@846d1762 python/src/utils.h ScalarOrArray"})
	ruleNotMLX = &promote.Rule{ID: "not-an-mlx-dtype",
		Text:   "MLX has 14 dtypes (bool, uint8-64, int8-64, float16, float32, float64, bfloat16, complex64); no complex128, float8 or sub-byte types",
		Source: "ml-explore/mlx@846d1762 mlx/dtype.h:15 Dtype::Val"}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-arrays",
		Text:   "MLX has no weak arrays; only a Python scalar takes the other operand's dtype",
		Source: srcUtils + ":54 to_arrays"})
	ruleNoOperands = &promote.Rule{ID: "no-operands",
		Text:   "mx.result_type() needs at least one array or dtype: ValueError",
		Source: srcPyOps + ":5432 result_type; python/tests/test_array.py test_result_type"}
)

// name returns MLX's name for d (dtype_to_string), or the canonical name
// for a dtype MLX does not have.
func name(d dtype.DType) string {
	if Has(d) {
		return names[indexOf[d]]
	}
	return d.String()
}

// notMLXMsg refuses a dtype MLX does not have.
func notMLXMsg(d dtype.DType) string {
	return "MLX has no dtype " + d.String() + " (mlx.core has bool_, uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float32, float64, bfloat16, complex64)"
}

// allRules is every rule of the rule set; the tests require each to be
// reached by a vector, and every rule declared here to be listed.
var allRules = []*promote.Rule{
	ruleTable, ruleOneArray, rulePyBool, rulePyInt, rulePyFloat,
	rulePyComplex, rulePyIntOverflow, rulePyIntInt64, rulePython, ruleNotMLX,
	ruleNoWeak, ruleNoOperands, pylit.Rule,
}
