package cann

import "testing"

// TestParseGridErrors: a malformed table is reported, not half-read.
func TestParseGridErrors(t *testing.T) {
	for _, text := range []string{
		"a\\b f32 f99\nf32 f32 f32\nf99 f32 f32", // unknown header type
		"a\\b f32 f32\nf32 f32 f32\nf32 f32 f32", // repeated header type
		"a\\b f32 f16\nf32 f32 f32",              // a row missing
		"a\\b f32 f16\nf32 f32\nf16 f32 f16",     // a short row
		"a\\b f32 f16\nf16 f32 f32\nf32 f32 f16", // rows out of header order
		"a\\b f32 f16\nf32 f32 f32\nf16 f32 f17", // unknown cell
	} {
		if _, err := parseGrid(text); err == nil {
			t.Errorf("parseGrid(%q) succeeded", text)
		}
	}
	g, err := parseGrid("a\\b f32 f16\nf32 f32 x\nf16 x f16")
	if err != nil || len(g.types) != 2 || g.at(shortNames["f32"], shortNames["f16"]) != shortNames["x"] {
		t.Errorf("parseGrid of a good table: %v, %v", g, err)
	}
}
