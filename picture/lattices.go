package picture

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
	"github.com/promote-dev/promote/rules"
)

// LatticeDiagram draws a rule set's lattice. A rule set defined by a
// lattice (see ownLattice) is drawn from it: its Hasse diagram, weak
// nodes dashed. Any other is drawn from its pair table: the order the
// table induces (a below b when a·b = b·a = b), which is a lattice when
// every pair's answer is its join, and otherwise the witness that it is
// not, marked in the diagram and explained in its notes.
func LatticeDiagram(r promote.Rules) (*Diagram, error) {
	label := rules.Label(r)
	if l, ok := ownLattice(r); ok {
		return fromLattice(label, r, l), nil
	}
	return inducedDiagram(label, Induce(r)), nil
}

// fromLattice draws a lattice's Hasse diagram. Nodes for dtypes the rule
// set does not accept (the Array API's complex types in 2021.12) are left
// out.
func fromLattice(label string, r promote.Rules, l *lattice.Lattice) *Diagram {
	d := &Diagram{Title: label + ": its promotion lattice (Hasse diagram; a join is the lowest node above both)"}
	var keep []lattice.Node
	index := map[lattice.Node]int{}
	for i := 0; i < l.Len(); i++ {
		n := lattice.Node(i)
		name := l.Name(n)
		node := nodeFromName(name)
		if !node.Weak {
			t, err := dtype.Parse(name)
			if err != nil {
				continue
			}
			if _, err := r.PromoteTypes(t, t); err != nil {
				continue
			}
		}
		index[n] = len(d.Nodes)
		keep = append(keep, n)
		d.Nodes = append(d.Nodes, node)
	}
	// Covering edges: a < b with nothing strictly between (the transitive
	// reduction of the order, whichever edges the lattice was given).
	for _, a := range keep {
		for _, b := range keep {
			if a == b || !l.Leq(a, b) {
				continue
			}
			covered := true
			for _, c := range keep {
				if c != a && c != b && l.Leq(a, c) && l.Leq(c, b) {
					covered = false
					break
				}
			}
			if covered {
				d.Edges = append(d.Edges, DiagramEdge{Lower: index[a], Upper: index[b]})
			}
		}
	}
	weak := 0
	for _, n := range d.Nodes {
		if n.Weak {
			weak++
		}
	}
	if weak > 0 {
		d.Notes = append(d.Notes, fmt.Sprintf("Dashed nodes are the %d weak types (Python scalars and weakly typed values): they sit below the dtypes they give way to.", weak))
	}
	return d
}

// nodeFromName reads a lattice node's name: a canonical dtype name, a
// weak dtype (i32?), or a weak Python type (i*, f*, c*).
func nodeFromName(name string) Node {
	n := Node{Label: name}
	base := name
	switch {
	case strings.HasSuffix(name, "?"):
		n.Weak, base = true, strings.TrimSuffix(name, "?")
	case strings.HasSuffix(name, "*"):
		n.Weak = true
		switch strings.TrimSuffix(name, "*") {
		case "b":
			n.Kind = KindBool
		case "i":
			n.Kind = KindSigned
		case "u":
			n.Kind = KindUnsigned
		case "f":
			n.Kind = KindFloat
		case "c":
			n.Kind = KindComplex
		}
		return n
	}
	if t, err := dtype.Parse(base); err == nil {
		n.Kind = KindOf(t)
	}
	return n
}
