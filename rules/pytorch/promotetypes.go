package pytorch

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Sources, as ../shared/reference/pytorch/rules.md names them.
const (
	srcPromote   = "pytorch/pytorch@01ff2f52 c10/core/ScalarType.cpp (promoteTypes)"
	srcEnum      = "pytorch/pytorch@01ff2f52 torch/headeronly/core/ScalarType.h (ScalarType enum)"
	srcPredicate = "pytorch/pytorch c10/core/ScalarType.h (stored copy matching 01ff2f52)"
	srcResult    = "pytorch/pytorch aten/src/ATen/native/TypeProperties.cpp (newest stored copy; same logic in torch 1.13)"
	srcScalar    = "pytorch/pytorch torch/csrc/utils/python_arg_parser.cpp (PythonArgs::scalar_slow) and c10/core/Scalar.h (Scalar::type)"
)

// The steps of c10::promoteTypes, in the order it runs them; the first
// that applies decides. Two of its steps never fire here: quantized types
// (an error) and bits types (Undefined, which torch.promote_types reports
// as "Promotion from X and Y is unsupported.") have no catalogue dtype.
var (
	ruleNoDType = &promote.Rule{ID: "no-dtype",
		Text:   "PyTorch has no ScalarType for this dtype",
		Source: srcEnum}
	ruleSame = &promote.Rule{ID: "same",
		Text:   "promoteTypes(a, a) = a, for every dtype (float8 and uint16/32/64 included)",
		Source: srcPromote}
	ruleFloat8 = &promote.Rule{ID: "float8",
		Text:   "a Float8 type (float8_e5m2, e4m3fn, e5m2fnuz, e4m3fnuz, e8m0fnu) never mixes with another dtype: error",
		Source: srcPromote + "; isFloat8Type in " + srcPredicate}
	ruleBarebonesFloat = &promote.Rule{ID: "barebones-unsigned-floating",
		Text:   "uint1-7 or uint16/32/64 with a floating type gives the floating type outright, whatever the widths",
		Source: srcPromote + "; isBarebonesUnsignedType, isFloatingType in " + srcPredicate}
	ruleBarebones = &promote.Rule{ID: "barebones-unsigned",
		Text:   "uint1-7 or uint16/32/64 with anything but a floating type (another integer, bool, complex) is an error",
		Source: srcPromote + "; isBarebonesUnsignedType in " + srcPredicate}
	ruleInternalAssert = &promote.Rule{ID: "internal-assert",
		Text:   "a dtype outside the 13-type table (int1..int7) that no earlier step handled fails an internal assertion",
		Source: srcPromote}
	ruleTable = &promote.Rule{ID: "table",
		Text:   "the 13x13 lookup table over uint8, int8-64, float16/32/64, complex32/64/128, bool, bfloat16",
		Source: srcPromote}
)

// classic is the order of promoteTypes' lookup table axes.
var classic = [...]dtype.DType{
	dtype.U8, dtype.I8, dtype.I16, dtype.I32, dtype.I64,
	dtype.F16, dtype.F32, dtype.F64, dtype.C32, dtype.C64, dtype.C128,
	dtype.Bool, dtype.BF16,
}

// lookup is promoteTypes' 13x13 table, axes in classic's order. It is
// symmetric. Note int64 + float16 = float16 (the float wins whatever the
// widths), bfloat16 + float16 = float32, bfloat16 + complex32 = complex64.
var lookup = func() [len(classic)][len(classic)]dtype.DType {
	const (
		u1 = dtype.U8
		i1 = dtype.I8
		i2 = dtype.I16
		i4 = dtype.I32
		i8 = dtype.I64
		f2 = dtype.F16
		f4 = dtype.F32
		f8 = dtype.F64
		c2 = dtype.C32
		c4 = dtype.C64
		c8 = dtype.C128
		b1 = dtype.Bool
		bf = dtype.BF16
	)
	return [len(classic)][len(classic)]dtype.DType{
		//      u1  i1  i2  i4  i8  f2  f4  f8  c2  c4  c8  b1  bf
		/*u1*/ {u1, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, u1, bf},
		/*i1*/ {i2, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, i1, bf},
		/*i2*/ {i2, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, i2, bf},
		/*i4*/ {i4, i4, i4, i4, i8, f2, f4, f8, c2, c4, c8, i4, bf},
		/*i8*/ {i8, i8, i8, i8, i8, f2, f4, f8, c2, c4, c8, i8, bf},
		/*f2*/ {f2, f2, f2, f2, f2, f2, f4, f8, c2, c4, c8, f2, f4},
		/*f4*/ {f4, f4, f4, f4, f4, f4, f4, f8, c4, c4, c8, f4, f4},
		/*f8*/ {f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, c8, f8, f8},
		/*c2*/ {c2, c2, c2, c2, c2, c2, c4, c8, c2, c4, c8, c2, c4},
		/*c4*/ {c4, c4, c4, c4, c4, c4, c4, c8, c4, c4, c8, c4, c4},
		/*c8*/ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
		/*b1*/ {u1, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, b1, bf},
		/*bf*/ {bf, bf, bf, bf, bf, f4, f4, f8, c4, c4, c8, bf, bf},
	}
}()

