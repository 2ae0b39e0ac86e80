package mindspore

import (
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestDisagreement_BoolTensorIntScalar: the implicit conversion note (r1.0
// to r2.0) says a bool tensor with an int scalar converts both to int32;
// the code gives int64 (JudgeMaxType's has_scalar_int64, and
// scalar_tensor_convert_map's Int64 with Bool), and MindSpore's own
// test_bool_tensor_and_int_add expects int64.
func TestDisagreement_BoolTensorIntScalar(t *testing.T) {
	for setting, want := range map[string]string{"rules=table": "i64", "rules=priority": "i64", "rules=doc": "i32"} {
		if got := tsvtest.Check(t, Def.MustBuild(setting), "bool 3"); got != want {
			t.Errorf("%s: bool tensor + 3 = %s, want %s", setting, got, want)
		}
	}
}

// TestDisagreement_PriorityOrder: the note orders bool < uint8 < int8, the
// older code's type_map int8 (2) < uint8 (3). The difference never shows:
// int8 with uint8 is int16 either way, and no other pair compares the two.
func TestDisagreement_PriorityOrder(t *testing.T) {
	for _, setting := range []string{"rules=table", "rules=priority", "rules=doc"} {
		r := Def.MustBuild(setting)
		for _, q := range []string{"i8 u8", "u8 i8", "bool i8 u8", "u8 i8 bool"} {
			if got := tsvtest.Check(t, r, q); got != "i16" {
				t.Errorf("%s %q = %s, want i16", setting, q, got)
			}
		}
	}
}

// TestDisagreement_FoldVersusSet: the note and the older code take the
// highest priority over the whole group and let the scalars adjust it;
// the current code folds left to right, and a scalar met early is typed
// into the running result that later tensors meet as if it were a tensor.
// bool tensor, 2, uint8 tensor: the older code gives uint8 (the scalar
// follows the highest tensor), the current code gives int64 (bool + 2 is
// int64, and int64 with uint8 is int64).
func TestDisagreement_FoldVersusSet(t *testing.T) {
	for setting, want := range map[string]string{"rules=table": "i64", "rules=priority": "u8", "rules=doc": "u8"} {
		if got := tsvtest.Check(t, Def.MustBuild(setting), "bool 2 u8"); got != want {
			t.Errorf("%s: bool, 2, uint8 = %s, want %s", setting, got, want)
		}
	}
	if got := tsvtest.Check(t, Def.MustBuild(), "u8 bool 2"); got != "u8" {
		t.Errorf("table: uint8, bool, 2 = %s, want u8 (order matters)", got)
	}
}
