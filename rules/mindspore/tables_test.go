package mindspore

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// msDTypes are MindSpore's fifteen dtypes.
var msDTypes = []dtype.DType{dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
	dtype.F16, dtype.BF16, dtype.F32, dtype.F64, dtype.C64, dtype.C128}

// TestTensorMapShape checks tensor_tensor_convert_map's shape as restated:
// every pair of MindSpore dtypes has an entry except uint16, uint32 and
// uint64 with anything but bool and themselves (36 unordered pairs
// missing of 120), and every entry is one of its two inputs or a wider
// type of the higher kind.
func TestTensorMapShape(t *testing.T) {
	missing := 0
	for i, a := range msDTypes {
		for _, b := range msDTypes[i:] {
			out, ok := tensorTensor[key(a, b)]
			wide := func(d dtype.DType) bool { return d == dtype.U16 || d == dtype.U32 || d == dtype.U64 }
			want := !(a != b && (wide(a) && b != dtype.Bool || wide(b) && a != dtype.Bool))
			if ok != want {
				t.Errorf("(%s, %s): in the map %v, want %v", a, b, ok, want)
			}
			if !ok {
				missing++
				continue
			}
			if out.Kind() < a.Kind() && out.Kind() < b.Kind() || out.Bits() < a.Bits() && out.Bits() < b.Bits() {
				t.Errorf("(%s, %s) = %s is below both", a, b, out)
			}
		}
	}
	if missing != 36 {
		t.Errorf("%d unordered pairs missing, want 36", missing)
	}
}

// TestTableAgreesWithPriorityOnNineTypes: on the nine types the older
// code converts, the current map gives the same answer for every pair of
// tensors; the two part only on bfloat16, complex and uint16/32/64, on
// scalar-only groups, and on order (TestDisagreement_FoldVersusSet).
func TestTableAgreesWithPriorityOnNineTypes(t *testing.T) {
	table, prio := Def.MustBuild(), Def.MustBuild("rules=priority")
	for a := range priority {
		for b := range priority {
			x, err1 := table.PromoteTypes(a, b)
			y, err2 := prio.PromoteTypes(a, b)
			if err1 != nil || err2 != nil || x.DType != y.DType {
				t.Errorf("(%s, %s): table %v %v, priority %v %v", a, b, x, err1, y, err2)
			}
		}
	}
}
