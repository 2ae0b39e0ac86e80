package pytorch

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// readTSV returns the tab-separated fields of each line of a testdata file,
// skipping # comments and blank lines, with each row's line number.
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

// built holds the rule set under each default dtype.
var built = map[string]promote.Rules{
	"f32": Def.MustBuild(),
	"f64": Def.MustBuild("default_float=f64"),
}

// query answers one batch line as `promote batch -rules pytorch` does,
// returning the printed answer and the ID of the deciding rule.
func query(t *testing.T, r promote.Rules, line string) (answer, ruleID string) {
	t.Helper()
	ops, err := promote.ParseOperands(Def.Dialect, line)
	if err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	res, err := r.Result(ops...)
	if err != nil {
		var e *promote.Error
		if !errors.As(err, &e) {
			t.Fatalf("query %q: error %v is not a *promote.Error", line, err)
		}
		if e.Rule == nil || e.Rule.Source == "" {
			t.Errorf("query %q: refusal %v carries no rule with a source", line, err)
		}
		if strings.ContainsAny(err.Error(), "\n\r") {
			t.Errorf("query %q: message is not one line: %q", line, err)
		}
		return "error: " + err.Error(), e.Rule.ID
	}
	if res.Rule == nil || res.Rule.Source == "" {
		t.Errorf("query %q: result %v carries no rule with a source", line, res)
		return res.String(), ""
	}
	return res.String(), res.Rule.ID
}

// check runs a query under one default dtype and compares the answer and
// the deciding rule; want "error" matches any refusal.
func check(t *testing.T, def, line, want, wantRule string) {
	t.Helper()
	got, rule := query(t, built[def], line)
	ok := got == want || want == "error" && strings.HasPrefix(got, "error: ")
	if !ok {
		t.Errorf("default_float=%s %q = %q, want %q", def, line, got, want)
	}
	if wantRule != "" && rule != wantRule {
		t.Errorf("default_float=%s %q: decided by rule %q, want %q (%s)", def, line, rule, wantRule, got)
	}
}
