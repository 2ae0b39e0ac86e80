// Package lattice computes least upper bounds over a promotion lattice: a
// directed acyclic graph of type nodes (strong dtypes and weak nodes such as
// JAX's Python int, float and complex) whose join is the promoted type.
// JAX, TensorFlow's new type promotion and the Array API standard are all
// such lattices; users can build their own.
//
// The join follows JAX's _least_upper_bound (jax/_src/dtypes.py @
// cec06d116c05f0d52adfceee3d3b730fdbcb0ce5): the common upper bounds of the
// inputs, then among them the inputs themselves if any is one, else the
// bound that every other common bound lies above.
package lattice

import (
	"fmt"
	"math/bits"
	"strings"
)

// MaxNodes is the largest lattice this package builds; upper-bound sets are
// 64-bit sets.
const MaxNodes = 64

// Node is a node's index in its lattice.
type Node uint8

// set is a set of nodes.
type set uint64

// Lattice is an immutable promotion lattice, safe for concurrent use.
type Lattice struct {
	names []string
	index map[string]Node
	// ub[n] is n with everything reachable from it (its upper bounds).
	ub []set
	// edges holds the direct edges as given, for display.
	edges [][2]Node
}

// Edge is a direct edge from Lower to Upper: Lower promotes to Upper.
type Edge struct{ Lower, Upper string }

