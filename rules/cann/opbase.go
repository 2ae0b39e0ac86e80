package cann

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// codeSrc is the implementation every aclnn op calls.
const codeSrc = "hicann/opbase@7ec2d375 include/nnopbase/opdev/data_type_utils.h (op::PromoteType, kPromoteTypesLookup)"

// op::PromoteType(a, b) returns DT_UNDEFINED for an out-of-range value,
// a when a == b, and kPromoteTypesLookup[a][b] otherwise
// (rules/cann/spec.md §3). These are its rules beyond the
// cells where the lookup table agrees with the doc.
var (
	ruleOpSame = &promote.Rule{ID: "opbase-same", Text: "PromoteType returns a when a == b, before the lookup table, for any type (an FP8 or INT4 type with itself gives itself)",
		Source: codeSrc}
	ruleOpBF16C32 = &promote.Rule{ID: "opbase-bf16-c32", Text: "kPromoteTypesLookup gives c64 for bf16 with c32, in either order, where the doc says c32 (PyTorch also gives c64)",
		Source: codeSrc}
	ruleOpUnsignedComplex = &promote.Rule{ID: "opbase-unsigned-complex", Text: "kPromoteTypesLookup gives a complex type for PromoteType(u16|u32|u64, c64|c128) with the unsigned type first (u64 with c64 gives c128), where the doc says ×; the mirrored order stays ×, so the code table is not symmetric",
		Source: codeSrc}
	ruleOpZeroFill = &promote.Rule{ID: "opbase-zero-fill", Text: "kPromoteTypesLookup is declared [DT_MAX][DT_MAX] but initialised only for types 0..33; by C++ aggregate initialisation the missing cells are 0, DT_FLOAT, so two different types where either is an enum value >= 34 (the FP8, FP6 and FP4 types) give f32. This is the reference notes' reading of the C++ source, not run on a device",
		Source: codeSrc + "; rules/cann/spec.md §3"}
	ruleOpGEOnly = &promote.Rule{ID: "opbase-ge-only", Text: "kPromoteTypesLookup has DT_UNDEFINED in every row and column of INT4, UINT1, INT2 and UINT2, so these types promote with nothing but themselves",
		Source: codeSrc}
)

// opbaseDiffs are the ordered cells where kPromoteTypesLookup differs from
// the documented table (spec.md §3; table_opbase.tsv's differs column).
// The unsigned rows look like a data slip in the code table; no symmetric
// rule explains them.
var opbaseDiffs = []struct {
	a, b, out dtype.DType
	rule      *promote.Rule
}{
	{dtype.BF16, dtype.C32, dtype.C64, ruleOpBF16C32},
	{dtype.C32, dtype.BF16, dtype.C64, ruleOpBF16C32},
	{dtype.U16, dtype.C64, dtype.C64, ruleOpUnsignedComplex},
	{dtype.U16, dtype.C128, dtype.C128, ruleOpUnsignedComplex},
	{dtype.U32, dtype.C64, dtype.C64, ruleOpUnsignedComplex},
	{dtype.U32, dtype.C128, dtype.C128, ruleOpUnsignedComplex},
	{dtype.U64, dtype.C64, dtype.C128, ruleOpUnsignedComplex},
	{dtype.U64, dtype.C128, dtype.C128, ruleOpUnsignedComplex},
}

// codeTwins are the doc's rules as the code states them: on every cell of
// the 16 documented types outside opbaseDiffs, kPromoteTypesLookup holds
// what the doc holds, so the rule keeps the doc rule's ID and words but
// cites the code.
var codeTwins = func() map[*promote.Rule]*promote.Rule {
	m := map[*promote.Rule]*promote.Rule{}
	for _, r := range []*promote.Rule{ruleUnsignedSelf, ruleBool, ruleIntInt, ruleIntFloat,
		ruleFloatFloat, ruleComplexComplex, ruleComplexReal} {
		m[r] = &promote.Rule{ID: r.ID, Text: r.Text + " (kPromoteTypesLookup agrees with the doc on this pair)", Source: codeSrc}
	}
	return m
}()

// decideOpbase is the pair function of table=opbase: op::PromoteType(a, b)
// in argument order.
func decideOpbase(a, b dtype.DType) kit.Decision {
	// Every ge::DataType is accepted (i2 and u2 are ge-only, which
	// PromoteType sees); anything else is not a CANN type at all.
	for _, d := range [2]dtype.DType{a, b} {
		if !isGE(d) {
			return kit.Decision{Rule: ruleNotACL, Msg: notACL(d)}
		}
	}
	// The a == b short circuit comes before the table.
	if a == b {
		return kit.Decision{Out: a, Rule: ruleOpSame}
	}
	// Zero-filled cells: this comes before the ge-only rows, since a row
	// such as INT4's has initialisers only up to column 33.
	if enums[a].value >= firstZeroFilled || enums[b].value >= firstZeroFilled {
		return kit.Decision{Out: dtype.F32, Rule: ruleOpZeroFill}
	}
	if !docTable.in[a] || !docTable.in[b] {
		return kit.Decision{Rule: ruleOpGEOnly, Msg: cannotPromote(a, b)}
	}
	for _, d := range opbaseDiffs {
		if d.a == a && d.b == b {
			return kit.Decision{Out: d.out, Rule: d.rule}
		}
	}
	_, rule := docWhy(a, b)
	rule = codeTwins[rule]
	out := docTable.at(a, b)
	if out == dtype.Invalid {
		return kit.Decision{Rule: rule, Msg: cannotPromote(a, b)}
	}
	return kit.Decision{Out: out, Rule: rule}
}
