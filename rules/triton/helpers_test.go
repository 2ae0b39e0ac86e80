package triton_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/triton"
)

// answer types a query under the options: op "+" is Result over the
// operands (div_or_mod false), op "/" is ComputationType of exactly two
// operands with div_or_mod true. It returns what batch prints (the dtype,
// or "error: ...") and the deciding rule's ID.
func answer(t *testing.T, options []string, op, operands string) (string, string) {
	t.Helper()
	r, err := triton.Def.Build(options...)
	if err != nil {
		t.Fatalf("build %v: %v", options, err)
	}
	ops, err := promote.ParseOperands(triton.Def.Dialect, operands)
	if err != nil {
		t.Fatalf("parse %q: %v", operands, err)
	}
	var res promote.Result
	switch op {
	case "+":
		res, err = r.Result(ops...)
	case "/":
		if len(ops) != 2 {
			t.Fatalf("op / takes two operands, got %q", operands)
		}
		res, err = triton.ComputationType(r, ops[0], ops[1], true)
	default:
		t.Fatalf("unknown op %q", op)
	}
	if err != nil {
		var pe *promote.Error
		if !errors.As(err, &pe) || pe.Rule == nil || pe.Rule.Source == "" {
			t.Errorf("%s %q: refusal %v is not a *promote.Error with a sourced rule", op, operands, err)
			return "error: " + err.Error(), ""
		}
		if strings.ContainsAny(err.Error(), "\r\n") {
			t.Errorf("%s %q: multi-line error", op, operands)
		}
		return "error: " + err.Error(), pe.Rule.ID
	}
	if res.Rule == nil || res.Rule.Source == "" {
		t.Errorf("%s %q: %v without a sourced rule", op, operands, res)
		return res.String(), ""
	}
	return res.String(), res.Rule.ID
}

// matches compares an answer with a vector's want ("error" or a dtype)
// and optional message substring.
func matches(got, want, msg string) bool {
	if want == "error" {
		return strings.HasPrefix(got, "error: ") && strings.Contains(got, msg)
	}
	return got == want
}
