package mlx

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/jax"
)

// TestTableSymmetric: type_rules is symmetric, so promote_types does not
// depend on operand order (the fold still does, spec.md §3).
func TestTableSymmetric(t *testing.T) {
	for i := range types {
		for j := range types {
			if typeRules[i][j] != typeRules[j][i] {
				t.Errorf("type_rules[%s][%s] = %s but [%s][%s] = %s", names[i], names[j], typeRules[i][j], names[j], names[i], typeRules[j][i])
			}
		}
	}
}

// TestTableAgainstJAX: "Following Jax type promotion rules" (dtype.cpp:31).
// Against promote's jax rule set with x64 on, cell for cell, the table
// differs exactly where spec.md §2 says: uint64 with a signed integer
// (JAX's weak float64, MLX's float32) and float64 with complex64 (JAX's
// complex128, which MLX lacks). This checks the transcription against an
// independent implementation.
func TestTableAgainstJAX(t *testing.T) {
	j := jax.Def.MustBuild("x64=true")
	diffs := 0
	for _, a := range types {
		for _, b := range types {
			m, _ := PromoteTypes(a, b)
			x, err := j.PromoteTypes(a, b)
			if err != nil {
				t.Fatalf("jax %s %s: %v", a, b, err)
			}
			expectDiff := (a == dtype.U64 && b.IsSigned()) || (b == dtype.U64 && a.IsSigned()) ||
				(a == dtype.F64 && b == dtype.C64) || (a == dtype.C64 && b == dtype.F64)
			switch {
			case expectDiff && m == x.DType:
				t.Errorf("(%s, %s): MLX and JAX agree on %s, spec.md §2 says they differ", a, b, m)
			case !expectDiff && (m != x.DType || x.Weak):
				t.Errorf("(%s, %s): MLX %s, JAX %s", a, b, m, x)
			}
			if expectDiff {
				diffs++
			}
		}
	}
	if diffs != 2*4+2 {
		t.Errorf("%d differing cells, want 10", diffs)
	}
}

// TestEveryCatalogueDType: the table answers for MLX's 14 dtypes and
// refuses every other catalogue dtype, naming it.
func TestEveryCatalogueDType(t *testing.T) {
	r := Def.MustBuild()
	n := 0
	for _, d := range dtype.All() {
		_, err := r.PromoteTypes(d, dtype.F32)
		if Has(d) != (err == nil) {
			t.Errorf("%s: Has %v, PromoteTypes error %v", d, Has(d), err)
		}
		if Has(d) {
			n++
		}
	}
	if n != numTypes {
		t.Errorf("%d MLX dtypes, want %d", n, numTypes)
	}
}
