package check

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/lattice"
)

// Agreement compares a rule set's own lattice (promote.LatticeRules) with
// the order its pair table induces, over the elements of the order: each
// element stands for the lattice node of its dtype and weakness
// (promote.Lattice.NodeOf).
type Agreement struct {
	// Agree is true when every element has a node, the two orders agree
	// on every pair, and the lattice's join of every pair is the table's
	// answer (both refuse, or both give the same element).
	Agree bool `json:"agree"`
	// Unmapped lists the elements no lattice node stands for.
	Unmapped []Elem `json:"unmapped,omitempty"`
	// Unreached lists the lattice nodes no element stands for (JAX's weak
	// i*, which no pair of dtypes gives): they are in the lattice but not
	// in the table, and are not compared.
	Unreached []string `json:"unreached,omitempty"`
	// Order lists the ordered pairs a, b (a ≠ b) where a ≤ b holds in
	// one order and not in the other.
	Order []OrderDiff `json:"order,omitempty"`
	// Joins lists the pairs whose lattice join is not the table's answer.
	Joins []JoinDiff `json:"joins,omitempty"`
}

// OrderDiff is a pair the two orders disagree on.
type OrderDiff struct {
	A Elem `json:"a"`
	B Elem `json:"b"`
	// Induced is a ≤ b in the order the table induces; Lattice in the
	// rule set's own lattice.
	Induced bool `json:"induced"`
	Lattice bool `json:"lattice"`
}

// JoinDiff is a pair whose lattice join differs from the table's answer.
type JoinDiff struct {
	A Elem `json:"a"`
	B Elem `json:"b"`
	// Table is a·b.
	Table Outcome `json:"table"`
	// Join is the lattice node the join gives, or "" when the lattice has
	// no join for the pair.
	Join string `json:"join"`
}

// Compare compares the order with the rule set's own lattice l.
func Compare(o *Order, l *promote.Lattice) *Agreement {
	ag := &Agreement{}
	node := make([]lattice.Node, len(o.ids))
	has := make([]bool, len(o.ids))
	reached := make([]bool, l.Graph.Len())
	for k, e := range o.Elems {
		n, ok := l.NodeOf(e.DType, e.Weak)
		if !ok {
			ag.Unmapped = append(ag.Unmapped, e)
			continue
		}
		node[k], has[k], reached[n] = n, true, true
	}
	for n, r := range reached {
		if !r {
			ag.Unreached = append(ag.Unreached, l.Graph.Name(lattice.Node(n)))
		}
	}
	for p, x := range o.ids {
		if !has[p] {
			continue
		}
		for q, y := range o.ids {
			if !has[q] || p == q {
				continue
			}
			ind, lat := o.up[x].has(y), l.Graph.Leq(node[p], node[q])
			if ind != lat {
				ag.Order = append(ag.Order, OrderDiff{A: o.Elems[p], B: o.Elems[q], Induced: ind, Lattice: lat})
			}
			if q < p {
				continue
			}
			tab := o.alg.Product(x, y)
			j, err := l.Graph.Join2(node[p], node[q])
			d := JoinDiff{A: o.Elems[p], B: o.Elems[q], Table: tab}
			switch {
			case err != nil:
				if !tab.Refused {
					ag.Joins = append(ag.Joins, d)
				}
			case tab.Refused:
				d.Join = l.Graph.Name(j)
				ag.Joins = append(ag.Joins, d)
			default:
				want := l.Nodes[j]
				if want.DType != tab.DType || want.Weak != tab.Weak {
					d.Join = l.Graph.Name(j)
					ag.Joins = append(ag.Joins, d)
				}
			}
		}
	}
	ag.Agree = len(ag.Unmapped) == 0 && len(ag.Order) == 0 && len(ag.Joins) == 0
	return ag
}
