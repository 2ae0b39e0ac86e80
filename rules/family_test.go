package rules

import (
	"strings"
	"testing"
)

// TestFamiliesPartitionTheRegistry: every registered rule set is in
// exactly one family, and every member is registered.
func TestFamiliesPartitionTheRegistry(t *testing.T) {
	in := map[string]int{}
	for _, f := range Families() {
		for _, m := range f.Members {
			in[m]++
			if _, err := Lookup(m); err != nil {
				t.Errorf("family %s: %v", f.Name, err)
			}
		}
	}
	for _, d := range All() {
		if in[d.Name] != 1 {
			t.Errorf("%s is in %d families, want 1", d.Name, in[d.Name])
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
