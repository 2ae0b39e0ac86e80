package tinygrad

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestDisagreement_ChangedRowsExpectedFailure: test_dtype_weak.py's
// test_changed_rows is marked @unittest.expectedFailure with the note that
// "these dtypes change once python scalars are weak consts", yet at the
// stored commit Python scalars are weak consts and every row but the last
// follows from least_upper_dtype (by our reading). The last row,
// Tensor.zeros(3) + float16, fails because zeros is full(..., 0.0) with an
// explicit dtypes.default_float (tinygrad/mixin/creation.py), a strong
// float32, not a weak const; the expected failure is that row alone.
func TestDisagreement_ChangedRowsExpectedFailure(t *testing.T) {
	r := Def.MustBuild()
	rows := []struct{ query, want string }{
		{"i8 0.5", "f32?"},    // (t_i8 + 0.5).dtype == weakfloat
		{"f32? f16", "f16"},   // ((t_i8 + 0.5) + t_f16).dtype == float16
		{"f32? bf16", "bf16"}, // ((t_i8 + 0.5) + t_bf16).dtype == bfloat16
		{"i32? i8", "i8"},     // ((t_bool + 1) + t_i8).dtype == int8
		{"i32? u16", "u16"},   // ((t_bool + 1) + t_u16).dtype == uint16
		{"i32? i8", "i8"},     // (Tensor(3) + t_i8).dtype == int8
		{"f32 f16", "f32"},    // Tensor.zeros(3) + t_f16: zeros is strong float32, so float32, not the row's float16
		{"bool 1", "i32?"},    // t_bool + 1 is the weakint the rows above start from
	}
	for _, tt := range rows {
		if got := tsvtest.Check(t, r, tt.query); got != tt.want {
			t.Errorf("%q = %s, want %s", tt.query, got, tt.want)
		}
	}
}

// TestDisagreement_JEP9407: tinygrad/dtype.py introduces promo_lattice
// with a link to JAX's JEP 9407, but its lattice departs from JAX's on the
// small floats: tinygrad puts every fp8 type above weakfloat and below
// float16 and bfloat16, so fp8 joins integers, bfloat16 and the other fp8
// types (JAX refuses all three), and int64 with fp8 is the fp8 type. On
// uint64 with a signed integer the two agree at head (a weak float), and
// disagreed before (0.11: float16; 0.12: fp8e4m3; 0.13: uint64).
func TestDisagreement_JEP9407(t *testing.T) {
	cases := []struct{ version, query, want string }{
		{VersionHead, "fp8e4m3 bf16", "bf16"},
		{VersionHead, "fp8e4m3 fp8e5m2", "f16"},
		{VersionHead, "fp8e4m3 i64", "f8e4m3fn"},
		{VersionHead, "u64 i64", "f32?"},
		{Version013, "u64 i64", "u64"},
		{Version012, "u64 i64", "f8e4m3fn"},
		{Version011, "u64 i64", "f16"},
	}
	for _, c := range cases {
		if got := tsvtest.Check(t, Def.MustBuild("version="+c.version), c.query); got != c.want {
			t.Errorf("version=%s %q = %s, want %s", c.version, c.query, got, c.want)
		}
	}
}
