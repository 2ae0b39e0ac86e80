package paddle

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestDisagreement_ZeroDimTensor: the guide has two cases, Tensor-to-Tensor
// and Tensor-to-Scalar, and a 0-d tensor is a tensor there. The code
// (GetPromoteDtype's "Tensor + 0-d Tensor" branch, and
// TypePromotionForZeroDimTensor for the operators) treats a 0-d tensor
// like a scalar of its own dtype: with a tensor of the same category it
// takes the tensor's dtype, otherwise promoteTypes runs, so int32 with a
// 0-d float32 is float32 where the guide's table has '-', and bfloat16
// with a 0-d float32 is bfloat16 where the guide says float32.
func TestDisagreement_ZeroDimTensor(t *testing.T) {
	code, guide := Def.MustBuild(), Def.MustBuild("rules=guide")
	cases := []struct{ query, code, guide string }{
		{"i32 f32[]", "f32", "error"},
		{"bf16 f32[]", "bf16", "f32"},
		{"u8 i64[]", "u8", "error"},
		{"i32[] f32[]", "f32", "error"},
		{"f16 f64(1.5)", "f16", "f64"}, // a typed scalar is a 0-d tensor
	}
	for _, c := range cases {
		for name, pair := range map[string][2]string{"code": {tsvtest.Check(t, code, c.query), c.code}, "guide": {tsvtest.Check(t, guide, c.query), c.guide}} {
			got, want := pair[0], pair[1]
			if want == "error" {
				if !strings.HasPrefix(got, "error: ") {
					t.Errorf("%s %q = %s, want a refusal", name, c.query, got)
				}
				continue
			}
			if got != want {
				t.Errorf("%s %q = %s, want %s", name, c.query, got, want)
			}
		}
	}
}

// TestDisagreement_GuideExampleComment: the guide's Tensor-to-Scalar
// example adds 1.0 to an int64 tensor and its comment says "the dtype of
// 'c' is float16", while the guide's own table (int64 with float: f32) and
// the code (eager_math_op_patch.cc casts int tensors to FLOAT32) give
// float32.
func TestDisagreement_GuideExampleComment(t *testing.T) {
	for _, setting := range []string{"rules=code", "rules=guide"} {
		if got := tsvtest.Check(t, Def.MustBuild(setting), "1.0 i64"); got != "f32" {
			t.Errorf("%s: 1.0 + int64 tensor = %s, want f32 (the comment's float16 is wrong)", setting, got)
		}
	}
}

// TestDisagreement_GuideDiagonalDash: the guide's Tensor-to-Tensor table
// has '-' on its diagonal for bool and every integer type (int32 with
// int32), though two tensors of one dtype need no promotion and Paddle
// computes them in that dtype; promote reads those cells as the dtype.
func TestDisagreement_GuideDiagonalDash(t *testing.T) {
	r := Def.MustBuild("rules=guide")
	for _, d := range []string{"bool", "u8", "i8", "i16", "i32", "i64"} {
		if got := tsvtest.Check(t, r, d+" "+d); got != d {
			t.Errorf("%s with %s = %s", d, d, got)
		}
	}
}
