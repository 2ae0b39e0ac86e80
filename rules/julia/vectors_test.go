package julia

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: Julia's own promotion tests and
// documented examples, each row naming its upstream test or document.
func TestVectors(t *testing.T) {
	r := Def.MustBuild()
	seen := map[string]bool{}
	for _, row := range tsvtest.Read(t, "testdata/vectors.tsv") {
		f := row.Fields
		if len(f) != 4 || f[3] == "" {
			t.Fatalf("line %d: want 4 fields with the upstream source, got %d", row.Line, len(f))
		}
		name, query, want := f[0], f[1], f[2]
		if seen[name] {
			t.Fatalf("line %d: name %s used twice", row.Line, name)
		}
		seen[name] = true
		got := tsvtest.Check(t, r, query)
		if msg, isErr := strings.CutPrefix(want, "error: "); isErr {
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, msg) {
				t.Errorf("line %d %s: %q = %q, want an error holding %q", row.Line, name, query, got, msg)
			}
			continue
		}
		if got != want {
			t.Errorf("line %d %s: %q = %q, want %q (%s)", row.Line, name, query, got, want, f[3])
		}
	}
}
