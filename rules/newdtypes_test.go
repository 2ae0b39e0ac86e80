package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestNewDTypesAnsweredOrRefusedByName: every rule set and preset
// promotes those of f80, c160 and bc32 that its declaration says it has
// (Def.DTypes under its settings: NumPy's longdouble and clongdouble,
// C's and C++'s long double, kernel_float's, PyTorch 2.14's bcomplex32,
// C++23's std::complex<std::bfloat16_t>), with each other, with f32 and
// alone, and refuses the others with a *promote.Error that names the rule
// set, a sourced rule, and the dtype.
func TestNewDTypesAnsweredOrRefusedByName(t *testing.T) {
	for _, r := range every(t) {
		for _, d := range []dtype.DType{dtype.F80, dtype.C160, dtype.BC32} {
			wantAnswer := slices.Contains(r.Def().DTypesOf(r.Settings()), d)
			for i, ops := range [][]promote.Operand{
				{promote.T(d)}, {promote.T(d), promote.T(d)}, {promote.T(d), promote.T(dtype.F32)}, {promote.T(dtype.F32), promote.T(d)},
			} {
				res, err := r.Result(ops...)
				// A rule set that promotes d answers d alone and with itself;
				// with f32 it may still refuse by name (C++'s
				// std::complex<long double> + float does not compile).
				if wantAnswer && (i < 2 || err == nil) {
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
