package promote

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// admitDef declares a system with two dtypes and no weak types, worded
// as a test system would word its refusals.
func admitDef(weakFirst, all bool) *Def {
	noDType := &Rule{ID: "no-dtype", Source: "test"}
	noWeak := &Rule{ID: "no-weak", Source: "test"}
	return &Def{
		Name:   "t",
		DTypes: func(Settings) *DTypeSet { return NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32}) },
		Weak:   NoWeakTypes,
		Host:   HostPython,
		Rules:  []*Rule{noDType, noWeak},
		Admission: Admission{
			NoDType:     &Refusal{Rule: noDType, Msg: func(_ Settings, o Operand) string { return "no " + o.DType.String() }},
			NoWeak:      &Refusal{Rule: noWeak, Msg: func(_ Settings, o Operand) string { return "no weak " + o.String() }},
			WeakFirst:   weakFirst,
			AllOperands: all,
		},
	}
}

func TestAdmit(t *testing.T) {
	has := NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32})
	for _, tt := range []struct {
		name           string
		weakFirst, all bool
		ops            []Operand
		want           string // the error, "" when admitted
	}{
		{"admitted", false, false, []Operand{T(dtype.I32), T(dtype.F32), Int(1)}, ""},
		{"literal", false, false, []Operand{Float(1.5)}, ""},
		{"no-dtype", false, false, []Operand{T(dtype.I32), T(dtype.C64)}, "t: no c64 [rule no-dtype; operands c64]"},
		{"scalar", false, false, []Operand{{Kind: Scalar, DType: dtype.I8}}, "[rule no-dtype"},
		{"weak", false, false, []Operand{Weak(T(dtype.I32))}, "t: no weak i32? [rule no-weak; operands i32?]"},
		{"dtype-first", false, false, []Operand{Weak(T(dtype.C64))}, "rule no-dtype"},
		{"weak-first", true, false, []Operand{Weak(T(dtype.C64))}, "rule no-weak"},
		{"first-operand-wins", false, false, []Operand{T(dtype.C64), Weak(T(dtype.I32))}, "rule no-dtype"},
		{"all-operands", false, true, []Operand{T(dtype.I32), T(dtype.C64)}, "operands i32 c64]"},
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
			var pe *Error
			if err != nil && !errors.As(err, &pe) {
				t.Errorf("Admit error %T is not a *Error", err)
			}
		})
	}
}

// TestAdmitUndeclared: a definition that declares nothing admits anything.
func TestAdmitUndeclared(t *testing.T) {
	s, _ := (&Def{Name: "t"}).Parse()
	if err := Admit(s, nil, []Operand{Weak(T(dtype.C64))}); err != nil {
		t.Errorf("Admit = %v", err)
	}
	if err := Admit(Settings{}, nil, []Operand{Weak(T(dtype.C64))}); err != nil {
		t.Errorf("Admit of zero settings = %v", err)
	}
}

func TestDTypeSet(t *testing.T) {
	s := NewDTypeSet([]dtype.DType{dtype.I8, dtype.Invalid, dtype.DType(250)})
	var nilSet *DTypeSet
	for _, tt := range []struct {
		set  *DTypeSet
		d    dtype.DType
		want bool
	}{
		{s, dtype.I8, true}, {s, dtype.I16, false}, {s, dtype.Invalid, false}, {s, dtype.DType(250), false},
		{nilSet, dtype.F32, true}, {nilSet, dtype.Invalid, false}, {nilSet, dtype.DType(250), false},
	} {
		if got := tt.set.Has(tt.d); got != tt.want {
			t.Errorf("Has(%d) = %v, want %v", tt.d, got, tt.want)
		}
	}
	d := admitDef(false, false)
	s0, _ := d.Parse()
	if got := d.DTypesOf(s0); len(got) != 2 || got[0] != dtype.I32 || got[1] != dtype.F32 {
		t.Errorf("DTypesOf = %v", got)
	}
	if got := (&Def{}).DTypesOf(s0); len(got) != dtype.Count-1 {
		t.Errorf("DTypesOf without DTypes: %d dtypes, want the catalogue's %d", len(got), dtype.Count-1)
	}
}

