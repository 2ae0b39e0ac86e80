package check

import (
	"errors"
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Elem is one type of a rule set's pair algebra: a dtype the rule set
// accepts, as a strong tensor, or a weak type that some pair promotes to
// (JAX's u64 with i8 under x64 is f64?, a weak f64).
type Elem struct {
	DType dtype.DType
	Weak  bool
}

// String writes the element as results print: the canonical name, with ?
// when weak.
func (e Elem) String() string {
	if e.Weak {
		return e.DType.String() + "?"
	}
	return e.DType.String()
}

// MarshalText writes the element as String does, for JSON.
func (e Elem) MarshalText() ([]byte, error) {
	if !e.DType.Valid() {
		return nil, fmt.Errorf("check: invalid element %v", e.DType)
	}
	return []byte(e.String()), nil
}

// operand is the element as a tensor operand (rank at least 1).
func (e Elem) operand() promote.Operand {
	o := promote.T(e.DType)
	o.Weak = e.Weak
	return o
}

// Outcome is one answer of the rule set: an element, or a refusal. Two
// outcomes are the same when both are refusals (whatever the rule) or both
// are the same element; the rule is kept for reports.
type Outcome struct {
	Elem
	Refused bool
	// Rule is the rule that decided (nil for outcomes built by hand).
	Rule *promote.Rule
}

// Same reports whether two outcomes are the same answer.
func (o Outcome) Same(p Outcome) bool {
	if o.Refused || p.Refused {
		return o.Refused && p.Refused
	}
	return o.Elem == p.Elem
}

// String writes the element, or "error" with the refusing rule's ID.
func (o Outcome) String() string {
	if o.Refused {
		if o.Rule != nil {
			return "error (" + o.Rule.ID + ")"
		}
		return "error"
	}
	return o.Elem.String()
}

// MarshalText writes the outcome as String does, for JSON.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// outcomeOf turns a rule set's answer into an Outcome.
func outcomeOf(res promote.Result, err error) Outcome {
	if err != nil {
		o := Outcome{Refused: true}
		var pe *promote.Error
		if errors.As(err, &pe) {
			o.Rule = pe.Rule
		}
		return o
	}
	return Outcome{Elem: Elem{res.DType, res.Weak}, Rule: res.Rule}
}

// refused marks a refused cell of the product table.
const refused = -1

// Algebra is a rule set's pair operation a·b over its elements, computed
// once: the dtypes it accepts (a dtype is accepted when it promotes with
// itself; a pair refused because a dtype does not exist in the system is
// not a refusal of a pair), then every other type some product of
// elements gives (in practice weak types), until no product gives a new
// one. Strong pairs are PromoteTypes
// (two ranked tensors); a pair with a weak element is Result on the weak
// tensor, which is how a weak intermediate result meets the next operand
// in a fold or a program. An Algebra is immutable and safe for concurrent
// use.
type Algebra struct {
	rules  promote.Rules
	elems  []Elem
	strong int
	index  map[Elem]int
	// prod[i*n+j] is the index of elems[i]·elems[j], or refused.
	prod []int
	// rule[i*n+j] is the rule that decided the cell.
	rule []*promote.Rule
}

// maxElems bounds the carrier: every dtype strong and weak.
const maxElems = 2 * dtype.Count

// NewAlgebra computes r's pair algebra.
func NewAlgebra(r promote.Rules) *Algebra {
	a := &Algebra{rules: r, index: map[Elem]int{}}
	for _, d := range dtype.All() {
		if _, err := r.PromoteTypes(d, d); err == nil {
			a.add(Elem{DType: d})
		}
	}
	a.strong = len(a.elems)
	// Close under the operation: products of the elements so far, until
	// no product is new. cells caches computed products by index pair.
	type pair struct{ i, j int }
	cells := map[pair]Outcome{}
	for done := 0; done < len(a.elems); {
		n := len(a.elems)
		for i := range n {
			for j := range n {
				if i < done && j < done {
					continue
				}
				o := a.compute(a.elems[i], a.elems[j])
				cells[pair{i, j}] = o
				if !o.Refused && o.DType.Valid() {
					if _, ok := a.index[o.Elem]; !ok && len(a.elems) < maxElems {
						a.add(o.Elem)
					}
				}
			}
		}
		done = n
	}
	n := len(a.elems)
	a.prod = make([]int, n*n)
	a.rule = make([]*promote.Rule, n*n)
	for i := range n {
		for j := range n {
			o := cells[pair{i, j}]
			a.rule[i*n+j] = o.Rule
			a.prod[i*n+j] = refused
			if !o.Refused {
				if k, ok := a.index[o.Elem]; ok {
					a.prod[i*n+j] = k
				}
			}
		}
	}
	return a
}

func (a *Algebra) add(e Elem) {
	a.index[e] = len(a.elems)
	a.elems = append(a.elems, e)
}

// compute asks the rule set for x·y.
func (a *Algebra) compute(x, y Elem) Outcome {
	if !x.Weak && !y.Weak {
		return outcomeOf(a.rules.PromoteTypes(x.DType, y.DType))
	}
	return outcomeOf(a.rules.Result(x.operand(), y.operand()))
}

// Rules returns the rule set the algebra was computed from.
func (a *Algebra) Rules() promote.Rules { return a.rules }

// Len returns the number of elements.
func (a *Algebra) Len() int { return len(a.elems) }

// Strong returns the number of accepted dtypes: elements 0 to Strong()-1
// are the accepted dtypes, strong, in catalogue order; the rest are the
// types products reach beyond them (weak types), in the order found.
func (a *Algebra) Strong() int { return a.strong }

// Elem returns element i.
func (a *Algebra) Elem(i int) Elem { return a.elems[i] }

// Elems returns the elements, accepted dtypes first in catalogue order.
func (a *Algebra) Elems() []Elem { return append([]Elem(nil), a.elems...) }

// Index returns e's index, if e is an element.
func (a *Algebra) Index(e Elem) (int, bool) {
	i, ok := a.index[e]
	return i, ok
}

// Mul returns the index of elems[i]·elems[j], or false when the rule set
// refuses the pair.
func (a *Algebra) Mul(i, j int) (int, bool) {
	k := a.prod[i*len(a.elems)+j]
	return k, k != refused
}

// Product returns elems[i]·elems[j] as an Outcome with its rule.
func (a *Algebra) Product(i, j int) Outcome {
	n := len(a.elems)
	o := Outcome{Rule: a.rule[i*n+j]}
	if k := a.prod[i*n+j]; k == refused {
		o.Refused = true
	} else {
		o.Elem = a.elems[k]
	}
	return o
}

// mul3 is the fold (x·y)·z over indices, refused as refused.
func (a *Algebra) mul3(x, y, z int) int {
	n := len(a.elems)
	xy := a.prod[x*n+y]
	if xy == refused {
		return refused
	}
	return a.prod[xy*n+z]
}
