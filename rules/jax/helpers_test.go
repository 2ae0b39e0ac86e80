package jax

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// readTSV returns the tab-separated fields of each line of a testdata file,
// skipping blank lines and # comments, with the line number of each.
func readTSV(t *testing.T, file string) (rows [][]string, lines []int) {
	t.Helper()
	f, err := os.Open("testdata/" + file)
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

// settings splits a testdata settings field: "-" is the defaults, else
// KEY=VALUE pairs separated by commas.
func settings(field string) []string {
	if field == "-" || field == "" {
		return nil
	}
	return strings.Split(field, ",")
}

// batch answers one query line as `promote batch -rules jax` does under
// the settings: the operands are parsed in the rule set's dialect, and the
// answer is Result.String() or "error: " and the error. Every answer must
// carry a rule with a source.
func batch(t *testing.T, kv []string, line string) (string, error) {
	t.Helper()
	ops, err := promote.ParseOperands(Def.Dialect, line)
	if err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	res, err := Def.MustBuild(kv...).Result(ops...)
	if err != nil {
		pe, ok := err.(*promote.Error)
		if !ok || pe.Rule == nil || pe.Rule.Source == "" || strings.Contains(pe.Msg, "\n") {
			t.Errorf("query %q: error %v is not a one-line *promote.Error with a sourced rule", line, err)
		}
		return "error: " + err.Error(), err
	}
	if res.Rule == nil || res.Rule.Source == "" {
		t.Errorf("query %q: result %v carries no rule with a source", line, res)
	}
	return res.String(), nil
}

// configs are the four option combinations, in the column order of
// pairs.tsv.
var configs = []struct {
	kv []string
	c  Config
}{
	{[]string{"mode=standard", "x64=true"}, Config{X64: true}},
	{[]string{"mode=standard", "x64=false"}, Config{}},
	{[]string{"mode=strict", "x64=true"}, Config{Strict: true, X64: true}},
	{[]string{"mode=strict", "x64=false"}, Config{Strict: true}},
}

// errorPhrases identify each TypePromotionError wording (rules.md §3).
var errorPhrases = map[string]string{
	"strict":  "when jax_numpy_dtype_promotion=strict",
	"fp8":     "8-bit floats do not support implicit promotion",
	"fp6":     "6-bit floats do not support implicit promotion",
	"fp4":     "4-bit floats do not support implicit promotion",
	"intN":    "1-bit, 2-bit and 4-bit integers do not support implicit promotion",
	"generic": "have no available implicit dtype promotion path. Try explicitly casting inputs to the desired output type.",
}