// classicIndex returns d's axis in lookup, or -1 (c10's dtype2index).
func classicIndex(d dtype.DType) int {
	for i, c := range classic {
		if c == d {
			return i
		}
	}
	return -1
}

// table is promoteTypes compiled over every catalogue pair. It does not
// depend on the default dtype, so one table serves every setting.
var table = promote.NewPairTable(Name, decide)

// noDTypeMsg is the refusal for a dtype PyTorch lacks.
func noDTypeMsg(d dtype.DType) string {
	if d == dtype.F4E2M1FN {
		return "PyTorch has no dtype for f4e2m1fn (its only FP4 dtype is float4_e2m1fn_x2, two values packed in one element)"
	}
	return "PyTorch has no dtype for " + d.String()
}

// decide is c10::promoteTypes(a, b), step by step.
func decide(a, b dtype.DType) promote.Decision {
	refuse := func(r *promote.Rule, msg string) promote.Decision { return promote.Decision{Rule: r, Msg: msg} }
	switch {
	case !Has(a):
		return refuse(ruleNoDType, noDTypeMsg(a))
	case !Has(b):
		return refuse(ruleNoDType, noDTypeMsg(b))

	// ScalarType.cpp@01ff2f52: equal types return that type before any
	// other check, so float8 with itself is fine.
	case a == b:
		return promote.Decision{Out: a, Rule: ruleSame}

	// ScalarType.cpp@01ff2f52: the Float8 check comes before the unsigned
	// one, so uint16 + float8_e5m2 is a Float8 error.
	case isFloat8(a) || isFloat8(b):
		return refuse(ruleFloat8, fmt.Sprintf("Promotion for Float8 Types is not supported, attempted to promote %s and %s",
			scalarTypeNames[a], scalarTypeNames[b]))

	// ScalarType.cpp@01ff2f52: barebones unsigned types promote only with
	// a floating type, which wins outright (a is checked first, but only
	// one of the two can be floating here).
	case isBarebonesUnsigned(a) || isBarebonesUnsigned(b):
		if isFloating(a) {
			return promote.Decision{Out: a, Rule: ruleBarebonesFloat}
		}
		if isFloating(b) {
			return promote.Decision{Out: b, Rule: ruleBarebonesFloat}
		}
		return refuse(ruleBarebones, fmt.Sprintf("Promotion for uint16, uint32, uint64 types is not supported, attempted to promote %s and %s",
			scalarTypeNames[a], scalarTypeNames[b]))
	}

	// ScalarType.cpp@01ff2f52: TORCH_INTERNAL_ASSERT on a's table index,
	// then on b's; int2 and int4 reach here.
	ia, ib := classicIndex(a), classicIndex(b)
	if ia < 0 {
		return refuse(ruleInternalAssert, `ix_a != -1 INTERNAL ASSERT FAILED at "c10/core/ScalarType.cpp", please report a bug to PyTorch.`)
	}
	if ib < 0 {
		return refuse(ruleInternalAssert, `ix_b != -1 INTERNAL ASSERT FAILED at "c10/core/ScalarType.cpp", please report a bug to PyTorch.`)
	}
	return promote.Decision{Out: lookup[ia][ib], Rule: ruleTable}
}

// promoteTypes is the compiled c10::promoteTypes as a bare error (no
// operands): the category logic calls it between slots.
func promoteTypes(a, b dtype.DType) (dtype.DType, *promote.Rule, error) {
	d := table.Cell(a, b)
	if d.Rule == nil { // Invalid dtype: Cell has no decision for it
		return dtype.Invalid, ruleNoDType, &promote.Error{Rules: Name, Rule: ruleNoDType, Msg: fmt.Sprintf("invalid dtype in pair (%v, %v)", a, b)}
	}
	if d.Out == dtype.Invalid {
		return dtype.Invalid, d.Rule, &promote.Error{Rules: Name, Rule: d.Rule, Msg: d.Msg}
	}
	return d.Out, d.Rule, nil
}
