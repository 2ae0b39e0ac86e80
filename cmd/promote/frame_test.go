package main

import (
	"errors"
	"sort"
	"strings"
	"testing"
)

func commandNames() []string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// TestHelpEverySubcommand: -h and -help print the subcommand's usage to
// standard output and exit 0, as promote help NAME does; the usage names
// every flag.
func TestHelpEverySubcommand(t *testing.T) {
	for _, name := range commandNames() {
		want, errs, code := runPromote(t, "", "help", name)
		synopsis, _, _ := strings.Cut(want, "\n\n") // the usage, wrapped to fit 100 columns
		if code != 0 || errs != "" || strings.Join(strings.Fields(synopsis), " ") != "usage: "+commands[name].usageLine() {
			t.Errorf("help %s: exit %d, stderr %q, stdout %.80q", name, code, errs, want)
			continue
		}
		for _, h := range []string{"-h", "-help", "--help"} {
			out, errs, code := runPromote(t, "", name, h)
			if code != 0 || errs != "" || out != want {
				t.Errorf("%s %s: exit %d, stderr %q; want help's usage on stdout, exit 0", name, h, code, errs)
			}
		}
	}
	for _, args := range [][]string{{"-h"}, {"-help"}, {"help"}} {
		out, _, code := runPromote(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "usage: promote [-rules NAME]") || !strings.Contains(out, "recast") {
			t.Errorf("%v: exit %d:\n%s", args, code, out)
		}
		// The list of subcommands is a new user's first screen: it fits
		// 100 columns, counted in bytes as awk counts them (so does every
		// subcommand's help: TestHelpFitsTerminal).
		for _, line := range strings.Split(out, "\n") {
			if len(line) > 100 {
				t.Errorf("%v: a line of %d bytes:\n%s", args, len(line), line)
			}
		}
	}
	out, _, _ := runPromote(t, "", "help", "recast")
	for _, flag := range []string{"-to", "-only", "-policy", "-o", "-chunk"} {
		if !strings.Contains(out, "  "+flag+" ") {
			t.Errorf("help recast does not document %s:\n%s", flag, out)
		}
	}
	if _, errs, code := runPromote(t, "", "help", "nosuch"); code != 2 || !strings.Contains(errs, `unknown subcommand "nosuch"`) {
		t.Errorf("help nosuch: exit %d, %q", code, errs)
	}
}

