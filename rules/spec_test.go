package rules

import (
	"strings"
	"testing"
)

func TestParseSpec(t *testing.T) {
	for _, c := range []struct{ spec, label string }{
		{"numpy", "numpy"},
		{" JAX:x64=true:mode=strict ", "jax:mode=strict:x64=true"},
		{"jax:x64=false", "jax"},
		{"array_api:version=2023.12", "array-api:version=2023.12"},
	} {
		r, err := Parse(c.spec)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.spec, err)
		}
		if got := Label(r); got != c.label {
			t.Errorf("Label(Parse(%q)) = %q; want %q", c.spec, got, c.label)
		}
		again, err := Parse(Label(r))
		if err != nil || Label(again) != c.label {
			t.Errorf("Parse(Label) of %q = %v, %v", c.spec, again, err)
		}
	}
}

func TestParseSpecErrors(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"", "empty rule set name"},
		{"nosuch", `unknown rule set "nosuch"`},
		{"jax:x64", `option "x64" is not KEY=VALUE`},
		{"jax:x64=maybe", "valid values are true|false"},
		{"jax:nosuch=1", `unknown option "nosuch"`},
	} {
		_, err := Parse(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) error = %v; want it to contain %q", c.spec, err, c.want)
		}
	}
}

func TestParseList(t *testing.T) {
	rs, err := ParseList("jax:x64=true,jax,numpy")
	if err != nil || len(rs) != 3 {
		t.Fatalf("ParseList = %v, %v", rs, err)
	}
	for _, list := range []string{"jax,jax", "jax,jax:x64=false", "numpy, numpy"} {
		if _, err := ParseList(list); err == nil || !strings.Contains(err.Error(), "same rule set") {
			t.Errorf("ParseList(%q) error = %v; want a repeated rule set refused", list, err)
		}
	}
	if _, err := ParseList(strings.Repeat("jax,", 300) + "jax"); err == nil {
		t.Error("ParseList of 301 specs: want an error")
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"numpy", "jax:x64=true:mode=strict", "a:b", ":", "jax:", "pytorch:default_float=f64"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSpec(s)
		if (err != nil) != (strings.TrimSpace(s) == "") || err == nil && sp.Text != strings.TrimSpace(s) {
			t.Fatalf("ParseSpec(%q) = %+v, %v", s, sp, err)
		}
		r, err := Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		again, err := Parse(Label(r))
		if err != nil || Label(again) != Label(r) {
			t.Fatalf("Label %q does not round-trip: %v", Label(r), err)
		}
	})
}

// TestParseBuiltinReadsNoFile: ParseBuiltin refuses every spec that names
// a file, with or without options, and Parse refuses options on a file.
func TestParseBuiltinReadsNoFile(t *testing.T) {
	for _, spec := range []string{"x.toml", "x.toml:", "x.toml:a=b", "./x", "dir/x.toml:a=b"} {
		if _, err := ParseBuiltin(spec); err == nil || !strings.Contains(err.Error(), "rule file") {
			t.Errorf("ParseBuiltin(%q) = %v; want a refusal naming rule files", spec, err)
		}
	}
	if _, err := Parse("x.toml:a=b"); err == nil || !strings.Contains(err.Error(), "takes no options") {
		t.Errorf("Parse(x.toml:a=b) = %v; want 'a rule file takes no options'", err)
	}
	if _, err := ParseListBuiltin("jax,x.toml"); err == nil {
		t.Error("ParseListBuiltin(jax,x.toml): want a refusal")
	}
}

// TestParseSpecParts: ParseSpec cuts a spec without looking anything up;
// a path is a rule file whole, and a path before a colon is a rule file
// with options (which Build refuses).
func TestParseSpecParts(t *testing.T) {
	for _, c := range []struct {
		spec, name string
		opts       []string
		file       bool
	}{
		{" numpy ", "numpy", nil, false},
		{"jax:x64=true:mode=strict", "jax", []string{"x64=true", "mode=strict"}, false},
		{"jax:", "jax", nil, false},
		{"jax:x64", "jax", []string{"x64"}, false},
		{"nosuch:a=b", "nosuch", []string{"a=b"}, false},
		{"./my.toml", "./my.toml", nil, true},
		{"dir/x.toml:a=b", "dir/x.toml:a=b", nil, true},
		{"x.toml:a=b", "x.toml", []string{"a=b"}, true},
	} {
		s, err := ParseSpec(c.spec)
		if err != nil || s.Name != c.name || strings.Join(s.Options, ",") != strings.Join(c.opts, ",") || s.File != c.file || s.String() != strings.TrimSpace(c.spec) {
			t.Errorf("ParseSpec(%q) = %+v, %v; want %s %q file=%v", c.spec, s, err, c.name, c.opts, c.file)
		}
	}
	if _, err := ParseSpec("  "); err == nil || !strings.Contains(err.Error(), "empty rule set name") {
		t.Errorf("ParseSpec of spaces: %v", err)
	}
	// The -set options follow the spec's own, and a later one wins.
	s, _ := ParseSpec("numpy:promotion=legacy")
	r, err := s.Build("promotion=weak")
	if err != nil || Label(r) != "numpy" {
		t.Errorf("Build with -set: %v, %v", r, err)
	}
	if _, err := s.Build("nosuch=1"); err == nil || !strings.Contains(err.Error(), `unknown option "nosuch"`) {
		t.Errorf("Build with a bad -set: %v", err)
	}
	legacy, _ := Parse("numpy:promotion=legacy")
	d, st, err := s.Settings()
	if err != nil || d.Name != "numpy" || st.String() != legacy.Settings().String() {
		t.Errorf("Settings: %v %v %v", d, st, err)
	}
}
