package probe

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStubFrameworks runs every adapter of the probe script that needs a
// framework this machine lacks against a stand-in built on NumPy
// (testdata/stubs): each must be found, report its version, and have its
// queries answered without a fault of the adapter's own (a NameError, an
// attribute the adapter expected and the stand-in lacks).
func TestStubFrameworks(t *testing.T) {
	if testing.Short() {
		t.Skip("stub frameworks skipped under -short")
	}
	if err := exec.Command(debianPython, "-c", "import numpy").Run(); err != nil {
		t.Skipf("no NumPy under %s, on which the stand-ins are built: %v", debianPython, err)
	}
	stubs, err := filepath.Abs(filepath.Join("testdata", "stubs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PYTHONPATH", stubs)
	names := []string{"jax", "triton", "keras", "tensorflow", "paddle", "mlx", "tinygrad", "mindspore"}
	rep, err := Run(context.Background(), Options{Python: debianPython, Rules: names})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Frameworks) != len(names) {
		t.Fatalf("%d frameworks, want %d", len(rep.Frameworks), len(names))
	}
	for _, f := range rep.Frameworks {
		if !f.Found || !strings.Contains(f.Version, "stub") || f.Queries == 0 || f.Best == nil {
			t.Errorf("%s: found %v, version %q, %d queries, note %q", f.Name, f.Found, f.Version, f.Queries, f.Note)
			continue
		}
		faults := 0
		for _, d := range f.Disagreements {
			if strings.Contains(d.Framework, "NameError") || strings.Contains(d.Framework, "object has no attribute") ||
				strings.Contains(d.Framework, "ProbeError") || strings.Contains(d.Framework, "takes") {
				if faults++; faults <= 3 {
					t.Errorf("%s %s: %s", f.Name, d.Query, d.Framework)
				}
			}
		}
		t.Logf("%s: %d queries, best %s on %d, %d disagreements", f.Name, f.Queries, f.Best.Setting, f.Best.Agree, len(f.Disagreements))
	}
}

// TestDeviceOracleSkipped: a framework its rule set declares device-only
// (cupy: LiveOracle.Device) is skipped by the script, saying why, where it
// is importable but no CUDA driver loads; here a stand-in cupy that only
// imports. On a machine with a driver the stand-in fails to load instead:
// skipped either way, never asked.
func TestDeviceOracleSkipped(t *testing.T) {
	if testing.Short() {
		t.Skip("stub frameworks skipped under -short")
	}
	if err := exec.Command(debianPython, "-c", "pass").Run(); err != nil {
		t.Skipf("no %s: %v", debianPython, err)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "cupy"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cupy", "__init__.py"), []byte("__version__ = '0.0.stub'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PYTHONPATH", dir)
	rep, err := Run(context.Background(), Options{Python: debianPython, Rules: []string{"cupy"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Frameworks) != 1 || rep.Frameworks[0].Found || !strings.HasPrefix(rep.Frameworks[0].Note, "skipped: ") {
		t.Fatalf("frameworks %+v; want cupy skipped", rep.Frameworks)
	}
	noDriver := exec.Command(debianPython, "-c", "import ctypes; ctypes.CDLL('libcuda.so.1')").Run() != nil
	if note := rep.Frameworks[0].Note; noDriver && !strings.Contains(note, "needs a CUDA device") {
		t.Errorf("cupy: note %q; without a CUDA driver, want the device it needs named", note)
	}
}
