package check

import (
	"fmt"
	"strings"
)

// WitnessKind names why a pair table is not the join of a partial order.
type WitnessKind string

// The witness kinds, in the order Induce looks for them.
const (
	// NotCommutative: a·b and b·a differ.
	NotCommutative WitnessKind = "not-commutative"
	// NotIdempotent: a·a is not a, nor is a an alias of a·a (see Alias).
	NotIdempotent WitnessKind = "not-idempotent"
	// OrderMatters: (a·b)·c and a·(b·c) differ, for a triple the order
	// needs (a ≤ b ≤ c without a ≤ c, or a·b not above a and b).
	OrderMatters WitnessKind = "order-matters"
	// NoLeastUpperBound: a·b is an upper bound of a and b, but not the
	// least: some other common upper bound is not above it.
	NoLeastUpperBound WitnessKind = "no-least-upper-bound"
	// RefusedJoin: the table refuses a and b, though the order it induces
	// gives them a least upper bound.
	RefusedJoin WitnessKind = "refused-join"
)

// Witness shows, with the fewest dtypes that do, why a pair table is not
// the join of a partial order.
type Witness struct {
	Kind WitnessKind `json:"kind"`
	// Operands are the elements the witness is about: one
	// (NotIdempotent), two (NotCommutative, NoLeastUpperBound,
	// RefusedJoin) or three (OrderMatters, in fold order).
	Operands []Elem `json:"operands"`
	// Results are the answers compared: a·b and b·a (NotCommutative);
	// a·a (NotIdempotent); (a·b)·c and a·(b·c) (OrderMatters); a·b
	// (NoLeastUpperBound, RefusedJoin).
	Results []Outcome `json:"results"`
	// Bounds are, for NoLeastUpperBound, the minimal common upper bounds
	// of the two operands in the induced order (at least two, or the one
	// the result is not below); for RefusedJoin, their least upper bound.
	Bounds []Elem `json:"bounds,omitempty"`
	// Text says it in one sentence.
	Text string `json:"text"`
}

// Alias records an element the rule set maps to another before promoting
// (JAX with x64 off canonicalises u64 to u32): From·From = To, To·To = To,
// and From·x = To·x and x·From = x·To for every element x. The order is
// over the other elements; an alias stands wherever its target does.
type Alias struct {
	From Elem `json:"from"`
	To   Elem `json:"to"`
}

// Edge is a covering pair of the induced order: Lower < Upper with no
// element between them.
type Edge struct {
	Lower Elem `json:"lower"`
	Upper Elem `json:"upper"`
}

// Order is the relation a rule set's pair table induces on its elements,
// a ≤ b when a·b = b, and whether the table is the join of that order.
//
// When Lattice is true the relation is a partial order, every pair of
// elements it gives a least upper bound is promoted to it, and every other
// pair is refused: a lattice (with refusals: a partial join-semilattice)
// induces the table. When it is false, Witness says why; Elems and Hasse
// still describe the relation, which may then not be an order.
type Order struct {
	// Elems are the elements the relation is over: the algebra's
	// elements less the aliases, in the algebra's order.
	Elems []Elem `json:"elems"`
	// Hasse holds the covering pairs, by lower element then upper, in
	// Elems order.
	Hasse []Edge `json:"hasse"`
	// Aliases are the elements left out because the rule set maps them
	// to another first.
	Aliases []Alias `json:"aliases,omitempty"`
	// Lattice reports whether the table is the join of the order.
	Lattice bool `json:"lattice"`
	// Total reports a lattice with no refused pair among Elems: every
	// two elements have a join.
	Total bool `json:"total"`
	// Witness says why the table is not a join (nil when Lattice).
	Witness *Witness `json:"witness,omitempty"`

	alg  *Algebra
	ids  []int          // ids[k] is Elems[k]'s index in alg
	pos  map[Elem]int   // Elems index by element
	up   map[int]bitset // up[algebra index]: the elements above, as algebra indices
	keep bitset         // the algebra indices in Elems
}

