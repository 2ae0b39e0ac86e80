package rules

import (
	"testing"

	"github.com/promote-dev/promote"
)

// TestDeclaredHosts: each rule set declares its programs' host language
// in its Def; those not listed here are Python's.
func TestDeclaredHosts(t *testing.T) {
	want := map[string]promote.Host{
		"anvil": promote.HostR, "kernel-float": promote.HostCPP, "cpp": promote.HostCPP,
		"c": promote.HostC, "julia": promote.HostJulia,
	}
	for _, def := range All() {
		w, ok := want[def.Name]
		if !ok {
			w = promote.HostPython
		}
		if got := promote.HostOf(def); got != w {
			t.Errorf("%s: host %s, want %s", def.Name, got, w)
		}
	}
}

// TestBuiltinsTypeTheirOps: every built-in rule set types its operations
// in its own package (promote.OpTyper) under every preset, and its policy
// can be read.
func TestBuiltinsTypeTheirOps(t *testing.T) {
	for _, def := range All() {
		settings := append([][]string{nil}, def.Presets...)
		for _, kv := range settings {
			r, err := def.Build(kv...)
			if err != nil {
				t.Fatalf("%s %v: %v", def.Name, kv, err)
			}
			if _, ok := r.(promote.OpTyper); !ok {
				t.Errorf("%s %v: %T does not implement promote.OpTyper", def.Name, kv, r)
			}
		}
	}
}
