package main

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestBriefFitsTerminal: the default view of a query and of compare fits
// briefWidth columns, names the rule of each row and keeps the ≠ marks;
// -v keeps the sources. Lines are measured in bytes, as awk 'length > 100'
// measures them under mawk (Debian's awk): ≠ and … take three bytes each.
func TestBriefFitsTerminal(t *testing.T) {
	for _, args := range [][]string{
		{"f16", "i64"},
		{"compare", "i32", "bf16"},
		{"u64", "i64"},
		{"f32", "1.5", "i64[](3)", "u8(3)"},
		{"-only", "numpy,jax", "i8", "2"},
		{"-rules", "tensorflow", "f16", "i64"},
		{"-rules", "openvino:promote_unsafe=true:pytorch_scalar_promotion=true", "f16", "i64"},
	} {
		out, errs, code := runPromote(t, "", args...)
		if code > 1 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			if n := len(line); n > briefWidth {
				t.Errorf("%v: a line of %d bytes (%d columns):\n%s", args, n, utf8.RuneCountInString(line), line)
			}
			if strings.Contains(line, "[") && strings.Contains(line, "@") {
				t.Errorf("%v: a source citation in the default view:\n%s", args, line)
			}
		}
	}
	out, _, _ := runPromote(t, "", "f16", "i64")
	for _, want := range []string{"≠ numpy", "climb: from f16 past f32 to f64", "table: keeps f16; i64 does not fit in it exactly"} {
		if !strings.Contains(out, want) {
			t.Errorf("default view lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = runPromote(t, "", "-v", "f16", "i64")
	if !strings.Contains(out, "numpy/numpy@") {
		t.Errorf("-v lacks the sources:\n%.500s", out)
	}
}

func TestWrapWords(t *testing.T) {
	for _, tt := range []struct {
		s     string
		width int
		max   int
		want  []string
	}{
		{"a bb ccc", 4, 0, []string{"a bb", "ccc"}},
		{"abcdefghij", 4, 0, []string{"abcd", "efgh", "ij"}},
		{"one two three four", 10, 1, []string{"one two…"}},
		{"one two three four", 9, 1, []string{"one…"}},
		{"onetwothree four", 9, 1, []string{"onetwo…"}},
		{"", 5, 2, nil},
		{"≠≠≠≠≠ x", 15, 0, []string{"≠≠≠≠≠", "x"}},
		{"≠≠≠≠≠ x", 7, 0, []string{"≠≠", "≠≠", "≠ x"}},
		{"≠≠", 2, 0, []string{"≠", "≠"}}, // a rune wider than the line still advances
	} {
		if got := wrapWords(tt.s, tt.width, tt.max); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("wrapWords(%q, %d, %d) = %q, want %q", tt.s, tt.width, tt.max, got, tt.want)
		}
	}
}

// TestRulesFitsTerminal: promote rules wraps its long option texts and
// source citations to briefWidth bytes, and loses no word doing it.
func TestRulesFitsTerminal(t *testing.T) {
	out, errs, code := runPromote(t, "", "rules")
	if code != 0 {
		t.Fatalf("rules: exit %d: %s", code, errs)
	}
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if len(line) > briefWidth {
			t.Errorf("rules: a line of %d bytes:\n%s", len(line), line)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(out), " "), "openvinotoolkit/openvino src/core/src/op/convert_promote_types.cpp@cb272d55") {
		t.Errorf("rules: openvino's source is missing:\n%.2000s", out)
	}
}

// TestJSONOrVerbose: the usage says -json | -v; given both, a query and
// compare refuse with exit 2 rather than silently drop -v.
func TestJSONOrVerbose(t *testing.T) {
	for _, args := range [][]string{
		{"-json", "-v", "f16", "i64"},
		{"-rules", "numpy", "-v", "-json", "f16", "i64"},
		{"compare", "-json", "-v", "f16", "i64"},
	} {
		out, errs, code := runPromote(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errs, "give -json or -v, not both") {
			t.Errorf("%q: exit %d, stdout %.80q, stderr %q", args, code, out, errs)
		}
	}
}
