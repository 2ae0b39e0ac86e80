package picture

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
	"github.com/promote-dev/promote/rules"
)

// LatticeDiagram draws a rule set's lattice. A rule set defined by a
// lattice (promote.LatticeOf) is drawn from it: its Hasse diagram, weak
// nodes dashed. Any other is drawn from the order its pair table induces
// (package check: a below b when a·b = b), which is a lattice's join when
// check finds no witness; otherwise the witness check gives (two dtypes
// with no least upper bound, a triple where order matters, ...) is marked
// in the diagram and explained under it, or, when the relation is not an
// order that can be drawn, the witness is drawn alone, as the steps that
// disagree.
func LatticeDiagram(r promote.Rules) (*Diagram, error) {
	label := rules.Label(r)
	if l := promote.LatticeOf(r); l != nil {
		return fromLattice(label, r, l), nil
	}
	return inducedDiagram(label, check.Induce(check.NewAlgebra(r))), nil
}

// fromLattice draws a lattice's Hasse diagram. Strong nodes for dtypes the
// rule set does not accept (the Array API's complex types in 2021.12) are
// left out.
func fromLattice(label string, r promote.Rules, l *promote.Lattice) *Diagram {
	d := &Diagram{Title: label + ": its promotion lattice (Hasse diagram; a join is the lowest node above both)"}
	keep := map[lattice.Node]int{}
	var kept []lattice.Node
	weak := 0
	for i, n := range l.Nodes {
		if !n.Weak {
			if _, err := r.PromoteTypes(n.DType, n.DType); err != nil {
				continue
			}
		}
		keep[lattice.Node(i)] = len(d.Nodes)
		kept = append(kept, lattice.Node(i))
		d.Nodes = append(d.Nodes, Node{Label: n.Name, Kind: KindOf(n.DType), Weak: n.Weak})
		if n.Weak {
			weak++
		}
	}
	// Covering edges among the nodes kept: a < b with nothing kept
	// strictly between.
	g := l.Graph
	for _, a := range kept {
		for _, b := range kept {
			if a == b || !g.Leq(a, b) {
				continue
			}
			covered := true
			for _, c := range kept {
				if c != a && c != b && g.Leq(a, c) && g.Leq(c, b) {
					covered = false
					break
				}
			}
			if covered {
				d.Edges = append(d.Edges, DiagramEdge{Lower: keep[a], Upper: keep[b]})
			}
		}
	}
	if weak > 0 {
		var ws []string
		for _, n := range l.Nodes {
			if n.Weak && n.Text != "" {
				ws = append(ws, n.Name+" "+strings.TrimSuffix(n.Text, "."))
			}
		}
		note := fmt.Sprintf("Dashed nodes are the %d weak types (Python scalars and weakly typed values): they sit below the dtypes they give way to", weak)
		if len(ws) > 0 {
			note += ": " + strings.Join(ws, "; ")
		}
		d.Notes = append(d.Notes, note+".")
	}
	return d
}

// inducedDiagram draws the order a pair table induces, with the witness
// marked; when the relation has a cycle (so it is no order), the witness
// alone.
func inducedDiagram(label string, o *check.Order) *Diagram {
	d := &Diagram{Title: label + ": the order its pair table induces (a below b when a·b = b)"}
	if o.Lattice {
		d.Title = label + ": the lattice its pair table induces (every answer is the join, or refused where there is none)"
	}
	idx := map[check.Elem]int{}
	for i, e := range o.Elems {
		idx[e] = i
		d.Nodes = append(d.Nodes, Node{Label: e.String(), Kind: KindOf(e.DType), Weak: e.Weak})
	}
	for _, e := range o.Hasse {
		d.Edges = append(d.Edges, DiagramEdge{Lower: idx[e.Lower], Upper: idx[e.Upper]})
	}
	w := o.Witness
	if w != nil {
		for _, e := range append(append([]check.Elem(nil), w.Operands...), w.Bounds...) {
			if i, ok := idx[e]; ok {
				d.Nodes[i].Mark = true
			}
		}
		d.Notes = append(d.Notes, "Not a lattice. Witness (marked): "+w.Text+".")
	}
	for _, a := range o.Aliases {
		d.Notes = append(d.Notes, fmt.Sprintf("%s is left out: the rule set maps it to %s first, so it stands wherever %s does.", a.From, a.To, a.To))
	}
	if w != nil {
		if _, err := d.Layout(); err != nil {
			// a ≤ b and b ≤ a for two different types: no order to draw.
			return witnessDiagram(label, w)
		}
	}
	return d
}

// witnessDiagram draws a witness on its own, as the steps of the
// computations that disagree: operands at the bottom, each step a node
// above the two it combines.
func witnessDiagram(label string, w *check.Witness) *Diagram {
	d := &Diagram{Title: label + ": no order induces its pair table (the witness)"}
	add := func(text string, mark bool) int {
		d.Nodes = append(d.Nodes, Node{Label: text, Mark: mark, Kind: kindOfLabel(text)})
		return len(d.Nodes) - 1
	}
	edge := func(lo, hi int) { d.Edges = append(d.Edges, DiagramEdge{Lower: lo, Upper: hi}) }
	ops := make([]int, len(w.Operands))
	for i, e := range w.Operands {
		ops[i] = add(e.String(), true)
	}
	res := func(i int) string {
		if i < len(w.Results) {
			return w.Results[i].String()
		}
		return "?"
	}
	switch {
	case w.Kind == check.OrderMatters && len(ops) == 3:
		a, b, c := w.Operands[0], w.Operands[1], w.Operands[2]
		left := add(fmt.Sprintf("(%s·%s)·%s = %s", a, b, c, res(0)), true)
		edge(ops[0], left)
		edge(ops[1], left)
		edge(ops[2], left)
		right := add(fmt.Sprintf("%s·(%s·%s) = %s", a, b, c, res(1)), true)
		edge(ops[0], right)
		edge(ops[1], right)
		edge(ops[2], right)
	case w.Kind == check.NotCommutative && len(ops) == 2:
		a, b := w.Operands[0], w.Operands[1]
		for i, text := range []string{fmt.Sprintf("%s·%s = %s", a, b, res(0)), fmt.Sprintf("%s·%s = %s", b, a, res(1))} {
			n := add(text, i == 0)
			edge(ops[0], n)
			edge(ops[1], n)
		}
	case len(ops) == 1:
		edge(ops[0], add(fmt.Sprintf("%s·%s = %s", w.Operands[0], w.Operands[0], res(0)), true))
	case len(ops) == 2:
		n := add(fmt.Sprintf("%s·%s = %s", w.Operands[0], w.Operands[1], res(0)), true)
		edge(ops[0], n)
		edge(ops[1], n)
	}
	d.Notes = append(d.Notes, "The relation a·b = b is not an order here. Witness: "+w.Text+".")
	return d
}

// kindOfLabel colours a step node by its answer (the text after " = ").
func kindOfLabel(text string) Kind {
	_, ans, ok := strings.Cut(text, " = ")
	if !ok {
		ans = text
	}
	if strings.HasPrefix(ans, "error") {
		return KindRefused
	}
	t, err := dtype.Parse(strings.TrimSuffix(ans, "?"))
	if err != nil {
		return KindNone
	}
	return KindOf(t)
}
