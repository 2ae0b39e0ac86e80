package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lastLine is the acceptance interface of promote infer.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestInferLastLine: the last line is the program's result alone, DTYPE
// or DTYPE?, or "error: ..." with exit status 1.
func TestInferLastLine(t *testing.T) {
	cases := []struct {
		args []string
		prog string
		want string
		code int
	}{
		{[]string{"-rules", "anvil"}, "x: bool[]\ny: i16[]\nz = x + 1L\nz * y\n", "i16", 0},
		{[]string{"-rules", "anvil"}, "x: bool[]\nz = x + 1L\nz\n", "i32?", 0},
		{[]string{"-rules", "jax"}, "x: i8\nx * 2.5\n", "f32?", 0},
		{[]string{"-rules", "jax", "-set", "x64=true"}, "x: i8\nx * 2.5\n", "f64?", 0},
		{[]string{"-rules", "pytorch"}, "a: i32\nb: f64[]\nc: f16\n(a + b) + c\n", "f64", 0},
		{[]string{"-rules", "pytorch"}, "a: i32\nb: f64[]\nc: f16\na + (b + c)\n", "f16", 0},
		{[]string{"-rules", "pytorch"}, "a: u8\nmean(a)\n", "error: stdin:2:1: pytorch: mean(): could not infer output dtype.", 1},
		{[]string{"-rules", "numpy"}, "a: u8\na +\n", "error: stdin:2:4: expected an operand", 1},
		{[]string{"-rules", "numpy"}, "# nothing\n", "error: the program has no statements", 1},
	}
	for _, c := range cases {
		args := append([]string{"infer"}, c.args...)
		args = append(args, "-")
		out, errs, code := runPromote(t, c.prog, args...)
		got := lastLine(out)
		if code != c.code || !strings.HasPrefix(got, c.want) || (c.code == 0 && got != c.want) {
			t.Errorf("%v %q: exit %d, last line %q (stderr %q); want exit %d, %q", c.args, c.prog, code, got, errs, c.code, c.want)
		}
	}
}

