package pylint_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/pylint"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	tsvtest.Golden(t, name, got, *update)
}

// TestGolden lints testdata/tree and compares the text and SARIF outputs.
func TestGolden(t *testing.T) {
	for _, workers := range []int{1, 4} {
		rep, err := pylint.Run(context.Background(), []string{"testdata/tree"}, pylint.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Files != 2 || len(rep.Errors) != 0 {
			t.Fatalf("files %d, errors %v; want 2 files, no errors", rep.Files, rep.Errors)
		}
		var text, sarif bytes.Buffer
		if err := rep.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if err := rep.WriteSARIF(&sarif, "test"); err != nil {
			t.Fatal(err)
		}
		golden(t, "tree.txt", text.Bytes())
		golden(t, "tree.sarif", sarif.Bytes())
	}
}

// TestBadInput: every bad file gets one error naming it and the rest of
// the tree is still linted.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good.py", []byte("import numpy as np\nx = np.float32(3) + 3.0\n"))
	write("binary.py", []byte("x = \x00\x01\x02"))
	write("latin.py", []byte("x = '\xff'\n"))
	write("nested.py", []byte("x = "+strings.Repeat("[", 100000)+strings.Repeat("]", 100000)+"\n"))
	write("big.py", bytes.Repeat([]byte("#"), 2<<20))
	if err := os.Symlink(dir, filepath.Join(dir, "loop")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	rep, err := pylint.Run(context.Background(), []string{dir, filepath.Join(dir, "missing.py")}, pylint.Options{MaxFileBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || !strings.HasSuffix(rep.Findings[0].File, "good.py") {
		t.Errorf("findings %v; want the one in good.py", rep.Findings)
	}
	want := map[string]string{
		"binary.py":  "null bytes",
		"latin.py":   "utf-8",
		"nested.py":  "too many nested",
		"big.py":     "at most 1048576 bytes",
		"loop":       "loops back",
		"missing.py": "no such file",
	}
	for _, e := range rep.Errors {
		base := filepath.Base(e.File)
		frag, ok := want[base]
		if !ok {
			t.Errorf("unexpected error %v", e)
			continue
		}
		if !strings.Contains(e.Err, frag) {
			t.Errorf("%s: error %q does not say %q", base, e.Err, frag)
		}
		delete(want, base)
	}
	for base := range want {
		t.Errorf("no error for %s", base)
	}
}

// TestCancel: a cancelled run stops with the context's error.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := pylint.Run(ctx, []string{"testdata/tree"}, pylint.Options{}); err == nil {
		t.Error("a cancelled run returned no error")
	}
}
