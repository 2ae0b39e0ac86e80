package cupy

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv.
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 20 {
		t.Errorf("only %d vectors", n)
	}
}

// TestAsNumPy: where CuPy has no difference of its own, it answers as
// package numpy does (14: NEP 50's np.add; 13: NumPy 1's value-based
// np.add), over every pair of its dtypes and each with Python literals.
func TestAsNumPy(t *testing.T) {
	lits := []string{"true", "0", "1", "-1", "300", "70000", "1.0", "1e300", "1j"}
	for _, c := range []struct{ cupy, numpy string }{
		{"version=14", "promotion=weak,check_values=true"},
		{"version=13", "promotion=legacy,check_values=true"},
	} {
		cp := Def.MustBuild(c.cupy)
		np := numpyRules(t, c.numpy)
		for _, a := range dtypes {
			var qs []string
			for _, b := range dtypes {
				qs = append(qs, a.String()+" "+b.String())
			}
			for _, l := range lits {
				qs = append(qs, a.String()+" "+l, l+" "+a.String())
			}
			for _, q := range qs {
				got, _ := tsvtest.Query(t, cp, q)
				want, _ := tsvtest.Query(t, np, q)
				got = strings.Replace(got, "error: cupy: ", "error: ", 1)
				want = strings.Replace(want, "error: numpy: ", "error: ", 1)
				if got != want {
					t.Errorf("%s %q = %q; numpy %s says %q", c.cupy, q, got, c.numpy, want)
				}
			}
		}
	}
}

// TestVersionOption: a version outside 13 and 14 is refused with the
// list, one newer than 14 named as such.
func TestVersionOption(t *testing.T) {
	for v, want := range map[string]string{
		"15":     "CuPy 15 is newer than the newest release this rule set knows (14)",
		"12":     "CuPy 12 is older than the oldest release this rule set knows (13)",
		"14.2.0": "name the major release only",
		"latest": "valid values are 14|13",
	} {
		_, err := Def.Build("version=" + v)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("version=%s: %v; want %q", v, err, want)
		}
	}
}
