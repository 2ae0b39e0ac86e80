package rules

import (
	"strings"
	"testing"
)

// TestRegistryIsDisplayOrder: the registry lists the rule sets family by
// family, in the order of promote.Families, so that All, Names and every
// listing over them read as promote compare does; every family has a
// member and every member declares its family.
func TestRegistryIsDisplayOrder(t *testing.T) {
	for i := 1; i < len(defs); i++ {
		if a, b := familyIndex(defs[i-1]), familyIndex(defs[i]); b < a {
			t.Errorf("registry: %s (%s) comes after %s (%s): put it in its family's block", defs[i].Name, defs[i].Family, defs[i-1].Name, defs[i-1].Family)
		}
	}
	for i, f := range Families() {
		if len(f.Members) == 0 {
			t.Errorf("family %s has no rule set", f.Name)
		}
		for _, m := range f.Members {
			if FamilyOf(m) != i {
				t.Errorf("%s is a member of %s, but FamilyOf says %d", m, f.Name, FamilyOf(m))
			}
		}
	}
}

func TestSelect(t *testing.T) {
	labels := func(sel string) string {
		t.Helper()
		rs, err := Select(sel)
		if err != nil {
			t.Fatalf("Select(%q): %v", sel, err)
		}
		var out []string
		for _, r := range rs {
			out = append(out, Label(r))
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct{ sel, want string }{
		{"jax,keras", "jax jax:x64=true jax:mode=strict jax:explicit_x64_dtypes=allow keras keras:backend=tensorflow keras:floatx=bf16"},
		{"triton,pytorch", "pytorch pytorch:default_float=f64 pytorch:version=2.6 pytorch:version=1.13 triton triton:version=main"},
		{"numpy:check_values=false,jax:x64=true", "numpy jax:x64=true"},
		{"languages", "c c:std=c23 cpp cpp:std=c++23 julia"},
		{"julia,languages,julia", "c c:std=c23 cpp cpp:std=c++23 julia"},
	} {
		if got := labels(c.sel); got != c.want {
			t.Errorf("Select(%q) = %q\nwant %q", c.sel, got, c.want)
		}
	}
	all, err := Select("")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range All() {
		n += 1 + len(d.Presets)
	}
	if len(all) != n {
		t.Errorf("Select(\"\") gave %d configurations, want %d", len(all), n)
	}
	for _, sel := range []string{"nosuch", "jax:x64=maybe", ","} {
		if _, err := Select(sel); err == nil {
			t.Errorf("Select(%q): want an error", sel)
		}
	}
	if _, err := Select("nosuch"); err == nil || !strings.Contains(err.Error(), "frameworks") {
		t.Errorf("Select(nosuch) error = %v; want it to name the families", err)
	}
}
