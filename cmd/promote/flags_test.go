package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/rules/rulefile"
)

// TestRuleFileFailureIsNotUsage: a rule file that is missing or malformed
// is a failed input (exit 1, no usage line), whichever command reads it;
// an unknown rule set or a bad option stays a usage error (exit 2).
func TestRuleFileFailureIsNotUsage(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.toml")
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("title = \"no name\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-rules", missing, "f32"}, 1, missing},
		{[]string{"-rules", bad, "f32"}, 1, bad + ":1: no name"},
		{[]string{"table", "-rules", bad}, 1, bad + ":1: no name"},
		{[]string{"table", "-rules", bad, "-set", "x=1"}, 1, bad + ":1: no name"},
		{[]string{"check", "-rules", missing}, 1, missing},
		{[]string{"infer", "-compare", "numpy," + bad, "-"}, 1, bad + ":1: no name"},
		{[]string{"-rules", "nosuchsystem", "f32"}, 2, "nosuchsystem"},
		{[]string{"table", "-rules", "numpy", "-set", "bogus=1"}, 2, "bogus"},
		{[]string{"check", "-rules", "nosuchsystem"}, 2, "-rules: "},
	} {
		_, errs, code := runPromote(t, "x: f32\nx\n", tc.args...)
		usage := strings.Contains(errs, "\nusage: ")
		if code != tc.code || !strings.Contains(errs, tc.want) || usage != (tc.code == 2) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d, %q, a usage line: %v", strings.Join(tc.args, " "), code, errs, tc.code, tc.want, tc.code == 2)
		}
	}

	// The error keeps its chain.
	_, err := buildRules(bad, nil)
	if fe := (*rulefile.Error)(nil); !errors.As(err, &fe) {
		t.Errorf("malformed file: %#v is not a *rulefile.Error", err)
	}
	if _, err := buildRules(missing, []string{"x=1"}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v does not match fs.ErrNotExist", err)
	}
}

// TestBadSizeFlagExit2: a size flag's bad value is a usage error (exit 2)
// in every command that takes one, whether it does not parse or is out of
// range (-mem 1B once passed the flag parser and failed with exit 1).
func TestBadSizeFlagExit2(t *testing.T) {
	for _, cmd := range []string{"recast", "dequant", "quant"} {
		for _, args := range [][]string{
			{"-mem", "1B"},
			{"-mem", "0"},
			{"-mem", "abc"},
			{"-max-shard-size", "0"},
			{"-max-shard-size", "-5MB"},
		} {
			argv := append(append([]string{cmd}, args...), "-to", "bf16", "-o", "out.safetensors", "in.safetensors")
			_, errs, code := runPromote(t, "", argv...)
			if code != 2 || !strings.Contains(errs, "invalid value") || !strings.Contains(errs, args[0]) {
				t.Errorf("%v: exit %d, %q; want 2 and the flag named", argv, code, errs)
			}
		}
	}
}

// TestMessageGrammar: counts agree with their nouns ("at least one input
// file", "1 tensor", "in 1 file"); they said "one input files" and
// "1 tensors".
func TestMessageGrammar(t *testing.T) {
	if _, errs, code := runPromote(t, "", "convert", "-o", t.TempDir()); code != 2 || !strings.Contains(errs, "want at least one input file, got 0") {
		t.Errorf("convert without inputs: exit %d, %q", code, errs)
	}
	if _, errs, code := runPromote(t, "", "help", "a", "b"); code != 2 || !strings.Contains(errs, "want at most one subcommand name") {
		t.Errorf("help a b: exit %d, %q", code, errs)
	}
	if _, errs, code := runPromote(t, "", "recast", "-to", "bf16"); code != 2 || !strings.Contains(errs, "want one input, got 0") {
		t.Errorf("recast without input: exit %d, %q", code, errs)
	}
}