func TestInferUsage(t *testing.T) {
	for _, args := range [][]string{
		{"infer"},
		{"infer", "-rules", "nope", "-"},
		{"infer", "-rules", "jax", "-set", "x64=maybe", "-"},
		{"infer", "-set", "x64=true", "-"},
		{"infer", "-rules", "jax", "-compare", "numpy", "-"},
		{"infer", "-compare", "jax,nope", "-"},
		{"infer", "-rules", "jax", "/nonexistent/prog"},
	} {
		if _, _, code := runPromote(t, "x: f32\nx\n", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestInferLint: without -rules, the porting lint marks the first
// disagreement and exits 1; agreement exits 0.
func TestInferLint(t *testing.T) {
	prog := "x: bool[]\ny: i16[]\nz = x + 1\nz * y\n"
	out, _, code := runPromote(t, prog, "infer", "-")
	if code != 1 || !strings.Contains(out, "> 3") || lastLine(out) != "first disagreement: line 3" {
		t.Errorf("exit %d:\n%s", code, out)
	}
	golden(t, "infer_lint.txt", out)
	out, _, code = runPromote(t, "x: f32[2]\ny: f32[2]\nx * y\n", "infer", "-compare", "numpy,jax,pytorch", "-")
	if code != 0 || lastLine(out) != "all rule sets agree" {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, code = runPromote(t, prog, "infer", "-json", "-compare", "anvil,numpy", "-")
	var l struct {
		Rules []string `json:"rules"`
		First int      `json:"first_disagreement"`
	}
	// first_disagreement is the program line, not a row index.
	if err := json.Unmarshal([]byte(out), &l); err != nil || code != 1 || l.First != 3 || len(l.Rules) != 2 {
		t.Errorf("json lint: exit %d, %+v, %v:\n%s", code, l, err, out)
	}
}

// TestInferLintUnreadable: a program no rule set can read is not
// "agreement": the lint says so and exits 1. A statement no rule set can
// parse is reported and skipped, the rest compared, and the lint exits 1
// too.
func TestInferLintUnreadable(t *testing.T) {
	if out, _, code := runPromote(t, "x: nosuch\nx + 1\n", "infer", "-"); code != 1 || lastLine(out) != "no rule set could read the program" {
		t.Errorf("an unreadable input: exit %d:\n%s", code, out)
	}
	for prog, msg := range map[string]string{
		"x: f32\ny = x +\n":   "skipped: stdin:2:8: expected an operand, found end of line",
		"x: f32\ny = x + z\n": "skipped: stdin:2:9: undefined name z",
	} {
		out, _, code := runPromote(t, prog, "infer", "-")
		if code != 1 || !strings.Contains(out, msg+"\n") || lastLine(out) != "all rule sets agree on the statements they read; 1 statement skipped" {
			t.Errorf("%q: exit %d:\n%s", prog, code, out)
		}
	}
}

// TestInferLintSyntaxInOneHost: a literal only one host can read puts the
// first disagreement on its line, not on the inputs above it.
func TestInferLintSyntaxInOneHost(t *testing.T) {
	prog := "x: bool[]\ny: i16[]\nz = x + 1L\nz * y\n"
	out, _, code := runPromote(t, prog, "infer", "-compare", "anvil,pytorch", "-")
	if code != 1 || lastLine(out) != "first disagreement: line 3" || !strings.Contains(out, "1     x     bool   -") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestInferJSON(t *testing.T) {
	out, _, code := runPromote(t, "x: bool[]\nz = x + 1L\nz\n", "infer", "-rules", "anvil", "-json", "-")
	var rep struct {
		Result     string `json:"result"`
		Statements []struct {
			Name string `json:"name"`
			Type string `json:"type"`
			Weak bool   `json:"weak"`
			Rule struct {
				ID string `json:"ID"`
			} `json:"rule"`
		} `json:"statements"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	if rep.Result != "i32?" || len(rep.Statements) != 3 || !rep.Statements[1].Weak || rep.Statements[1].Rule.ID == "" {
		t.Errorf("%+v", rep)
	}
}

// TestInferFile reads a program from a file; errors name the file.
func TestInferFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.prog")
	os.WriteFile(path, []byte("x: f32\ny = x +* 2\n"), 0o644)
	out, _, code := runPromote(t, "", "infer", "-rules", "numpy", path)
	if code != 1 || !strings.HasPrefix(lastLine(out), "error: "+path+":2:8:") {
		t.Errorf("exit %d: %q", code, out)
	}
}

// TestInferCompareVersions: -compare takes rule-set specs, so the lint
// compares two versions or settings of one system (the porting lint
// between NumPy 1.x and 2, PyTorch 1.13 and today, C and C++23).
func TestInferCompareVersions(t *testing.T) {
	for _, c := range []struct {
		list, prog, row string
	}{
		{"numpy:promotion=legacy,numpy", "x: i8[3]\ny = x + 128\n", "> 2     y     i16                     i8"},
		{"pytorch:version=1.13,pytorch", "x: u16[3]\ny = x + 1\n", "> 1     x     error                 u16"},
		{"c,cpp:std=c++23", "x: u8[2]\ny: u8[2]\nz = where(x < y, x, y)\n", "> 3     z     i32  u8"},
	} {
		out, errs, code := runPromote(t, c.prog, "infer", "-compare", c.list, "-")
		if code != 1 || !strings.Contains(out, c.row) {
			t.Errorf("-compare %s: exit %d, stderr %q:\n%s\nwant a row %q", c.list, code, errs, out, c.row)
		}
	}
	if _, errs, code := runPromote(t, "x: f32\n", "infer", "-compare", "pytorch:version=0.4,pytorch", "-"); code != 2 || !strings.Contains(errs, "1.13") {
		t.Errorf("an unknown version: exit %d, stderr %q (want the valid versions)", code, errs)
	}
}
