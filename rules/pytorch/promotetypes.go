package pytorch

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Sources, by upstream tag and line (versions.md says how each was read).
// A rule that exists in several versions cites each.
const (
	src113Promote   = "pytorch/pytorch v1.13.1 c10/core/ScalarType.h:392-449 (promoteTypes, _promoteTypesLookup)"
	src21Promote    = "pytorch/pytorch v2.1.0 c10/core/ScalarType.h promoteTypes (_promoteTypesLookup with the Float8 axes b8 and h8, PR #104242)"
	src26File       = "pytorch/pytorch v2.6.0 c10/core/ScalarType.cpp"
	src26Promote    = src26File + ":43-129 (promoteTypes)"
	src214Promote   = "pytorch/pytorch v2.14.1 c10/core/ScalarType.cpp promoteTypes (not read: its steps and assertion lines :103/:105 as in 2.6, its table with BComplex32 from the live library; rules/pytorch/versions.md)"
	srcPromote      = src26Promote + "; " + src214Promote
	srcEnum         = "pytorch/pytorch c10/core/ScalarType.h ScalarType enum (v1.13.1 :28-46; v2.6.0 :62-105); v2.14.1 torch/headeronly/core/ScalarType.h:104-150"
	srcPredicate113 = "pytorch/pytorch v1.13.1 c10/core/ScalarType.h:256-360 (isFloatingType, isComplexType, toComplexType)"
	srcPredicate26  = "pytorch/pytorch v2.6.0 c10/core/ScalarType.h:373-412, :525-545 (isFloat8Type, isFloatingType, isBarebonesUnsignedType, toComplexType)"
	srcPredicate214 = "pytorch/pytorch v2.14.1 c10/core/ScalarType.h:94-128, :240-261 (isFloat8Type with Float8_e8m0fnu, isComplexType with BComplex32, toComplexType)"
	srcPredicate    = srcPredicate26 + "; " + srcPredicate214
	srcResult       = "pytorch/pytorch aten/src/ATen/native/TypeProperties.cpp (v1.13.1 :79-140; v2.6.0 :81-142; v2.14.1 same behaviour live)"
	srcScalar       = "pytorch/pytorch v2.6.0 torch/csrc/utils/python_arg_parser.cpp:1814-1836 (PythonArgs::scalar_slow) and c10/core/Scalar.h:326-337 (Scalar::type); v2.14.1 same behaviour live"
	src113Scalar    = "pytorch/pytorch v1.13.1 torch/csrc/utils/python_arg_parser.cpp:1550-1558 (PythonArgs::scalar_slow) and torch/csrc/utils/python_numbers.h:62-74 (THPUtils_unpackLong)"
)

// The steps of c10::promoteTypes, in the order 2.x runs them; the first
// that applies decides. Two of its steps never fire here: quantized types
// (an error) and bits types (Undefined, which torch.promote_types reports
// as "Promotion from X and Y is unsupported.") have no catalogue dtype.
// 1.13 has only the table (release.tableOnly).
var (
	ruleNoDType = &promote.Rule{ID: "no-dtype",
		Text:   "this version of PyTorch has no ScalarType for this dtype",
		Source: srcEnum}
	ruleSame = &promote.Rule{ID: "same",
		Text:   "promoteTypes(a, a) = a, for every dtype (float8 and uint16/32/64 included)",
		Source: src26File + ":50-52 (promoteTypes, same type); " + src214Promote}
	ruleFloat8 = &promote.Rule{ID: "float8",
		Text:   "a Float8 type (float8_e5m2, e4m3fn, e5m2fnuz, e4m3fnuz; e8m0fnu from 2.14 here) never mixes with another dtype: error",
		Source: src26File + ":68-75 (promoteTypes, Float8); " + src214Promote + "; isFloat8Type in " + srcPredicate}
	ruleBarebonesFloat = &promote.Rule{ID: "barebones-unsigned-floating",
		Text:   "uint1-7 or uint16/32/64 with a floating type gives the floating type outright, whatever the widths",
		Source: src26File + ":77-93 (promoteTypes, barebones unsigned with a floating type); " + src214Promote + "; isBarebonesUnsignedType, isFloatingType in " + srcPredicate}
	ruleBarebones = &promote.Rule{ID: "barebones-unsigned",
		Text:   "uint1-7 or uint16/32/64 with anything but a floating type (another integer, bool, complex) is an error",
		Source: src26File + ":94-99 (promoteTypes, barebones unsigned otherwise); " + src214Promote + "; isBarebonesUnsignedType in " + srcPredicate}
	ruleInternalAssert = &promote.Rule{ID: "internal-assert",
		Text:   "a dtype outside promoteTypes' table (int1..int7) that no earlier step handled fails an internal assertion",
		Source: src26File + ":102-105 (promoteTypes, TORCH_INTERNAL_ASSERT); " + src214Promote}
)

