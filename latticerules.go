package promote

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
)

// LatticeRules is implemented by rule sets whose decisions are joins on a
// promotion lattice (JAX, TensorFlow's new type promotion, the Array API
// standard, Keras, and rule sets read from a lattice file). It exposes the
// lattice, so that tools can draw it and compare it with the order the
// rule set's pair table induces (package check).
//
// Use LatticeOf rather than a type assertion: a rule set whose type has
// the method may still not be a lattice under some settings.
type LatticeRules interface {
	Rules
	// Lattice returns the lattice the rule set joins on under its
	// settings, or nil when those settings do not make it a lattice rule
	// set (TensorFlow's mode=legacy). The value is shared and immutable.
	Lattice() *Lattice
}

// LatticeOf returns the promotion lattice r joins on, or nil when r is
// not a lattice rule set under its settings.
func LatticeOf(r Rules) *Lattice {
	lr, ok := r.(LatticeRules)
	if !ok {
		return nil
	}
	return lr.Lattice()
}

// Lattice is a promotion lattice together with what each of its nodes
// stands for: a strong dtype, or a weak type (a weakly typed value or a
// host-language scalar such as JAX's Python int, i*).
type Lattice struct {
	// Graph holds the node names and the direct edges, and computes joins.
	Graph *lattice.Lattice
	// Nodes describes each node, indexed by lattice.Node.
	Nodes []LatticeNode
}

// LatticeNode says what one node of a promotion lattice stands for.
type LatticeNode struct {
	// Name is the node's name in the lattice: a canonical dtype name for
	// a strong node, the system's own notation for a weak one (JAX's i*,
	// TensorFlow's i32?).
	Name string `json:"name"`
	// DType is the dtype of a value of the node: a strong node's own
	// dtype; for a weak node, the dtype a weak value of it has (JAX's i*
	// is i64 with x64 on, i32 with it off; TensorFlow's i32? is i32).
	DType dtype.DType `json:"dtype"`
	// Weak marks a weak node: results of its type print with a ? suffix.
	Weak bool `json:"weak"`
	// Literals lists the host-language literal kinds the rule set types
	// as this node (JAX: int literals are i*, a bool literal is the strong
	// bool node); empty when no literal is typed as this node.
	Literals []ValueKind `json:"literals,omitempty"`
	// Text says what a weak or literal node means, in words (empty for
	// plain strong dtypes).
	Text string `json:"text,omitempty"`
}

// NewLattice pairs a graph with its node descriptions, one per node in
// the graph's order, each named as its graph node and with a valid dtype.
// Two nodes may not stand for the same (dtype, weak) pair, so that NodeOf
// is a function.
func NewLattice(g *lattice.Lattice, nodes []LatticeNode) (*Lattice, error) {
	if g == nil {
		return nil, fmt.Errorf("promote: NewLattice: no graph")
	}
	if len(nodes) != g.Len() {
		return nil, fmt.Errorf("promote: NewLattice: %d node descriptions for %d nodes", len(nodes), g.Len())
	}
	type key struct {
		d    dtype.DType
		weak bool
	}
	seen := make(map[key]string, len(nodes))
	for i, n := range nodes {
		if want := g.Name(lattice.Node(i)); n.Name != want {
			return nil, fmt.Errorf("promote: NewLattice: node %d is %q in the graph but described as %q", i, want, n.Name)
		}
		if !n.DType.Valid() {
			return nil, fmt.Errorf("promote: NewLattice: node %q has no valid dtype", n.Name)
		}
		k := key{n.DType, n.Weak}
		if prev, dup := seen[k]; dup {
			return nil, fmt.Errorf("promote: NewLattice: nodes %q and %q both stand for %s (weak %v)", prev, n.Name, n.DType, n.Weak)
		}
		seen[k] = n.Name
	}
	return &Lattice{Graph: g, Nodes: append([]LatticeNode(nil), nodes...)}, nil
}

// MustLattice is NewLattice for package-level lattices known to be well
// formed; it panics on error.
func MustLattice(g *lattice.Lattice, nodes []LatticeNode) *Lattice {
	l, err := NewLattice(g, nodes)
	if err != nil {
		panic(err)
	}
	return l
}

// NodeOf returns the node that stands for a value of dtype d, weak or
// strong, if the lattice has one.
func (l *Lattice) NodeOf(d dtype.DType, weak bool) (lattice.Node, bool) {
	for i, n := range l.Nodes {
		if n.DType == d && n.Weak == weak {
			return lattice.Node(i), true
		}
	}
	return 0, false
}

// Edges returns the lattice's covering edges (its Hasse diagram), by node
// name, lower first.
func (l *Lattice) Edges() []lattice.Edge { return l.Graph.Covers() }
