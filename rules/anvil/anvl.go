package anvil

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// The versions of anvl's promotion promote models.
const (
	// Version04 is every release, anvil 0.1.0 and anvl 0.2.0 to 0.4.0: the
	// ambiguity system of r-xla/anvil R/promotion.R@ef9f93aa (the seed's
	// semantics). The default: it is what installing anvl gives.
	Version04 = "0.4"
	// VersionMain is r-xla/anvl's unreleased development version
	// (R/promotion.R@06aa26a6): the RData system, where an R value takes
	// the dtype it meets and no result is ambiguous (NEWS.md, "anvl
	// (development version)": "the ambiguity system was replaced with the
	// RData system").
	VersionMain = "main"
)

// Versions lists the values of the version option, newest first.
var Versions = []string{VersionMain, Version04}

// srcMain is the development version's promotion code.
const srcMain = "r-xla/anvl R/promotion.R@06aa26a6 "

// The rules of the development version (RData).
var (
	mKnown = &promote.Rule{ID: "promote_dt_known",
		Text: "two values with a dtype (arrays): the same dtype stays; bool yields; of two floats the float named by the wider width (f16 with bf16 is f16); " +
			"a float beats an integer (and a complex, which the code does not single out); two signed or two unsigned integers give the wider; a signed s and " +
			"an unsigned u give s when u is narrower, else the signed integer of twice u's width, if at most 64 bits",
		Source: srcMain + "promote_dt_known, promote_dt_known_or_null, promote_dt_int_uint"}
	mNoCommon = &promote.Rule{ID: "no-common-dtype",
		Text:   "a signed integer with ui64 (or with a complex dtype, whose width is at least 64) has no common dtype: an error",
		Source: srcMain + "promote_dt_int_uint, abort_no_common_dtype"}
	mInternal = &promote.Rule{ID: "internal-error",
		Text:   "a complex dtype first with a signed integer second reaches cli_abort(\"internal error\") in promote_dt_known_or_null",
		Source: srcMain + "promote_dt_known_or_null"}
	mUIWide = &promote.Rule{ID: "unsigned-width",
		Text:   "two dtypes the code reads as unsigned (an unsigned integer or a complex dtype, in any mix but two unsigned integers) give ui<the wider width>, which tengen refuses beyond 64 bits and which is ui64 for a complex64 with an unsigned integer",
		Source: srcMain + "promote_dt_known_or_null (\"both are unsigned\"); r-xla/tengen R/types.R as_dtype"}
	mRData = &promote.Rule{ID: "promote_dt_rdata",
		Text:   "an R value meeting a value with a dtype takes that dtype when its category (bool < integer < float; unsigned and complex count as integer) is at least the R value's, else keeps its own default dtype; several operands fold left to right (common_dtype_of), and no result is ambiguous",
		Source: srcMain + "promote_dt_rdata, common_dtype_of, dtype_category"}
	mRBoth = &promote.Rule{ID: "r-values",
		Text:   "two R values meet at promote_dt_known of their default dtypes (an R integer i32, a double f32, a logical bool)",
		Source: srcMain + "common_dtype_of, default_dtype_r"}
	mRInteger = &promote.Rule{ID: "r-integer",
		Text:   "an R integer (1L, or the weak operand i32?) is an R value whose default dtype is i32",
		Source: srcMain + "default_dtype_r"}
	mRDouble = &promote.Rule{ID: "r-double",
		Text:   "an R double (2, 1.5, an L literal beyond R's integer range, or the weak operand f32?) is an R value whose default dtype is f32",
		Source: srcMain + "default_dtype_r"}
	mRLogical = &promote.Rule{ID: "r-logical",
		Text:   "an R logical (TRUE, FALSE, or the weak operand bool?) is an R value whose default dtype is bool",
		Source: srcMain + "default_dtype_r"}
	mNoAmbiguous = &promote.Rule{ID: "no-ambiguous",
		Text:   "the development version has no ambiguous arrays: a weak operand is an R value, so only i32? (integer), f32? (double) and bool? (logical) exist",
		Source: srcMain + "(NEWS.md: the ambiguity system was replaced with the RData system)"}
	mOperand = &promote.Rule{ID: "common_dtype_of",
		Text:   "one operand: its own dtype, never ambiguous (an R value alone materializes at its default dtype)",
		Source: srcMain + "common_dtype_of"}
)

// mainHas reports whether the development version has d: tengen's dtypes
// now include f16, bf16, c64 and c128.
func mainHas(d dtype.DType) bool {
	switch d {
	case dtype.F16, dtype.BF16, dtype.C64, dtype.C128:
		return true
	}
	return Supported(d)
}

var dtypeSetMain = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(mainHas) })

// anvlName is the dtype as anvl and tengen print it.
func anvlName(d dtype.DType) string {
	switch d {
	case dtype.U8, dtype.U16, dtype.U32, dtype.U64:
		return fmt.Sprintf("ui%d", d.Bits())
	}
	return d.String()
}

// width is tengen's dtype_width: bits of one element, 1 for bool, the whole
// element for complex.
func width(d dtype.DType) int {
	if d == dtype.Bool {
		return 1
	}
	return d.Bits()
}

// floatOfWidth is as_dtype(paste0("f", w)): f16 for 16 (so bf16 with f16
// gives f16), f32, f64.
func floatOfWidth(w int) dtype.DType {
	switch w {
	case 16:
		return dtype.F16
	case 32:
		return dtype.F32
	}
	return dtype.F64
}

