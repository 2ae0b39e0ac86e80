package c

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Sources, restated in spec.md.
const (
	srcC17     = "ISO C17 (N2176) "
	srcC23     = "ISO C23 (N3096) "
	srcTypeck  = "gcc-mirror/gcc@50f2789 gcc/c/c-typeck.cc c_common_type"
	srcManual  = "GCC manual, Floating Types and Half-Precision Floating Point"
	srcLiteral = srcC17 + "§6.4.4.1 (integer constants), §6.4.4.2 (floating constants), §7.18 (stdbool.h); " + srcC23 + "§6.4.4"
)

// The rules of the usual arithmetic conversions, in the order they apply.
var (
	ruleSame = &promote.Rule{ID: "same", Text: "two operands of the same type need no conversion",
		Source: srcC17 + "§6.3.1.8p1; " + srcTypeck + " (\"Save time if the two types are the same\")"}
	rulePromotion = &promote.Rule{ID: "integer-promotion", Text: "_Bool, char, signed and unsigned char and short are promoted to int before anything else, so u8 + u8 is int; _BitInt(N) is never promoted",
		Source: srcC17 + "§6.3.1.1p2; " + srcC23 + "§6.3.1.1p2 (bit-precise types)"}
	ruleComplex = &promote.Rule{ID: "complex", Text: "with a complex operand, the common real type of the two real parts is found, and the result is complex of it",
		Source: srcC17 + "§6.3.1.8p1 (corresponding real type); " + srcTypeck + " (\"If one type is complex, form the common type of the non-complex components\")"}
	ruleFloatInt = &promote.Rule{ID: "float-int", Text: "a real floating type with an integer type is the floating type (_Float16 + long is _Float16)",
		Source: srcC17 + "§6.3.1.8p1; " + srcTypeck + " (\"If only one is real, use it as the result\")"}
	ruleFloatFloat = &promote.Rule{ID: "float-float", Text: "of two floating types the one of greater precision wins: _Float16 and __bf16 < float < double < long double",
		Source: srcC17 + "§6.3.1.8p1; " + srcTypeck + " (\"use the one with greater precision\")"}
	ruleInterchange = &promote.Rule{ID: "interchange-first", Text: "two floating types of equal precision: the interchange type _FloatN wins, so _Float16 + __bf16 is _Float16 (C++23 makes this pair ill-formed)",
		Source: srcTypeck + " (\"prefer interchange types _FloatN, then standard types\"); " + srcC23 + "§6.3.1.8; " + srcManual}
	ruleIntRank = &promote.Rule{ID: "int-rank", Text: "after promotion, of two integer types the one of greater precision wins, whatever its signedness (unsigned int + long is long)",
		Source: srcC17 + "§6.3.1.8p1 (rank rules); " + srcTypeck + " (\"Both real or both integers; use the one with greater precision\")"}
	ruleUnsignedWins = &promote.Rule{ID: "unsigned-wins", Text: "after promotion, a signed and an unsigned integer type of equal precision give the unsigned type (int + unsigned int is unsigned int)",
		Source: srcC17 + "§6.3.1.8p1; " + srcTypeck + " (\"Otherwise prefer the unsigned one\")"}
	ruleNotC = &promote.Rule{ID: "not-c", Text: "C (under this std) has no type for the dtype",
		Source: srcC17 + "§6.2.5; " + srcC23 + "§6.2.5, Annex H; " + srcManual}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-types", Text: "C has no weak types: every operand has its C type",
		Source: srcC17 + "§6.3.1.8"})
	ruleLiteralInt = &promote.Rule{ID: "literal-int", Text: "an integer constant has the first type of its list that holds its value: decimal int, long, long long; octal, hex and binary also the unsigned types; suffixes u, l, ll narrow the list; the sign is a unary operator",
		Source: srcLiteral}
	ruleLiteralFloat = &promote.Rule{ID: "literal-float", Text: "a floating constant is a double; with suffix f a float, with suffix l a long double",
		Source: srcLiteral}
	ruleLiteralBool = &promote.Rule{ID: "literal-bool", Text: "true and false are the int constants 1 and 0 in C17 (stdbool.h macros) and bool constants in C23",
		Source: srcLiteral}
	ruleNotLiteral = &promote.Rule{ID: "not-a-c-literal", Text: "the literal is not C (under this std), or its type is outside the catalogue",
		Source: srcLiteral}
)

// promoted is the type an operand has after the integer promotions, and
// whether they changed it.
func promoted(d dtype.DType) (dtype.DType, bool) {
	if ctypes[d].promotes {
		return dtype.I32, true
	}
	return d, false
}

// common is the usual arithmetic conversions of two C types (both
// available under the rule set's std): the result type and the rule that
// decided it, as GCC's c_common_type computes it on the promoted
// operands.
func common(a, b dtype.DType) (dtype.DType, *promote.Rule) {
	ca, cb := ctypes[a], ctypes[b]
	if ca.class == complexType || cb.class == complexType {
		pa, pb := a, b
		if ca.class == complexType {
			pa = a.Format().Elem
		}
		if cb.class == complexType {
			pb = b.Format().Elem
		}
		part, _ := common(pa, pb)
		return complexOf(part), ruleComplex
	}
	switch {
	case ca.class == floating && cb.class != floating:
		return a, ruleFloatInt
	case cb.class == floating && ca.class != floating:
		return b, ruleFloatInt
	case ca.class == floating:
		switch {
		case a == b:
			return a, ruleSame
		case ca.prec > cb.prec:
			return a, ruleFloatFloat
		case cb.prec > ca.prec:
			return b, ruleFloatFloat
		case ca.interchange:
			return a, ruleInterchange
		case cb.interchange:
			return b, ruleInterchange
		}
		// No other two floating types of the catalogue share a precision.
		return dtype.Invalid, ruleFloatFloat
	}
	pa, promA := promoted(a)
	pb, promB := promoted(b)
	ca, cb = ctypes[pa], ctypes[pb]
	switch {
	case pa == pb && (promA || promB):
		return pa, rulePromotion
	case pa == pb:
		return pa, ruleSame
	case ca.prec > cb.prec:
		return pa, ruleIntRank
	case cb.prec > ca.prec:
		return pb, ruleIntRank
	case ca.unsigned:
		return pa, ruleUnsignedWins
	}
	return pb, ruleUnsignedWins
}

// allRules is every rule of the rule set; the tests require each to be
// reached by a vector, and every rule declared here to be listed.
var allRules = []*promote.Rule{
	ruleSame, rulePromotion, ruleComplex, ruleFloatInt, ruleFloatFloat,
	ruleInterchange, ruleIntRank, ruleUnsignedWins, ruleNotC, ruleNoWeak,
	ruleLiteralInt, ruleLiteralFloat, ruleLiteralBool, ruleNotLiteral,
}
