package numpy

import (
	"errors"
	"testing"

	"github.com/promote-dev/promote"
)

// FuzzResult: any operand line NumPy's dialect parses is answered or
// refused with a *promote.Error naming a sourced rule, under every
// combination of the options, never with a panic; an answer is a valid
// dtype with a sourced rule.
func FuzzResult(f *testing.F) {
	for _, s := range []string{
		"u8 300", "i8 u8 f16 1", "u8[] i8", "f32[...] i8", "i64[](300) f32", "bf16 1.0", "u4 4294967296",
		"f80 18446744073709551616", "c160(1e300j) c64", "bool(true) 1", "f16 nan", "(nan+0j) c64",
		"bf16 f8e4m3fn i4", "i2 u2 1.5 1j", "1 2 3", "-9223372036854775809", "f32 f64(1e300) 1e-14",
	} {
		f.Add(s)
	}
	var all []promote.Rules
	for _, p := range []string{"weak", "legacy"} {
		for _, ml := range []string{"false", "true"} {
			for _, cv := range []string{"false", "true"} {
				all = append(all, Def.MustBuild("promotion="+p, "ml_dtypes="+ml, "check_values="+cv))
			}
		}
	}
	f.Fuzz(func(t *testing.T, line string) {
		ops, err := promote.ParseOperands(Def.Dialect, line)
		if err != nil || len(ops) > 64 {
			return
		}
		for _, r := range all {
			res, err := r.Result(ops...)
			if err != nil {
				var pe *promote.Error
				if !errors.As(err, &pe) || pe.Rule == nil || pe.Rule.Source == "" {
					t.Fatalf("[%s] %q: refusal %v is not a *promote.Error with a sourced rule", r.Settings(), line, err)
				}
				continue
			}
			if !res.DType.Valid() || res.Rule == nil || res.Rule.Source == "" {
				t.Fatalf("[%s] %q: answer %v (%v) is not a valid dtype with a sourced rule", r.Settings(), line, res, res.Rule)
			}
		}
	})
}
