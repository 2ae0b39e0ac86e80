package paddle

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: Paddle's own promotion tests
// (test_tensor_type_promotion.py, test_tensor_scalar_type_promotion_dynamic.py)
// and the code's 0-d and refusal rules, as batch queries, each row naming
// its upstream test or source.
func TestVectors(t *testing.T) {
	seen := map[string]bool{}
	rows := tsvtest.Read(t, "testdata/vectors.tsv")
	if len(rows) < 250 {
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
