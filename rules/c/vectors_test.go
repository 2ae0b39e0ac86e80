package c

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: each rule and option of spec.md
// with the rule that must decide.
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 40 {
		t.Fatalf("only %d vectors", n)
	}
}

// TestFloat16WithBFloat16 is a named disagreement: GCC's C front end
// gives _Float16 + __bf16 the type _Float16 (c_common_type prefers the
// interchange type at equal precision), while C++23 makes the same pair
// ill-formed (see the cpp rule set's TestFloat16WithBFloat16).
func TestFloat16WithBFloat16(t *testing.T) {
	r := Def.MustBuild("std=c23")
	for _, q := range []string{"f16 bf16", "bf16 f16", "__bf16 _Float16"} {
		ops, err := promote.ParseOperands(Dialect, q)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Result(ops...)
		if err != nil || res.String() != "f16" || res.Rule != ruleInterchange {
			t.Errorf("%s = %v, %v; want f16 by interchange-first", q, res, err)
		}
	}
}

// TestTrueIsIntInC17 is a named difference between the options: C17's
// true is <stdbool.h>'s macro for the int 1, C23's a bool; true + true is
// int in both (integer promotion).
func TestTrueIsIntInC17(t *testing.T) {
	for std, want := range map[string][2]string{"c17": {"i32", "i32"}, "c23": {"bool", "i32"}} {
		r := Def.MustBuild("std=" + std)
		if got := tsvtest.Check(t, r, "true"); got != want[0] {
			t.Errorf("std=%s: true = %s, want %s", std, got, want[0])
		}
		if got := tsvtest.Check(t, r, "true true"); got != want[1] {
			t.Errorf("std=%s: true + true = %s, want %s", std, got, want[1])
		}
	}
}

// TestOptionValues: an unknown std lists the valid ones.
func TestOptionValues(t *testing.T) {
	if _, err := Def.Build("std=c99"); err == nil || !strings.Contains(err.Error(), "c17|c23") {
		t.Errorf("std=c99: %v", err)
	}
}

// TestDialect: C's spellings.
func TestDialect(t *testing.T) {
	for name, want := range map[string]string{
		"unsigned_char": "u8", "long_long": "i64", "unsigned_long_long": "u64", "long_double": "f80",
		"_Float16": "f16", "_Float32x": "f64", "_Float64x": "f80", "__bf16": "bf16", "_Complex_float": "c64",
		"_Complex_long_double": "c160", "_Bool": "bool", "char": "i8", "size_t": "u64",
	} {
		d, err := Dialect.Parse(name)
		if err != nil || d.String() != want {
			t.Errorf("%s = %v, %v; want %s", name, d, err, want)
		}
	}
	for _, name := range []string{"__int128", "_Float128", "__float128", "_Decimal64"} {
		if _, err := Dialect.Parse(name); err == nil || !strings.Contains(err.Error(), "not in promote's catalogue") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
