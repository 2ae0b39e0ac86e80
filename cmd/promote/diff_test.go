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

// TestDiffFlags: diff's flags are parsed as every subcommand's (any
// spelling the flag package takes), and each -set belongs to the -rules
// or -against before it.
func TestDiffFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string // in stdout for exit 0 and 1, in stderr for 2
	}{
		{[]string{"diff", "--rules=numpy", "-set=promotion=legacy", "-against", "numpy"}, 0, "numpy:promotion=legacy vs numpy: 0 of 256"},
		{[]string{"diff", "-rules", "numpy", "-against", "numpy", "-set", "promotion=legacy", "-literals"}, 1, "numpy vs numpy:promotion=legacy:"},
		{[]string{"diff", "-rules", "jax", "-against", "jax:x64=false"}, 0, "jax vs jax: 0 of"},
		{[]string{"diff", "-set", "x64=true", "-rules", "jax", "-against", "jax"}, 2, "-set KEY=VALUE follows the -rules or -against it belongs to"},
		{[]string{"diff", "-rules", "jax", "-rules", "numpy", "-against", "jax"}, 2, "-rules given twice"},
		{[]string{"diff", "-rules", "jax"}, 2, "both -rules and -against are required"},
		{[]string{"diff", "-rules", "jax", "-against"}, 2, "flag needs an argument: -against"},
		{[]string{"diff", "-rules", "jax", "-against", "nosuch"}, 2, `unknown rule set "nosuch"`},
	} {
		out, errs, code := runPromote(t, "", tc.args...)
		got := out
		if tc.code == 2 {
			got = errs
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("%s: exit %d, stdout %.200q, stderr %q; want exit %d and %q", strings.Join(tc.args, " "), code, out, errs, tc.code, tc.want)
		}
	}
}