func TestCheckDeclaration(t *testing.T) {
	if err := admitDef(false, false).CheckDeclaration(); err != nil {
		t.Errorf("a complete declaration: %v", err)
	}
	for _, tt := range []struct {
		name  string
		spoil func(d *Def)
		want  string
	}{
		{"no-policy", func(d *Def) { d.Weak = 0 }, "no weak-type policy"},
		{"no-host", func(d *Def) { d.Host = 0 }, "no host language"},
		{"no-message", func(d *Def) { d.Admission.NoWeak.Msg = nil }, "needs a rule and a message"},
		{"unlisted", func(d *Def) { d.Rules = d.Rules[:1] }, "not in the rule list"},
		{"weak-system", func(d *Def) { d.Weak = WeakTypes }, "needs the NoWeakTypes policy"},
		{"weak-dtypes-no-weak", func(d *Def) { d.Admission.WeakDTypes = func(Settings) *DTypeSet { return nil } }, "WeakDTypes needs the WeakTypes policy"},
		{"weak-dtypes-no-refusal", func(d *Def) {
			d.Weak, d.Admission.NoWeak = WeakTypes, nil
			d.Admission.WeakDTypes = func(Settings) *DTypeSet { return nil }
		}, "WeakDTypes needs the WeakTypes policy and a NoWeak refusal"},
		{"scalar-dtypes-no-refusal", func(d *Def) {
			d.Admission.NoDType = nil
			d.Admission.ScalarDTypes = func(Settings) *DTypeSet { return nil }
		}, "ScalarDTypes needs a NoDType refusal"},
	} {
		d := admitDef(false, false)
		tt.spoil(d)
		if err := d.CheckDeclaration(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error holding %q", tt.name, err, tt.want)
		}
	}
}

// TestAdmitOperand: one operand admitted as Admit admits it, named alone,
// or with the whole query under AllOperands when the query is given.
func TestAdmitOperand(t *testing.T) {
	has := NewDTypeSet([]dtype.DType{dtype.I32, dtype.F32})
	ops := []Operand{T(dtype.I32), T(dtype.C64)}
	for _, tt := range []struct {
		name string
		all  bool
		o    Operand
		ops  []Operand
		want string // the error, "" when admitted
	}{
		{"admitted", false, T(dtype.F32), ops, ""},
		{"alone", false, T(dtype.C64), ops, "t: no c64 [rule no-dtype; operands c64]"},
		{"all-operands", true, T(dtype.C64), ops, "t: no c64 [rule no-dtype; operands i32 c64]"},
		{"all-operands-unknown", true, T(dtype.C64), nil, "t: no c64 [rule no-dtype; operands c64]"},
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
	weakBool := &Rule{ID: "weak-bool", Source: "test"}
	d := admitDef(false, false)
	d.Weak = WeakTypes
	d.Rules = append(d.Rules, weakBool)
	d.DTypes = func(Settings) *DTypeSet { return NewDTypeSet([]dtype.DType{dtype.Bool, dtype.I32, dtype.F32}) }
	noWeak := d.Admission.NoWeak.Rule
	d.Admission.NoWeak.Rule = nil
	d.Admission.NoWeak.RuleOfOperand = func(_ Settings, o Operand) *Rule {
		if o.DType == dtype.Bool {
			return weakBool
		}
		return noWeak
	}
	d.Admission.WeakDTypes = func(Settings) *DTypeSet { return NewDTypeSet([]dtype.DType{dtype.I32}) }
	d.Admission.ScalarDTypes = func(Settings) *DTypeSet { return NewDTypeSet([]dtype.DType{dtype.Bool, dtype.I32}) }
	if err := d.CheckDeclaration(); err != nil {
		t.Fatal(err)
	}
	s, err := d.Parse()
	if err != nil {
		t.Fatal(err)
	}
	has := d.DTypes(s)
	for _, tt := range []struct {
		o    Operand
		want string // the refusing rule's ID, "" when admitted
	}{
		{Weak(T(dtype.I32)), ""},
		{Weak(T(dtype.F32)), "no-weak"},
		{Weak(T(dtype.Bool)), "weak-bool"},
		{Weak(T(dtype.C64)), "no-dtype"}, // the dtype first (WeakFirst false)
		{T(dtype.F32), ""},
		{Operand{Kind: Scalar, DType: dtype.I32}, ""},
		{Operand{Kind: Scalar, DType: dtype.F32}, "no-dtype"},
		{Weak(Operand{Kind: Scalar, DType: dtype.I32}), ""},
	} {
		err := AdmitOperand(s, has, &tt.o, nil)
		var pe *Error
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: %v, want it admitted", tt.o, err)
		case tt.want != "" && (!errors.As(err, &pe) || pe.Rule == nil || pe.Rule.ID != tt.want):
			t.Errorf("%v: %v, want a refusal by %s", tt.o, err, tt.want)
		}
	}
}
