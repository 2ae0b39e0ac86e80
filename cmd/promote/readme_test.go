package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmePath is the project README, relative to this package's directory.
var readmePath = filepath.Join("..", "..", "README.md")

// TestREADMEExamples keeps the README's pasted outputs true: it runs the
// queries and the lint the README shows and fails when the README no
// longer holds what promote prints. A change of output that is meant is
// fixed by pasting the new output into README.md.
func TestREADMEExamples(t *testing.T) {
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)

	// The batch example: three queries under four systems, one line each.
	const queries = "f16 i64\nf16 f64[]\ni64 1.5\n"
	if !strings.Contains(text, `printf 'f16 i64\nf16 f64[]\ni64 1.5\n' > q.txt`) {
		t.Errorf("README.md no longer shows the queries this test runs (%q)", queries)
	}
	for _, r := range []string{"numpy", "pytorch", "jax", "julia"} {
		out, errs, code := runPromote(t, queries, "batch", "-rules", r)
		if code != 0 || errs != "" {
			t.Fatalf("batch -rules %s: exit %d, stderr %q", r, code, errs)
		}
		line := r + ": " + strings.Join(strings.Fields(out), " ")
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Errorf("README.md lacks the line %q that promote batch -rules %s now gives", line, r)
		}
	}

	// The porting lint of port.txt.
	const port = "a: u8[100]\nb = a + 300\nc = a * 2.5\n"
	if !strings.Contains(text, "$ cat port.txt\n"+port) {
		t.Errorf("README.md no longer shows port.txt as this test writes it:\n%s", port)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "port.txt"), []byte(port), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	out, errs, code := runPromote(t, "", "infer", "-compare", "numpy:promotion=legacy,numpy", "port.txt")
	if code != 1 || errs != "" {
		t.Fatalf("infer -compare: exit %d (want 1: the lint finds a disagreement), stderr %q", code, errs)
	}
	block := "$ promote infer -compare numpy:promotion=legacy,numpy port.txt\n" + out
	if !strings.Contains(text, block) {
		t.Errorf("README.md's lint example differs from what promote prints now:\n%s", block)
	}
}
