package rules

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// promotes lists, per rule set, which of the catalogue's f80, c160 and
// bc32 it promotes; every other rule set refuses them. A rule set that
// gains one of them (numpy: f80 and c160; pytorch: bc32) adds it here.
var promotes = map[string][]dtype.DType{
	"numpy": {dtype.F80, dtype.C160},
}

// TestNewDTypesAnsweredOrRefusedByName: every rule set and preset either
// promotes f80, c160 and bc32 (with each other, with f32 and alone) or
// refuses them with a *promote.Error that names the rule set, a sourced
// rule, and the dtype.
func TestNewDTypesAnsweredOrRefusedByName(t *testing.T) {
	for _, r := range every(t) {
		for _, d := range []dtype.DType{dtype.F80, dtype.C160, dtype.BC32} {
			wantAnswer := false
			for _, p := range promotes[r.Def().Name] {
				wantAnswer = wantAnswer || p == d
			}
			for _, ops := range [][]promote.Operand{
				{promote.T(d)}, {promote.T(d), promote.T(d)}, {promote.T(d), promote.T(dtype.F32)}, {promote.T(dtype.F32), promote.T(d)},
			} {
				res, err := r.Result(ops...)
				if wantAnswer {
					if err != nil || res.Rule == nil || res.Rule.Source == "" {
						t.Errorf("%s %v: %v, %v; want an answer with a sourced rule", label(r), ops, res, err)
					}
					continue
				}
				var pe *promote.Error
				switch {
				case err == nil:
					t.Errorf("%s %v = %v; want a refusal (add %s to promotes when the rule set gains it)", label(r), ops, res, d)
				case !errors.As(err, &pe) || pe.Rules != r.Def().Name || pe.Rule == nil || pe.Rule.Source == "":
					t.Errorf("%s %v: refusal %v does not name the rule set and a sourced rule", label(r), ops, err)
				case !strings.Contains(err.Error(), d.String()):
					t.Errorf("%s %v: refusal %q does not name %s", label(r), ops, err, d)
				}
			}
		}
	}
}
