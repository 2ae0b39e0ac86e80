package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuleFileSpecs: a spec that is a path reads a rule file, wherever a
// rule set is named (Lookup, Build, Parse, ParseList); a file may not take
// a built-in name; JSON is refused with a pointer to TOML.
func TestRuleFileSpecs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("mine.toml", "name = \"mine\"\ndtypes = [\"i8\", \"i16\"]\n[lattice]\nedges = [\"i8 -> i16\"]\n")
	for _, spec := range []string{good, " " + good + " ", "../examples/rules/myruntime.toml"} {
		r, err := Parse(spec)
		if err != nil {
			t.Fatalf("Parse(%q): %v", spec, err)
		}
		if _, err := Build(spec); err != nil {
			t.Errorf("Build(%q): %v", spec, err)
		}
		if d, err := Lookup(spec); err != nil || d.Name != r.Def().Name {
			t.Errorf("Lookup(%q) = %v, %v", spec, d, err)
		}
	}
	if rs, err := ParseList("numpy," + good); err != nil || len(rs) != 2 || rs[1].Def().Name != "mine" {
		t.Errorf("ParseList: %v, %v", rs, err)
	}
	for _, c := range []struct{ body, name, want string }{
		{"name = \"numpy\"\ndtypes = [\"i8\"]\n[lattice]\nedges = []\n", "builtin.toml", `builtin.toml:1: name "numpy" is a built-in rule set`},
		{"name = \"array_api\"\n", "alias.toml", `name "array_api": use lower-case letters`},
		{"name = \"arrayapi\"\ndtypes = [\"i8\"]\n[lattice]\nedges = []\n", "alias2.toml", `name "arrayapi" is a built-in rule set`},
		{"{}", "x.json", "rule files are TOML"},
	} {
		p := write(c.name, c.body)
		if _, err := Parse(p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%s) = %v; want %q", c.name, err, c.want)
		}
	}
	if _, err := Parse(filepath.Join(dir, "none.toml")); err == nil || !strings.Contains(err.Error(), "none.toml") {
		t.Errorf("missing file: %v", err)
	}
	for name, want := range map[string]bool{"./x.toml": true, "x.TOML": true, "a/b": true, `c:\x`: true, "x.json": true, "numpy": false, "jax:x64=true": false} {
		if IsPath(name) != want {
			t.Errorf("IsPath(%q) = %v", name, !want)
		}
	}
}
