package probe

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestFrameworkNames: every dtype name the probe sends a framework is the
// framework's own, as testdata/framework_names.tsv lists it with its
// source. A name the framework lacks is an error there (float8_e4m3b11 is
// no ml_dtypes or jax.numpy name), which the probe would report as the
// framework refusing the dtype: a wrong answer of the probe's own.
func TestFrameworkNames(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "framework_names.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[[2]string]string{}
	sc := bufio.NewScanner(f)
	header := true
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 || cols[3] == "" {
			t.Fatalf("framework_names.tsv:%d: want framework, dtype, name, source: %q", n, line)
		}
		if d, err := dtype.Parse(cols[1]); err != nil || d.String() != cols[1] {
			continue // a dtype the catalogue does not have yet (i1 reads as bool)
		}
		want[[2]string{cols[0], cols[1]}] = cols[2]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, fw := range Frameworks() {
		cands, err := candidates(fw.Rules, fw.Pinned)
		if err != nil {
			t.Fatal(err)
		}
		name := fw.dtypeName()
		for _, d := range knownTypes(cands) {
			w, ok := want[[2]string{fw.Module, d.String()}]
			if !ok {
				t.Errorf("%s %s: sent as %q, which framework_names.tsv does not list: add a row with %s's name for it and its source", fw.Module, d, name(d), fw.Module)
				continue
			}
			if got := name(d); got != w {
				t.Errorf("%s %s: sent as %q, want %q", fw.Module, d, got, w)
			}
		}
	}
}

// TestEveryOracleHasAnAdapter: every live oracle a rule set declares is a
// framework the probe script can ask (an adapter class whose name is the
// oracle's Module), and every adapter is declared by a rule set: a
// declaration the script cannot answer would be reported as "the script
// did not report it", an adapter no rule set declares never asked.
func TestEveryOracleHasAnAdapter(t *testing.T) {
	var adapters []string
	for _, m := range regexp.MustCompile(`(?m)^    name, module = "([^"]+)"`).FindAllSubmatch(script, -1) {
		adapters = append(adapters, string(m[1]))
	}
	if len(adapters) == 0 {
		t.Fatal("no adapter found in probe.py")
	}
	var declared []string
	for _, f := range Frameworks() {
		declared = append(declared, f.Module)
		if !slices.Contains(adapters, f.Module) {
			t.Errorf("%s declares live oracle %s, for which probe.py has no adapter", f.Rules.Name, f.Module)
		}
	}
	for _, a := range adapters {
		if !slices.Contains(declared, a) {
			t.Errorf("probe.py's adapter %s is no rule set's live oracle (promote.Def.Oracles)", a)
		}
	}
}
