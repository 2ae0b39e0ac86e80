package triton_test

import (
	"strings"
	"testing"
)

// The named disagreements of spec.md section 9: each test states what the
// documentation (or a comment, or a note) says and checks that the rule
// set follows the code instead.

// TestDisagreement_FP8WithInt: the Triton Semantics page's kind rule
// ("the other tensor is promoted to this dtype") would make fp8 with int32
// an fp8; computation_type_impl raises TypeError.
func TestDisagreement_FP8WithInt(t *testing.T) {
	for _, v := range [][]string{nil, {"version=3.2"}} {
		got, rule := answer(t, v, "+", "tl.float8e4nv i32")
		if !strings.Contains(got, "TypeError: unexpected type fp8e4nv and int32") || rule != "not-integer" {
			t.Errorf("%v: fp8e4nv + int32 = %q by %s; the code raises TypeError (the doc's kind rule says fp8e4nv)", v, got, rule)
		}
	}
}

// TestDisagreement_DivisionOfFP64: the page says / and % promote both
// operands to float32 when either is a float "of any width"; the code's
// fp64 step runs first.
func TestDisagreement_DivisionOfFP64(t *testing.T) {
	for _, q := range []string{"f64 f16", "f64 i32", "f64 f64", "f64 2.5"} {
		if got, rule := answer(t, nil, "/", q); got != "f64" {
			t.Errorf("/ of %q = %s by %s; the code gives fp64 (the doc says float32)", q, got, rule)
		}
	}
}

// TestDisagreement_Int32BF16OldDoc: an older Triton Semantics page
// (@74552c1f) gave (int32, bfloat16) -> bfloat16; the code of that time
// and of now gives fp32.
func TestDisagreement_Int32BF16OldDoc(t *testing.T) {
	for _, v := range [][]string{nil, {"version=3.2"}} {
		if got, _ := answer(t, v, "+", "i32 bf16"); got != "f32" {
			t.Errorf("%v: int32 + bfloat16 = %s; the code gives fp32 (the old doc says bfloat16)", v, got)
		}
	}
}

// TestDisagreement_FloatScalarFits: the page picks "the lowest dtype in
// which it fits among float32 < float64"; to_tensor_type tests f32's
// normal range, so an f32 subnormal is fp64.
func TestDisagreement_FloatScalarFits(t *testing.T) {
	if got, _ := answer(t, nil, "+", "i8 1e-40"); got != "f64" {
		t.Errorf("int8 + 1e-40 = %s; the code gives fp64 (1e-40 fits f32 only as a subnormal)", got)
	}
	if got, _ := answer(t, nil, "+", "i8 1e-30"); got != "f32" {
		t.Errorf("int8 + 1e-30 = %s, want fp32", got)
	}
}

// TestDisagreement_WhereDocstring: core.where's docstring says x and y
// must have the same data type; semantic.where promotes them like +.
func TestDisagreement_WhereDocstring(t *testing.T) {
	if got, _ := answer(t, nil, "+", "f16 f32"); got != "f32" {
		t.Errorf("where's branches f16, f32 = %s; the code promotes them to fp32", got)
	}
}

// TestDisagreement_CommentKinds: computation_type_impl's comment orders
// kinds bool < uint < int < fp, but dtype.KIND has one integral kind: a
// uint32-valued literal with an int32 tensor does not take part and then
// fails the range check.
func TestDisagreement_CommentKinds(t *testing.T) {
	got, rule := answer(t, nil, "+", "i32 3000000000")
	if !strings.Contains(got, "Scalar 3000000000 is out of range for type int32") || rule != "scalar-range" {
		t.Errorf("int32 + 3000000000 = %q by %s; want the range error (uint and int are one kind)", got, rule)
	}
}

// TestDisagreement_ZeroDimIsNotScalar: promote's issue notes call a 0-d
// tensor of lower-or-equal kind a non-participating scalar; only Python
// numbers are scalars, so a 0-d tensor takes full part.
func TestDisagreement_ZeroDimIsNotScalar(t *testing.T) {
	if got, _ := answer(t, nil, "+", "u8 5"); got != "u8" {
		t.Errorf("uint8 + 5 = %s, want uint8", got)
	}
	if got, _ := answer(t, nil, "+", "u8 i32[]"); got != "i32" {
		t.Errorf("uint8 + 0-d int32 = %s; a 0-d tensor takes part: int32", got)
	}
}
