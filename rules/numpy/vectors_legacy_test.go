package numpy

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// runSettingsVectors runs a vector file whose rows are "mode settings
// query answer rule source": mode result_type, ufunc (check_values=true)
// or both; settings added to base, comma-separated, or "-".
func runSettingsVectors(t *testing.T, path string, base ...string) {
	t.Helper()
	built := map[string]promote.Rules{}
	build := func(sets []string) promote.Rules {
		key := strings.Join(sets, ",")
		if r, ok := built[key]; ok {
			return r
		}
		r, err := Def.Build(sets...)
		if err != nil {
			t.Fatalf("%s: settings %v: %v", path, sets, err)
		}
		built[key] = r
		return r
	}
	for _, v := range tsvtest.Read(t, path) {
		row := v.Fields
		if len(row) < 6 {
			t.Fatalf("%s line %d: %d fields, want mode, settings, query, answer, rule, source", path, v.Line, len(row))
		}
		mode, settings, query, want, wantRule := row[0], row[1], row[2], row[3], row[4]
		sets := append([]string(nil), base...)
		if settings != "-" {
			sets = append(sets, strings.Split(settings, ",")...)
		}
		var rs []promote.Rules
		switch mode {
		case "result_type":
			rs = []promote.Rules{build(sets)}
		case "ufunc":
			rs = []promote.Rules{build(append(sets, "check_values=true"))}
		case "both":
			rs = []promote.Rules{build(sets), build(append(sets, "check_values=true"))}
		default:
			t.Fatalf("%s line %d: unknown mode %q", path, v.Line, mode)
		}
		for _, r := range rs {
			got, rule := batch(t, r, query)
			ok := got == want
			if msg, isErr := strings.CutPrefix(want, "error: "); isErr {
				ok = strings.HasPrefix(got, "error: ") && strings.Contains(got, msg)
			}
			if !ok {
				t.Errorf("%s line %d: [%s] %q = %q, want %q", path, v.Line, r.Settings(), query, got, want)
			}
			if wantRule != "-" && rule != wantRule {
				t.Errorf("%s line %d: [%s] %q decided by %q, want %q", path, v.Line, r.Settings(), query, rule, wantRule)
			}
		}
	}
}

// TestLegacyVectors runs testdata/legacy_vectors.tsv: NumPy 1.24's own
// promotion tests, the NEP 50 table's old column, and the spec's boundary
// and order cases, under promotion=legacy.
func TestLegacyVectors(t *testing.T) {
	runSettingsVectors(t, "testdata/legacy_vectors.tsv", "promotion=legacy")
}

// TestMLDtypesVectors runs testdata/mldtypes_vectors.tsv under
// ml_dtypes=true: pairs, Python scalars, np.add's loop search, value
// conversion, refusals, and NumPy 1.24 with ml_dtypes.
func TestMLDtypesVectors(t *testing.T) {
	runSettingsVectors(t, "testdata/mldtypes_vectors.tsv", "ml_dtypes=true")
}
