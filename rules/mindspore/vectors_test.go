package mindspore

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: MindSpore's own implicit
// conversion tests (test_implicit_conversion.py) under the current and the
// older code, the note's rules, and the conversion maps' cells and
// refusals, as batch queries, each row naming its upstream test or source.
func TestVectors(t *testing.T) {
	seen := map[string]bool{}
	rows := tsvtest.Read(t, "testdata/vectors.tsv")
	if len(rows) < 70 {
		t.Fatalf("only %d vectors", len(rows))
	}
	for _, row := range rows {
		name := row.Fields[0]
		if seen[name] {
			t.Fatalf("line %d: name %s used twice", row.Line, name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) { check(t, row) })
	}
}
