package kit

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// admitDef declares a system with two dtypes and no weak types, worded
// as a test system would word its refusals.
func admitDef(weakFirst, all bool) *promote.Def {
	noDType := &promote.Rule{ID: "no-dtype", Source: "test"}
	noWeak := &promote.Rule{ID: "no-weak", Source: "test"}
	return &promote.Def{
		Name: "t",
		DTypes: func(promote.Settings) *promote.DTypeSet {
			return promote.NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32})
		},
		Weak:  promote.NoWeakTypes,
		Host:  promote.HostPython,
		Rules: []*promote.Rule{noDType, noWeak},
		Admission: promote.Admission{
			NoDType:     &promote.Refusal{Rule: noDType, Msg: func(_ promote.Settings, o promote.Operand) string { return "no " + o.DType.String() }},
			NoWeak:      &promote.Refusal{Rule: noWeak, Msg: func(_ promote.Settings, o promote.Operand) string { return "no weak " + o.String() }},
			WeakFirst:   weakFirst,
			AllOperands: all,
		},
	}
}

func TestAdmit(t *testing.T) {
	has := promote.NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32})
	for _, tt := range []struct {
		name           string
		weakFirst, all bool
		ops            []promote.Operand
		want           string // the error, "" when admitted
	}{
		{"admitted", false, false, []promote.Operand{promote.T(dtype.I32), promote.T(dtype.F32), promote.Int(1)}, ""},
		{"literal", false, false, []promote.Operand{promote.Float(1.5)}, ""},
		{"no-dtype", false, false, []promote.Operand{promote.T(dtype.I32), promote.T(dtype.C64)}, "t: no c64 [rule no-dtype; operands c64]"},
		{"scalar", false, false, []promote.Operand{{Kind: promote.Scalar, DType: dtype.I8}}, "[rule no-dtype"},
		{"weak", false, false, []promote.Operand{promote.Weak(promote.T(dtype.I32))}, "t: no weak i32? [rule no-weak; operands i32?]"},
		{"dtype-first", false, false, []promote.Operand{promote.Weak(promote.T(dtype.C64))}, "rule no-dtype"},
		{"weak-first", true, false, []promote.Operand{promote.Weak(promote.T(dtype.C64))}, "rule no-weak"},
		{"first-operand-wins", false, false, []promote.Operand{promote.T(dtype.C64), promote.Weak(promote.T(dtype.I32))}, "rule no-dtype"},
		{"all-operands", false, true, []promote.Operand{promote.T(dtype.I32), promote.T(dtype.C64)}, "operands i32 c64]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := admitDef(tt.weakFirst, tt.all)
			s, err := d.Parse()
			if err != nil {
				t.Fatal(err)
			}
			err = Admit(s, has, tt.ops)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Admit = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Admit = %v, want an error holding %q", err, tt.want)
			}
			var pe *promote.Error
			if err != nil && !errors.As(err, &pe) {
				t.Errorf("Admit error %promote.T is not a *Error", err)
			}
		})
	}
}

// TestAdmitUndeclared: a definition that declares nothing admits anything.
func TestAdmitUndeclared(t *testing.T) {
	s, _ := (&promote.Def{Name: "t"}).Parse()
	if err := Admit(s, nil, []promote.Operand{promote.Weak(promote.T(dtype.C64))}); err != nil {
		t.Errorf("Admit = %v", err)
	}
	if err := Admit(promote.Settings{}, nil, []promote.Operand{promote.Weak(promote.T(dtype.C64))}); err != nil {
		t.Errorf("Admit of zero settings = %v", err)
	}
}

// TestAdmitOperand: one operand admitted as Admit admits it, named alone,
// or with the whole query under AllOperands when the query is given.
func TestAdmitOperand(t *testing.T) {
	has := promote.NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32})
	ops := []promote.Operand{promote.T(dtype.I32), promote.T(dtype.C64)}
	for _, tt := range []struct {
		name string
		all  bool
		o    promote.Operand
		ops  []promote.Operand
		want string // the error, "" when admitted
	}{
		{"admitted", false, promote.T(dtype.F32), ops, ""},
		{"alone", false, promote.T(dtype.C64), ops, "t: no c64 [rule no-dtype; operands c64]"},
		{"all-operands", true, promote.T(dtype.C64), ops, "t: no c64 [rule no-dtype; operands i32 c64]"},
		{"all-operands-unknown", true, promote.T(dtype.C64), nil, "t: no c64 [rule no-dtype; operands c64]"},
	} {
		s, err := admitDef(false, tt.all).Parse()
		if err != nil {
			t.Fatal(err)
		}
		err = AdmitOperand(s, has, &tt.o, tt.ops)
		if got := fmt.Sprint(err); tt.want == "" && err != nil || tt.want != "" && got != tt.want {
			t.Errorf("%s: AdmitOperand = %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestAdmitWeakAndScalarDTypes: a system with weak types admits a weak
// operand only of a dtype in WeakDTypes, refusing the others with NoWeak
// by the rule RuleOfOperand gives; a typed scalar of a dtype outside
// ScalarDTypes is refused with NoDType though a tensor of it is admitted.
func TestAdmitWeakAndScalarDTypes(t *testing.T) {
	weakBool := &promote.Rule{ID: "weak-bool", Source: "test"}
	d := admitDef(false, false)
	d.Weak = promote.WeakTypes
	d.Rules = append(d.Rules, weakBool)
	d.DTypes = func(promote.Settings) *promote.DTypeSet {
		return promote.NewDTypeSet([]dtype.DType{dtype.Bool, dtype.I32, dtype.F32})
	}
	noWeak := d.Admission.NoWeak.Rule
	d.Admission.NoWeak.Rule = nil
	d.Admission.NoWeak.RuleOfOperand = func(_ promote.Settings, o promote.Operand) *promote.Rule {
		if o.DType == dtype.Bool {
			return weakBool
		}
		return noWeak
	}
	d.Admission.WeakDTypes = func(promote.Settings) *promote.DTypeSet { return promote.NewDTypeSet([]dtype.DType{dtype.I32}) }
	d.Admission.ScalarDTypes = func(promote.Settings) *promote.DTypeSet {
		return promote.NewDTypeSet([]dtype.DType{dtype.Bool, dtype.I32})
	}
	if err := d.CheckDeclaration(); err != nil {
		t.Fatal(err)
	}
	s, err := d.Parse()
	if err != nil {
		t.Fatal(err)
	}
	has := d.DTypes(s)
	for _, tt := range []struct {
		o    promote.Operand
		want string // the refusing rule's ID, "" when admitted
	}{
		{promote.Weak(promote.T(dtype.I32)), ""},
		{promote.Weak(promote.T(dtype.F32)), "no-weak"},
		{promote.Weak(promote.T(dtype.Bool)), "weak-bool"},
		{promote.Weak(promote.T(dtype.C64)), "no-dtype"}, // the dtype first (WeakFirst false)
		{promote.T(dtype.F32), ""},
		{promote.Operand{Kind: promote.Scalar, DType: dtype.I32}, ""},
		{promote.Operand{Kind: promote.Scalar, DType: dtype.F32}, "no-dtype"},
		{promote.Weak(promote.Operand{Kind: promote.Scalar, DType: dtype.I32}), ""},
	} {
		err := AdmitOperand(s, has, &tt.o, nil)
		var pe *promote.Error
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: %v, want it admitted", tt.o, err)
		case tt.want != "" && (!errors.As(err, &pe) || pe.Rule == nil || pe.Rule.ID != tt.want):
			t.Errorf("%v: %v, want a refusal by %s", tt.o, err, tt.want)
		}
	}
}
