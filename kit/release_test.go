package kit

import (
	"strings"
	"testing"
)

// TestExplainRelease: a version outside the known releases is named as
// newer, older or a patch release, never silently mapped (issue 23, "Bad
// input").
func TestExplainRelease(t *testing.T) {
	triton := ExplainRelease("Triton", []string{"3.6", "3.5", "3.4", "3.3", "3.2", "main"})
	for _, tt := range []struct {
		explain func(string) string
		value   string
		want    string
	}{
		{triton, "3.7", "Triton 3.7 is newer than the newest release this rule set knows (3.6)"},
		{triton, "4.0", "is newer than the newest"},
		{triton, "3.1", "Triton 3.1 is older than the oldest release this rule set knows (3.2)"},
		{triton, "3.6.0", "write version=3.6"},
		{triton, "nightly", ""},
		{triton, "", ""},
		{ExplainRelease("tinygrad", []string{"head", "0.13", "0.12", "0.11"}), "0.14", "tinygrad 0.14 is newer"},
		{ExplainRelease("the Array API standard", []string{"2021.12", "2024.12"}), "2025.12", "newer than the newest release this rule set knows (2024.12)"},
		{ExplainRelease("anvl", []string{"0.4", "main"}), "0.5", "anvl 0.5 is newer"},
		{ExplainRelease("x", []string{"main"}), "1.0", ""},
	} {
		got := tt.explain(tt.value)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("explain(%q) = %q, want it to say %q", tt.value, got, tt.want)
		}
	}
}
