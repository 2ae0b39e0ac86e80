package pytorch

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// The category rules of combine_categories (TypeProperties.cpp). Category
// order is bool < integral < floating < complex; a lower-priority slot
// only matters when its category is higher, and within a category the
// higher-priority slot wins (dim tensor > zero-dim tensor > Python scalar).
var (
	ruleComplexHigher = &promote.Rule{ID: "complex-higher",
		Text:   "complex higher slot wins outright over any lower slot",
		Source: srcResult + " combine_categories"}
	ruleComplexLower = &promote.Rule{ID: "complex-lower-integral-higher",
		Text:   "complex lower slot with integral or bool higher: the lower slot's complex dtype, without promoteTypes",
		Source: srcResult + " combine_categories"}
	ruleFloatingHigher = &promote.Rule{ID: "floating-higher",
		Text:   "floating higher slot wins over any real lower slot, whatever the widths (dim-slot wins within category)",
		Source: srcResult + " combine_categories"}
	ruleBoolHigher = &promote.Rule{ID: "bool-higher-promotes",
		Text:   "bool higher slot runs promoteTypes with the lower slot",
		Source: srcResult + " combine_categories"}
	ruleIntegralFloating = &promote.Rule{ID: "integral-higher-floating-lower",
		Text:   "integral higher slot with floating lower slot runs promoteTypes with the lower slot's actual dtype (a Python float's is the default dtype)",
		Source: srcResult + " combine_categories"}
	ruleIntegralHigher = &promote.Rule{ID: "integral-higher",
		Text:   "integral higher slot wins over an integral or bool lower slot, whatever the widths and signedness (dim-slot wins within category)",
		Source: srcResult + " combine_categories"}
	ruleOneSlot = &promote.Rule{ID: "one-slot",
		Text:   "one of the two slots is empty: the other slot's dtype",
		Source: srcResult + " combine_categories, promote_skip_undefined"}
	ruleToComplex = &promote.Rule{ID: "to-complex",
		Text:   "toComplexType has no complex type for this floating type (a Float8 type): error",
		Source: "toComplexType in " + srcPredicate}
)

// CombineCategories is the newest version's combine_categories(higher,
// lower) (see State.CombineCategories).
func CombineCategories(higher, lower dtype.DType) (dtype.DType, *promote.Rule, error) {
	return latest.combine(higher, lower)
}

// CombineCategories is PyTorch's combine_categories(higher, lower) in the
// State's version: it joins the dtype of a higher-priority result_type
// slot with that of a lower-priority one (dim tensors over zero-dim
// tensors over Python scalars). dtype.Invalid stands for an empty slot
// (c10's Undefined).
//
// It returns the combined dtype and the rule that decided. promoteTypes
// runs only where PyTorch calls it (a bool higher slot, or a floating
// lower slot under an integral one), so its errors arise only there:
// a uint32 tensor with a Python complex gives complex64 although
// promoteTypes(uint32, complex64) is an error. An error is a
// *promote.Error without operands, carrying PyTorch's message.
//
// Program-level inference types each operation with a State, which calls
// this twice: CombineCategories(dim, CombineCategories(zero, wrapped)).
func (s *State) CombineCategories(higher, lower dtype.DType) (dtype.DType, *promote.Rule, error) {
	return s.release().combine(higher, lower)
}

// release is the State's version; a zero State (not made by NewState) is
// the newest rather than a nil dereference.
func (s *State) release() *release {
	if s.r == nil {
		return latest
	}
	return s.r
}

// combine is combine_categories in one version (TypeProperties.cpp:81-103
// at v2.6.0; :79-101 at v1.13.1).
func (r *release) combine(higher, lower dtype.DType) (dtype.DType, *promote.Rule, error) {
	for _, d := range [2]dtype.DType{higher, lower} {
		if d != dtype.Invalid && !r.Has(d) {
			return dtype.Invalid, ruleNoDType, &promote.Error{Rules: Name, Rule: ruleNoDType, Msg: r.noDTypeMsg(d)}
		}
	}
	// promote_skip_undefined and the final fall-throughs of
	// combine_categories both give the defined slot when the other is
	// empty, in every category.
	if higher == dtype.Invalid {
		return lower, ruleOneSlot, nil
	}
	if lower == dtype.Invalid {
		return higher, ruleOneSlot, nil
	}
	switch {
	case isComplex(higher):
		return higher, ruleComplexHigher, nil
	case isComplex(lower):
		// "Preserve the value type of higher": float16 tensor + 1j is
		// complex32 whatever the default dtype; bfloat16's is complex64
		// before 2.14 and bcomplex32 from it (PR #173783).
		if isFloating(higher) {
			c, ok := r.toComplex(higher)
			if !ok {
				return dtype.Invalid, ruleToComplex, &promote.Error{Rules: Name, Rule: ruleToComplex,
					Msg: "Unknown Complex ScalarType for " + scalarTypeNames[higher]}
			}
			return c, r.ruleComplexOf, nil
		}
		return lower, ruleComplexLower, nil
	case isFloating(higher):
		return higher, ruleFloatingHigher, nil
	case higher == dtype.Bool:
		return r.promoteBetween(higher, lower, ruleBoolHigher)
	case isFloating(lower):
		return r.promoteBetween(higher, lower, ruleIntegralFloating)
	}
	return higher, ruleIntegralHigher, nil
}

// promoteBetween runs promoteTypes across two slots: on success the
// category rule is the reason; on failure promoteTypes' own rule is.
func (r *release) promoteBetween(higher, lower dtype.DType, why *promote.Rule) (dtype.DType, *promote.Rule, error) {
	d, rule, err := r.promoteTypes(higher, lower)
	if err != nil {
		return dtype.Invalid, rule, err
	}
	return d, why, nil
}

