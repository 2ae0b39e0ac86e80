package main

import (
	"strings"
	"testing"
)

// TestFlagHint: a misspelt flag is refused (exit 2) with the one flag it
// is close to; a flag close to none, or to several, gets no guess.
func TestFlagHint(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // "" for no hint
	}{
		{[]string{"-rule", "numpy", "f32", "i8"}, "did you mean -rules?"},
		{[]string{"-rulez", "numpy", "f32", "i8"}, "did you mean -rules?"},
		{[]string{"recast", "-polcy", "x", "-to", "f16", "a", "-o", "b"}, "did you mean -policy?"},
		{[]string{"recast", "-threds", "2", "-to", "f16", "a", "-o", "b"}, "did you mean -threads?"},
		{[]string{"compare", "-onyl", "numpy", "f32", "i8"}, "did you mean -only?"},
		{[]string{"-bogus", "f32"}, ""},
		{[]string{"-x", "f32"}, ""},
	} {
		_, errs, code := runPromote(t, "", tt.args...)
		first, _, _ := strings.Cut(errs, "\n")
		if code != 2 || !strings.Contains(first, "flag provided but not defined") {
			t.Errorf("%q: exit %d, stderr %q", tt.args, code, errs)
			continue
		}
		if tt.want == "" && strings.Contains(first, "did you mean") || tt.want != "" && !strings.HasSuffix(first, tt.want) {
			t.Errorf("%q: %q, want the hint %q", tt.args, first, tt.want)
		}
	}
}

func TestOneEditApart(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"rules", "rule", true}, {"policy", "polcy", true}, {"only", "onyl", true},
		{"only", "olny", true}, {"json", "jsno", true}, {"mem", "men", true},
		{"rules", "rules", false}, {"rules", "ru", false}, {"only", "yolk", false},
	} {
		if got := oneEditApart(tt.a, tt.b); got != tt.want {
			t.Errorf("oneEditApart(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
