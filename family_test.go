package promote

import "testing"

// TestFamilies: every display family has a distinct name (a word -only
// takes) and a title; no family has neither.
func TestFamilies(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Families() {
		if f.String() == "" || f.Title() == "" || seen[f.String()] {
			t.Errorf("family %d: name %q, title %q (a name must be new)", f, f.String(), f.Title())
		}
		seen[f.String()] = true
	}
	if len(seen) != 3 {
		t.Errorf("%d families, want frameworks, compilers and languages", len(seen))
	}
	var none Family
	if none.String() != "" || none.Title() != "" {
		t.Errorf("no family reads %q, %q; want empty", none.String(), none.Title())
	}
}