// Slot is one of result_type's three accumulators (ResultTypeState).
type Slot uint8

// The slots, from highest priority to lowest.
const (
	// DimSlot holds tensors with dim() > 0.
	DimSlot Slot = iota
	// ZeroDimSlot holds zero-dim tensors that are not wrapped numbers,
	// and typed scalars such as f64(1.5) (see the package comment).
	ZeroDimSlot
	// WrappedSlot holds Python scalars (wrapped numbers).
	WrappedSlot

	numSlots
)

var slotNames = [numSlots]string{"dim", "zero-dim", "wrapped"}

// String returns the slot's name.
func (s Slot) String() string {
	if s < numSlots {
		return slotNames[s]
	}
	return fmt.Sprintf("slot(%d)", uint8(s))
}

// State is PyTorch's ResultTypeState: one dtype per slot, each the
// promoteTypes of the operands that went into it, in order. The zero
// value is not usable; make one with NewState. A State is a small value
// and allocates nothing on success.
//
// torch.result_type and every TensorIterator op update a State once per
// operand and read Result at the end, so N operands form a set, not a left
// fold: (a+b)+c can differ from an n-ary op on a, b, c. Order does matter
// inside one slot where promoteTypes is not associative (uint16 and its
// kin: uint8, uint16, float32 tensors fail, uint16, float32, uint8 give
// float32), exactly as in PyTorch.
type State struct {
	r                    *release
	defFloat, defComplex dtype.DType
	slot                 [numSlots]dtype.DType
	why                  [numSlots]*promote.Rule
	// adm is the rule set's settings operands are admitted under (its
	// version's); nil: those of the State's release, looked up.
	adm *promote.Settings
}

// NewState returns an empty State of the newest version for the given
// default dtype (torch.get_default_dtype(): f32, f64 or f16), which types
// Python floats; Python complex numbers take the matching default complex
// dtype.
func NewState(defaultFloat dtype.DType) (State, error) {
	return latest.newState(defaultFloat)
}

// NewStateFor is NewState for one PyTorch version (one of Versions).
func NewStateFor(version string, defaultFloat dtype.DType) (State, error) {
	r, err := releaseOf(version)
	if err != nil {
		return State{}, err
	}
	return r.newState(defaultFloat)
}

func (r *release) newState(defaultFloat dtype.DType) (State, error) {
	c, ok := r.toComplex(defaultFloat)
	switch defaultFloat {
	case dtype.F16, dtype.F32, dtype.F64:
	default:
		ok = false
	}
	if !ok {
		return State{}, fmt.Errorf("pytorch: default dtype %v: must be f32, f64 or f16", defaultFloat)
	}
	return State{r: r, defFloat: defaultFloat, defComplex: c}, nil
}

// Slot returns the dtype accumulated in slot k so far (dtype.Invalid when
// empty).
func (s *State) Slot(k Slot) dtype.DType {
	if k >= numSlots {
		return dtype.Invalid
	}
	return s.slot[k]
}

// Update adds one operand (update_result_type_state). On error the State
// is unchanged and the error is a *promote.Error naming the operand.
func (s *State) Update(op promote.Operand) error { return s.update(&op) }

// update is Update through a pointer, so that Result passes each operand
// of its query without copying it.
func (s *State) update(op *promote.Operand) error {
	k, d, why, err := s.classify(op)
	if err != nil {
		return err
	}
	return s.add(k, d, why, op)
}

// add promotes d into slot k (promote_skip_undefined): the first dtype
// in a slot is taken as is, later ones run promoteTypes(slot, d).
func (s *State) add(k Slot, d dtype.DType, why *promote.Rule, op *promote.Operand) error {
	if s.slot[k] == dtype.Invalid {
		s.slot[k], s.why[k] = d, why
		return nil
	}
	out, rule, err := s.release().promoteTypes(s.slot[k], d)
	if err != nil {
		e := err.(*promote.Error)
		e.Operands = []promote.Operand{*op}
		return e
	}
	if d != s.slot[k] { // a repeat dtype leaves the reason as it was
		s.why[k] = rule
	}
	s.slot[k] = out
	return nil
}

// Result combines the slots: combine_categories(dim,
// combine_categories(zero-dim, wrapped)). Its Rule is the step that
// decided: a category rule when two slots met, else the slot's own
// reason (an operand rule or promoteTypes' rule).
func (s *State) Result() (promote.Result, error) {
	if s.slot == [numSlots]dtype.DType{} {
		return promote.Result{}, &promote.Error{Rules: Name, Rule: kit.NoOperands, Msg: "no operands"}
	}
	lo, loWhy, err := s.combine(s.slot[ZeroDimSlot], s.why[ZeroDimSlot], s.slot[WrappedSlot], s.why[WrappedSlot])
	if err != nil {
		return promote.Result{}, err
	}
	d, why, err := s.combine(s.slot[DimSlot], s.why[DimSlot], lo, loWhy)
	if err != nil {
		return promote.Result{}, err
	}
	return promote.Result{DType: d, Rule: why}, nil
}

// combine is CombineCategories, keeping the reason of the only non-empty
// side when one is empty.
func (s *State) combine(h dtype.DType, hWhy *promote.Rule, l dtype.DType, lWhy *promote.Rule) (dtype.DType, *promote.Rule, error) {
	switch {
	case h == dtype.Invalid:
		return l, lWhy, nil
	case l == dtype.Invalid:
		return h, hWhy, nil
	}
	return s.release().combine(h, l)
}
