package julia

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

const (
	srcLiteralParsing = "JuliaLang/JuliaSyntax.jl@4db7ccb src/literal_parsing.jl"
	srcTokenize       = "JuliaLang/JuliaSyntax.jl@38b02dc src/tokenize.jl (lex_digit)"
	srcManualNumbers  = "JuliaLang/julia@008f957 doc/src/manual/integers-and-floating-point-numbers.md"
)

// The literal rules: a Julia literal is an ordinary value of a concrete
// type, decided by its text; it is never weak.
var (
	ruleLitInt = &promote.Rule{ID: "literal-int", Text: "a decimal integer literal is an Int (Int64 on 64-bit Julia), Int128 past Int64's range, BigInt past Int128's",
		Source: srcLiteralParsing + " (parse_int_literal); " + srcManualNumbers + " (Integers)"}
	ruleLitHex = &promote.Rule{ID: "literal-hex", Text: "a hexadecimal literal is unsigned, sized by its number of digits, leading zeros included: 1-2 UInt8, 3-4 UInt16, 5-8 UInt32, 9-16 UInt64, 17-32 UInt128; a - before it negates within that type",
		Source: srcLiteralParsing + " (parse_uint_literal, HexInt); " + srcManualNumbers}
	ruleLitBin = &promote.Rule{ID: "literal-bin", Text: "a binary literal is unsigned, sized by its number of digits: up to 8 UInt8, 16 UInt16, 32 UInt32, 64 UInt64, 128 UInt128",
		Source: srcLiteralParsing + " (parse_uint_literal, BinInt); " + srcManualNumbers}
	ruleLitOct = &promote.Rule{ID: "literal-oct", Text: "an octal literal is unsigned: UInt8 for up to 3 digits whose value fits, UInt16 for up to 6, UInt32 for up to 11, else UInt64 up to 22 digits, UInt128 up to 43",
		Source: srcLiteralParsing + " (parse_uint_literal, OctInt); " + srcManualNumbers}
	ruleLitFloat = &promote.Rule{ID: "literal-float", Text: "a decimal float literal (1.0, 2.5e3, and the constants NaN and Inf) is a Float64",
		Source: srcTokenize + "; " + srcManualNumbers + " (Floating-Point Numbers)"}
	ruleLitFloat32 = &promote.Rule{ID: "literal-float32", Text: "a float literal with f in place of e (1f0, 2.5f-4) is a Float32",
		Source: srcTokenize + " (kind Float32 for a lower-case f exponent); " + srcManualNumbers}
	ruleLitBool = &promote.Rule{ID: "literal-bool", Text: "true and false are Bool", Source: srcTokenize + " (lex_identifier: K\"Bool\")"}
	ruleLitNot  = &promote.Rule{ID: "not-a-julia-literal", Text: "the literal is not Julia syntax, or its type is outside promote's catalogue",
		Source: srcTokenize + "; " + srcLiteralParsing}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-types", Text: "Julia has no weak types: every value has its concrete type, so Int8(1) + 1 is Int64",
		Source: srcPromotion + " (promote_type of concrete types); " + srcManualNumbers})
	ruleScalar = &promote.Rule{ID: "typed-value", Text: "a typed value such as Float32(1.5) has its type, like an array of that element type",
		Source: srcPromotion}
)

var (
	maxInt64  = big.NewInt(1<<63 - 1)
	minInt64  = big.NewInt(-1 << 63)
	maxInt128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))
	minInt128 = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 127))
)

// literalType is the type Julia gives a literal as written.
func literalType(v promote.Value) (dtype.DType, *promote.Rule, string) {
	if separatorInExponent(v.Text) {
		return dtype.Invalid, ruleLitNot, fmt.Sprintf("%s is not a Julia literal: Julia allows _ between the digits of a number but not in its exponent (write %s)", v.Text, strings.ReplaceAll(v.Text, "_", ""))
	}
	switch v.Kind {
	case promote.BoolValue:
		return dtype.Bool, ruleLitBool, ""
	case promote.IntValue:
		if v.Suffix != "" {
			return dtype.Invalid, ruleLitNot, fmt.Sprintf("%s is not a Julia literal: Julia has no integer suffixes (write UInt32(1) or Int64(1))", v.Text)
		}
		return intLiteral(v)
	case promote.FloatValue:
		switch v.Suffix {
		case "":
			return dtype.F64, ruleLitFloat, ""
		case kit.SuffixJuliaF32:
			return dtype.F32, ruleLitFloat32, ""
		}
		return dtype.Invalid, ruleLitNot, fmt.Sprintf("%s is not a Julia literal: Julia writes a Float32 literal with f in place of e (1f0, 2.5f-4)", v.Text)
	case promote.ComplexValue:
		return dtype.Invalid, ruleLitNot, fmt.Sprintf("%s is not a Julia literal: Julia writes imaginary numbers with im (1.0im is a ComplexF64), which the operand grammar does not read; write a typed value such as c128(1j)", v.Text)
	}
	return dtype.Invalid, ruleLitNot, "invalid literal " + v.Text
}