// Leq reports whether a ≤ b in the induced relation (a·b = b), for two
// elements of Elems.
func (o *Order) Leq(a, b Elem) bool {
	i, ok1 := o.alg.Index(a)
	j, ok2 := o.alg.Index(b)
	if !ok1 || !ok2 || !o.keep.has(i) || !o.keep.has(j) {
		return false
	}
	u := o.up[i]
	return u.has(j)
}

// Induce computes the relation an algebra's pair table induces and whether
// the table is its join: Induce(NewAlgebra(r)) for a rule set r.
func Induce(alg *Algebra) *Order {
	n := alg.Len()
	o := &Order{alg: alg, pos: map[Elem]int{}, up: map[int]bitset{}}
	witness := func(w *Witness) {
		if o.Witness == nil {
			o.Witness = w
		}
	}
	same := func(x, y int) bool { return x == y }

	// Commutativity.
	for i := range n {
		for j := i + 1; j < n; j++ {
			ij, _ := alg.Mul(i, j)
			ji, _ := alg.Mul(j, i)
			if !same(ij, ji) {
				a, b := alg.Elem(i), alg.Elem(j)
				r1, r2 := alg.Product(i, j), alg.Product(j, i)
				witness(&Witness{Kind: NotCommutative, Operands: []Elem{a, b}, Results: []Outcome{r1, r2},
					Text: fmt.Sprintf("%s·%s = %s but %s·%s = %s", a, b, r1, b, a, r2)})
			}
		}
	}

	// Idempotence, allowing aliases.
	aliased := make([]bool, n)
	for i := range n {
		k, ok := alg.Mul(i, i)
		if ok && k == i {
			continue
		}
		a := alg.Elem(i)
		if ok && alg.isAlias(i, k) {
			aliased[i] = true
			o.Aliases = append(o.Aliases, Alias{From: a, To: alg.Elem(k)})
			continue
		}
		r := alg.Product(i, i)
		text := fmt.Sprintf("%s·%s = %s", a, a, r)
		if ok {
			if x := alg.aliasBreaker(i, k); x >= 0 {
				text += fmt.Sprintf(", yet %s does not stand for %s: %s·%s = %s but %s·%s = %s",
					a, r.Elem, a, alg.Elem(x), alg.Product(i, x), r.Elem, alg.Elem(x), alg.Product(k, x))
			}
		}
		witness(&Witness{Kind: NotIdempotent, Operands: []Elem{a}, Results: []Outcome{r}, Text: text})
	}
	for i := range n {
		if !aliased[i] {
			o.keep.add(i)
			o.pos[alg.Elem(i)] = len(o.Elems)
			o.ids = append(o.ids, i)
			o.Elems = append(o.Elems, alg.Elem(i))
		}
	}

	// The relation: x ≤ y when x·y = y.
	for _, i := range o.ids {
		var u bitset
		for _, j := range o.ids {
			if k, ok := alg.Mul(i, j); ok && k == j {
				u.add(j)
			}
		}
		o.up[i] = u
	}

	// Transitivity: x ≤ y ≤ z needs x ≤ z, else (x·y)·z = z differs
	// from x·(y·z) = x·z.
	for _, x := range o.ids {
		ux := o.up[x]
		ux.each(func(y int) {
			if z := o.up[y].firstNotIn(ux); z >= 0 && y != x {
				witness(alg.orderMatters(x, y, z))
			}
		})
	}

	// Joins: x·y must be the least common upper bound, and refused only
	// when there is none.
	total := true
	for p, x := range o.ids {
		for _, y := range o.ids[p+1:] {
			ub := o.up[x].and(o.up[y])
			least := -1
			ub.each(func(l int) {
				if least < 0 && ub.subset(o.up[l]) {
					least = l
				}
			})
			c, ok := alg.Mul(x, y)
			a, b := alg.Elem(x), alg.Elem(y)
			switch {
			case !ok:
				total = false
				if least >= 0 {
					witness(&Witness{Kind: RefusedJoin, Operands: []Elem{a, b}, Results: []Outcome{alg.Product(x, y)},
						Bounds: []Elem{alg.Elem(least)},
						Text:   fmt.Sprintf("%s·%s = %s, but %s is their least upper bound in the order the table induces", a, b, alg.Product(x, y), alg.Elem(least))})
				}
			case !o.keep.has(c) || !o.up[x].has(c):
				witness(alg.orderMatters(x, x, y))
			case !o.up[y].has(c):
				witness(alg.orderMatters(x, y, y))
			case c != least:
				bounds := o.minimal(ub)
				if len(bounds) < 2 {
					// c is above a and b but some bound is not above c.
					bounds = []Elem{alg.Elem(c), alg.Elem(ub.firstNotIn(o.up[c]))}
				}
				witness(&Witness{Kind: NoLeastUpperBound, Operands: []Elem{a, b}, Results: []Outcome{alg.Product(x, y)}, Bounds: bounds,
					Text: fmt.Sprintf("%s·%s = %s, but %s and %s have no least upper bound in the order the table induces: %s are common upper bounds, none below the others",
						a, b, alg.Product(x, y), a, b, joinElems(bounds))})
			}
		}
	}

	// The Hasse diagram: x < y with nothing between.
	for _, x := range o.ids {
		above := o.up[x]
		above[x/64] &^= 1 << (x % 64)
		above.each(func(y int) {
			between := false
			above.each(func(z int) {
				if z != y && !between && o.up[z].has(y) {
					between = true
				}
			})
			if !between {
				o.Hasse = append(o.Hasse, Edge{alg.Elem(x), alg.Elem(y)})
			}
		})
	}
	o.Lattice = o.Witness == nil
	o.Total = o.Lattice && total
	return o
}

