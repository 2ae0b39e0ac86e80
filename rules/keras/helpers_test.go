package keras

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

// batch answers one query line as `promote batch -rules keras` does under
// the settings, through tsvtest.Check (a query that does not parse is a
// broken test; every answer must carry a sourced rule).
func batch(t *testing.T, kv []string, line string) string {
	t.Helper()
	return tsvtest.Check(t, Def.MustBuild(kv...), line)
}

// runVectors runs a vector file of rows NAME, SETTINGS, QUERY, ANSWER
// [, MESSAGE]: an answer of "error" is a refusal whose message holds
// MESSAGE.
func runVectors(t *testing.T, path string) int {
	t.Helper()
	seen := map[string]bool{}
	rows := tsvtest.Read(t, path)
	for _, row := range rows {
		f := row.Fields
		if len(f) != 4 && len(f) != 5 {
			t.Fatalf("%s:%d: %d fields, want 4 or 5", path, row.Line, len(f))
		}
		name, kv, query, want := f[0], settings(f[1]), f[2], f[3]
		if seen[name] {
			t.Fatalf("%s:%d: name %s used twice", path, row.Line, name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			got := batch(t, kv, query)
			switch {
			case want == "error":
				msg, refused := strings.CutPrefix(got, "error: ")
				if !refused || len(f) != 5 || !strings.Contains(msg, f[4]) {
					t.Errorf("%s:%d: %v %q = %q, want an error holding %q", path, row.Line, kv, query, got, f[4])
				}
			case got != want:
				t.Errorf("%s:%d: %v %q = %q, want %q", path, row.Line, kv, query, got, want)
			}
		})
	}
	return len(rows)
}

// every builds the rule set under every combination of options.
func every(t testing.TB) []promote.Rules {
	t.Helper()
	var out []promote.Rules
	for _, b := range Def.Options[0].Values {
		for _, fx := range Def.Options[1].Values {
			out = append(out, Def.MustBuild("backend="+b, "floatx="+fx))
		}
	}
	return out
}
