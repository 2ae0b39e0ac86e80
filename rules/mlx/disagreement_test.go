package mlx

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// Each named disagreement of spec.md §7, as a test.

// TestFollowingJaxDisagreement: dtype.cpp says "Following Jax type
// promotion rules", but uint64 with a signed integer is float32, where JAX
// gives a weak float64 (x64) or int32 (x64 off).
func TestFollowingJaxDisagreement(t *testing.T) {
	for _, q := range []string{"u64 i8", "i16 u64", "u64 i32", "i64 u64"} {
		if got := tsvtest.Check(t, Def.MustBuild(), q); got != "f32" {
			t.Errorf("%q = %s, want f32", q, got)
		}
	}
}

// TestFloat64WithComplex64: MLX has no complex128, so float64 with complex64
// is complex64, as is float64 with a Python complex.
func TestFloat64WithComplex64(t *testing.T) {
	for _, q := range []string{"f64 c64", "c64 f64", "f64 1j"} {
		if got := tsvtest.Check(t, Def.MustBuild(), q); got != "c64" {
			t.Errorf("%q = %s, want c64", q, got)
		}
	}
}

// TestBoolArrayWithIntLiteral: a bool array with an int literal is int32
// ("bool_ is an exception and is always promoted"), while a bool literal
// keeps any array's dtype.
func TestBoolArrayWithIntLiteral(t *testing.T) {
	for q, want := range map[string]string{"bool 0": "i32", "1 bool": "i32", "bool false": "bool", "u8 true": "u8"} {
		if got := tsvtest.Check(t, Def.MustBuild(), q); got != want {
			t.Errorf("%q = %s, want %s", q, got, want)
		}
	}
}

// TestOverflowCheckStopsAt8Bytes: the int range check applies to integer
// arrays narrower than 8 bytes only.
func TestOverflowCheckStopsAt8Bytes(t *testing.T) {
	if got := tsvtest.Check(t, Def.MustBuild(), "i32 3000000000"); !strings.HasPrefix(got, "error:") {
		t.Errorf("i32 3000000000 = %s, want an overflow error", got)
	}
	for _, q := range []string{"u64 -1", "i64 -9223372036854775808", "bool 3000000000"} {
		if got := tsvtest.Check(t, Def.MustBuild(), q); strings.HasPrefix(got, "error:") {
			t.Errorf("%q = %s, want no error", q, got)
		}
	}
}
