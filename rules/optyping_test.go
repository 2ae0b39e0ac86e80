package rules

import (
	"testing"

	"github.com/promote-dev/promote"
)

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
