package checkpoint

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
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
		b, err := json.Marshal(TensorReport{Name: "w", Action: tc.a, From: DTypeLabel(dtype.F32)})
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

// TestLabelText: every dtype's Label and the two MXFP4 labels read back
// from the names they write, which are the names reports gave when From
// and To were strings; other names are refused.
func TestLabelText(t *testing.T) {
	cases := []struct {
		l    Label
		name string
	}{{LabelMXFP4, "mxfp4"}, {LabelE8M0, "e8m0 (u8)"}}
	for _, d := range dtype.All() {
		cases = append(cases, struct {
			l    Label
			name string
		}{DTypeLabel(d), d.String()})
	}
	for _, tc := range cases {
		b, err := tc.l.MarshalText()
		if err != nil || string(b) != tc.name || tc.l.String() != tc.name {
			t.Errorf("%s: MarshalText = %q, %v; String = %q", tc.name, b, err, tc.l.String())
			continue
		}
		var back Label
		if err := back.UnmarshalText(b); err != nil || back != tc.l {
			t.Errorf("%s: read back as %v, %v", tc.name, back, err)
		}
	}
	if d, ok := DTypeLabel(dtype.BF16).DType(); !ok || d != dtype.BF16 {
		t.Errorf("DTypeLabel(bf16).DType() = %v, %v", d, ok)
	}
	if _, ok := LabelMXFP4.DType(); ok {
		t.Error("LabelMXFP4.DType() reports a dtype")
	}
	b, err := json.Marshal(TensorReport{Name: "w", Action: Copied, From: DTypeLabel(dtype.F32)})
	if err != nil || strings.Contains(string(b), `"to"`) || !strings.Contains(string(b), `"from":"f32"`) {
		t.Errorf("JSON of a copy: %s, %v; want from f32 and no to", b, err)
	}
	var l Label
	if err := l.UnmarshalText([]byte("float99")); err == nil || !strings.Contains(err.Error(), `"float99"`) {
		t.Errorf("UnmarshalText(float99) = %v, want an error naming it", err)
	}
	if _, err := Label(250).MarshalText(); err == nil {
		t.Error("Label(250).MarshalText() succeeded")
	}
}
