package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintExitStatus: 1 with findings or an unreadable file, 0 without,
// 2 for a bad command line; text, JSON and SARIF outputs.
func TestLintExitStatus(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.py")
	clean := filepath.Join(dir, "clean.py")
	broken := filepath.Join(dir, "broken.py")
	for path, src := range map[string]string{
		bad:    "import numpy as np\nx = np.uint8(1) + 300\n",
		clean:  "import numpy as np\nx = np.zeros(3) + 1.0\n",
		broken: "def (:\n",
	} {
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		args []string
		code int
		out  string // a fragment of standard output
		errs string // a fragment of standard error
	}{
		{[]string{"lint", bad}, 1, "bad.py:2:5: + on uint8 scalar 1, Python int 300: NumPy 2 raises (OverflowError", ""},
		{[]string{"lint", clean}, 0, "", ""},
		{[]string{"lint", broken, clean}, 1, "", "broken.py: error: syntax error at 1:5"},
		{[]string{"lint", "-json", bad}, 1, `"kind": "raises"`, ""},
		{[]string{"lint", "-format", "sarif", bad}, 1, `"version": "2.1.0"`, ""},
		{[]string{"lint", "-format", "xml", bad}, 2, "", "want text, json or sarif"},
		{[]string{"lint", "-max-file-size", "0", bad}, 2, "", "want a positive size"},
		{[]string{"lint"}, 2, "", ""},
	}
	for _, c := range cases {
		out, errs, code := runPromote(t, "", c.args...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errs, c.errs) {
			t.Errorf("promote %s: status %d, want %d\nstdout: %s\nstderr: %s", strings.Join(c.args, " "), code, c.code, out, errs)
		}
	}
	out, _, _ := runPromote(t, "", "lint", "-json", bad)
	var rep struct {
		Files    int
		Findings []struct{ Line, Col int }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Files != 1 || len(rep.Findings) != 1 || rep.Findings[0].Line != 2 {
		t.Errorf("-json: %v %+v\n%s", err, rep, out)
	}
}
