package paddle

import (
	"strings"
	"testing"
)

// TestOptions: rules accepts code and guide (case-insensitive) and an
// unknown value lists the valid ones.
func TestOptions(t *testing.T) {
	for _, v := range []string{"code", "guide", "GUIDE"} {
		if _, err := Def.Build("rules=" + v); err != nil {
			t.Errorf("rules=%s: %v", v, err)
		}
	}
	_, err := Def.Build("rules=doc")
	if err == nil || !strings.Contains(err.Error(), "code|guide") {
		t.Errorf("rules=doc: %v, want an error listing code|guide", err)
	}
}