// intLiteral types an integer literal: decimal by value, hexadecimal,
// binary and octal by their digits (JuliaSyntax parse_int_literal and
// parse_uint_literal).
func intLiteral(v promote.Value) (dtype.DType, *promote.Rule, string) {
	// Digit separators do not count: parse_uint_literal drops them
	// before sizing (0x00_ff is a UInt16, like 0x00ff).
	text := strings.ReplaceAll(strings.TrimLeft(v.Text, "+-"), "_", "")
	if len(text) < 2 || text[0] != '0' || strings.IndexByte("xXbBoO", text[1]) < 0 {
		switch {
		case v.Int.Cmp(minInt64) >= 0 && v.Int.Cmp(maxInt64) <= 0:
			return dtype.I64, ruleLitInt, ""
		case v.Int.Cmp(minInt128) >= 0 && v.Int.Cmp(maxInt128) <= 0:
			return dtype.Invalid, ruleLitInt, fmt.Sprintf("the literal %s is an Int128 in Julia, which is outside promote's catalogue", v.Text)
		}
		return dtype.Invalid, ruleLitInt, fmt.Sprintf("the literal %s is a BigInt in Julia, which is outside promote's catalogue", v.Text)
	}
	digits := len(text) - 2
	var bits int
	var rule *promote.Rule
	switch text[1] {
	case 'x', 'X':
		rule = ruleLitHex
		bits = sizeBy(digits, 2, 4, 8, 16, 32)
	case 'b', 'B':
		rule = ruleLitBin
		bits = sizeBy(digits, 8, 16, 32, 64, 128)
	default:
		rule = ruleLitOct
		bits = octalBits(digits, new(big.Int).Abs(v.Int))
	}
	switch bits {
	case 8:
		return dtype.U8, rule, ""
	case 16:
		return dtype.U16, rule, ""
	case 32:
		return dtype.U32, rule, ""
	case 64:
		return dtype.U64, rule, ""
	case 128:
		return dtype.Invalid, rule, fmt.Sprintf("the literal %s is a UInt128 in Julia, which is outside promote's catalogue", v.Text)
	}
	return dtype.Invalid, rule, fmt.Sprintf("the literal %s is a BigInt in Julia, which is outside promote's catalogue", v.Text)
}

// separatorInExponent reports a digit separator in a decimal literal's
// exponent (1e1_0, 1f1_0): Julia's lexer reads the exponent's digits
// without separators (JuliaSyntax.jl src/tokenize.jl lex_digit:
// accept_batch(isdigit) after e, E or f; accept_number, which takes _,
// only for the mantissa), so 1e1_0 is 1e1 followed by the name _0.
func separatorInExponent(text string) bool {
	t := strings.TrimLeft(text, "+-(")
	if len(t) >= 2 && t[0] == '0' && strings.IndexByte("xXbBoO", t[1]) >= 0 {
		return false // a radix literal: e and f are digits
	}
	i := strings.IndexAny(t, "eEf")
	return i >= 0 && strings.Contains(t[i:], "_")
}

// sizeBy gives the width for a digit count under the limits for UInt8,
// UInt16, UInt32, UInt64 and UInt128; 0 past them (a BigInt).
func sizeBy(digits int, limits ...int) int {
	for i, l := range limits {
		if digits <= l {
			return 8 << i
		}
	}
	return 0
}

// octalBits is parse_uint_literal's octal case: the digit count and the
// value together pick UInt8 (3 digits), UInt16 (6), UInt32 (11); a value
// that fits UInt64 is UInt64 up to 22 digits and UInt128 up to 43.
func octalBits(digits int, mag *big.Int) int {
	if mag.BitLen() > 64 {
		if mag.BitLen() <= 128 && digits <= 43 {
			return 128
		}
		return 0
	}
	x := mag.Uint64()
	switch {
	case digits <= 3 && x <= 0xff:
		return 8
	case digits <= 6 && x <= 0xffff:
		return 16
	case digits <= 11 && x <= 0xffffffff:
		return 32
	case digits <= 22:
		return 64
	case digits <= 43:
		return 128
	}
	return 0
}
