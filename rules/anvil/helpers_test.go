package anvil

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// readTSV returns the tab-separated fields of each line of a testdata file,
// skipping blank lines and # comments, with the line number of each.
func readTSV(t *testing.T, name string) (rows [][]string, lines []int) {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
		lines = append(lines, n)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, lines
}

// batch answers one query line as `promote batch -rules anvil` does: the
// operands are parsed in the rule set's dialect, and the answer is
// Result.String() or "error: " and the error.
func batch(t *testing.T, line string) string {
	t.Helper()
	ops, err := promote.ParseOperands(Def.Dialect, line)
	if err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	res, err := Def.MustBuild().Result(ops...)
	if err != nil {
		return "error: " + err.Error()
	}
	if res.Rule == nil || res.Rule.Source == "" {
		t.Errorf("query %q: result %v carries no rule with a source", line, res)
	}
	return res.String()
}