// TestUnknownFlagEverySubcommand: an unknown flag is a usage error on
// standard error: the flag package's message, prefixed once, then the
// usage line; exit 2; nothing on standard output.
func TestUnknownFlagEverySubcommand(t *testing.T) {
	for _, name := range commandNames() {
		out, errs, code := runPromote(t, "", name, "-bogus")
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		prefix := "promote " + name + ": "
		if name == "query" {
			prefix = "promote: "
		}
		if code != 2 || out != "" || len(lines) != 3 || lines[0] != prefix+"flag provided but not defined: -bogus" ||
			lines[1] != "usage: "+commands[name].usageLine() {
			t.Errorf("%s -bogus: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
}

// TestExtraArguments: a subcommand that takes no operands refuses one;
// the others refuse too many or too few.
func TestExtraArguments(t *testing.T) {
	for _, args := range [][]string{
		{"dtypes", "extra"},
		{"rules", "numpy"},
		{"rules", "-json", "numpy"},
		{"batch", "-rules", "numpy", "f32"},
		{"table", "-rules", "numpy", "f32"},
		{"cast", "-from", "f32", "-to", "f16", "1.5"},
		{"bench", "-n", "10", "extra"},
		{"version", "extra"},
		{"help", "batch", "cast"},
		{"diff", "-rules", "numpy", "-against", "jax", "extra"},
		{"infer", "-rules", "numpy", "a.prog", "b.prog"},
		{"infer"},
		{"recast", "-to", "bf16", "a", "b", "-o", "c"},
		{"convert", "a.npy", "-o", "d"},
		{"compare"},
	} {
		out, errs, code := runPromote(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errs, "usage: promote "+args[0]) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestQueryFlagsAmongOperands: in a query, flags may stand among the
// operands; a negative number is an operand; anything else starting with
// - is a flag, so a misspelt flag is named as one; -- ends the flags.
func TestQueryFlagsAmongOperands(t *testing.T) {
	_, errs, code := runPromote(t, "", "-rule", "numpy", "f32", "i8")
	if code != 2 || !strings.HasPrefix(errs, "promote: flag provided but not defined: -rule; did you mean -rules?\n") {
		t.Errorf("-rule: exit %d, %q", code, errs)
	}
	for _, args := range [][]string{
		{"f32", "-rules", "numpy", "-7"},
		{"-7", "-rules=numpy", "f32"},
		{"-rules", "numpy", "f32", "-inf"},
		{"-rules", "numpy", "f32", "-nan"},
		{"-rules", "numpy", "f32", "+nan"},
		{"-rules", "numpy", "f32", "-NaN"},
		{"-rules", "numpy", "f32", "-1.5e3"},
		{"-rules", "numpy", "c64", "-1j"},
		{"-rules", "numpy", "--", "f32", "-7"},
		{"--rules", "numpy", "f32", "-.5"},
	} {
		out, errs, code := runPromote(t, "", args...)
		if code != 0 || errs != "" || !strings.Contains(out, "numpy") {
			t.Errorf("%q: exit %d, stderr %q:\n%s", args, code, errs, out)
		}
	}
	// After --, even a flag's spelling is an operand (and a bad one here).
	if _, errs, code := runPromote(t, "", "-rules", "numpy", "--", "-json"); code != 2 || !strings.Contains(errs, `bad operand "-json"`) {
		t.Errorf("-- -json: exit %d, %q", code, errs)
	}
}

// TestQueryRefusalExit1: a one-shot query under one rule set exits 1
// when the rule set refuses, 0 when it answers; compare exits 0 either
// way (its rows show refusals).
func TestQueryRefusalExit1(t *testing.T) {
	out, _, code := runPromote(t, "", "-rules", "openvino", "f32", "i8", "i16")
	if code != 1 || !strings.Contains(out, "error") {
		t.Errorf("refusal: exit %d:\n%s", code, out)
	}
	if _, _, code := runPromote(t, "", "-rules", "openvino", "f32", "f16"); code != 0 {
		t.Errorf("answer: exit %d", code)
	}
	if _, _, code := runPromote(t, "", "-json", "-rules", "openvino", "f32", "i8", "i16"); code != 1 {
		t.Errorf("refusal -json: exit %d", code)
	}
	if _, _, code := runPromote(t, "", "f32", "i8", "i16", "u64", "c128"); code != 0 {
		t.Errorf("compare with refusals: exit %d", code)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		out, errs, code := runPromote(t, "", args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || errs != "" || len(lines) != 3 || !strings.HasPrefix(lines[0], "promote ") || !strings.HasPrefix(lines[1], "revision ") || !strings.HasPrefix(lines[2], "go1.") {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
	var out strings.Builder
	writeVersion(&env{stdout: &out}, buildInfo{version: "v1.2.3", revision: "abc123", time: "2026-01-02T03:04:05Z", modified: true, goVersion: "go1.26.8", platform: "linux/amd64"})
	if want := "promote v1.2.3\nrevision abc123 (2026-01-02T03:04:05Z), with uncommitted changes\ngo1.26.8 linux/amd64\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestPrefixedOnce: an error that carries its package's name as prefix is
// not prefixed twice.
func TestPrefixedOnce(t *testing.T) {
	c := commands["convert"]
	for _, msg := range []string{"convert: the policy has no dtype c128", "promote convert: convert: the policy has no dtype c128", "promote: convert: the policy has no dtype c128"} {
		if got := c.message(errors.New(msg)); got != "the policy has no dtype c128" {
			t.Errorf("%q gives %q", msg, got)
		}
	}
	_, errs, _ := runPromote(t, "", "cast", "-from", "f32", "-to", "f16", "-policy", "nope")
	if strings.Count(errs, "promote cast:") != 1 || strings.Contains(errs, "cast: cast:") {
		t.Errorf("stderr %q", errs)
	}
	// A library package's prefix is not shown under another command: the
	// frame names the command, the message says what is wrong.
	for _, c := range []struct{ cmd, msg, want string }{
		{"cast", "convert: unknown policy \"nope\"", "unknown policy \"nope\""},
		{"bench", "convert: unknown policy \"nope\"", "unknown policy \"nope\""},
		{"convert", "tensor: no common type for u8[3] and i64[]: numpy: refused", "no common type for u8[3] and i64[]: numpy: refused"},
		{"query", "numpy: refused", "numpy: refused"}, // a rule set's name stays
	} {
		if got := commands[c.cmd].message(errors.New(c.msg)); got != c.want {
			t.Errorf("promote %s: %q gives %q, want %q", c.cmd, c.msg, got, c.want)
		}
	}
	for _, args := range [][]string{
		{"cast", "-from", "f32", "-to", "f16", "-policy", "nope"},
		{"cast", "-from", "c64", "-to", "f32", "-policy", "openvino"},
	} {
		if _, errs, _ := runPromote(t, "", args...); strings.Contains(errs, "convert:") {
			t.Errorf("%v: stderr %q shows a package prefix", args, errs)
		}
	}
	if out, _, _ := runPromote(t, "foo\n", "cast", "-from", "f32", "-to", "f16"); out != "error: bad number \"foo\": want a decimal number, inf or nan\n" {
		t.Errorf("cast of a bad number: %q", out)
	}
}

// TestCountFields agrees with strings.Fields, which ParseOperands uses.
func TestCountFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a b\t c\u00a0d\u2003e ", "\xff \xfe", "f32  i8\r"} {
		if got, want := countFields([]byte(s)), len(strings.Fields(s)); got != want {
			t.Errorf("countFields(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestHelpFitsTerminal: every subcommand's help, its usage, description
// and flags, fits 100 columns (counted in bytes, as awk counts them; a
// flag description's tab counts eight), a list such as bench's default
// pairs broken after a comma, never inside a name.
func TestHelpFitsTerminal(t *testing.T) {
	for _, name := range commandNames() {
		out, _, _ := runPromote(t, "", "help", name)
		for _, line := range strings.Split(out, "\n") {
			if n := len(strings.ReplaceAll(line, "\t", "    ")); n > 100 {
				t.Errorf("help %s: a line of %d columns:\n%s", name, n, line)
			}
		}
	}
	out, _, _ := runPromote(t, "", "help", "bench")
	if !strings.Contains(out, "f32:f64,f64:f32,\n") && !strings.Contains(out, ",\n    \tf") {
		t.Errorf("help bench: the default pairs are not broken after a comma:\n%s", out)
	}
}
