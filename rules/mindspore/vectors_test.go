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
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 70 {
		t.Fatalf("only %d vectors", n)
	}
}
