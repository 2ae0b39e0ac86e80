package numpy

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// readTSV returns the tab-separated fields of each line of a testdata
// file, skipping blank lines and # comments, with each line's number.
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

// Both settings, built once.
var (
	resultType = Def.MustBuild()
	ufunc      = Def.MustBuild("check_values=true")
)

// batch answers one query line as `promote batch -rules numpy` does: the
// operands parsed in NumPy's dialect, the answer Result.String() or
// "error: " and the error. It also returns the rule's ID ("" for a parse
// error) and checks every answer carries a rule with a source.
func batch(t *testing.T, r promote.Rules, line string) (answer, rule string) {
	t.Helper()
	ops, err := promote.ParseOperands(r.Def().Dialect, line)
	if err != nil {
		return "error: " + err.Error(), ""
	}
	res, err := r.Result(ops...)
	if err != nil {
		pe, ok := err.(*promote.Error)
		if !ok {
			t.Errorf("query %q: error %v is a %T, not a *promote.Error", line, err, err)
			return "error: " + err.Error(), ""
		}
		if pe.Rule == nil || pe.Rule.Source == "" {
			t.Errorf("query %q: refusal %v carries no rule with a source", line, err)
		}
		if strings.ContainsAny(err.Error(), "\r\n") {
			t.Errorf("query %q: error message has a line break: %q", line, err)
		}
		return "error: " + err.Error(), pe.Rule.ID
	}
	if res.Rule == nil || res.Rule.Source == "" {
		t.Errorf("query %q: result %v carries no rule with a source", line, res)
		return res.String(), ""
	}
	return res.String(), res.Rule.ID
}

// builtins is the 14 NumPy builtins of the catalogue, in catalogue order.
var builtins = func() (out []dtype.DType) {
	for _, d := range dtype.All() {
		if _, ok := builtin(d); ok {
			out = append(out, d)
		}
	}
	return out
}()

// ts makes ranked tensors of ds.
func ts(ds ...dtype.DType) []promote.Operand {
	ops := make([]promote.Operand, len(ds))
	for i, d := range ds {
		ops[i] = promote.T(d)
	}
	return ops
}
