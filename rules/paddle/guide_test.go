package paddle

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestGuideTensorTensor checks the guide's Tensor-to-Tensor table cell by
// cell under rules=guide, and that the code gives the same answer for two
// dimensioned tensors: the guide and the code agree there, and part only
// on 0-d tensors (TestDisagreement_ZeroDimTensor). The guide also puts '-'
// on the diagonal for bool and the integers (int32 with int32): there no
// promotion is needed, so promote reads those cells as the dtype itself,
// as Paddle computes it, not as a refusal.
func TestGuideTensorTensor(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/guide_tensor_tensor.tsv")
	if len(rows) != 144 {
		t.Fatalf("%d cells, want 12x12", len(rows))
	}
	guide, code := Def.MustBuild("rules=guide"), Def.MustBuild()
	for _, row := range rows {
		a, b, want := row.Fields[0], row.Fields[1], row.Fields[2]
		for name, r := range map[string]promote.Rules{"guide": guide, "code": code} {
			got := tsvtest.Check(t, r, a+" "+b)
			if want == "-" && a == b {
				want = a
			}
			if want == "-" {
				if !strings.HasPrefix(got, "error: paddle: TypeError") {
					t.Errorf("%s: %s + %s = %s, want the guide's '-' (TypeError)", name, a, b, got)
				}
				continue
			}
			if got != want {
				t.Errorf("%s: %s + %s = %s, want %s (line %d)", name, a, b, got, want, row.Line)
			}
		}
	}
}

// TestGuideTensorScalar checks the guide's Tensor-to-Scalar table under
// both settings: the code's operator methods give every cell.
func TestGuideTensorScalar(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/guide_tensor_scalar.tsv")
	if len(rows) != 48 {
		t.Fatalf("%d cells, want 12x4", len(rows))
	}
	for _, setting := range []string{"rules=code", "rules=guide"} {
		r := Def.MustBuild(setting)
		for _, row := range rows {
			tensor, scalar, want := row.Fields[0], row.Fields[1], row.Fields[2]
			for _, q := range []string{tensor + " " + scalar, scalar + " " + tensor} {
				if got := tsvtest.Check(t, r, q); got != want {
					t.Errorf("%s: %q = %s, want %s (line %d)", setting, q, got, want, row.Line)
				}
			}
		}
	}
}
