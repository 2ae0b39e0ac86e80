package pylit

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

func TestLeadingZeroInt(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"017", true}, {"-017", true}, {"+017", true}, {"0_7", true}, {"00_1", true}, {"(017)", true},
		{"0", false}, {"00", false}, {"0_0", false}, {"-00", false}, {"17", false}, {"170", false},
		{"0x1F", false}, {"0o17", false}, {"0b101", false}, {"017.5", false}, {"017e3", false},
		{"017j", false}, {"0.5", false}, {"", false},
	} {
		if got := LeadingZeroInt(tc.text); got != tc.want {
			t.Errorf("LeadingZeroInt(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // substring of the refusal; "" when Python has the literal
	}{
		{"017", LeadingZeros}, {"-0_17", LeadingZeros},
		{"1L", `Python has no "L" suffix`}, {"1.0f", `Python has no "f" suffix`}, {"1f0", `Python has no "f0" suffix`}, {"3u", `Python has no "u" suffix`},
		{"0", ""}, {"00", ""}, {"0_0", ""}, {"17", ""}, {"0o17", ""}, {"0x1F", ""}, {"017.5", ""}, {"017j", ""}, {"1_000", ""}, {"True", ""},
	} {
		o, err := promote.ParseOperand(tc.text)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if o.Kind != promote.Literal {
			t.Fatalf("%s: read as %v, not a literal", tc.text, o.Kind)
		}
		got := Check(o.Value)
		switch {
		case tc.want == "" && got != "":
			t.Errorf("Check(%s) = %q, want no refusal", tc.text, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("Check(%s) = %q, want it to contain %q", tc.text, got, tc.want)
		case tc.want != "" && !strings.Contains(got, tc.text):
			t.Errorf("Check(%s) = %q does not name the literal", tc.text, got)
		}
	}
}
