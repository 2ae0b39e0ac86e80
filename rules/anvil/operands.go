package anvil

import (
	"fmt"
	"math"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// The rules that give an operand its dtype and ambiguity before promotion.
var (
	ruleOperand = &promote.Rule{
		ID:     "common_type_info",
		Text:   "one operand: its own dtype and ambiguity (an array is known unless made ambiguous, shown as ?)",
		Source: src + "common_type_info",
	}
	ruleIntegerLiteral = &promote.Rule{
		ID:     "integer-literal",
		Text:   "an R integer literal (1L) is an ambiguous i32: default_dtype of an integer is i32, and literals that are not logical are ambiguous",
		Source: src + "default_dtype; r-xla/anvil R/array.R@ef9f93aa (ambiguous = !is.logical(x))",
	}
	ruleDoubleLiteral = &promote.Rule{
		ID:     "double-literal",
		Text:   "an R number without L (2, 1.0, 2.5e3, NaN, Inf) is a double, an ambiguous f32: default_dtype of a double is f32, and literals that are not logical are ambiguous",
		Source: src + "default_dtype; r-xla/anvil R/array.R@ef9f93aa (ambiguous = !is.logical(x))",
	}
	ruleWideInteger = &promote.Rule{
		ID:     "integer-literal-overflow",
		Text:   "an L literal outside R's integer range (|x| > 2147483647) is read by R as a double, with a warning, so it is an ambiguous f32",
		Source: "R Language Definition 10.3.1 Constants; " + src + "default_dtype",
	}
	ruleLogicalLiteral = &promote.Rule{
		ID:     "logical-literal",
		Text:   "an R logical literal (TRUE, FALSE) in a traced function is a known bool: only logical literals are not ambiguous",
		Source: "r-xla/anvil R/array.R@ef9f93aa (ambiguous = !is.logical(x)); tests/testthat/test-promotion.R:58",
	}
	ruleComplexLiteral = &promote.Rule{
		ID:     "complex-literal",
		Text:   "an R complex literal has no default dtype: tengen 0.2.0 has no complex type",
		Source: src + "default_dtype",
	}
	ruleNotR = &promote.Rule{
		ID:     "not-r-literal",
		Text:   "R has no unsigned (1u) or single-precision (1.0f) literal syntax",
		Source: "R Language Definition 10.3.1 Constants",
	}
	ruleNoArguments = &promote.Rule{
		ID:     "no-arguments",
		Text:   "common_type_info needs at least one argument",
		Source: src + "common_type_info",
	}
)

// maxRInteger is R's largest integer; R has no -2^31 (that pattern is
// NA_integer_), so an L literal is an integer when its magnitude is at
// most this.
const maxRInteger = math.MaxInt32

// resolve gives an admitted operand's dtype, its ambiguity and the rule that set
// them, or a refusal naming the operand.
func (r *rules) resolve(o *promote.Operand) (dtype.DType, bool, *promote.Rule, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// A tensor, or a typed scalar nv_scalar(x, dtype = ...): known unless
		// marked ambiguous with ?. Admitted here, operand by operand: a
		// literal R cannot read before it is named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			return 0, false, nil, err
		}
		return o.DType, o.Weak, ruleOperand, nil
	case promote.Literal:
		return r.literal(*o)
	}
	return 0, false, nil, r.Refuse(ruleOperand, "invalid operand", *o)
}

// literal reads a literal as R does and gives the dtype and ambiguity
// anvil gives an R value in a traced function (R/array.R@ef9f93aa:
// default_dtype, ambiguous unless logical).
func (r *rules) literal(o promote.Operand) (dtype.DType, bool, *promote.Rule, error) {
	v := o.Value
	if strings.Contains(v.Text, "_") && v.Kind != promote.BoolValue {
		// R's numeric constants have no digit separators (R Language
		// Definition 10.3.1): 1_000 is not a number in R.
		return 0, false, nil, r.Refuse(ruleNotR, fmt.Sprintf("%s is not an R literal (R numbers have no _ digit separator)", v.Text), o)
	}
	switch v.Kind {
	case promote.BoolValue:
		return dtype.Bool, false, ruleLogicalLiteral, nil
	case promote.IntValue:
		if t := strings.TrimLeft(v.Text, "+-"); len(t) > 1 && t[0] == '0' && strings.ContainsRune("bBoO", rune(t[1])) {
			// R writes hexadecimal constants (0x10, 0x10L) but neither
			// binary nor 0o octal ones (R Language Definition 10.3.1).
			return 0, false, nil, r.Refuse(ruleNotR, fmt.Sprintf("%s is not an R literal (R has hexadecimal constants such as 0x10, not 0b or 0o ones)", v.Text), o)
		}
		switch v.Suffix {
		case "L":
			// R's lexer reads an L literal it cannot hold as an integer as a
			// double (R Language Definition 10.3.1).
			if v.Int.IsInt64() && abs(v.Int.Int64()) <= maxRInteger {
				return dtype.I32, true, ruleIntegerLiteral, nil
			}
			return dtype.F32, true, ruleWideInteger, nil
		case "":
			// In R, 2 is a double: only the L suffix makes an integer.
			return dtype.F32, true, ruleDoubleLiteral, nil
		}
	case promote.FloatValue:
		if v.Suffix == "" {
			return dtype.F32, true, ruleDoubleLiteral, nil
		}
	case promote.ComplexValue:
		// default_dtype's error for a value it has no dtype for, with cli's
		// {.class} markup rendered as plain text.
		return 0, false, nil, r.Refuse(ruleComplexLiteral, "No default type for: <complex>", o)
	}
	return 0, false, nil, r.Refuse(ruleNotR, fmt.Sprintf("%s is not an R literal (R has no %q suffix)", v.Text, v.Suffix), o)
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
