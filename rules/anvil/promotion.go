package anvil

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// src is the file every promotion rule comes from; each rule's Source adds
// the function.
const src = "r-xla/anvil R/promotion.R@ef9f93aa "

// The promotion rules, one per function of R/promotion.R.
var (
	ruleKnown = &promote.Rule{
		ID: "promote_dt_known",
		Text: "both operands known: the same dtype stays; bool yields to the other dtype; of two floats the wider wins; " +
			"a float beats any integer (i64 with f32 is f32); of two signed or two unsigned integers the wider wins; " +
			"a signed and an unsigned integer give the signed one if it is wider, otherwise the signed integer of " +
			"twice the unsigned width, at most i64 (u64 with any signed integer is i64); the result is known",
		Source: src + "promote_dt_known",
	}
	ruleAmbiguousToKnown = &promote.Rule{
		ID: "promote_dt_ambiguous_to_known",
		Text: "one operand ambiguous: its dtype wins if it is a float and the known one is not, or if the known one " +
			"is bool and it is not; otherwise the known dtype wins, even when narrower; the result stays ambiguous " +
			"only when the ambiguous dtype won and differs from the known one",
		Source: src + "promote_dt_ambiguous_to_known, common_dtype",
	}
	ruleBothAmbiguous = &promote.Rule{
		ID:     "common_dtype",
		Text:   "both operands ambiguous: the dtype promote_dt_known gives (promote_dt_ambiguous), and the result is ambiguous",
		Source: src + "common_dtype, promote_dt_ambiguous",
	}
	ruleUnsupported = &promote.Rule{
		ID: "unsupported-dtype",
		Text: "tengen 0.2.0, the dtype set anvl is written against, has only bool (pred, i1), i8, i16, i32, i64, " +
			"ui8, ui16, ui32, ui64, f32 and f64",
		Source: "r-xla/tengen R/types.R@4adc1c2 as_dtype",
	}
)

// supported marks tengen 0.2.0's eleven dtypes.
var supported = func() (s [dtype.Count]bool) {
	for _, d := range []dtype.DType{
		dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64,
		dtype.U8, dtype.U16, dtype.U32, dtype.U64, dtype.F32, dtype.F64,
	} {
		s[d] = true
	}
	return s
}()

// Supported reports whether anvil has the dtype d: tengen 0.2.0 has bool,
// i8..i64, u8..u64 (its ui8..ui64), f32 and f64, and nothing else.
func Supported(d dtype.DType) bool { return d.Valid() && supported[d] }

// unsupportedMsg is tengen's as_dtype error for a dtype it does not have.
// Source: r-xla/tengen R/types.R@4adc1c2 as_dtype.
func unsupportedMsg(d dtype.DType) string { return "Unsupported dtype: " + d.String() }

// table holds promote_dt_known over every pair of catalogue dtypes; a pair
// with a dtype tengen 0.2.0 lacks is a refusal. It is built on first use,
// not at init.
var table = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("anvil", decide) })

func decide(a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !Supported(d) {
			return kit.Decision{Rule: ruleUnsupported, Msg: unsupportedMsg(d)}
		}
	}
	return kit.Decision{Out: promoteKnown(a, b), Rule: ruleKnown}
}

// promoteKnown is promote_dt_known (r-xla/anvil R/promotion.R@ef9f93aa),
// for two supported dtypes. It is symmetric.
func promoteKnown(a, b dtype.DType) dtype.DType {
	switch {
	case a == b:
		return a
	case a == dtype.Bool:
		return b
	case b == dtype.Bool:
		return a
	case a.IsFloat() && b.IsFloat():
		return wider(a, b)
	case a.IsFloat():
		// Any integer meets a float at the float, so i64 with f32 is f32:
		// anvil prefers accelerator speed to exactness here.
		return a
	case b.IsFloat():
		return b
	case a.IsSigned() == b.IsSigned():
		return wider(a, b)
	}
	s, u := a, b
	if a.IsUnsigned() {
		s, u = b, a
	}
	if u.Bits() < s.Bits() {
		return s // the signed type holds every value of the unsigned one
	}
	// Otherwise the signed integer twice as wide as the unsigned one, capped
	// at i64: u64 with any signed integer is i64, which anvil accepts as
	// lossy.
	return signed(min(64, 2*u.Bits()))
}

// wider returns the wider of two dtypes of one kind.
func wider(a, b dtype.DType) dtype.DType {
	if b.Bits() > a.Bits() {
		return b
	}
	return a
}

// signed returns the signed integer of the given width (16, 32 or 64).
func signed(bits int) dtype.DType {
	switch bits {
	case 8:
		return dtype.I8
	case 16:
		return dtype.I16
	case 32:
		return dtype.I32
	}
	return dtype.I64
}

// ambiguousToKnown is promote_dt_ambiguous_to_known (r-xla/anvil
// R/promotion.R@ef9f93aa): amb is the ambiguous operand's dtype, known the
// known one's. The ambiguous side wins only where taking the known dtype
// would lose its category (a float literal meeting an integer, a number
// meeting a bool); otherwise it yields, even to a narrower dtype, because
// a literal's dtype is only a guess.
func ambiguousToKnown(amb, known dtype.DType) dtype.DType {
	switch {
	case amb.IsFloat() && !known.IsFloat():
		return amb
	case amb != dtype.Bool && known == dtype.Bool:
		return amb
	}
	return known
}

// CommonDType is anvil's common_dtype(a, b, aAmb, bAmb) (r-xla/anvil
// R/promotion.R@ef9f93aa): the dtype two operands promote to, whether the
// result is ambiguous, and the rule that decided. aAmb and bAmb say whether
// each operand is ambiguous (an R literal, or an array made ambiguous).
//
// It is meant for program-level inference, where each intermediate value
// carries its own ambiguity flag. A dtype tengen 0.2.0 does not have gives
// dtype.Invalid, false and the unsupported-dtype rule. It does not
// allocate.
func CommonDType(a, b dtype.DType, aAmb, bAmb bool) (dtype.DType, bool, *promote.Rule) {
	if !Supported(a) || !Supported(b) {
		return dtype.Invalid, false, ruleUnsupported
	}
	switch {
	case aAmb && bAmb:
		return table().Cell(a, b).Out, true, ruleBothAmbiguous
	case aAmb:
		dt := ambiguousToKnown(a, b)
		return dt, dt == a && dt != b, ruleAmbiguousToKnown
	case bAmb:
		dt := ambiguousToKnown(b, a)
		return dt, dt == b && dt != a, ruleAmbiguousToKnown
	}
	return table().Cell(a, b).Out, false, ruleKnown
}
