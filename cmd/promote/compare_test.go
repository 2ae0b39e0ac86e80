package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMarkDisagreement: ≠ marks answers that differ from the most common
// answer among those that answer; refusals are never marked, so the few
// rule sets that answer a query most refuse are not marked for it.
func TestMarkDisagreement(t *testing.T) {
	ans := func(s string) row { return row{Result: s} }
	ref := row{Error: "refused"}
	cases := []struct {
		rows    []row
		marked  string // a mark per row: x marked, . not
		summary string
	}{
		{[]row{ans("f32"), ans("f32")}, "..", "all 2 agree"},
		{[]row{ref, ref, ref, ans("f32"), ans("f32")}, ".....", "the 2 that answer agree (f32); 3 refuse"},
		{[]row{ref, ref, ref, ans("f32")}, "....", "only 1 answers (f32); 3 refuse"},
		{[]row{ref, ans("f32"), ans("f64"), ans("f32")}, "..x.", "≠ marks the 1 of 3 answers that differ from the most common, f32 (2); 1 refuse"},
		{[]row{ref, ref, ref, ans("f32"), ans("f64")}, "...xx", "≠ marks all 2 answers: they split with no most common answer; 3 refuse"},
		{[]row{ans("f16"), ans("f16"), ans("f32"), ans("f32"), ans("f64")}, "xxxxx", "≠ marks all 5 answers: they split with no most common answer"},
		{[]row{ref, ref}, "..", "all 2 refuse"},
	}
	for _, c := range cases {
		got := markDisagreement(c.rows)
		var marks strings.Builder
		for _, r := range c.rows {
			if r.Differs {
				marks.WriteByte('x')
			} else {
				marks.WriteByte('.')
			}
		}
		if got != c.summary || marks.String() != c.marked {
			t.Errorf("%v: marks %s, %q; want %s, %q", c.rows, marks.String(), got, c.marked, c.summary)
		}
	}
}

// TestCompareMarksOnlyAnswers: in a real comparison where most rule sets
// refuse, no refusal carries ≠.
func TestCompareMarksOnlyAnswers(t *testing.T) {
	out, _, code := runPromote(t, "", "compare", "-json", "f8e4m3fn", "c128")
	var got struct {
		Rows []row `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	answered := 0
	for _, r := range got.Rows {
		if r.Error != "" && r.Differs {
			t.Errorf("refusal marked: %+v", r)
		}
		if r.Error == "" {
			answered++
		}
	}
	if answered == 0 || answered == len(got.Rows) {
		t.Fatalf("want a query some rule sets answer and others refuse; %d of %d answer", answered, len(got.Rows))
	}
}

// TestDiffSpecs: -rules and -against take NAME:KEY=VALUE specs, with -set
// after them adding options, and the labels name the settings.
func TestDiffSpecs(t *testing.T) {
	a, _, codeA := runPromote(t, "", "diff", "-rules", "openvino", "-against", "openvino:promote_unsafe=true")
	b, _, codeB := runPromote(t, "", "diff", "-rules", "openvino", "-against", "openvino", "-set", "promote_unsafe=true")
	if codeA != 1 || codeB != 1 || a != b || !strings.HasPrefix(a, "openvino vs openvino:promote_unsafe=true: 102 of") {
		t.Errorf("exit %d and %d:\n%.200s\n%.200s", codeA, codeB, a, b)
	}
	for _, args := range [][]string{
		{"diff", "-rules", "openvino:nokey=1", "-against", "numpy"},
		{"diff", "-rules", "numpy", "-against", "numpy", "-rules", "jax"},
		{"diff", "-rules", "numpy", "-against"},
		{"diff", "-rules", "numpy", "-against", "jax", "-json=maybe"},
		{"diff", "-rules", "numpy", "-against", "jax", "-bogus"},
	} {
		if _, errs, code := runPromote(t, "", args...); code != 2 || !strings.Contains(errs, "usage: promote diff") {
			t.Errorf("%q: exit %d, %q", args, code, errs)
		}
	}
	if _, _, code := runPromote(t, "", "diff", "-rules", "numpy", "-against", "numpy", "-literals=true", "-json=false"); code != 0 {
		t.Errorf("explicit boolean values: exit %d", code)
	}
}

// TestRulesSpecEverywhere: every -rules flag takes a spec.
func TestRulesSpecEverywhere(t *testing.T) {
	if out, _, code := runPromote(t, "i8 u64\n", "batch", "-rules", "jax:x64=true"); code != 0 || out != "f64?\n" {
		t.Errorf("batch: exit %d, %q", code, out)
	}
	if out, _, code := runPromote(t, "", "-rules", "jax:x64=true", "i8", "u64"); code != 0 || !strings.Contains(out, "jax x64=true  f64?") {
		t.Errorf("query: exit %d, %q", code, out)
	}
	if _, errs, code := runPromote(t, "", "table", "-rules", "jax:x64"); code != 2 || !strings.Contains(errs, "not KEY=VALUE") {
		t.Errorf("table: exit %d, %q", code, errs)
	}
}
