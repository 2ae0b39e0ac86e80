package modularmax

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: one or more queries for every
// rule, with the refusals' words.
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 40 {
		t.Fatalf("only %d vectors", n)
	}
}

// TestAnswerIsAnInput: every answer of two max values is one of them
// (the docstring's invariant), and the relation is symmetric.
func TestAnswerIsAnInput(t *testing.T) {
	r := Def.MustBuild()
	for a := range names {
		for b := range names {
			ab, errAB := r.PromoteTypes(a, b)
			ba, errBA := r.PromoteTypes(b, a)
			if (errAB == nil) != (errBA == nil) || (errAB == nil && ab.DType != ba.DType) {
				t.Errorf("(%s, %s) = %v %v but (%s, %s) = %v %v", a, b, ab, errAB, b, a, ba, errBA)
			}
			if errAB == nil && ab.DType != a && ab.DType != b {
				t.Errorf("(%s, %s) = %s, not an input", a, b, ab.DType)
			}
			if errAB == nil && !dtype.Holds(a, ab.DType) || errAB == nil && !dtype.Holds(b, ab.DType) {
				t.Errorf("(%s, %s) = %s, which does not hold both", a, b, ab.DType)
			}
		}
	}
}

func TestPromoteTypesDoesNotAllocate(t *testing.T) {
	r := Def.MustBuild()
	if n := testing.AllocsPerRun(100, func() { r.PromoteTypes(dtype.I8, dtype.F16) }); n != 0 {
		t.Errorf("PromoteTypes allocates %v times", n)
	}
}
