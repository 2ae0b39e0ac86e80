package tinygrad

import (
	"strings"
	"testing"

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

// check runs one vector row (name, settings, query, want, source): want
// is the batch answer, "error: SUBSTRING" for a refusal, or
// "build-error: SUBSTRING" when the settings themselves are refused.
func check(t *testing.T, row tsvtest.Row) {
	t.Helper()
	f := row.Fields
	if len(f) != 5 || f[4] == "" {
		t.Fatalf("line %d: want 5 fields with a source, got %d", row.Line, len(f))
	}
	kv, query, want := settings(f[1]), f[2], f[3]
	r, err := Def.Build(kv...)
	if sub, ok := strings.CutPrefix(want, "build-error: "); ok {
		if err == nil || !strings.Contains(err.Error(), sub) {
			t.Errorf("line %d: %v builds (%v), want an error holding %q", row.Line, kv, err, sub)
		}
		return
	}
	if err != nil {
		t.Fatalf("line %d: %v: %v", row.Line, kv, err)
	}
	got := tsvtest.Check(t, r, query)
	if sub, ok := strings.CutPrefix(want, "error: "); ok {
		if !strings.HasPrefix(got, "error: "+Name+": ") || !strings.Contains(got, sub) {
			t.Errorf("line %d: %v %q = %q, want a tinygrad refusal holding %q", row.Line, kv, query, got, sub)
		}
		return
	}
	if got != want {
		t.Errorf("line %d: %v %q = %q, want %q (%s)", row.Line, kv, query, got, want, f[4])
	}
}
