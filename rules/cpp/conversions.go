package cpp

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Sources, restated in spec.md.
const (
	srcStd     = "ISO C++23 (N4950) "
	srcTypeck  = "gcc-mirror/gcc@e9803f1 gcc/cp/typeck.cc cp_common_type"
	srcP1467   = "P1467R9 (Extended floating-point types and standard names)"
	srcLiteral = srcStd + "[lex.icon] Table 8, [lex.fcon], [lex.bool]"
)

// The rules of [expr.arith.conv], in the order they apply.
var (
	ruleSame = &promote.Rule{ID: "same", Text: "two operands of the same type need no conversion",
		Source: srcStd + "[expr.arith.conv]"}
	ruleComplex = &promote.Rule{ID: "complex", Text: "std::complex<T>'s operators are templates over one T: complex<T> meets only complex<T> or T, with no conversion (complex<float> + double does not compile)",
		Source: srcStd + "[complex.ops]; libstdc++ <complex>"}
	ruleFloatInt = &promote.Rule{ID: "float-int", Text: "a floating type with an integral type is the floating type",
		Source: srcStd + "[expr.arith.conv]/(1.4)"}
	ruleFloatRank = &promote.Rule{ID: "float-rank", Text: "of two floating types the one of greater floating-point conversion rank wins: its set of values contains the other's (std::bfloat16_t and std::float16_t < float < double < long double)",
		Source: srcStd + "[conv.rank], [expr.arith.conv]/(1.3); " + srcP1467 + "; " + srcTypeck}
	ruleUnordered = &promote.Rule{ID: "unordered-ranks", Text: "two floating types whose conversion ranks are unordered (neither value set contains the other: std::float16_t and std::bfloat16_t) make the expression ill-formed",
		Source: srcStd + "[expr.arith.conv]/(1.3); " + srcP1467 + "; " + srcTypeck + " (cp_compare_floating_point_conversion_ranks)"}
	rulePromotion = &promote.Rule{ID: "integral-promotion", Text: "bool, char, signed and unsigned char and short (and char8_t, char16_t, wchar_t) are promoted to int before anything else, so u8 + u8 is int",
		Source: srcStd + "[conv.prom], [expr.arith.conv]/(1.5)"}
	ruleIntRank = &promote.Rule{ID: "int-rank", Text: "after promotion: the same signedness, the greater rank; a signed type that holds every value of the unsigned one wins (unsigned int + long is long)",
		Source: srcStd + "[expr.arith.conv]/(1.5.2), (1.5.4), [conv.rank]"}
	ruleUnsignedRank = &promote.Rule{ID: "unsigned-rank", Text: "after promotion: an unsigned type of rank at least the signed one's wins (int + unsigned int is unsigned int)",
		Source: srcStd + "[expr.arith.conv]/(1.5.3)"}
	ruleNotCXX = &promote.Rule{ID: "not-cxx", Text: "C++ (under this std) has no type for the dtype",
		Source: srcStd + "[basic.fundamental], [basic.extended.fp]; " + srcP1467}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-types", Text: "C++ has no weak types: every operand has its type",
		Source: srcStd + "[expr.arith.conv]"})
	ruleLiteralInt = &promote.Rule{ID: "literal-int", Text: "an integer literal has the first type of its list that holds its value: decimal int, long, long long; binary, octal and hex also the unsigned types; suffixes u, l, ll narrow the list; the sign is a unary operator",
		Source: srcLiteral}
	ruleLiteralFloat = &promote.Rule{ID: "literal-float", Text: "a floating literal is a double; with suffix f a float, with suffix l a long double",
		Source: srcLiteral}
	ruleLiteralBool = &promote.Rule{ID: "literal-bool", Text: "true and false are bool", Source: srcLiteral}
	ruleNotLiteral  = &promote.Rule{ID: "not-a-cxx-literal", Text: "the literal is not C++, or its type is outside the catalogue",
		Source: srcLiteral}
)

// common is [expr.arith.conv] for two types C++ has under the rule set's
// std: the result and its rule, or (Invalid) a refusal with g++'s words.
func common(a, b dtype.DType) (dtype.DType, *promote.Rule, string) {
	ta, tb := types[a], types[b]
	switch {
	case ta.class == complexType || tb.class == complexType:
		if a == b {
			return a, ruleSame, ""
		}
		// std::complex<T> meets only its own T (the T of a complex type is
		// its Format's Elem).
		if ta.class == complexType && tb.class != complexType && a.Format().Elem == b {
			return a, ruleComplex, ""
		}
		if tb.class == complexType && ta.class != complexType && b.Format().Elem == a {
			return b, ruleComplex, ""
		}
		return dtype.Invalid, ruleComplex, fmt.Sprintf("no match for 'operator+' (operand types are '%s' and '%s')", ta.name, tb.name)
	case ta.class == floating && tb.class == floating:
		switch up, down := dtype.Holds(a, b), dtype.Holds(b, a); {
		case a == b:
			return a, ruleSame, ""
		case up && !down:
			return b, ruleFloatRank, ""
		case down && !up:
			return a, ruleFloatRank, ""
		}
		return dtype.Invalid, ruleUnordered, fmt.Sprintf("invalid operands to binary + ('%s' and '%s' have unordered floating-point conversion ranks, so the expression is ill-formed)", ta.name, tb.name)
	case ta.class == floating:
		return a, ruleFloatInt, ""
	case tb.class == floating:
		return b, ruleFloatInt, ""
	}
	pa, pb := a, b
	if ta.promotes {
		pa = dtype.I32
	}
	if tb.promotes {
		pb = dtype.I32
	}
	ta, tb = types[pa], types[pb]
	switch {
	case pa == pb && (pa != a || pb != b):
		return pa, rulePromotion, ""
	case pa == pb:
		return pa, ruleSame, ""
	case ta.unsigned == tb.unsigned:
		if ta.bits > tb.bits {
			return pa, ruleIntRank, ""
		}
		return pb, ruleIntRank, ""
	}
	// One signed, one unsigned: the unsigned one if its rank is at least
	// the signed one's, else the signed one, which on LP64 then holds
	// every value of the unsigned one.
	uns, sig := pa, pb
	if !ta.unsigned {
		uns, sig = pb, pa
	}
	if types[uns].bits >= types[sig].bits {
		return uns, ruleUnsignedRank, ""
	}
	return sig, ruleIntRank, ""
}

// allRules is every rule of the rule set; the tests require each to be
// reached by a vector, and every rule declared here to be listed.
var allRules = []*promote.Rule{
	ruleSame, ruleComplex, ruleFloatInt, ruleFloatRank, ruleUnordered,
	rulePromotion, ruleIntRank, ruleUnsignedRank, ruleNotCXX, ruleNoWeak,
	ruleLiteralInt, ruleLiteralFloat, ruleLiteralBool, ruleNotLiteral,
}
