package promote

import (
	"errors"
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
	} {
		d := admitDef(false, false)
		tt.spoil(d)
		if err := d.CheckDeclaration(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error holding %q", tt.name, err, tt.want)
		}
	}
}
