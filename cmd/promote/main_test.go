package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runPromote runs the command in-process.
func runPromote(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return out.String(), errb.String(), code
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestBatchContract: one output line per input line, in order, errors as
// "error: ..." lines, exit 0; a bad command line exits 2.
func TestBatchContract(t *testing.T) {
	in := "f16 i32\n\nu8 i8\nflaot32 f16\nf32[2,\n1.0f f16\nf16\n  \n\r\nf32 i8 i16"
	out, errs, code := runPromote(t, in, "batch", "-rules", "kernel-float")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{"f16", "error:", "error:", "error:", "error:", "f32", "f16", "error:", "error:", "f32"}
	if len(lines) != len(want) {
		t.Fatalf("%d output lines for %d input lines:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) || w == "f16" && lines[i] != w {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], w)
		}
	}
	if !strings.Contains(lines[3], `"flaot32"`) {
		t.Errorf("bad dtype error %q does not name the token", lines[3])
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"batch"},
		{"batch", "-rules", "nosuch"},
		{"batch", "-rules", "openvino", "-set", "promote_unsafe=maybe"},
		{"batch", "-rules", "openvino", "-set", "nokey=1"},
		{"batch", "-rules", "kernel-float", "extra"},
		{"table", "-rules", "anvil", "-format", "xml"},
		{"-set", "a=b", "f32"},
		{"-rules", "nosuch", "f32", "f16"},
		{"diff", "-rules", "anvil"},
		{"diff", "-set", "a=b"},
	} {
		if _, errs, code := runPromote(t, "", args...); code != 2 || errs == "" {
			t.Errorf("promote %q: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
}

// TestOneShot: negative literals are operands, not flags, and flags may
// stand anywhere.
func TestOneShot(t *testing.T) {
	out, _, code := runPromote(t, "", "f16", "-rules", "kernel-float", "-7")
	if code != 0 || !strings.Contains(out, "kernel-float  f32") && !strings.Contains(out, "f16") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, code = runPromote(t, "", "-json", "f16", "i64")
	if code != 0 || !strings.Contains(out, `"rules": "openvino"`) || !strings.Contains(out, `"differs"`) {
		t.Errorf("compare -json: exit %d:\n%s", code, out)
	}
}

func TestDiffExitStatus(t *testing.T) {
	if _, _, code := runPromote(t, "", "diff", "-rules", "anvil", "-against", "anvil"); code != 0 {
		t.Errorf("a rule set against itself: exit %d, want 0", code)
	}
	out, _, code := runPromote(t, "", "diff", "-rules", "openvino", "-against", "openvino", "-set", "promote_unsafe=true")
	if code != 1 || !strings.Contains(out, "102 of") {
		t.Errorf("safe vs unsafe openvino: exit %d:\n%s", code, out)
	}
}

func TestGolden(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"table_kernel-float.txt", []string{"table", "-rules", "kernel-float"}},
		{"table_anvil.md", []string{"table", "-rules", "anvil", "-format", "markdown"}},
		{"dtypes.txt", []string{"dtypes"}},
		{"compare_f16_i64.txt", []string{"f16", "i64"}},
		{"compare_f16_i64_v.txt", []string{"-v", "f16", "i64"}},
	} {
		out, errs, code := runPromote(t, "", tt.args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tt.args, code, errs)
		}
		golden(t, tt.name, out)
	}
}
