package c

import (
	"errors"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/internal/clit"
)

// name is the rule set's name, in every error.
const name = "c"

// Dialect reads C's type names, with underscores for spaces
// (unsigned_char, long_double, _Complex_float) and C23's and GCC's
// spellings (_Float16, _Float32x, __bf16). long long is i64 like long.
var Dialect = dtype.NewDialect(name, nil,
	map[string]dtype.DType{
		"_Bool": dtype.Bool, "bool": dtype.Bool,
		"char": dtype.I8, "signed_char": dtype.I8, "unsigned_char": dtype.U8,
		"short": dtype.I16, "short_int": dtype.I16, "signed_short": dtype.I16, "unsigned_short": dtype.U16,
		"int": dtype.I32, "signed": dtype.I32, "signed_int": dtype.I32, "unsigned": dtype.U32, "unsigned_int": dtype.U32,
		"long": dtype.I64, "long_int": dtype.I64, "signed_long": dtype.I64, "unsigned_long": dtype.U64,
		"long_long": dtype.I64, "signed_long_long": dtype.I64, "unsigned_long_long": dtype.U64,
		"size_t": dtype.U64, "ptrdiff_t": dtype.I64, "intptr_t": dtype.I64, "uintptr_t": dtype.U64, "wchar_t": dtype.I32,
		"float": dtype.F32, "double": dtype.F64, "long_double": dtype.F80,
		"_Float16": dtype.F16, "_Float32": dtype.F32, "_Float64": dtype.F64, "_Float32x": dtype.F64, "_Float64x": dtype.F80,
		"__bf16":         dtype.BF16,
		"_Complex_float": dtype.C64, "float_complex": dtype.C64, "float__Complex": dtype.C64,
		"_Complex_double": dtype.C128, "double_complex": dtype.C128, "double__Complex": dtype.C128,
		"_Complex_long_double": dtype.C160, "long_double_complex": dtype.C160, "long_double__Complex": dtype.C160,
		"_Complex__Float16": dtype.C32, "_Float16_complex": dtype.C32,
	},
	map[string]string{
		"__int128": "GCC's 128-bit integer", "__int128_t": "GCC's 128-bit integer", "unsigned___int128": "GCC's 128-bit unsigned integer",
		"__uint128_t": "GCC's 128-bit unsigned integer", "_Float128": "IEEE binary128", "__float128": "IEEE binary128",
		"_Float128x": "an extended binary128 type", "_Decimal32": "a decimal floating type", "_Decimal64": "a decimal floating type",
		"_Decimal128": "a decimal floating type",
	})

// Def is the c rule set. Option std=c17|c23 (default c17, ISO C17 as
// gcc -std=c17 -pedantic-errors accepts it; GCC 12's own default is gnu17).
var Def = &promote.Def{
	Name:    name,
	Title:   "C (usual arithmetic conversions, x86-64 LP64, GCC)",
	Source:  "rules/c/spec.md; " + srcC17 + "§6.3.1.1, §6.3.1.8, §6.4.4; " + srcC23 + "§6.3.1.8, Annex H; " + srcTypeck,
	NAry:    promote.Fold,
	Dialect: Dialect,
	Options: []promote.Option{
		{Name: "std", Kind: promote.EnumOption, Default: "c17", Values: []string{"c17", "c23"},
			Doc: "the C standard: c17 (ISO C17's types) or c23 (adds _Float16, _BitInt and GCC's __bf16; true is a bool)"},
	},
	Presets: [][]string{{"std=c23"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		c23 := s.Enum("std") == "c23"
		t := tables[0]
		if c23 {
			t = tables[1]
		}
		return &rules{Base: promote.Base{D: s.Def(), S: s, Table: t()}, c23: c23}, nil
	},
}

type rules struct {
	promote.Base
	c23 bool
}

// tables are the pair tables of c17 and c23, each built on first use, not
// at init.
var tables = [2]func() *promote.PairTable{
	sync.OnceValue(func() *promote.PairTable { return table(false) }),
	sync.OnceValue(func() *promote.PairTable { return table(true) }),
}

func table(c23 bool) *promote.PairTable {
	return promote.NewPairTable(name, func(a, b dtype.DType) promote.Decision {
		for _, d := range [2]dtype.DType{a, b} {
			if !has(d, c23) {
				return promote.Decision{Rule: ruleNotC, Msg: whyNot(d, c23)}
			}
		}
		out, rule := common(a, b)
		return promote.Decision{Out: out, Rule: rule}
	})
}

// operand is the C type of an operand, and the rule that typed a literal.
func (r *rules) operand(o promote.Operand) (dtype.DType, *promote.Rule, error) {
	if o.Weak {
		return dtype.Invalid, nil, r.Refuse(ruleNoWeak, "C has no weak types: "+o.String()+" cannot be written", o)
	}
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		if !has(o.DType, r.c23) {
			return dtype.Invalid, nil, r.Refuse(ruleNotC, whyNot(o.DType, r.c23), o)
		}
		return o.DType, nil, nil
	case promote.Literal:
		t, err := clit.Of(o.Value, clit.Lang{C23: r.c23})
		if err != nil {
			var le *clit.Error
			if errors.As(err, &le) {
				return dtype.Invalid, nil, r.Refuse(ruleNotLiteral, le.Msg, o)
			}
			return dtype.Invalid, nil, err
		}
		return t.DType, literalRule(o.Value), nil
	}
	return dtype.Invalid, nil, r.Refuse(ruleNotC, "invalid operand", o)
}

func literalRule(v promote.Value) *promote.Rule {
	switch v.Kind {
	case promote.BoolValue:
		return ruleLiteralBool
	case promote.FloatValue:
		return ruleLiteralFloat
	}
	return ruleLiteralInt
}

// Result folds the usual arithmetic conversions left to right, as
// a + b + c groups ((a + b) + c) (C17 §6.5.6).
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(promote.NoOperands, "no operands")
	}
	return promote.FoldLeft(ops, r)
}

// FoldOne is one operand's own type.
func (r *rules) FoldOne(o promote.Operand) (promote.Result, error) {
	t, rule, err := r.operand(o)
	if err != nil {
		return promote.Result{}, err
	}
	if rule == nil {
		rule = ruleSame
	}
	return promote.Result{DType: t, Rule: rule}, nil
}

// FoldTwo applies the usual arithmetic conversions to the running result
// and the next operand. Where a literal's own type is the answer, the
// literal's rule is named (i8 + 2147483648 is long because the constant
// is a long).
func (r *rules) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	ta, ra, err := r.operand(a)
	if err != nil {
		return promote.Result{}, err
	}
	tb, rb, err := r.operand(b)
	if err != nil {
		return promote.Result{}, err
	}
	out, rule := common(ta, tb)
	switch {
	case ra != nil && out == ta && out != tb:
		rule = ra
	case rb != nil && out == tb && out != ta:
		rule = rb
	}
	return promote.Result{DType: out, Rule: rule}, nil
}
