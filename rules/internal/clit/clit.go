// Package clit gives C and C++ literals their types as GCC does on x86-64
// Linux (LP64): integer constants by value, radix and suffix (ISO C17
// §6.4.4.1's table, C++ [lex.icon] Table 8, which is the same), floating
// constants by suffix, true and false. It is shared by the c, cpp and
// kernel-float rule sets, whose hosts write literals the same way.
package clit

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Lang says which language's literals are read.
type Lang struct {
	// CPlusPlus: C++, whose true and false are bool and whose binary
	// literals exist since C++14.
	CPlusPlus bool
	// C23: C23, whose true and false are bool and which has binary
	// constants; otherwise C17, whose true and false are <stdbool.h>'s
	// macros for the int constants 1 and 0.
	C23 bool
}

// Type is a C type: its dtype and how C spells it.
type Type struct {
	DType dtype.DType
	Name  string
}

// The C types a literal can have on LP64. long long and unsigned long
// long are 64-bit like long and unsigned long, so they share their dtypes.
var (
	Int       = Type{dtype.I32, "int"}
	UInt      = Type{dtype.U32, "unsigned int"}
	Long      = Type{dtype.I64, "long"}
	ULong     = Type{dtype.U64, "unsigned long"}
	LongLong  = Type{dtype.I64, "long long"}
	ULongLong = Type{dtype.U64, "unsigned long long"}
	Double    = Type{dtype.F64, "double"}
	Float     = Type{dtype.F32, "float"}
	Bool      = Type{dtype.Bool, "bool"}
)

// LongDouble is long double, the x87 80-bit extended format.
var LongDouble = Type{dtype.F80, "long double"}

// Error is a literal the language does not have, or whose type is
// outside the catalogue, in GCC's words where GCC has them.
type Error struct{ Msg string }

// Error returns the message, which names the literal and why it is refused.
func (e *Error) Error() string { return e.Msg }

func refuse(format string, args ...any) (Type, error) {
	return Type{}, &Error{Msg: fmt.Sprintf(format, args...)}
}

// Of returns the type of a literal in lang.
func Of(v promote.Value, lang Lang) (Type, error) {
	language := "C"
	if lang.CPlusPlus {
		language = "C++"
	}
	if v.Kind != promote.BoolValue && strings.Contains(v.Text, "_") {
		// C++14 ([lex.icon], [lex.fcon]) and C23 (§6.4.4.1, §6.4.4.2)
		// separate digits with a single quote; neither has _, and C17
		// has no separator at all.
		if lang.CPlusPlus {
			return refuse("%s is not a C++ literal: C++ has no _ digit separator (C++14 separates digits with ', as in 1'000)", v.Text)
		}
		return refuse("%s is not a C literal: C has no _ digit separator (C23 separates digits with ', as in 1'000)", v.Text)
	}
	switch v.Kind {
	case promote.BoolValue:
		if !lang.CPlusPlus && !lang.C23 {
			// C17 §7.18: true and false expand to the integer constants 1
			// and 0.
			return Int, nil
		}
		return Bool, nil
	case promote.IntValue:
		return intType(v, lang, language)
	case promote.FloatValue:
		switch v.Suffix {
		case "":
			return Double, nil
		case kit.SuffixFloat:
			return Float, nil
		case kit.SuffixLongDouble:
			return LongDouble, nil
		case kit.SuffixJuliaF32:
			return refuse("%s is not a %s literal (1f0 is Julia's Float32; C23's 1.0f16 and C++23's 1.0f16 are not read by the operand grammar: write a typed value such as f16(1.0))", v.Text, language)
		}
		return refuse("%s is not a %s floating literal (suffixes are f and l)", v.Text, language)
	case promote.ComplexValue:
		return refuse("%s has no imaginary literal like %s; write a typed complex value such as c64(1j)", language, v.Text)
	}
	return refuse("invalid literal %s", v.Text)
}

// Candidate lists, C17 §6.4.4.1p5 and C++ [lex.icon] Table 8.
var (
	decimalNone = []Type{Int, Long, LongLong}
	radixNone   = []Type{Int, UInt, Long, ULong, LongLong, ULongLong}
	anyU        = []Type{UInt, ULong, ULongLong}
	decimalL    = []Type{Long, LongLong}
	radixL      = []Type{Long, ULong, LongLong, ULongLong}
	anyUL       = []Type{ULong, ULongLong}
	decimalLL   = []Type{LongLong}
	radixLL     = []Type{LongLong, ULongLong}
	anyULL      = []Type{ULongLong}
)

// intType is the type of an integer constant: the first of its
// candidate list that holds its value. The sign is the unary minus
// operator, not part of the constant, so the magnitude decides.
func intType(v promote.Value, lang Lang, language string) (Type, error) {
	text := strings.TrimLeft(v.Text, "+-")
	text = strings.TrimRight(text, "uUlL")
	mag := new(big.Int).Abs(v.Int)
	radix := 10
	switch {
	case len(text) >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'):
		radix = 16
	case len(text) >= 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B'):
		if !lang.CPlusPlus && !lang.C23 {
			return refuse("binary constants are a C23 feature or GCC extension: %s is not C17 (use std=c23)", v.Text)
		}
		radix = 2
	case len(text) >= 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'O'):
		return refuse("%s is not a %s literal (0o is Julia's and Python's octal prefix; %s writes octal with a leading 0, as in 017)", v.Text, language, language)
	case len(text) >= 2 && text[0] == '0':
		// An octal constant: a leading 0 then octal digits (C17 §6.4.4.1).
		radix = 8
		if i := strings.IndexAny(text, "89"); i >= 0 {
			return refuse("invalid digit \"%c\" in octal constant %s", text[i], v.Text)
		}
		mag.SetString(text, 8)
	}
	var list []Type
	switch v.Suffix {
	case "":
		list = pick(radix, decimalNone, radixNone)
	case kit.SuffixUnsigned:
		list = anyU
	case kit.SuffixLong:
		list = pick(radix, decimalL, radixL)
	case kit.SuffixUnsignedLong:
		list = anyUL
	case kit.SuffixLongLong:
		list = pick(radix, decimalLL, radixLL)
	case kit.SuffixUnsignedLongLong:
		list = anyULL
	default:
		return refuse("%s is not a %s literal (integer suffixes are u, l, ll and their combinations)", v.Text, language)
	}
	for _, t := range list {
		if fits(mag, t.DType) {
			return t, nil
		}
	}
	if radix == 10 && (v.Suffix == "" || v.Suffix == kit.SuffixLong || v.Suffix == kit.SuffixLongLong) && mag.BitLen() <= 64 {
		return refuse("integer constant %s is so large that it is unsigned: GCC gives it the type __int128, which is outside promote's catalogue", v.Text)
	}
	return refuse("integer constant %s is too large for its type", v.Text)
}

func pick(radix int, decimal, other []Type) []Type {
	if radix == 10 {
		return decimal
	}
	return other
}

// fits reports whether the non-negative mag is a value of the integer
// dtype d.
func fits(mag *big.Int, d dtype.DType) bool {
	bits := d.Bits()
	if d.IsSigned() {
		bits--
	}
	return mag.BitLen() <= bits
}
