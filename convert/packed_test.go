package convert

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestPackedTypeRefused: f4e2m1fnx2 holds two values an element, so no
// single value converts to or from it (torch has no cast for
// float4_e2m1fn_x2 either: "copy_kernel" not implemented); the error
// names its lane type.
func TestPackedTypeRefused(t *testing.T) {
	for _, c := range [][2]dtype.DType{{dtype.F4E2M1FNX2, dtype.F32}, {dtype.F32, dtype.F4E2M1FNX2}} {
		_, _, err := Scalar(c[0], c[1], Pattern{}, Default())
		if err == nil || !strings.Contains(err.Error(), "packs 2 values in one element") || !strings.Contains(err.Error(), "f4e2m1fn") {
			t.Errorf("%v <- %v: %v; want a refusal naming the lane type", c[0], c[1], err)
		}
	}
}
