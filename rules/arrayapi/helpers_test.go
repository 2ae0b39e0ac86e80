package arrayapi

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// readTSV returns the tab-separated fields of each data line of a testdata
// file (blank lines and # comments skipped).
func readTSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// batch answers a query line as `promote batch -rules array-api -set
// version=V` does.
func batch(t *testing.T, version, line string) string {
	t.Helper()
	ops, err := promote.ParseOperands(Def.Dialect, line)
	if err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	res, err := Def.MustBuild("version=" + version).Result(ops...)
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("query %q: multi-line error %q", line, err)
		}
		return "error: " + err.Error()
	}
	if res.Rule == nil || res.Rule.Source == "" {
		t.Errorf("query %q: result %v carries no rule with a source", line, res)
	}
	return res.String()
}

// checkVectors runs rows of (version, query, want); a want starting with
// "error:" matches an error containing the rest.
func checkVectors(t *testing.T, rows [][3]string) {
	t.Helper()
	for _, v := range rows {
		got := batch(t, v[0], v[1])
		if want, isErr := strings.CutPrefix(v[2], "error:"); isErr {
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, strings.TrimSpace(want)) {
				t.Errorf("version=%s %q = %q, want an error containing %q", v[0], v[1], got, strings.TrimSpace(want))
			}
			continue
		}
		if got != v[2] {
			t.Errorf("version=%s %q = %q, want %q", v[0], v[1], got, v[2])
		}
	}
}

var versions = []string{V2021, V2022, V2023, V2024}
