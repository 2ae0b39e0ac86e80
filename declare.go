package promote

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// WeakPolicy says whether a system has weak operands: values whose dtype
// gives way to the other operand's (JAX's weakly typed arrays,
// TensorFlow's WeakTensor, anvil's ambiguous types), written with a ?
// suffix in the batch grammar (i32?).
type WeakPolicy uint8

const (
	// WeakTypes: the system has weak operands; its own promotion types them.
	WeakTypes WeakPolicy = iota + 1
	// NoWeakTypes: the system has none; a weak operand is refused before
	// the system's promotion runs, with Def.Admission.NoWeak.
	NoWeakTypes
)

// String names the policy.
func (w WeakPolicy) String() string {
	switch w {
	case WeakTypes:
		return "weak types"
	case NoWeakTypes:
		return "no weak types"
	}
	return "undeclared"
}

// Admission words the refusals that the engine makes for a system before
// its own promotion runs: an operand whose dtype the system lacks, and a
// weak operand where the system has no weak types. Each is a rule of the
// system (listed in Def.Rules) with a message in the system's own words.
type Admission struct {
	// NoDType refuses a tensor or typed scalar of a dtype not in the
	// system's DTypes (a typed scalar: nor in ScalarDTypes); nil when the
	// system has every dtype of the catalogue, or refuses such dtypes in
	// its own promotion.
	NoDType *Refusal
	// NoWeak refuses a weak operand (WeakPolicy NoWeakTypes), or, for a
	// system with weak types, a weak operand of a dtype not in WeakDTypes.
	NoWeak *Refusal
	// WeakFirst checks an operand's weakness before its dtype, as the
	// system's own checks run (a weak i4? names the missing weak type,
	// not the missing dtype).
	WeakFirst bool
	// AllOperands names every operand in a refusal, not only the one
	// refused (the system's error lists the whole call).
	AllOperands bool
	// WeakDTypes, for a system with weak types whose weak operands are
	// fewer than its dtypes (tinygrad: weakint and weakfloat, each from
	// some version on, and no weak bool), gives the dtypes an operand may
	// be weak in under settings s; a weak operand of another dtype is
	// refused with NoWeak. Nil: every dtype the system has may be weak.
	WeakDTypes func(s Settings) *DTypeSet
	// ScalarDTypes, for a system whose typed scalars may have fewer dtypes
	// than its tensors (CANN: a typed scalar is an aclScalar, so an
	// aclDataType, where table=opbase admits more tensors), gives the
	// dtypes a typed scalar may have under settings s; a typed scalar of
	// another dtype is refused with NoDType. Nil: those of Def.DTypes.
	ScalarDTypes func(s Settings) *DTypeSet
}

// Refusal is one admission refusal: the rule that refuses and the
// message, in the system's own words, for the operand refused.
type Refusal struct {
	Rule *Rule
	// RuleOf, when set, gives the rule under the settings instead of Rule,
	// for a system whose versions each state the rule (tvm).
	RuleOf func(s Settings) *Rule
	// RuleOfOperand, when set, gives the rule for operand o under the
	// settings instead of RuleOf and Rule, for a refusal whose rule
	// depends on the operand (tinygrad refuses a weak bool by one rule, a
	// weak int in a version without weakint by another, each per version).
	RuleOfOperand func(s Settings, o Operand) *Rule
	// Msg words the refusal of operand o under the rule set's settings s.
	Msg func(s Settings, o Operand) string
}

// RuleFor is the refusing rule under settings s (nil for a refusal whose
// rule depends on the operand: see RuleForOperand).
func (r *Refusal) RuleFor(s Settings) *Rule {
	if r.RuleOf != nil {
		return r.RuleOf(s)
	}
	return r.Rule
}

// RuleForOperand is the rule refusing operand o under settings s.
func (r *Refusal) RuleForOperand(s Settings, o Operand) *Rule {
	if r.RuleOfOperand != nil {
		return r.RuleOfOperand(s, o)
	}
	return r.RuleFor(s)
}

// DTypeSet is a set of dtypes, indexed by dtype.
type DTypeSet [dtype.Count]bool

// NewDTypeSet returns the set of ds.
func NewDTypeSet(ds []dtype.DType) *DTypeSet {
	var s DTypeSet
	for _, d := range ds {
		if d.Valid() {
			s[d] = true
		}
	}
	return &s
}

// Has reports whether d is in the set; a nil set holds every valid dtype.
func (s *DTypeSet) Has(d dtype.DType) bool {
	if s == nil {
		return d.Valid()
	}
	return int(d) < len(s) && s[d]
}

// DTypesOf lists the dtypes the system has under settings s, in catalogue
// order: Def.DTypes, or every dtype of the catalogue when the definition
// does not restrict them.
func (d *Def) DTypesOf(s Settings) []dtype.DType {
	if d.DTypes == nil {
		return dtype.All()
	}
	set := d.DTypes(s)
	var out []dtype.DType
	for _, t := range dtype.All() {
		if set.Has(t) {
			out = append(out, t)
		}
	}
	return out
}

// CheckDeclaration reports a definition whose declaration is incomplete
// or inconsistent: no weak-type policy or host language, an admission
// refusal without its rule or message or missing from Rules, a NoWeak
// refusal for a system with weak types that does not say which (no
// WeakDTypes), WeakDTypes without a NoWeak refusal or for a system
// without weak types, ScalarDTypes without a NoDType refusal.
func (d *Def) CheckDeclaration() error {
	if d.Weak == 0 {
		return fmt.Errorf("%s: no weak-type policy declared", d.Name)
	}
	if d.Host == 0 {
		return fmt.Errorf("%s: no host language declared", d.Name)
	}
	listed := make(map[*Rule]bool, len(d.Rules))
	for _, r := range d.Rules {
		listed[r] = true
	}
	for _, ref := range [...]*Refusal{d.Admission.NoDType, d.Admission.NoWeak} {
		if ref == nil {
			continue
		}
		if ref.Rule == nil && ref.RuleOf == nil && ref.RuleOfOperand == nil || ref.Msg == nil {
			return fmt.Errorf("%s: an admission refusal needs a rule and a message", d.Name)
		}
		if ref.Rule != nil && len(d.Rules) > 0 && !listed[ref.Rule] {
			return fmt.Errorf("%s: admission rule %s is not in the rule list", d.Name, ref.Rule.ID)
		}
	}
	a := &d.Admission
	if a.WeakDTypes != nil && (d.Weak != WeakTypes || a.NoWeak == nil) {
		return fmt.Errorf("%s: WeakDTypes needs the WeakTypes policy and a NoWeak refusal", d.Name)
	}
	if a.NoWeak != nil && d.Weak != NoWeakTypes && a.WeakDTypes == nil {
		return fmt.Errorf("%s: a NoWeak refusal needs the NoWeakTypes policy, or WeakDTypes to say which weak operands there are (it is %s)", d.Name, d.Weak)
	}
	if a.ScalarDTypes != nil && a.NoDType == nil {
		return fmt.Errorf("%s: ScalarDTypes needs a NoDType refusal", d.Name)
	}
	return nil
}
