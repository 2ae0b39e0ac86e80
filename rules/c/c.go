package c

import (
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

// optStd declares the option "std"; the rule set reads it only through this handle.
var optStd = promote.NewEnumOpt(promote.Option{
	Name: "std", Default: "c17", Values: []string{"c17", "c23"},
	Doc: "the C standard: c17 (ISO C17's types) or c23 (adds _Float16, _BitInt and GCC's __bf16; true is a bool)",
})

// Def is the c rule set. Option std=c17|c23 (default c17, ISO C17 as
// gcc -std=c17 -pedantic-errors accepts it; GCC 12's own default is gnu17).
var Def = &promote.Def{
	Name:    name,
	Title:   "C (usual arithmetic conversions, x86-64 LP64, GCC)",
	Family:  promote.FamilyLanguages,
	Source:  "rules/c/spec.md; " + srcC17 + "§6.3.1.1, §6.3.1.8, §6.4.4; " + srcC23 + "§6.3.1.8, Annex H; " + srcTypeck,
	NAry:    promote.Fold,
	Dialect: Dialect,
	Options: promote.Opts(optStd),
	Presets: [][]string{{"std=c23"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		return &rules{standards.Folder(s)}, nil
	},
	DTypes:    standards.DTypes,
	Weak:      promote.NoWeakTypes,
	Host:      promote.HostC,
	Rules:     allRules,
	Admission: clit.Admission(standards.Language),
}

// standards are C17 and C23 as the shared C-family fold reads them: the
// usual arithmetic conversions, folded left to right as a + b + c groups
// ((a + b) + c) (C17 §6.5.6).
var standards = clit.NewStandards(optStd, "c23", language(false), language(true))

func language(c23 bool) *clit.Language {
	return &clit.Language{
		Name: name, Spelled: "C", Lit: clit.Lang{C23: c23},
		Has:    func(d dtype.DType) bool { return has(d, c23) },
		WhyNot: func(d dtype.DType) string { return whyNot(d, c23) },
		Common: func(a, b dtype.DType) (dtype.DType, *promote.Rule, string) {
			out, rule := common(a, b)
			return out, rule, ""
		},
		Rules: clit.FoldRules{NoWeak: ruleNoWeak, NotType: ruleNotC, NotLiteral: ruleNotLiteral, Same: ruleSame,
			LiteralBool: ruleLiteralBool, LiteralFloat: ruleLiteralFloat, LiteralInt: ruleLiteralInt},
	}
}
