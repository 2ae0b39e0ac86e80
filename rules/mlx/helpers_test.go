package mlx

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// batch answers one query line as `promote batch -rules mlx` does, through
// tsvtest.Check.
func batch(t *testing.T, line string) string {
	t.Helper()
	return tsvtest.Check(t, Def.MustBuild(), line)
}

// runVectors runs a vector file of rows NAME, QUERY, ANSWER [, MESSAGE]:
// an answer of "error" is a refusal whose message holds MESSAGE.
func runVectors(t *testing.T, path string) int {
	t.Helper()
	seen := map[string]bool{}
	rows := tsvtest.Read(t, path)
	for _, row := range rows {
		f := row.Fields
		if len(f) != 3 && len(f) != 4 {
			t.Fatalf("%s:%d: %d fields, want 3 or 4", path, row.Line, len(f))
		}
		name, query, want := f[0], f[1], f[2]
		if seen[name] {
			t.Fatalf("%s:%d: name %s used twice", path, row.Line, name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			got := batch(t, query)
			switch {
			case want == "error":
				msg, refused := strings.CutPrefix(got, "error: ")
				if !refused || len(f) != 4 || !strings.Contains(msg, f[3]) {
					t.Errorf("%s:%d: %q = %q, want an error holding %q", path, row.Line, query, got, f[3])
				}
			case got != want:
				t.Errorf("%s:%d: %q = %q, want %q", path, row.Line, query, got, want)
			}
		})
	}
	return len(rows)
}
