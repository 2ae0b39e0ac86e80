package cann

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// docSrc is the documented tensor-tensor table (表1 数据类型推导关系).
const docSrc = "hicann/ops-math@1482614a docs/zh/context/deduction_relationship.md 表1 " +
	"(the same table: hicann/ops-nn@60959d46 docs/zh/context/互推导关系.md)"

// docTable is 表1 as the doc draws it: row a, column b. It is symmetric,
// and every one of its 20 historical versions in hicann/ops-math has these
// cells (rules/cann/spec.md §1).
var docTable = mustGrid(`
a\b  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  bool c32  c64  c128
f32  f32  f32  f64  f32  f32  f32  f32  x    f32  x    f32  x    f32  c64  c64  c128
f16  f32  f16  f64  f32  f16  f16  f16  x    f16  x    f16  x    f16  c32  c64  c128
f64  f64  f64  f64  f64  f64  f64  f64  x    f64  x    f64  x    f64  c128 c128 c128
bf16 f32  f32  f64  bf16 bf16 bf16 bf16 x    bf16 x    bf16 x    bf16 c32  c64  c128
s8   f32  f16  f64  bf16 s8   s16  s16  x    s32  x    s64  x    s8   c32  c64  c128
u8   f32  f16  f64  bf16 s16  u8   s16  x    s32  x    s64  x    u8   c32  c64  c128
s16  f32  f16  f64  bf16 s16  s16  s16  x    s32  x    s64  x    s16  c32  c64  c128
u16  x    x    x    x    x    x    x    u16  x    x    x    x    x    x    x    x
s32  f32  f16  f64  bf16 s32  s32  s32  x    s32  x    s64  x    s32  c32  c64  c128
u32  x    x    x    x    x    x    x    x    x    u32  x    x    x    x    x    x
s64  f32  f16  f64  bf16 s64  s64  s64  x    s64  x    s64  x    s64  c32  c64  c128
u64  x    x    x    x    x    x    x    x    x    x    x    u64  x    x    x    x
bool f32  f16  f64  bf16 s8   u8   s16  x    s32  x    s64  x    bool c32  c64  c128
c32  c64  c32  c128 c32  c32  c32  c32  x    c32  x    c32  x    c32  c32  c64  c128
c64  c64  c64  c128 c64  c64  c64  c64  x    c64  x    c64  x    c64  c64  c64  c128
c128 c128 c128 c128 c128 c128 c128 c128 x    c128 x    c128 x    c128 c128 c128 c128
`)

// The documented table restated as rules, so that every cell can say why.
// The grid above decides; docWhy reproduces it cell for cell (a test checks
// all 256), and its rule is the one a result carries. The wording is
// rules/cann/spec.md §2.
var (
	ruleSame = &promote.Rule{ID: "same", Text: "a type with itself gives that type",
		Source: docSrc}
	ruleUnsignedSelf = &promote.Rule{ID: "unsigned-self-only", Text: "u16, u32 and u64 promote only with themselves: any other pairing, bool and complex included, cannot be promoted (×)",
		Source: docSrc}
	ruleBool = &promote.Rule{ID: "bool", Text: "bool with any other type T gives T",
		Source: docSrc}
	ruleIntInt = &promote.Rule{ID: "int-int", Text: "of two integers (s8, u8, s16, s32, s64) the wider wins; s8 with u8 gives s16, u8 with a wider signed type gives the signed type",
		Source: docSrc}
	ruleIntFloat = &promote.Rule{ID: "int-float", Text: "an integer with a float gives the float, whatever the widths (s64 with f16 gives f16)",
		Source: docSrc}
	ruleFloatFloat = &promote.Rule{ID: "float-float", Text: "of two floats the wider wins; f16 with bf16 gives f32",
		Source: docSrc}
	ruleComplexComplex = &promote.Rule{ID: "complex-complex", Text: "of two complex types the wider wins",
		Source: docSrc}
	ruleComplexReal = &promote.Rule{ID: "complex-real", Text: "a complex type with a real one: f64 or c128 involved gives c128; else c64 involved gives c64; c32 with f32 gives c64; c32 with f16, bf16, an integer or bool gives c32",
		Source: docSrc}
	ruleNotInTable = &promote.Rule{ID: "not-in-table", Text: "only the 16 types of the documented table take part in documented promotion; the other aclDataTypes (INT4, UINT1, the FP8, FP6 and FP4 types) have no documented promotion",
		Source: docSrc + "; " + enumSrc}
	ruleNotACL = &promote.Rule{ID: "not-acl", Text: "the dtype is not one CANN has: an aclTensor's or aclScalar's dtype is an aclDataType",
		Source: enumSrc}
)

