package probe

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// debianPython is Debian's interpreter, where python3-numpy and
// python3-torch install (the python3 on PATH may be another without them).
const debianPython = "/usr/bin/python3"

// TestLiveDebian probes Debian bookworm's NumPy 1.24 and PyTorch 1.13 and
// expects promote to answer exactly as they do under promotion=legacy and
// version=1.13: every query, no known disagreement.
func TestLiveDebian(t *testing.T) {
	if testing.Short() {
		t.Skip("live probe skipped under -short")
	}
	if err := exec.Command(debianPython, "-c", "import numpy").Run(); err != nil {
		t.Skipf("no NumPy under %s (apt-get install python3-numpy): %v", debianPython, err)
	}
	rep, err := Run(context.Background(), Options{Python: debianPython, Rules: []string{"numpy", "pytorch"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct{ version, setting string }{
		"numpy": {"1.24", "numpy:promotion=legacy"},
		"torch": {"1.13", "pytorch:version=1.13"},
	}
	for _, f := range rep.Frameworks {
		w, ok := want[f.Name]
		if !ok || !f.Found {
			t.Logf("%s: %s", f.Name, f.Note)
			continue
		}
		if !strings.HasPrefix(f.Version, w.version+".") {
			t.Logf("%s %s: not the release this test expects (%s); best %s on %d of %d", f.Name, f.Version, w.version, f.Best.Setting, f.Best.Agree, f.Queries)
			continue
		}
		t.Logf("%s %s: %d queries, best %s on %d", f.Name, f.Version, f.Queries, f.Best.Setting, f.Best.Agree)
		if f.Best.Setting != w.setting || !f.Exact {
			t.Errorf("%s %s: best %s on %d of %d; want %s on all", f.Name, f.Version, f.Best.Setting, f.Best.Agree, f.Queries, w.setting)
			for i, d := range f.Disagreements {
				if i == 20 {
					break
				}
				t.Errorf("  %s: %s says %s, promote %s (%s)", d.Query, f.Name, d.Framework, d.Promote, d.Rule)
			}
		}
		if f.Queries < 1000 {
			t.Errorf("%s: only %d queries", f.Name, f.Queries)
		}
	}
}

// TestLiveOtherPython probes the interpreter PROMOTE_PROBE_PYTHON names (a
// venv or chroot with newer frameworks, or a GPU machine's) and logs what
// it finds: the report must be whole; agreement is not asserted, as the
// releases there are whatever is installed.
func TestLiveOtherPython(t *testing.T) {
	py := os.Getenv("PROMOTE_PROBE_PYTHON")
	if py == "" {
		t.Skip("PROMOTE_PROBE_PYTHON not set: no other interpreter to probe")
	}
	rep, err := Run(context.Background(), Options{Python: py})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Frameworks {
		if !f.Found {
			t.Logf("%s: %s", f.Name, f.Note)
			continue
		}
		if f.Best == nil || f.Queries == 0 {
			t.Errorf("%s %s: no queries or no best setting", f.Name, f.Version)
			continue
		}
		t.Logf("%s %s: best %s on %d of %d; %d with no setting agreeing", f.Name, f.Version, f.Best.Setting, f.Best.Agree, f.Queries, f.Unmatched)
	}
}