// decide is this version's c10::promoteTypes(a, b), step by step.
func (r *release) decide(a, b dtype.DType) kit.Decision {
	refuse := func(rule *promote.Rule, msg string) kit.Decision { return kit.Decision{Rule: rule, Msg: msg} }
	switch {
	case !r.Has(a):
		return refuse(ruleNoDType, r.noDTypeMsg(a))
	case !r.Has(b):
		return refuse(ruleNoDType, r.noDTypeMsg(b))
	case r.tableOnly:
		// v1.13.1 ScalarType.h:449 (and 2.0, 2.1): every non-quantized
		// pair is one table lookup, the diagonal included.
		if out := r.lookup[r.index(a)][r.index(b)]; out != dtype.Invalid {
			return kit.Decision{Out: out, Rule: r.ruleTable}
		}
		// 2.1's ud cells: torch.promote_types checks for Undefined.
		return refuse(ruleTableUndefined, fmt.Sprintf("Promotion from %s and %s is unsupported.", scalarTypeNames[a], scalarTypeNames[b]))

	// ScalarType.cpp:50-52 (2.6): equal types return that type before
	// any other check, so float8 with itself is fine.
	case a == b:
		return kit.Decision{Out: a, Rule: ruleSame}

	// ScalarType.cpp:68-75 (2.6): the Float8 check comes before the
	// unsigned one, so uint16 + float8_e5m2 is a Float8 error.
	case isFloat8(a) || isFloat8(b):
		return refuse(ruleFloat8, fmt.Sprintf("Promotion for Float8 Types is not supported, attempted to promote %s and %s",
			scalarTypeNames[a], scalarTypeNames[b]))

	// ScalarType.cpp:77-100 (2.6): barebones unsigned types promote only
	// with a floating type, which wins outright (a is checked first, but
	// only one of the two can be floating here).
	case isBarebonesUnsigned(a) || isBarebonesUnsigned(b):
		if isFloating(a) {
			return kit.Decision{Out: a, Rule: ruleBarebonesFloat}
		}
		if isFloating(b) {
			return kit.Decision{Out: b, Rule: ruleBarebonesFloat}
		}
		return refuse(ruleBarebones, fmt.Sprintf("Promotion for uint16, uint32, uint64 types is not supported, attempted to promote %s and %s",
			scalarTypeNames[a], scalarTypeNames[b]))
	}

	// ScalarType.cpp:102-105 (2.6, and 2.14 by its messages):
	// TORCH_INTERNAL_ASSERT on a's table index, then on b's; int2 and
	// int4 reach here.
	ia, ib := r.index(a), r.index(b)
	if ia < 0 {
		return refuse(ruleInternalAssert, `ix_a != -1 INTERNAL ASSERT FAILED at "c10/core/ScalarType.cpp":103, please report a bug to PyTorch.`)
	}
	if ib < 0 {
		return refuse(ruleInternalAssert, `ix_b != -1 INTERNAL ASSERT FAILED at "c10/core/ScalarType.cpp":105, please report a bug to PyTorch.`)
	}
	return kit.Decision{Out: r.lookup[ia][ib], Rule: r.ruleTable}
}

// promoteTypes is the version's compiled c10::promoteTypes as a bare error
// (no operands): the category logic calls it between slots.
func (r *release) promoteTypes(a, b dtype.DType) (dtype.DType, *promote.Rule, error) {
	d := r.table.Cell(a, b)
	if d.Rule == nil { // Invalid dtype: Cell has no decision for it
		return dtype.Invalid, ruleNoDType, &promote.Error{Rules: Name, Rule: ruleNoDType, Msg: fmt.Sprintf("invalid dtype in pair (%v, %v)", a, b)}
	}
	if d.Out == dtype.Invalid {
		return dtype.Invalid, d.Rule, &promote.Error{Rules: Name, Rule: d.Rule, Msg: d.Msg}
	}
	return d.Out, d.Rule, nil
}