// cannotPromote is the message aclnn ops log when PromoteType returns
// DT_UNDEFINED (they then return ACLNN_ERR_PARAM_INVALID, 161002).
// Source: hicann/ops-math@c682a083 math/add/op_api/aclnn_add.cpp,
// math/mul/op_api/aclnn_mul.cpp.
func cannotPromote(self, other dtype.DType) string {
	return fmt.Sprintf("Self dtype %s and other dtype %s can not promote dtype.", self, other)
}

// wideUnsigned reports the three unsigned types of the table that promote
// only with themselves.
func wideUnsigned(d dtype.DType) bool {
	return d == dtype.U16 || d == dtype.U32 || d == dtype.U64
}

// docWhy is the documented table in words: the result and the rule for a
// pair of table types, in the order the rules are checked.
func docWhy(a, b dtype.DType) (dtype.DType, *promote.Rule) {
	switch {
	case a == b:
		return a, ruleSame
	case wideUnsigned(a) || wideUnsigned(b):
		return dtype.Invalid, ruleUnsignedSelf
	case a == dtype.Bool:
		return b, ruleBool
	case b == dtype.Bool:
		return a, ruleBool
	case a.IsComplex() && b.IsComplex():
		return wider(a, b), ruleComplexComplex
	case a.IsComplex():
		return complexWithReal(a, b), ruleComplexReal
	case b.IsComplex():
		return complexWithReal(b, a), ruleComplexReal
	case a.IsFloat() && b.IsFloat():
		if a.Bits() == b.Bits() { // f16 with bf16: neither holds the other
			return dtype.F32, ruleFloatFloat
		}
		return wider(a, b), ruleFloatFloat
	case a.IsFloat():
		return a, ruleIntFloat
	case b.IsFloat():
		return b, ruleIntFloat
	}
	// Two integers; u8 is the only unsigned one left.
	if a == dtype.U8 || b == dtype.U8 {
		s := a
		if s == dtype.U8 {
			s = b
		}
		if s.Bits() == 8 {
			return dtype.I16, ruleIntInt
		}
		return s, ruleIntInt
	}
	return wider(a, b), ruleIntInt
}

func wider(a, b dtype.DType) dtype.DType {
	if b.Bits() > a.Bits() {
		return b
	}
	return a
}

// complexWithReal is ruleComplexReal for complex c and real r.
func complexWithReal(c, r dtype.DType) dtype.DType {
	switch {
	case r == dtype.F64 || c == dtype.C128:
		return dtype.C128
	case c == dtype.C64 || r == dtype.F32:
		return dtype.C64
	}
	return dtype.C32
}

// decideDoc is the pair function of table=doc.
func decideDoc(a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !isACL(d) {
			return kit.Decision{Rule: ruleNotACL, Msg: notACL(d)}
		}
	}
	for _, d := range [2]dtype.DType{a, b} {
		if !docTable.in[d] {
			e, _ := entry(d)
			return kit.Decision{Rule: ruleNotInTable, Msg: fmt.Sprintf(
				"%s (%s = %d) is an aclDataType but not in the documented promotion table", d, e.name, e.value)}
		}
	}
	_, rule := docWhy(a, b)
	out := docTable.at(a, b)
	if out == dtype.Invalid {
		return kit.Decision{Rule: rule, Msg: cannotPromote(a, b)}
	}
	return kit.Decision{Out: out, Rule: rule}
}
