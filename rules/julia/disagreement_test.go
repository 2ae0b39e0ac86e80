package julia

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestManualPromoteTypeInt8UInt16 is a named disagreement. The manual's
// "Conversion and Promotion" chapter (doc/src/manual/
// conversion-and-promotion.md @1d20519) shows promote_type(Int8, UInt16)
// as Int64, quotes promote_rule(::Type{UInt8}, ::Type{Int8}) = Int, and
// says integers promote to "the larger of either the native machine word
// size or the largest integer argument type". That was Julia 0.x's rule
// (base/int.jl @005f2a7: small unsigned with signed gives Int). The code
// (base/int.jl @7b00bd5) and promote_type's own docstring give UInt16 and
// UInt8, and never widen to the word size: promote follows the code.
func TestManualPromoteTypeInt8UInt16(t *testing.T) {
	r := Def.MustBuild()
	for _, c := range []struct{ a, b, code, manual dtype.DType }{
		{dtype.I8, dtype.U16, dtype.U16, dtype.I64},
		{dtype.U8, dtype.I8, dtype.U8, dtype.I64},
		{dtype.I8, dtype.I16, dtype.I16, dtype.I64}, // "the larger of the word size or the largest argument"
	} {
		got, err := r.PromoteTypes(c.a, c.b)
		if err != nil || got.DType != c.code {
			t.Errorf("promote_type(%s, %s) = %v, %v; the code gives %s (the manual %s)", jlName[c.a], jlName[c.b], got, err, jlName[c.code], jlName[c.manual])
		}
	}
}

// TestLandscapeOldFloat16Rule is a named disagreement with Julia 0.4/0.6
// (noted in rules/julia/spec.md §9, Disagreements): there Float16 with an
// integer gave Float32; base/float.jl @002f8b6 defines
// promote_rule(Float16, Int64) = Float16, as test/float16.jl's
// f + 2 === Float16(4f0) checks.
func TestLandscapeOldFloat16Rule(t *testing.T) {
	got, rule, err := PromoteType(dtype.F16, dtype.I64)
	if err != nil || got != dtype.F16 || rule != ruleFloatInt {
		t.Errorf("promote_type(Float16, Int64) = %s by %v, %v; want Float16 by float-int", got, rule, err)
	}
}
