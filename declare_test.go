package promote

import (
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
