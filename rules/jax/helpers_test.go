package jax

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// settings splits a testdata settings field: "-" is the defaults, else
// KEY=VALUE pairs separated by commas.
func settings(field string) []string {
	if field == "-" || field == "" {
		return nil
	}
	return strings.Split(field, ",")
}

// batch answers one query line as `promote batch -rules jax` does under
// the settings (see tsvtest.Answer). A query that does not parse is a
// broken test; every answer must carry a rule with a source, and a refusal
// must be a one-line *promote.Error.
func batch(t *testing.T, kv []string, line string) string {
	t.Helper()
	if _, err := promote.ParseOperands(Def.Dialect, line); err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	got, rule := tsvtest.Answer(Def.MustBuild(kv...), line)
	if msg, refused := strings.CutPrefix(got, "error: "); refused {
		if rule == nil || rule.Source == "" || strings.Contains(msg, "\n") {
			t.Errorf("query %q: error %v is not a one-line *promote.Error with a sourced rule", line, msg)
		}
		return got
	}
	if rule == nil || rule.Source == "" {
		t.Errorf("query %q: result %s carries no rule with a source", line, got)
	}
	return got
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