// New builds a lattice from its nodes and direct edges. It fails on an
// unknown node name, a duplicate node, more than MaxNodes nodes, or a cycle.
func New(nodes []string, edges []Edge) (*Lattice, error) {
	if len(nodes) > MaxNodes {
		return nil, fmt.Errorf("lattice: %d nodes, at most %d", len(nodes), MaxNodes)
	}
	l := &Lattice{names: append([]string(nil), nodes...), index: make(map[string]Node, len(nodes)), ub: make([]set, len(nodes))}
	for i, n := range nodes {
		if _, dup := l.index[n]; dup {
			return nil, fmt.Errorf("lattice: node %q listed twice", n)
		}
		l.index[n] = Node(i)
	}
	direct := make([]set, len(nodes))
	for _, e := range edges {
		lo, ok1 := l.index[e.Lower]
		hi, ok2 := l.index[e.Upper]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("lattice: edge %s -> %s names an unknown node", e.Lower, e.Upper)
		}
		direct[lo] |= 1 << hi
		l.edges = append(l.edges, [2]Node{lo, hi})
	}
	// Reflexive-transitive closure by depth-first search, with a cycle check.
	const (
		unseen = iota
		active
		done
	)
	state := make([]int, len(nodes))
	var visit func(n int) error
	visit = func(n int) error {
		switch state[n] {
		case active:
			return fmt.Errorf("lattice: cycle through %q", nodes[n])
		case done:
			return nil
		}
		state[n] = active
		ub := set(1) << n
		for d := direct[n]; d != 0; d &= d - 1 {
			m := bits.TrailingZeros64(uint64(d))
			if err := visit(m); err != nil {
				return err
			}
			ub |= l.ub[m]
		}
		l.ub[n] = ub
		state[n] = done
		return nil
	}
	for n := range nodes {
		if err := visit(n); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// Node returns the node named name.
func (l *Lattice) Node(name string) (Node, bool) {
	n, ok := l.index[name]
	return n, ok
}

// Name returns n's name.
func (l *Lattice) Name(n Node) string { return l.names[n] }

// Len returns the number of nodes.
func (l *Lattice) Len() int { return len(l.names) }

// Edges returns the direct edges as given to New.
func (l *Lattice) Edges() []Edge {
	out := make([]Edge, len(l.edges))
	for i, e := range l.edges {
		out[i] = Edge{l.names[e[0]], l.names[e[1]]}
	}
	return out
}

// Leq reports whether a promotes to b (b is an upper bound of a).
func (l *Lattice) Leq(a, b Node) bool { return l.ub[a]&(1<<b) != 0 }

// JoinError reports that nodes have no unique least upper bound.
type JoinError struct {
	Nodes []string
	// Ambiguous is true when the nodes have common upper bounds but no
	// least one (several minimal common bounds: the graph is not a
	// lattice there) rather than none at all.
	Ambiguous bool
	// Bounds are the minimal common upper bounds when Ambiguous.
	Bounds []string
}

// Error implements error, naming the nodes (and the bounds that tie).
func (e *JoinError) Error() string {
	if e.Ambiguous {
		return fmt.Sprintf("lattice: %s have no least upper bound: their common upper bounds %s are not ordered", strings.Join(e.Nodes, ", "), strings.Join(e.Bounds, ", "))
	}
	return fmt.Sprintf("lattice: %s have no common upper bound", strings.Join(e.Nodes, ", "))
}

// Join2 is Join for two nodes; it allocates only on error.
func (l *Lattice) Join2(a, b Node) (Node, error) {
	if n, ok := l.join(1<<a | 1<<b); ok {
		return n, nil
	}
	return 0, l.joinError(1<<a | 1<<b)
}

// Join returns the least upper bound of the nodes (the input set, order and
// repeats do not matter).
func (l *Lattice) Join(nodes ...Node) (Node, error) {
	var in set
	for _, n := range nodes {
		in |= 1 << n
	}
	if in == 0 {
		return 0, fmt.Errorf("lattice: join of no nodes")
	}
	if n, ok := l.join(in); ok {
		return n, nil
	}
	return 0, l.joinError(in)
}

// join returns the single least upper bound of the set, if there is one.
func (l *Lattice) join(in set) (Node, bool) {
	lub := l.lub(in)
	if bits.OnesCount64(uint64(lub)) != 1 {
		return 0, false
	}
	return Node(bits.TrailingZeros64(uint64(lub))), true
}

// lub is JAX's _least_upper_bound on a set: CUB = the intersection of the
// inputs' upper bounds; LUB = the inputs in CUB if any, else the c in CUB
// with CUB a subset of UB[c].
func (l *Lattice) lub(in set) set {
	cub := ^set(0)
	for s := in; s != 0; s &= s - 1 {
		cub &= l.ub[bits.TrailingZeros64(uint64(s))]
	}
	if lub := cub & in; lub != 0 {
		return lub
	}
	var lub set
	for s := cub; s != 0; s &= s - 1 {
		c := bits.TrailingZeros64(uint64(s))
		if cub&^l.ub[c] == 0 {
			lub |= 1 << c
		}
	}
	return lub
}

// joinError describes why the set has no join: no common upper bound, or
// several minimal ones. (JAX's lub is empty in both cases, so the
// distinction is made from the common bounds themselves.)
func (l *Lattice) joinError(in set) error {
	e := &JoinError{}
	for s := in; s != 0; s &= s - 1 {
		e.Nodes = append(e.Nodes, l.names[bits.TrailingZeros64(uint64(s))])
	}
	cub := ^set(0)
	for s := in; s != 0; s &= s - 1 {
		cub &= l.ub[bits.TrailingZeros64(uint64(s))]
	}
	for s := cub; s != 0; s &= s - 1 {
		c := bits.TrailingZeros64(uint64(s))
		// c is minimal when no other common bound lies below it, that
		// is, c is an upper bound of none of them but itself.
		minimal := true
		for o := cub &^ (1 << c); o != 0; o &= o - 1 {
			if l.ub[bits.TrailingZeros64(uint64(o))]&(1<<c) != 0 {
				minimal = false
				break
			}
		}
		if minimal {
			e.Bounds = append(e.Bounds, l.names[c])
		}
	}
	e.Ambiguous = cub != 0
	return e
}

// Covers returns the covering edges of the lattice's order, its Hasse
// diagram: Lower < Upper with no node strictly between them. They are the
// direct edges as given to New less any edge implied by others, ordered by
// the lower node, then the upper, in node order.
func (l *Lattice) Covers() []Edge {
	var out []Edge
	for a := range l.names {
		above := l.ub[a] &^ (1 << a)
		for s := above; s != 0; s &= s - 1 {
			b := bits.TrailingZeros64(uint64(s))
			if !l.between(above, b) {
				out = append(out, Edge{l.names[a], l.names[b]})
			}
		}
	}
	return out
}

// between reports whether some node of above (other than b) lies below b.
func (l *Lattice) between(above set, b int) bool {
	for s := above &^ (1 << b); s != 0; s &= s - 1 {
		c := bits.TrailingZeros64(uint64(s))
		if l.ub[c]&(1<<b) != 0 {
			return true
		}
	}
	return false
}
