package rules

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// promotes lists, per rule set and preset (as label writes them), which
// of the catalogue's f80, c160 and bc32 it promotes; every other rule set
// refuses them. A rule set that gains one of them (numpy: f80 and c160;
// pytorch: bc32) adds it here. C's and C++'s long double is f80 on x86-64;
// C has no complex __bf16, C++23 has std::complex<std::bfloat16_t>.
var promotes = map[string][]dtype.DType{
	"c":             {dtype.F80, dtype.C160},
	"c std=c23":     {dtype.F80, dtype.C160},
	"cpp":           {dtype.F80, dtype.C160},
	"cpp std=c++23": {dtype.F80, dtype.C160, dtype.BC32},
	// kernel_float's long double (meta.h), f80 as g++ gives it on x86-64.
	"kernel-float": {dtype.F80},
	// PyTorch 2.14's torch.bcomplex32; 2.6 and 1.13 refuse it by name.
	"pytorch":                   {dtype.BC32},
	"pytorch default_float=f64": {dtype.BC32},
	// NumPy's longdouble and clongdouble (x86-64 Linux), in every state.
	"numpy":                   {dtype.F80, dtype.C160},
	"numpy check_values=true": {dtype.F80, dtype.C160},
	"numpy promotion=legacy":  {dtype.F80, dtype.C160},
	"numpy ml_dtypes=true":    {dtype.F80, dtype.C160},
}

// TestNewDTypesAnsweredOrRefusedByName: every rule set and preset either
// promotes f80, c160 and bc32 (with each other, with f32 and alone) or
// refuses them with a *promote.Error that names the rule set, a sourced
// rule, and the dtype.
func TestNewDTypesAnsweredOrRefusedByName(t *testing.T) {
	for _, r := range every(t) {
		for _, d := range []dtype.DType{dtype.F80, dtype.C160, dtype.BC32} {
			wantAnswer := false
			for _, p := range promotes[label(r)] {
				wantAnswer = wantAnswer || p == d
			}
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
