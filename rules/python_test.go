package rules

import "testing"

// TestPythonLibraries: the lint finds NumPy's Python API through the
// registry, with the versions its findings name.
func TestPythonLibraries(t *testing.T) {
	libs := PythonLibraries()
	if len(libs) != 1 {
		t.Fatalf("PythonLibraries: %d libraries, want 1 (numpy)", len(libs))
	}
	l := libs[0]
	if l.Module() != "numpy" {
		t.Errorf("Module() = %q, want numpy", l.Module())
	}
	v := l.Versions()
	if v.OldName != "NumPy 1.x" || v.NewName != "NumPy 2" || v.Old == nil || v.New == nil || v.NewChecked == nil {
		t.Errorf("Versions() = %q, %q (rule sets %v, %v, %v)", v.OldName, v.NewName, v.Old, v.New, v.NewChecked)
	}
}
