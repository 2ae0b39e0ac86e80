package keras

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestUpstreamVectors runs Keras's own assertions (dtypes_test.py and the
// result_type docstring), one row each.
func TestUpstreamVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/upstream.tsv"); n < 25 {
		t.Fatalf("only %d upstream vectors", n)
	}
}

// TestRuleVectors runs one or more queries for every rule and option.
func TestRuleVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 80 {
		t.Fatalf("only %d rule vectors", n)
	}
}
