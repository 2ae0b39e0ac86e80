package tvm

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// cascade holds one version's rules, in the cascade's order, and its
// compiled table.
type cascade struct {
	v                                  *version
	same, floats, float, bf16, fp8     *promote.Rule
	fp6, fp4, boolInt, intSame, intMix *promote.Rule
	noMatch, noDType                   *promote.Rule
	dtypes                             *promote.DTypeSet // the version's dtypes
	// table is the cascade compiled over every pair, built the first
	// time a rule set of this version asks for it, not at init.
	table func() *kit.PairTable
}

func newCascade(v *version) *cascade {
	r := func(id, text string) *promote.Rule { return &promote.Rule{ID: id, Text: text, Source: v.src} }
	c := &cascade{v: v,
		same:    r("same", "two operands of one dtype: that dtype"),
		floats:  r("float-float", "two IEEE floats (float16, float32, float64): the wider"),
		float:   r("float", "one IEEE float: the float, whatever the other (int64 + float16 is float16, bfloat16 + float16 is float16)"),
		bf16:    r("bfloat16", "one bfloat16 (and no IEEE float): bfloat16, over float8, float6, float4, integers and bool"),
		fp8:     r("float8", "one float8 type with a non-float8: the float8 type; two different float8 types do not match"),
		fp6:     r("float6", "one float6 type with a non-float6 (below float8): the float6 type"),
		fp4:     r("float4", "float4_e2m1fn with a non-float4 (below float6): float4_e2m1fn"),
		boolInt: r("bool-int", "bool with an integer: the integer"),
		intSame: r("int-same-sign", "two integers of the same signedness: the wider"),
		intMix:  r("int-mixed-sign", "a signed with an unsigned integer: the wider; at equal width the unsigned one (uint32 + int8 is uint32)"),
		noMatch: r("cannot-match", "no branch applies (two different float8 or float6 types, a small float without its tier): Cannot match type"),
	}
	c.noDType = &promote.Rule{ID: "dtype",
		Text:   "TIR's dtypes are bool, intN, uintN, float16/32/64, bfloat16 and, by version, the float8, float6 and float4 types; it has no complex or dynamic type",
		Source: v.src + "; DLDataTypeCode groups IsFloatType..IsFloat4Type"}
	if !v.boolType {
		c.intSame.Text += " (bool is uint1 in this version)"
		c.intMix.Text += " (bool is uint1 in this version)"
	}
	c.dtypes = kit.DTypesWhere(v.has)
	c.table = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable(Name, c.pair) })
	return c
}

// pair is the cascade on two dtypes, as a table decision.
func (c *cascade) pair(a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !c.v.has(d) {
			return kit.Decision{Rule: c.noDType, Msg: c.noDTypeMsg(d)}
		}
	}
	out, why := c.promote(a, b)
	if out == dtype.Invalid {
		return kit.Decision{Rule: why, Msg: "Cannot match type " + c.v.typeName(c.v.canon(a)) + " vs " + c.v.typeName(c.v.canon(b))}
	}
	return kit.Decision{Out: out, Rule: why}
}

func (c *cascade) noDTypeMsg(d dtype.DType) string {
	switch {
	case d.IsComplex():
		return "TVM has no dtype for " + d.String() + " (TIR has no complex types)"
	case d == dtype.Dynamic:
		return "TVM has no dtype for dynamic (TIR types are static)"
	}
	return "TVM " + c.v.name + " has no dtype for " + d.String()
}

// promote is PromoteBinaryOpType (BinaryOpMatchTypes before v0.26) on
// two dtypes the version has. Invalid means Cannot match type.
func (c *cascade) promote(a, b dtype.DType) (dtype.DType, *promote.Rule) {
	v := c.v
	a, b = v.canon(a), v.canon(b)
	wider := func(x, y dtype.DType) dtype.DType {
		if bits(x) < bits(y) {
			return y
		}
		return x
	}
	switch {
	case a == b:
		return a, c.same
	case isIEEE(a) && isIEEE(b):
		return wider(a, b), c.floats
	case isIEEE(b):
		return b, c.float
	case isIEEE(a):
		return a, c.float
	case b == dtype.BF16:
		return b, c.bf16
	case a == dtype.BF16:
		return a, c.bf16
	case !isFP8(a) && isFP8(b):
		return b, c.fp8
	case isFP8(a) && !isFP8(b):
		return a, c.fp8
	case v.f6fp8 && !isFP6(a) && isFP6(b):
		return b, c.fp6
	case v.f6fp8 && isFP6(a) && !isFP6(b):
		return a, c.fp6
	case v.f4 && b == dtype.F4E2M1FN:
		return b, c.fp4
	case v.f4 && a == dtype.F4E2M1FN:
		return a, c.fp4
	case v.boolType && a == dtype.Bool && isInteger(b):
		return b, c.boolInt
	case v.boolType && b == dtype.Bool && isInteger(a):
		return a, c.boolInt
	case isInteger(a) && isInteger(b) && unsigned(a) == unsigned(b):
		return wider(a, b), c.intSame
	case isInteger(a) && isInteger(b):
		if bits(a) == bits(b) {
			if unsigned(a) {
				return a, c.intMix
			}
			return b, c.intMix
		}
		return wider(a, b), c.intMix
	}
	return dtype.Invalid, c.noMatch
}

// isInteger is code kDLInt or kDLUInt; bool counts as uint1 where it is
// one (the caller has canonicalised uint1 to bool there).
func isInteger(d dtype.DType) bool { return d.IsInteger() || d == dtype.Bool }

func unsigned(d dtype.DType) bool { return d.IsUnsigned() || d == dtype.Bool }

func bits(d dtype.DType) int {
	if d == dtype.Bool {
		return 1 // uint1 up to v0.22; with kDLBool the branch on bool runs first
	}
	return d.Bits()
}
