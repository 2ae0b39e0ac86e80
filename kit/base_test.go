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
	noDType := &promote.Rule{ID: "no-dtype"}
	noWeak := &promote.Rule{ID: "no-weak"}
	def := func(has *promote.DTypeSet) *promote.Def {
		d := &promote.Def{
			Name:  "t",
			Weak:  promote.NoWeakTypes,
			Host:  promote.HostPython,
			Rules: []*promote.Rule{noDType, noWeak},
			Admission: promote.Admission{
				NoDType: &promote.Refusal{Rule: noDType, Msg: func(_ promote.Settings, o promote.Operand) string { return "no " + o.DType.String() }},
				NoWeak:  &promote.Refusal{Rule: noWeak, Msg: func(_ promote.Settings, o promote.Operand) string { return "no weak " + o.String() }},
			},
		}
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
