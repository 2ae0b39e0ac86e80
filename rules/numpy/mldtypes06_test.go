package numpy

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// mlLiveSettings is the setting the live NumPy 2.5.2 + ml_dtypes 0.6.0
// vectors are checked under.
var mlLiveSettings = "ml_dtypes=0.6"

// TestMLDTypes06Live checks the live NumPy 2.5.2 + ml_dtypes 0.6.0 answers
// (testdata/mldtypes06_live.tsv): every pair's np.result_type and np.add,
// and np.add of each dtype with Python literals. An error must be an error
// of the same exception type.
func TestMLDTypes06Live(t *testing.T) {
	rs := map[string]*rules{}
	for _, cv := range []string{"false", "true"} {
		rs[cv] = Def.MustBuild(mlLiveSettings, "check_values="+cv).(*rules)
	}
	bad := 0
	for _, row := range tsvtest.Read(t, "testdata/mldtypes06_live.tsv") {
		f := row.Fields
		if len(f) < 3 {
			t.Fatalf("line %d: %d fields", row.Line, len(f))
		}
		got, _ := tsvtest.Query(t, rs[f[0]], f[1])
		ok := got == f[2]
		if f[2] == "error" {
			ok = strings.HasPrefix(got, "error: ") && (len(f) < 4 || strings.Contains(got, strings.SplitN(f[3], ":", 2)[0]))
		}
		if !ok {
			bad++
			if bad <= 40 {
				t.Errorf("line %d: check_values=%s %q = %q; NumPy 2.5.2 + ml_dtypes 0.6.0 says %s", row.Line, f[0], f[1], got, strings.Join(f[2:], " "))
			}
		}
	}
	if bad > 0 {
		t.Logf("%d disagreements", bad)
	}
}

// TestMLDTypes06IssueText: the four examples the fidelity issue gives for
// ml_dtypes 0.6, as np.add, against what NumPy 2.5.2 + ml_dtypes 0.6.0 did
// live. The issue says a uint1 array + 0 is uint8; np.add gives int8 (the
// legacy type resolver's first loop both inputs cast to), uint8 being
// np.result_type's answer: real behaviour wins (mldtypes.md §9).
func TestMLDTypes06IssueText(t *testing.T) {
	r := Def.MustBuild("ml_dtypes=0.6", "check_values=true")
	for _, c := range []struct{ query, live, issue string }{
		{"bool u1", "u1", "u1"},
		{"u1 0", "i8", "u8"},
		{"u1 1.0", "f16", "f16"},
		{"bool bc32", "bc32", "bc32"},
	} {
		if got, _ := tsvtest.Query(t, r, c.query); got != c.live {
			t.Errorf("%q = %s; NumPy 2.5.2 + ml_dtypes 0.6.0 gives %s (the issue's text says %s)", c.query, got, c.live, c.issue)
		}
	}
	if got, _ := tsvtest.Query(t, Def.MustBuild("ml_dtypes=0.6"), "u1 0"); got != "u8" {
		t.Errorf("np.result_type(uint1 array, 0) = %s; want u8", got)
	}
}

// TestMLDTypesOption: ml_dtypes takes false, true (0.5), 0.5 and 0.6; a
// release outside them is refused with the list, a newer one named as
// such; 0.6 with promotion=legacy is refused (0.6 needs NumPy 2).
func TestMLDTypesOption(t *testing.T) {
	for _, v := range []string{"false", "true", "0.5", "0.6"} {
		if _, err := Def.Build("ml_dtypes=" + v); err != nil {
			t.Errorf("ml_dtypes=%s: %v", v, err)
		}
	}
	for v, want := range map[string]string{
		"0.7":   "ml_dtypes 0.7 is newer than the newest release this rule set knows (0.6)",
		"0.4":   "ml_dtypes 0.4 is older than the oldest release this rule set knows (0.5)",
		"0.6.0": "name the minor release only",
		"yes":   "valid values are false|true|0.5|0.6",
	} {
		_, err := Def.Build("ml_dtypes=" + v)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ml_dtypes=%s: %v; want %q", v, err, want)
		}
	}
	_, err := Def.Build("ml_dtypes=0.6", "promotion=legacy")
	if err == nil || !strings.Contains(err.Error(), "needs NumPy 2") {
		t.Errorf("ml_dtypes=0.6 promotion=legacy: %v; want a refusal saying 0.6 needs NumPy 2", err)
	}
}
