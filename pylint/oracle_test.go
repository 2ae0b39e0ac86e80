package pylint_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/oracle"
	"github.com/promote-dev/promote/pylint"
	"github.com/promote-dev/promote/pytype"
)

// corpusEnv names directories of Python code (a list, separated as PATH
// is) whose findings the oracle test also confirms (opt-in: Debian's
// python3-numpy, python3-scipy, ...).
const corpusEnv = "PROMOTE_LINT_CORPUS"

// TestConfirmLive runs every finding's reproduction under the live NumPy
// oracles: NumPy 1.24 (Debian bookworm, the host) must give the old
// answer and NumPy 2 (a trixie chroot) the new one. It skips, with a
// one-line reason, the oracles that are absent.
func TestConfirmLive(t *testing.T) {
	paths := []string{"testdata/tree", "../pytype/testdata/cases.py"}
	if dirs := os.Getenv(corpusEnv); dirs != "" {
		paths = append(paths, filepath.SplitList(dirs)...)
	}
	rep, err := pylint.Run(context.Background(), paths, pylint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("testdata/confirm.py")
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	for _, f := range rep.Findings {
		in.WriteString(f.Repro + "\n")
	}
	for _, name := range []string{"host", "trixie"} {
		t.Run(name, func(t *testing.T) {
			py := oracle.Require(t, name, "numpy")
			out, err := py.Run(string(script), []byte(in.String()))
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			version, answers := lines[0], lines[1:]
			if len(answers) != len(rep.Findings) {
				t.Fatalf("%d answers for %d findings", len(answers), len(rep.Findings))
			}
			old := strings.HasPrefix(version, "1.")
			confirmed := 0
			for i, f := range rep.Findings {
				if ok, want := agrees(f, answers[i], old); ok {
					confirmed++
				} else {
					t.Errorf("NumPy %s: %s\n\trepro %s gave %q, want %s", version, f, f.Repro, answers[i], want)
				}
			}
			t.Logf("NumPy %s: %d of %d findings confirmed", version, confirmed, len(rep.Findings))
		})
	}
}

// agrees reports whether an oracle's answer is the finding's for that
// version, and says what was wanted.
func agrees(f pytype.Finding, got string, old bool) (bool, string) {
	raised := strings.HasPrefix(got, "raise ")
	if old {
		if f.Kind == "may-change" { // "DTYPE for the representative operands (...)"
			d, _, _ := strings.Cut(f.Old, " ")
			return got == "ok "+d, "ok " + d
		}
		switch f.Kind {
		case "raises", "inplace-cast", "can-cast":
			if f.Kind == "raises" && !strings.Contains(f.Old, " ") { // a dtype
				return got == "ok "+f.Old, "ok " + f.Old
			}
			return !raised, "no exception"
		}
		return got == "ok "+f.Old, "ok " + f.Old
	}
	switch f.Kind {
	case "raises", "inplace-cast", "can-cast":
		return raised, "an exception"
	}
	return got == "ok "+f.New, "ok " + f.New
}
