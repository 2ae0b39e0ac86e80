package kit

import (
	"fmt"
	"slices"

	"github.com/promote-dev/promote"
)

// Shared is a rule that many systems state alike, declared once: its
// canonical name, what every adoption of it means, and the IDs systems
// state it under. A system adopts it (Adopt) with its own ID, words and
// source, which answers and refusals print, so that each rule still
// cites its own system; the adoption links back to the shared rule
// (promote.Rule.Shared), so that the list of systems stating a rule can
// be derived rather than kept by hand.
//
// The IDs stay per system because the systems' vectors, users' scripts
// and the outputs promote keeps byte-identical name them: NumPy's weak
// operand is refused by "no-weak-arrays", PyTorch's by "no-weak", both
// adoptions of NoWeakTypes.
type Shared struct {
	rule *promote.Rule
	ids  []string
}

// Rule returns the shared rule itself: its ID is the canonical name, its
// Text the meaning every adoption shares, in general words, and its Source
// where that meaning is stated. No rule set answers with it; each answers
// with its own adoption.
func (s *Shared) Rule() *promote.Rule { return s.rule }

// Name is the shared rule's canonical name, its Rule's ID.
func (s *Shared) Name() string { return s.rule.ID }

// IDs lists the rule IDs a system may state the shared rule under: the
// canonical name and the names rule sets gave it before it was shared.
// A rule with one of these IDs must adopt the shared rule (the registry's
// coverage test proves it), so that a new system cannot silently declare
// its own.
func (s *Shared) IDs() []string { return slices.Clone(s.ids) }

// Adopt returns the system's rule r, with its ID, text and source as
// written, linked to the shared rule. Declare each adoption once, as a
// package-level variable, like any other rule; r's ID must be one of IDs.
func (s *Shared) Adopt(r promote.Rule) *promote.Rule {
	r.Shared = s.rule
	return &r
}

// Adopted reports whether rule r adopts the shared rule.
func (s *Shared) Adopted(r *promote.Rule) bool { return r != nil && r.Shared == s.rule }

// The shared rules. Each system's adoption words the rule in the system's
// own terms and cites the system's own source.
var (
	// NoWeakTypes refuses a weak operand (i32?) of a system that has no
	// weak type for it: every system declared promote.NoWeakTypes, whose
	// Admission.NoWeak refusal (NoWeak) names its adoption, and systems
	// that lack some weak types (tinygrad before its weakint and
	// weakfloat).
	NoWeakTypes = &Shared{
		rule: &promote.Rule{ID: "no-weak-types",
			Text:   "the system has no weak operand of this kind: a weak operand (i32?) is refused, in the system's own words, before its promotion runs; where its values are weakly typed at all, only its host scalars are",
			Source: "promote's declaration of a rule set (promote.Def.Weak: promote.NoWeakTypes; promote.Admission.NoWeak)"},
		ids: []string{"no-weak-types", "no-weak", "no-weak-arrays", "no-weak-tensors"},
	}
	// PythonBool types a Python bool (True, False).
	PythonBool = &Shared{
		rule: &promote.Rule{ID: "python-bool",
			Text:   "what the system makes of a Python bool operand (True, False): the dtype and weakness it takes, or the refusal",
			Source: srcPython + " (numbers.Integral: Booleans (bool))"},
		ids: []string{"python-bool"},
	}
	// PythonInt types a Python int, whatever its value (the refusal of a
	// value the system cannot hold is PythonIntRange).
	PythonInt = &Shared{
		rule: &promote.Rule{ID: "python-int",
			Text:   "what the system makes of a Python int operand (1, -7, 2**63): the dtype and weakness it takes, which may depend on its value",
			Source: srcPython + " (numbers.Integral: Integers (int))"},
		ids: []string{"python-int", "python-int-uint64"},
	}
	// PythonFloat types a Python float.
	PythonFloat = &Shared{
		rule: &promote.Rule{ID: "python-float",
			Text:   "what the system makes of a Python float operand (1.5, 1e300): the dtype and weakness it takes, which may depend on its value",
			Source: srcPython + " (numbers.Real (float))"},
		ids: []string{"python-float"},
	}
	// PythonComplex types a Python complex, or refuses it.
	PythonComplex = &Shared{
		rule: &promote.Rule{ID: "python-complex",
			Text:   "what the system makes of a Python complex operand (1j): the dtype and weakness it takes, or the refusal of a system with no complex type for it",
			Source: srcPython + " (numbers.Complex (complex))"},
		ids: []string{"python-complex"},
	}
	// PythonIntRange refuses (or leaves unspecified) a Python int outside
	// the range the system holds it in: its C integer (int64_t), its
	// default int, or the dtype of the array it meets. IntFits and
	// FirstFit are its range checks.
	PythonIntRange = &Shared{
		rule: &promote.Rule{ID: "python-int-range",
			Text:   "a Python int is unbounded, but a system holds it in a fixed-width integer (int64_t, its default int, or the other operand's dtype): a value outside that range is refused (OverflowError, ValueError) or unspecified",
			Source: srcPython + " (numbers.Integral: Integers (int): \"unlimited range\")"},
		ids: []string{"python-int-range", "python-int-overflow", "python-int-int64", "python-int-bounds"},
	}
	// PythonScalars states, as one rule, which Python scalars the system
	// takes and how it types each kind.
	PythonScalars = &Shared{
		rule: &promote.Rule{ID: "python-scalars",
			Text:   "which Python scalars (bool, int, float, complex) the system takes as operands and how it types each, stated as one rule",
			Source: srcPython},
		ids: []string{"python-scalars", "python-scalar"},
	}
)

// srcPython is where Python's scalar types are defined.
const srcPython = "the Python language reference, Data model: The standard type hierarchy, numbers.Number (docs.python.org/3/reference/datamodel.html#the-standard-type-hierarchy)"

// SharedRules lists every shared rule, in a fixed order.
func SharedRules() []*Shared {
	return []*Shared{NoWeakTypes, PythonBool, PythonInt, PythonFloat, PythonComplex, PythonIntRange, PythonScalars}
}

// SharedByID returns the shared rule a system states under id (one of its
// IDs), or nil when no shared rule goes by that ID.
func SharedByID(id string) *Shared {
	for _, s := range SharedRules() {
		if slices.Contains(s.ids, id) {
			return s
		}
	}
	return nil
}

// SharedOf returns the shared rule r adopts, or nil when it adopts none.
func SharedOf(r *promote.Rule) *Shared {
	if r == nil || r.Shared == nil {
		return nil
	}
	for _, s := range SharedRules() {
		if s.rule == r.Shared {
			return s
		}
	}
	return nil
}

// NoWeak returns the admission refusal (promote.Admission.NoWeak) of a
// system with no weak types: rule, which must adopt NoWeakTypes, refuses a
// weak operand with msg's words. It panics when rule does not adopt
// NoWeakTypes, a mistake in the rule set's declaration that its package's
// initialisation, and so any of its tests, reveals.
func NoWeak(rule *promote.Rule, msg func(promote.Settings, promote.Operand) string) *promote.Refusal {
	if !NoWeakTypes.Adopted(rule) {
		panic(fmt.Sprintf("kit.NoWeak: rule %v does not adopt kit.NoWeakTypes", rule))
	}
	return &promote.Refusal{Rule: rule, Msg: msg}
}
