package cpp

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/internal/clit"
)

// name is the rule set's name, in every error.
const name = "cpp"

// Dialect reads C++'s type names, with underscores for spaces
// (unsigned_char, long_double), the prefix std:: (std::float16_t,
// std::complex<float>), the character types by the dtype they promote
// like, and GCC's _Float16 and __bf16.
var Dialect = dtype.NewDialect(name, []string{"std::"},
	map[string]dtype.DType{
		"bool": dtype.Bool, "char": dtype.I8, "signed_char": dtype.I8, "unsigned_char": dtype.U8, "char8_t": dtype.U8,
		"short": dtype.I16, "signed_short": dtype.I16, "unsigned_short": dtype.U16, "char16_t": dtype.U16,
		"int": dtype.I32, "signed": dtype.I32, "unsigned": dtype.U32, "unsigned_int": dtype.U32, "wchar_t": dtype.I32, "char32_t": dtype.U32,
		"long": dtype.I64, "unsigned_long": dtype.U64, "long_long": dtype.I64, "unsigned_long_long": dtype.U64,
		"size_t": dtype.U64, "ptrdiff_t": dtype.I64, "intptr_t": dtype.I64, "uintptr_t": dtype.U64,
		"float": dtype.F32, "double": dtype.F64, "long_double": dtype.F80,
		"float16_t": dtype.F16, "bfloat16_t": dtype.BF16, "float32_t": dtype.F32, "float64_t": dtype.F64,
		"_Float16": dtype.F16, "__bf16": dtype.BF16, "_Float32": dtype.F32, "_Float64": dtype.F64,
		"complex<float>": dtype.C64, "complex<double>": dtype.C128, "complex<long_double>": dtype.C160,
		"complex<float16_t>": dtype.C32, "complex<std::float16_t>": dtype.C32,
		"complex<bfloat16_t>": dtype.BC32, "complex<std::bfloat16_t>": dtype.BC32,
	},
	map[string]string{
		"float128_t": "std::float128_t (IEEE binary128)", "_Float128": "IEEE binary128", "__float128": "IEEE binary128",
		"__int128": "GCC's 128-bit integer", "__int128_t": "GCC's 128-bit integer", "__uint128_t": "GCC's 128-bit unsigned integer",
		"complex<float128_t>": "std::complex of IEEE binary128",
	})

// optStd declares the option "std"; the rule set reads it only through this handle.
var optStd = promote.NewEnumOpt(promote.Option{
	Name: "std", Default: "c++17", Values: []string{"c++17", "c++20", "c++23"},
	Doc: "the C++ standard: c++23 adds std::float16_t and std::bfloat16_t (P1467) and their std::complex",
})

// Def is the cpp rule set. Option std=c++17|c++20|c++23 (default c++17;
// g++ 12's own default is gnu++17).
var Def = &promote.Def{
	Name:    name,
	Title:   "C++ (usual arithmetic conversions, x86-64 LP64, g++)",
	Family:  promote.FamilyLanguages,
	Source:  "rules/cpp/spec.md; " + srcStd + "[conv.prom], [conv.rank], [expr.arith.conv], [lex.icon]; " + srcP1467 + "; " + srcTypeck,
	NAry:    promote.Fold,
	Dialect: Dialect,
	Options: promote.Opts(optStd),
	Presets: [][]string{{"std=c++23"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		return &rules{standards.Folder(s)}, nil
	},
	DTypes:    standards.DTypes,
	Weak:      promote.NoWeakTypes,
	Host:      promote.HostCPP,
	Rules:     allRules,
	Admission: clit.Admission(standards.Language),
}

// standards are C++ before C++23 and from C++23 on as the shared C-family
// fold reads them: [expr.arith.conv] folded left to right, as a + b + c
// groups ((a + b) + c) ([expr.add]); a step that is ill-formed stops the
// fold.
var standards = clit.NewStandards(optStd, "c++23", language(false), language(true))

func language(cxx23 bool) *clit.Language {
	return &clit.Language{
		Name: name, Spelled: "C++", Lit: clit.Lang{CPlusPlus: true},
		Has:    func(d dtype.DType) bool { return has(d, cxx23) },
		WhyNot: func(d dtype.DType) string { return whyNot(d, cxx23) },
		Common: common,
		Rules: clit.FoldRules{NoWeak: ruleNoWeak, NotType: ruleNotCXX, NotLiteral: ruleNotLiteral, Same: ruleSame,
			LiteralBool: ruleLiteralBool, LiteralFloat: ruleLiteralFloat, LiteralInt: ruleLiteralInt},
	}
}
