package explorer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/rules"
)

// TestNoFileReads: no spec the explorer takes reads a file, whatever its
// form: a path, a path with an empty or a real option list, inside a list.
// The file is a valid rule file, so reading it would answer.
func TestNoFileReads(t *testing.T) {
	src, err := os.ReadFile("../examples/rules/myruntime.toml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.toml")
	if err := os.WriteFile(secret, src, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, spec := range []string{"secret.toml", "secret.toml:", "secret.toml:x=1", "./secret.toml", secret, secret + ":"} {
		if _, err := parseSpec(spec); err == nil || !strings.Contains(err.Error(), "rule file") {
			t.Errorf("parseSpec(%q) = %v; want a refusal that names rule files and reads none", spec, err)
		}
		if _, err := parseList("jax," + spec); err == nil {
			t.Errorf("parseList(jax,%q): want a refusal", spec)
		}
		if sp, _ := rules.ParseSpec(spec); !sp.File {
			t.Errorf("ParseSpec(%q) = %+v: not a rule file", spec, sp)
		} else if _, ok := prebuilt(sp); ok {
			t.Errorf("prebuilt(%q) answered", spec)
		}
	}
}