func unsignedOfWidth(w int) dtype.DType {
	switch w {
	case 8:
		return dtype.U8
	case 16:
		return dtype.U16
	case 32:
		return dtype.U32
	}
	return dtype.U64
}

// decideMain is promote_dt_known(a, b) of the development version, in the
// order the code tests it; a refusal has Out Invalid.
func decideMain(a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !mainHas(d) {
			return kit.Decision{Rule: ruleUnsupported, Msg: unsupportedMsg(d)}
		}
	}
	ok := func(d dtype.DType) kit.Decision { return kit.Decision{Out: d, Rule: mKnown} }
	switch {
	case a == b:
		return ok(a)
	case a == dtype.Bool:
		return ok(b)
	case b == dtype.Bool:
		return ok(a)
	case a.IsFloat():
		if b.IsFloat() {
			return ok(floatOfWidth(max(width(a), width(b))))
		}
		return ok(a) // bools, integers (and complex) are cast to the float
	case b.IsFloat():
		return ok(b)
	case a.IsSigned():
		if b.IsSigned() {
			return ok(wider(a, b))
		}
		return intUint(a, b, a, b)
	case b.IsSigned():
		if a.IsUnsigned() {
			return intUint(b, a, a, b)
		}
		return kit.Decision{Rule: mInternal, Msg: "internal error"}
	}
	// "both are unsigned": an unsigned integer or a complex dtype on each side.
	w := max(width(a), width(b))
	if a.IsUnsigned() && b.IsUnsigned() {
		return ok(unsignedOfWidth(w))
	}
	if w > 64 {
		return kit.Decision{Rule: mUIWide, Msg: fmt.Sprintf("Unsupported dtype: ui%d", w)}
	}
	return kit.Decision{Out: unsignedOfWidth(w), Rule: mUIWide}
}

// intUint is promote_dt_int_uint(s, u) for promote_dt_known(a, b), whose
// error names a and b in that order.
func intUint(s, u, a, b dtype.DType) kit.Decision {
	if width(u) < width(s) {
		return kit.Decision{Out: s, Rule: mKnown}
	}
	if w := 2 * width(u); w <= 64 {
		return kit.Decision{Out: signed(w), Rule: mKnown}
	}
	return kit.Decision{Rule: mNoCommon, Msg: fmt.Sprintf("%q and %q have no common data type.", anvlName(a), anvlName(b))}
}

var tableMain = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("anvil", decideMain) })

// category is anvl's dtype_category: bool 1, float 3, anything else 2.
func category(d dtype.DType) int {
	switch {
	case d == dtype.Bool:
		return 1
	case d.IsFloat():
		return 3
	}
	return 2
}

// rdata is promote_dt_rdata(rdtype, d).
func rdata(rdtype, d dtype.DType) dtype.DType {
	if category(d) >= category(rdtype) {
		return d
	}
	return rdtype
}

// resolveMain gives an operand's dtype as the development version sees it
// and whether it is an R value.
func (r *rules) resolveMain(o promote.Operand) (dtype.DType, bool, *promote.Rule, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		if !o.Weak {
			return o.DType, false, mOperand, nil
		}
		switch o.DType {
		case dtype.I32:
			return dtype.I32, true, mRInteger, nil
		case dtype.F32:
			return dtype.F32, true, mRDouble, nil
		case dtype.Bool:
			return dtype.Bool, true, mRLogical, nil
		}
		return 0, false, nil, r.Refuse(mNoAmbiguous, fmt.Sprintf("anvl (main) has no ambiguous %s array: an R value is an integer (i32?), a double (f32?) or a logical (bool?)", anvlName(o.DType)), o)
	case promote.Literal:
		t, _, rule, err := r.literal(o)
		if err != nil {
			return 0, false, nil, err
		}
		switch rule {
		case ruleIntegerLiteral:
			rule = mRInteger
		case ruleLogicalLiteral:
			rule = mRLogical
		default:
			rule = mRDouble
		}
		return t, true, rule, nil
	}
	return 0, false, nil, r.Refuse(mOperand, "invalid operand", o)
}

// resultMain is common_dtype_of: a left fold in which an R value yields to
// a dtype of its category or higher; the result is never ambiguous.
func (r *rules) resultMain(ops []promote.Operand) (promote.Result, error) {
	cdt, cdtR, rule, err := r.resolveMain(ops[0])
	if err != nil {
		return promote.Result{}, err
	}
	if len(ops) == 1 {
		return promote.Result{DType: cdt, Rule: rule}, nil
	}
	prev := ops[0]
	for _, o := range ops[1:] {
		dt, isR, _, err := r.resolveMain(o)
		if err != nil {
			return promote.Result{}, err
		}
		switch {
		case cdtR && isR, !cdtR && !isR:
			d := tableMain().Cell(cdt, dt)
			if d.Out == dtype.Invalid {
				return promote.Result{}, r.Refuse(d.Rule, d.Msg, prev, o)
			}
			cdt, rule = d.Out, d.Rule
			if cdtR {
				rule = mRBoth
			}
		case cdtR:
			cdt, cdtR, rule = rdata(cdt, dt), false, mRData
		default:
			cdt, rule = rdata(dt, cdt), mRData
		}
		prev = o
	}
	return promote.Result{DType: cdt, Rule: rule}, nil
}
