package kit

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Admission, the one place the engine refuses what a system lacks, reads
// the system's declaration (promote.Def: DTypes, Weak, Admission) and
// words each refusal as the declaration says.

// Admit checks the operands against what the definition of settings s
// declares the system has (has: its dtypes under s, nil for all; Def.Weak),
// in order, and returns the first refusal, worded by Def.Admission; nil
// when every operand is admitted. It is the one place the engine refuses
// what a system lacks: rule sets call it before their own promotion runs
// (Base.Admit), or operand by operand through AdmitOperand
// where the system's own checks of an operand come before those of the
// next, and keep no checks of their own for it.
func Admit(s promote.Settings, has *promote.DTypeSet, ops []promote.Operand) error {
	for i := range ops {
		// The common case inline; AdmitOperand decides the rest.
		if o := &ops[i]; !Admitted(has, o) {
			if err := AdmitOperand(s, has, o, ops); err != nil {
				return err
			}
		}
	}
	return nil
}

// Admitted reports, without looking further, an operand every declaration
// admits: a strong tensor of a dtype in has, or a strong literal (the
// system's own rules type literals). It is the common case, checked
// inline before the full check (AdmitOperand), which decides the rest.
func Admitted(has *promote.DTypeSet, o *promote.Operand) bool {
	return !o.Weak && (o.Kind == promote.Literal || o.Kind == promote.Tensor && has.Has(o.DType))
}

// AdmitOperand checks one operand o of the query ops as Admit does, for a
// rule set whose own checks run operand by operand: it calls AdmitOperand
// where it classifies o, so that a fault its own checks find in an earlier
// operand (a literal the host language lacks) is named before a dtype the
// system lacks in a later one, as the system itself reports them. ops
// names the whole query when Def.Admission.AllOperands asks for it; with
// nil ops (a caller that sees one operand at a time) o alone is named.
func AdmitOperand(s promote.Settings, has *promote.DTypeSet, o *promote.Operand, ops []promote.Operand) error {
	d := s.Def()
	if d == nil || Admitted(has, o) {
		return nil
	}
	a := &d.Admission
	noWeak := o.Weak && a.NoWeak != nil && !weakAdmitted(d, s, o.DType)
	noDType := (o.Kind == promote.Tensor || o.Kind == promote.Scalar) && a.NoDType != nil &&
		(!has.Has(o.DType) || o.Kind == promote.Scalar && a.ScalarDTypes != nil && !a.ScalarDTypes(s).Has(o.DType))
	var ref *promote.Refusal
	switch {
	case noWeak && (a.WeakFirst || !noDType):
		ref = a.NoWeak
	case noDType:
		ref = a.NoDType
	default:
		return nil
	}
	named := []promote.Operand{*o}
	if a.AllOperands && len(ops) > 0 {
		named = append([]promote.Operand(nil), ops...)
	}
	return &promote.Error{Rules: d.Name, Rule: ref.RuleForOperand(s, *o), Msg: ref.Msg(s, *o), Operands: named}
}

// weakAdmitted reports whether a weak operand of dtype t is admitted under
// settings s: never with NoWeakTypes; with WeakTypes when t is one of
// Admission.WeakDTypes (or that is nil).
func weakAdmitted(d *promote.Def, s promote.Settings, t dtype.DType) bool {
	switch {
	case d.Weak == promote.NoWeakTypes:
		return false
	case d.Weak == promote.WeakTypes && d.Admission.WeakDTypes != nil:
		return d.Admission.WeakDTypes(s).Has(t)
	}
	return true
}
