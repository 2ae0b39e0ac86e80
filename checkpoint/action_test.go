package checkpoint

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestActionText: every Action reads back from the name it writes, as
// text and inside a TensorReport's JSON, and a name outside them is
// refused with the names that would do.
func TestActionText(t *testing.T) {
	for _, tc := range []struct {
		a    Action
		name string
	}{
		{Copied, "copied"}, {Converted, "converted"}, {Dequantized, "dequantized"},
		{Quantized, "quantized"}, {Scale, "scale"}, {Dropped, "dropped"},
	} {
		if got := tc.a.String(); got != tc.name {
			t.Errorf("Action(%d).String() = %q, want %q", tc.a, got, tc.name)
		}
		b, err := json.Marshal(TensorReport{Name: "w", Action: tc.a, From: "f32"})
		if err != nil {
			t.Fatal(err)
		}
		if want := `"action":"` + tc.name + `"`; !strings.Contains(string(b), want) {
			t.Errorf("%s: JSON %s lacks %s", tc.name, b, want)
		}
		var back TensorReport
		if err := json.Unmarshal(b, &back); err != nil || back.Action != tc.a {
			t.Errorf("%s: read back as %v, %v", tc.name, back.Action, err)
		}
	}
	var a Action
	if err := a.UnmarshalText([]byte("moved")); err == nil || !strings.Contains(err.Error(), `"moved"`) || !strings.Contains(err.Error(), "copied") {
		t.Errorf("UnmarshalText(moved) = %v, want an error naming moved and the actions", err)
	}
	if _, err := Action(200).MarshalText(); err == nil {
		t.Error("Action(200).MarshalText() succeeded")
	}
	if got := Action(200).String(); got != "Action(200)" {
		t.Errorf("Action(200).String() = %q", got)
	}
}
