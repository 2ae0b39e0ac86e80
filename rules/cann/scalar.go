package cann

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// tsSrc is the documented tensor-scalar table (表2).
const tsSrc = "hicann/ops-math@1482614a docs/zh/context/deduction_relationship.md 表2 TensorScalar " +
	"(the same table: hicann/ops-nn@60959d46 docs/zh/context/TensorScalar互推导关系.md)"

// scalarTable is 表2 as the doc draws it: rows are the aclScalar's dtype,
// columns the aclTensor's. It is what aclnnAdds, aclnnMuls and the other
// tensor-scalar ops document; their code differs per chip and per op
// (spec.md §4), and promote follows the doc.
var scalarTable = mustGrid(`
s\t  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  bool c32  c64  c128
f32  f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c32  c64  c128
f16  f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c32  c64  c128
f64  f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c128 c128 c128
bf16 f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c32  c64  c128
s8   f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s8   c32  c64  c128
u8   f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  u8   c32  c64  c128
s16  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s16  c32  c64  c128
u16  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  x    c32  c64  c128
s32  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s32  c32  c64  c128
u32  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  x    c32  c64  c128
s64  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s64  c32  c64  c128
u64  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  x    c32  c64  c128
bool f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  bool c32  c64  c128
c32  c64  c32  c128 c64  c64  c64  c64  c64  c64  c64  c64  c64  c64  c32  c64  c128
c64  c64  c32  c128 c64  c64  c64  c64  c64  c64  c64  c64  c64  c64  c32  c64  c128
c128 c64  c32  c128 c64  c64  c64  c64  c64  c64  c64  c64  c64  c64  c32  c64  c128
`)

// 表2 restated as rules: the scalar's category matters, not its width, as
// in PyTorch's treatment of wrapped numbers (spec.md §4). scalarWhy
// reproduces the grid cell for cell (a test checks all 256).
var (
	ruleTSComplexTensor = &promote.Rule{ID: "ts-complex-tensor", Text: "a complex tensor keeps its dtype with any scalar (except an f64 scalar on c32 or c64, see ts-f64-complex)",
		Source: tsSrc}
	ruleTSF64Complex = &promote.Rule{ID: "ts-f64-complex", Text: "an f64 scalar on a c32 or c64 tensor gives c128 (the one place a scalar's width counts; the Ascend 950 code gives c64 here)",
		Source: tsSrc}
	ruleTSComplexScalar = &promote.Rule{ID: "ts-complex-scalar", Text: "a complex scalar on a real tensor gives the tensor's complex counterpart: f16 gives c32, f64 gives c128, f32, bf16, integers and bool give c64",
		Source: tsSrc}
	ruleTSFloatTensor = &promote.Rule{ID: "ts-float-tensor", Text: "a float tensor keeps its dtype with any real or bool scalar, whatever the scalar's width",
		Source: tsSrc}
	ruleTSFloatScalar = &promote.Rule{ID: "ts-float-scalar", Text: "a float scalar on an integer or bool tensor gives f32, whatever the scalar's width",
		Source: tsSrc}
	ruleTSUnsignedFloat = &promote.Rule{ID: "ts-unsigned-float", Text: "a float scalar cannot be promoted with a u16, u32 or u64 tensor (×)",
		Source: tsSrc}
	ruleTSIntScalar = &promote.Rule{ID: "ts-int-scalar", Text: "an integer or bool scalar never changes an integer tensor's dtype",
		Source: tsSrc}
	ruleTSBoolTensor = &promote.Rule{ID: "ts-bool-tensor", Text: "a bool tensor takes an integer or bool scalar's dtype",
		Source: tsSrc}
	ruleTSBoolUnsigned = &promote.Rule{ID: "ts-bool-unsigned", Text: "a u16, u32 or u64 scalar cannot be promoted with a bool tensor (×)",
		Source: tsSrc}
	ruleTSNotInTable = &promote.Rule{ID: "ts-not-in-table", Text: "only the 16 types of the documented tensor-scalar table take part in tensor-scalar promotion",
		Source: tsSrc}
)

// scalarWhy is 表2 in words for tensor dtype t and scalar dtype s.
func scalarWhy(t, s dtype.DType) (dtype.DType, *promote.Rule) {
	switch {
	case t.IsComplex():
		if s == dtype.F64 && t != dtype.C128 {
			return dtype.C128, ruleTSF64Complex
		}
		return t, ruleTSComplexTensor
	case s.IsComplex():
		switch t {
		case dtype.F16:
			return dtype.C32, ruleTSComplexScalar
		case dtype.F64:
			return dtype.C128, ruleTSComplexScalar
		}
		return dtype.C64, ruleTSComplexScalar
	case t.IsFloat():
		return t, ruleTSFloatTensor
	case s.IsFloat():
		if wideUnsigned(t) {
			return dtype.Invalid, ruleTSUnsignedFloat
		}
		return dtype.F32, ruleTSFloatScalar
	case t == dtype.Bool:
		if wideUnsigned(s) {
			return dtype.Invalid, ruleTSBoolUnsigned
		}
		return s, ruleTSBoolTensor
	}
	return t, ruleTSIntScalar
}

// decideScalar is the pair function of the tensor-scalar table: tensor
// dtype t, scalar dtype s. The same table serves both table= settings.
func decideScalar(t, s dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{t, s} {
		if !isACL(d) {
			return kit.Decision{Rule: ruleNotACL, Msg: notACL(d)}
		}
	}
	if !scalarTable.in[t] {
		return kit.Decision{Rule: ruleTSNotInTable, Msg: fmt.Sprintf("the documented tensor-scalar table has no %s tensor", t)}
	}
	if !scalarTable.in[s] {
		return kit.Decision{Rule: ruleTSNotInTable, Msg: fmt.Sprintf("the documented tensor-scalar table has no %s scalar", s)}
	}
	_, rule := scalarWhy(t, s)
	out := scalarTable.at(s, t)
	if out == dtype.Invalid {
		// The tensor is self and the scalar other, as in aclnnAdds.
		return kit.Decision{Rule: rule, Msg: cannotPromote(t, s)}
	}
	return kit.Decision{Out: out, Rule: rule}
}

// ruleLiteral is promote's choice for host literals: CANN has no untyped
// scalars. A Python number reaches aclnn through torch_npu as an
// at::Scalar, which is stored as double, int64, bool or complex<double>
// and becomes an aclScalar of that dtype.
var ruleLiteral = &promote.Rule{ID: "literal", Text: "CANN has no untyped scalars; promote reads a Python literal as the aclScalar torch_npu passes for it (an at::Scalar): a float is f64, an int i64, a bool bool, a complex c128; the tensor-scalar table then applies. This mapping is promote's documented choice, not a CANN rule",
	Source: "promote's choice (docs/rules.md, cann); the aclScalar types per " + tsSrc}

// literalDType is the aclScalar dtype a Python literal becomes (one that
// pylit.Check passed).
func literalDType(v promote.Value) (dtype.DType, string) {
	switch v.Kind {
	case promote.BoolValue:
		return dtype.Bool, ""
	case promote.IntValue:
		if !v.Int.IsInt64() {
			return dtype.Invalid, fmt.Sprintf("the Python int %s does not fit the int64 at::Scalar that carries it to aclnn", v.Text)
		}
		return dtype.I64, ""
	case promote.FloatValue:
		return dtype.F64, ""
	case promote.ComplexValue:
		return dtype.C128, ""
	}
	return dtype.Invalid, fmt.Sprintf("%q is not a literal", v.Text)
}
