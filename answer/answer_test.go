package answer

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

func TestEvaluate(t *testing.T) {
	jax, err := rules.Parse("jax:x64=true")
	if err != nil {
		t.Fatal(err)
	}
	ops, err := ParseOperands(dtype.Neutral, []string{"u64", "i8"})
	if err != nil {
		t.Fatal(err)
	}
	r := Evaluate(jax, ops)
	if r.Label() != "jax x64=true" || r.Answer() != "f64?" || !r.Weak || r.RuleID == "" || r.Source == "" || r.Family != "frameworks" {
		t.Errorf("%+v", r)
	}
	ov, _ := rules.Parse("openvino")
	big := promote.Int(1)
	big.Value.Text = strings.Repeat("9", 10_000)
	r = Evaluate(ov, []promote.Operand{promote.T(dtype.F32), big})
	if r.Answer() != "error" || len(r.Error) > 1000 {
		t.Errorf("refusal of %d bytes: %.200q", len(r.Error), r.Error)
	}
	if _, err := ParseOperands(dtype.Neutral, []string{"f32", "bf16x"}); err == nil {
		t.Error("bad operand accepted")
	}
}

func TestMark(t *testing.T) {
	ans := func(s string) Row { return Row{Result: s} }
	ref := Row{Error: "refused"}
	for _, tc := range []struct {
		rows  []Row
		marks string
		sum   string
	}{
		{[]Row{ans("f32"), ans("f32")}, "..", "all 2 agree"},
		{[]Row{ref, ans("f32"), ans("f64"), ans("f32")}, "..x.", "≠ marks the 1 of 3 answers that differ from the most common, f32 (2); 1 refuse"},
		{[]Row{ans("f16"), ans("f32")}, "xx", "≠ marks all 2 answers: they split with no most common answer"},
		{[]Row{ref, ref}, "..", "all 2 refuse"},
	} {
		sum := Mark(tc.rows)
		marks := ""
		for _, r := range tc.rows {
			if r.Differs {
				marks += "x"
			} else {
				marks += "."
			}
		}
		if sum != tc.sum || marks != tc.marks {
			t.Errorf("%q %s, want %q %s", sum, marks, tc.sum, tc.marks)
		}
	}
}

// TestCompare: Compare is Evaluate on each rule set, in order, then Mark.
func TestCompare(t *testing.T) {
	rs, err := rules.Select("numpy,jax")
	if err != nil {
		t.Fatal(err)
	}
	ops, _ := ParseOperands(dtype.Neutral, []string{"f16", "i64"})
	c := Compare(rs, ops)
	if len(c.Rows) != len(rs) || c.Summary == "" {
		t.Fatalf("%+v", c)
	}
	rows := make([]Row, len(rs))
	for i, r := range rs {
		rows[i] = Evaluate(r, ops)
	}
	if sum := Mark(rows); sum != c.Summary {
		t.Errorf("summary %q, want %q", c.Summary, sum)
	}
	for i := range rows {
		if rows[i].Label() != c.Rows[i].Label() || rows[i].Answer() != c.Rows[i].Answer() || rows[i].Differs != c.Rows[i].Differs {
			t.Errorf("row %d: %+v, want %+v", i, c.Rows[i], rows[i])
		}
	}
}
