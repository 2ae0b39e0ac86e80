package numpy

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// Both settings, built once.
var (
	resultType = Def.MustBuild()
	ufunc      = Def.MustBuild("check_values=true")
)

// batch answers one query line as `promote batch -rules numpy` does (see
// tsvtest.Answer). It also returns the rule's ID ("" for a query NumPy's
// dialect does not parse) and checks every answer carries a rule with a
// source and every refusal is one line.
func batch(t *testing.T, r promote.Rules, line string) (answer, rule string) {
	t.Helper()
	got, rl := tsvtest.Answer(r, line)
	if _, err := promote.ParseOperands(r.Def().Dialect, line); err != nil {
		return got, "" // refused by the dialect: no rule set saw it
	}
	if strings.HasPrefix(got, "error: ") {
		if rl == nil || rl.Source == "" {
			t.Errorf("query %q: refusal %s is not a *promote.Error with a sourced rule", line, got)
			return got, ""
		}
		if strings.ContainsAny(got, "\r\n") {
			t.Errorf("query %q: error message has a line break: %q", line, got)
		}
		return got, rl.ID
	}
	if rl == nil || rl.Source == "" {
		t.Errorf("query %q: result %s carries no rule with a source", line, got)
		return got, ""
	}
	return got, rl.ID
}

// builtins is the 14 NumPy builtins of the catalogue, in catalogue order.
var builtins = func() (out []dtype.DType) {
	for _, d := range dtype.All() {
		if _, ok := builtin(d); ok {
			out = append(out, d)
		}
	}
	return out
}()

// ts makes ranked tensors of ds.
func ts(ds ...dtype.DType) []promote.Operand {
	ops := make([]promote.Operand, len(ds))
	for i, d := range ds {
		ops[i] = promote.T(d)
	}
	return ops
}
