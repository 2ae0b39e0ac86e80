package kit

import (
	"fmt"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestAdmitOperandFastPath checks that Base.AdmitOperand, whose common
// case is answered inline from a cached table, gives the answer of the
// full check (kit.AdmitOperand) for every kind, dtype byte and
// weakness, with and without a declared dtype set, and for a Base not
// made by NewBase.
func TestAdmitOperandFastPath(t *testing.T) {
	// admitDef's system (admit_test.go), with every dtype or two.
	def := func(has *promote.DTypeSet) *promote.Def {
		d := admitDef(false, false)
		d.DTypes = nil
		if has != nil {
			d.DTypes = func(promote.Settings) *promote.DTypeSet { return has }
		}
		return d
	}
	for _, tt := range []struct {
		name string
		has  *promote.DTypeSet
	}{
		{"all", nil},
		{"some", promote.NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32})},
	} {
		s, err := def(tt.has).Parse()
		if err != nil {
			t.Fatal(err)
		}
		b := NewBase(s, nil)
		zero := Base{D: b.D, S: b.S, has: b.has}
		for k := range 5 {
			for d := range 256 {
				for _, weak := range []bool{false, true} {
					o := promote.Operand{Kind: promote.OperandKind(k), DType: dtype.DType(d), Weak: weak}
					want := fmt.Sprint(AdmitOperand(s, b.has, &o, nil))
					if got := fmt.Sprint(b.AdmitOperand(&o, nil)); got != want {
						t.Fatalf("%s: AdmitOperand(%+v) = %s, want %s", tt.name, o, got, want)
					}
					if got := fmt.Sprint(zero.AdmitOperand(&o, nil)); got != want {
						t.Fatalf("%s: zero Base AdmitOperand(%+v) = %s, want %s", tt.name, o, got, want)
					}
				}
			}
		}
	}
}