// minimal returns the minimal members of s in the relation.
func (o *Order) minimal(s bitset) []Elem {
	var out []Elem
	s.each(func(m int) {
		for _, l := range o.ids {
			if l != m && s.has(l) && o.up[l].has(m) && !o.up[m].has(l) {
				return // l < m
			}
		}
		out = append(out, o.alg.Elem(m))
	})
	return out
}

// orderMatters is the OrderMatters witness for the fold of x, y, z.
func (a *Algebra) orderMatters(x, y, z int) *Witness {
	l, r := a.foldLeft(x, y, z), a.foldRight(x, y, z)
	ex, ey, ez := a.Elem(x), a.Elem(y), a.Elem(z)
	return &Witness{Kind: OrderMatters, Operands: []Elem{ex, ey, ez}, Results: []Outcome{l, r},
		Text: fmt.Sprintf("(%s·%s)·%s = %s but %s·(%s·%s) = %s", ex, ey, ez, l, ex, ey, ez, r)}
}

// foldLeft is (x·y)·z as an Outcome with the rule that decided its last
// step (or refused).
func (a *Algebra) foldLeft(x, y, z int) Outcome {
	xy, ok := a.Mul(x, y)
	if !ok {
		return a.Product(x, y)
	}
	return a.Product(xy, z)
}

// foldRight is x·(y·z) as an Outcome, as foldLeft.
func (a *Algebra) foldRight(x, y, z int) Outcome {
	yz, ok := a.Mul(y, z)
	if !ok {
		return a.Product(y, z)
	}
	return a.Product(x, yz)
}

// fold3right is x·(y·z) over indices, refused as refused.
func (a *Algebra) fold3right(x, y, z int) int {
	yz, ok := a.Mul(y, z)
	if !ok {
		return refused
	}
	k, _ := a.Mul(x, yz)
	return k
}

// isAlias reports whether element i stands for element k: k·k = k, and i
// and k give the same product with every element, on either side.
func (a *Algebra) isAlias(i, k int) bool {
	if kk, ok := a.Mul(k, k); !ok || kk != k {
		return false
	}
	return a.aliasBreaker(i, k) < 0
}

// aliasBreaker returns an element x with i·x ≠ k·x or x·i ≠ x·k, or -1.
func (a *Algebra) aliasBreaker(i, k int) int {
	n := a.Len()
	for x := range n {
		if a.prod[i*n+x] != a.prod[k*n+x] || a.prod[x*n+i] != a.prod[x*n+k] {
			return x
		}
	}
	return -1
}

func joinElems(es []Elem) string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = e.String()
	}
	return strings.Join(s, ", ")
}
