package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDiffNEP50: promote diff of NumPy 1.x against NumPy 2 with -literals
// lists the value-based changes at each boundary and the typed-scalar
// changes, with -against given as a spec or as -set options.
func TestDiffNEP50(t *testing.T) {
	decode := func(out string) (res struct {
		Compared, Differ int
		Groups           []diffGroup
	}) {
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return res
	}
	a, _, code := runPromote(t, "", "diff", "-rules", "numpy", "-set", "promotion=legacy", "-against", "numpy", "-literals", "-json")
	b, _, code2 := runPromote(t, "", "diff", "-rules", "numpy:promotion=legacy", "-against", "numpy", "-literals", "-json")
	if code != 1 || code2 != 1 || a != b {
		t.Fatalf("exit %d and %d; the two spellings give different output:\n%s\n%s", code, code2, a, b)
	}
	res := decode(a)
	found := map[string]string{}
	for _, g := range res.Groups {
		for _, c := range g.Cases {
			found[c] = g.A + " " + g.B
		}
	}
	for c, want := range map[string]string{
		"u8 256":                  "u16 u8", // 255/256: uint8 widens in 1.x
		"i8 128":                  "i16 i8", // 127/128
		"f16 65000.0":             "f32 f16",
		"f32 1e39":                "f64 f32", // past float32's range
		"f32 f64(1)":              "f32 f64", // NumPy scalars were value-based
		"u8 i64(1)":               "u8 i64",
		"i64 9223372036854775808": "f64 i64",
		"u8 18446744073709551616": "error u8", // object in 1.x
	} {
		if got := found[c]; got != want {
			t.Errorf("case %q: legacy/weak answers %q, want %q", c, got, want)
		}
	}
	for _, c := range []string{"u8 255", "i8 127", "f16 64999.0", "u8 1"} {
		if g, ok := found[c]; ok {
			t.Errorf("case %q differs (%s); it is on the unchanged side of its boundary", c, g)
		}
	}
	// Without a value-based side, -literals compares the four plain literals.
	out, _, _ := runPromote(t, "", "diff", "-rules", "numpy", "-against", "numpy:check_values=false", "-literals", "-json")
	if r := decode(out); r.Differ != 0 || r.Compared != 16*16+16*4 {
		t.Errorf("numpy against itself: %d of %d differ, want 0 of %d", r.Differ, r.Compared, 16*16+16*4)
	}
	if !strings.Contains(a, `"numpy:promotion=legacy"`) {
		t.Errorf("the JSON does not name the sides by their specs:\n%.300s", a)
	}
}
