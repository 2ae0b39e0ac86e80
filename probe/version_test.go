package probe

import "testing"

// TestNamesRelease: the tie-break between settings that agree equally
// picks the one whose version= is the installed release (torch 1.13 and
// 2.0 promote alike; a torch 1.13 must be reported as version=1.13).
func TestNamesRelease(t *testing.T) {
	for _, tt := range []struct {
		label, version string
		want           bool
	}{
		{"pytorch:version=1.13", "1.13.0a0", true},
		{"pytorch:version=2.0", "1.13.0a0", false},
		{"pytorch:version=2.11:default_float=f64", "2.11.0+cu130", true},
		{"cupy:version=14", "14.2.0", true},
		{"cupy:version=13", "14.2.0", false},
		{"pytorch", "2.14.1", false},
		{"triton:version=main", "3.6.0", false},
		{"pytorch:version=2.6", "not a version", false},
	} {
		if got := namesRelease(tt.label, tt.version); got != tt.want {
			t.Errorf("namesRelease(%q, %q) = %v, want %v", tt.label, tt.version, got, tt.want)
		}
	}
}
