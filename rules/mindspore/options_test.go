package mindspore

import (
	"strings"
	"testing"
)

// TestOptions: rules accepts table, priority and doc, and an unknown
// value lists the valid ones.
func TestOptions(t *testing.T) {
	for _, v := range []string{"table", "priority", "doc"} {
		if _, err := Def.Build("rules=" + v); err != nil {
			t.Errorf("rules=%s: %v", v, err)
		}
	}
	_, err := Def.Build("rules=code")
	if err == nil || !strings.Contains(err.Error(), "table|priority|doc") {
		t.Errorf("rules=code: %v, want an error listing table|priority|doc", err)
	}
}
