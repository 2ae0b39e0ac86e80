package rules

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestDiff: a rule set against itself differs nowhere; NumPy 1.x against
// NumPy 2 with literals differs at the value boundaries, each case once,
// the groups' counts adding up to Differ, the largest group first.
func TestDiff(t *testing.T) {
	numpy, _ := Parse("numpy")
	legacy, _ := Parse("numpy:promotion=legacy")
	if d := Diff(numpy, numpy, true); d.Differ != 0 || len(d.Groups) != 0 || d.Compared != 16*16+16*4 {
		t.Errorf("numpy against itself: %+v", d)
	}
	d := Diff(legacy, numpy, true)
	sum := 0
	found := map[string]string{}
	for i, g := range d.Groups {
		sum += g.Count
		if g.Count != len(g.Cases) {
			t.Errorf("group %s/%s: count %d, %d cases", g.A, g.B, g.Count, len(g.Cases))
		}
		if i > 0 && g.Count > d.Groups[i-1].Count {
			t.Errorf("group %d larger than the one before", i)
		}
		for _, c := range g.Cases {
			found[c] = g.A + " " + g.B
		}
	}
	if sum != d.Differ || d.Differ == 0 {
		t.Errorf("differ %d, groups add up to %d", d.Differ, sum)
	}
	for c, want := range map[string]string{"u8 256": "u16 u8", "f32 f64(1)": "f32 f64"} {
		if found[c] != want {
			t.Errorf("case %q: %q, want %q", c, found[c], want)
		}
	}
}

// TestValueBased: a rule set whose answer depends on a literal's value is
// recognised; one that never looks at values is not.
func TestValueBased(t *testing.T) {
	for spec, want := range map[string]bool{
		"numpy": false, "numpy:promotion=legacy": true, "numpy:check_values=true": true, "jax": false,
		"anvil": false, "kernel-float": false,
	} {
		r, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := ValueBased(r, dtype.All()); got != want {
			t.Errorf("ValueBased(%s) = %v, want %v", spec, got, want)
		}
	}
}

// TestBoundaryLiterals: every boundary literal parses, and each side of
// the int8 boundary is there.
func TestBoundaryLiterals(t *testing.T) {
	lits := BoundaryLiterals()
	if len(lits) != len(boundaryLiteralTexts) {
		t.Fatalf("%d literals of %d", len(lits), len(boundaryLiteralTexts))
	}
	texts := map[string]bool{}
	for _, l := range lits {
		texts[promote.Join([]promote.Operand{l})] = true
	}
	for _, want := range []string{"127", "128", "65504.0", "1e39"} {
		if !texts[want] {
			t.Errorf("no boundary literal %s in %v", want, texts)
		}
	}
}

// TestDescribeAll: every rule set is described with its options, presets
// that build, and the dtypes it admits.
func TestDescribeAll(t *testing.T) {
	infos, err := DescribeAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != len(defs) {
		t.Fatalf("%d descriptions of %d rule sets", len(infos), len(defs))
	}
	for i, in := range infos {
		d := defs[i]
		if in.Name != d.Name || len(in.Options) != len(d.Options) || len(in.Presets) != len(d.Presets) || len(in.DTypes) == 0 || in.Family == "" {
			t.Errorf("%s: %+v", d.Name, in)
		}
		for _, o := range in.Options {
			if o.Kind == "?" {
				t.Errorf("%s option %s: no kind", d.Name, o.Name)
			}
		}
		for _, p := range in.Presets {
			if _, err := Parse(p); err != nil {
				t.Errorf("%s preset %s: %v", d.Name, p, err)
			}
		}
	}
}
