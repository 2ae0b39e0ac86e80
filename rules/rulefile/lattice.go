package rulefile

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
)

// noNode marks a dtype with no node.
const noNode = lattice.Node(255)

// builtLattice is the lattice shape checked and built.
type builtLattice struct {
	lat    *promote.Lattice
	strong [dtype.Count]lattice.Node // a strong operand's node
	weak   [dtype.Count]lattice.Node // a weak operand's node
	lit    [promote.ComplexValue + 1]lattice.Node
	jax    bool
}

// latticeNodes resolves node names for the lattice shape.
type latticeNodes struct {
	r       *reader
	s       *spec
	names   []string
	index   map[string]int
	desc    []promote.LatticeNode
	line    []int // where each node was declared or described (0: a listed dtype not described)
	weakOps [][]string
	opsLine []int
}

func (n *latticeNodes) add(name string, d dtype.DType, weak bool, line int) int {
	n.index[name] = len(n.names)
	n.names = append(n.names, name)
	n.desc = append(n.desc, promote.LatticeNode{Name: name, DType: d, Weak: weak})
	n.line = append(n.line, line)
	n.weakOps = append(n.weakOps, nil)
	n.opsLine = append(n.opsLine, 0)
	return len(n.names) - 1
}

// resolve finds the node a name in an edge or [literals] means: a
// described node, a weak dtype "X?", or a listed dtype in any spelling.
func (n *latticeNodes) resolve(name string, line int, what string) (int, error) {
	if i, ok := n.index[name]; ok {
		return i, nil
	}
	if base, ok := strings.CutSuffix(name, "?"); ok {
		if d, err := dtype.Parse(base); err == nil {
			if _, listed := n.s.dtypeLine[d]; listed {
				i := n.add(d.String()+"?", d, true, line)
				n.weakOps[i], n.opsLine[i] = []string{d.String()}, line // a weak operand of its own dtype
				return i, nil
			}
		}
	}
	if d, err := dtype.Parse(name); err == nil {
		if i, ok := n.index[d.String()]; ok {
			return i, nil
		}
	}
	var weak []string
	for i, d := range n.desc {
		if d.Weak {
			weak = append(weak, n.names[i])
		}
	}
	valid := "the dtypes (line " + fmt.Sprint(n.s.dtypesLine) + "), a weak dtype written X? such as " + n.s.dtypes[0].String() + "?"
	if len(weak) > 0 {
		valid += ", and the nodes of [lattice.nodes]: " + strings.Join(weak, ", ")
	}
	return 0, n.r.errorf(line, "%s: unknown node %q (valid: %s)", what, name, valid)
}

// buildLattice checks the lattice shape and builds it.
func (r *reader) buildLattice(s *spec) (*builtLattice, error) {
	ls := s.lattice
	n := &latticeNodes{r: r, s: s, index: map[string]int{}}
	for _, d := range s.dtypes {
		n.add(d.String(), d, false, 0)
	}
	for _, ns := range ls.nodes {
		if err := r.describe(n, ns); err != nil {
			return nil, err
		}
	}
	// Edges, with their lines, then the checks lattice.New would make
	// without lines: duplicates, cycles, size.
	type edge struct{ lo, hi, line int }
	var edges []edge
	seen := map[[2]int]int{}
	for _, e := range ls.edges {
		what := fmt.Sprintf("edge %s -> %s", e.lower, e.upper)
		lo, err := n.resolve(e.lower, e.line, what)
		if err != nil {
			return nil, err
		}
		hi, err := n.resolve(e.upper, e.line, what)
		if err != nil {
			return nil, err
		}
		if lo == hi {
			return nil, r.errorf(e.line, "%s: a node cannot promote to itself", what)
		}
		if first, dup := seen[[2]int{lo, hi}]; dup {
			return nil, r.errorf(e.line, "%s is listed twice (first at line %d)", what, first)
		}
		seen[[2]int{lo, hi}] = e.line
		edges = append(edges, edge{lo, hi, e.line})
	}
	if len(n.names) > lattice.MaxNodes {
		return nil, r.errorf(ls.line, "the lattice has %d nodes; at most %d", len(n.names), lattice.MaxNodes)
	}
	out := make([][]edge, len(n.names))
	for _, e := range edges {
		out[e.lo] = append(out[e.lo], e)
	}
	state := make([]int, len(n.names)) // 0 unseen, 1 on the path, 2 done
	var path []string
	var cycle func(v int) error
	cycle = func(v int) error {
		state[v] = 1
		path = append(path, n.names[v])
		for _, e := range out[v] {
			switch state[e.hi] {
			case 1:
				i := 0
				for path[i] != n.names[e.hi] {
					i++
				}
				loop := append(append([]string(nil), path[i:]...), n.names[e.hi])
				return r.errorf(e.line, "the edges make a cycle, %s: a lattice's edges must only go up", strings.Join(loop, " -> "))
			case 0:
				if err := cycle(e.hi); err != nil {
					return err
				}
			}
		}
		path = path[:len(path)-1]
		state[v] = 2
		return nil
	}
	for v := range n.names {
		if state[v] == 0 {
			if err := cycle(v); err != nil {
				return nil, err
			}
		}
	}
	le := make([]lattice.Edge, len(edges))
	for i, e := range edges {
		le[i] = lattice.Edge{Lower: n.names[e.lo], Upper: n.names[e.hi]}
	}
	g, err := lattice.New(n.names, le)
	if err != nil {
		return nil, r.errorf(ls.edgesLine, "%v", err)
	}
	// Every pair with a common upper bound needs a least one.
	for a := range n.names {
		for b := a + 1; b < len(n.names); b++ {
			if _, err := g.Join2(lattice.Node(a), lattice.Node(b)); err != nil && commonBound(g, lattice.Node(a), lattice.Node(b)) {
				return nil, r.errorf(ls.edgesLine, "%s and %s have more than one least upper bound, so their join is not defined; add an edge that orders their minimal common upper bounds, or a node below them and above %s and %s",
					n.names[a], n.names[b], n.names[a], n.names[b])
			}
		}
	}
	bl := &builtLattice{jax: ls.semantics == "jax"}
	if bl.jax && s.nary != promote.Set {
		return nil, r.errorf(ls.semLine, `weak_semantics = "jax" is JAX's lattice_result_type over a set of operands; it needs nary = "set"`)
	}
	for i := range bl.strong {
		bl.strong[i], bl.weak[i] = noNode, noNode
	}
	for i := range bl.lit {
		bl.lit[i] = noNode
	}
	for i, d := range n.desc {
		if !d.Weak {
			bl.strong[d.DType] = lattice.Node(i)
		}
	}
	if err := r.weakOperands(n, bl); err != nil {
		return nil, err
	}
	for k, ls := range s.literals {
		if ls == nil {
			continue
		}
		i, err := n.resolve(ls.target, ls.line, "literals "+promote.ValueKind(k).String())
		if err != nil {
			return nil, err
		}
		bl.lit[k] = lattice.Node(i)
		n.desc[i].Literals = append(n.desc[i].Literals, promote.ValueKind(k))
	}
	if bl.lat, err = promote.NewLattice(g, n.desc); err != nil {
		return nil, r.errorf(ls.line, "%v", err)
	}
	return bl, nil
}

// commonBound reports whether a and b have a common upper bound.
func commonBound(g *lattice.Lattice, a, b lattice.Node) bool {
	for c := range g.Len() {
		if g.Leq(a, lattice.Node(c)) && g.Leq(b, lattice.Node(c)) {
			return true
		}
	}
	return false
}

// describe applies one [lattice.nodes] entry.
func (r *reader) describe(n *latticeNodes, ns *nodeSpec) error {
	if d, err := dtype.Parse(ns.name); err == nil {
		if _, listed := n.s.dtypeLine[d]; listed {
			if ns.dtype != dtype.Invalid {
				return r.errorf(ns.line, "node %s is the dtype %s, a strong node: it takes no dtype key (name weak nodes otherwise, such as i* or %s?)", ns.name, d, d)
			}
			i := n.index[d.String()]
			if n.line[i] != 0 {
				return r.errorf(ns.line, "node %s describes the dtype %s, already described at line %d", ns.name, d, n.line[i])
			}
			n.line[i] = ns.line
			n.desc[i].Text = ns.text
			n.weakOps[i], n.opsLine[i] = ns.weakOps, ns.opsLine
			return nil
		}
	}
	if _, dup := n.index[ns.name]; dup {
		return r.errorf(ns.line, "node %s described twice", ns.name)
	}
	if strings.ContainsAny(ns.name, " \t,") || strings.Contains(ns.name, "->") || ns.name == "" {
		return r.errorf(ns.line, "node name %q: use no spaces, commas or ->", ns.name)
	}
	d := ns.dtype
	if base, ok := strings.CutSuffix(ns.name, "?"); ok && d == dtype.Invalid {
		d, _ = dtype.Parse(base)
	}
	if d == dtype.Invalid {
		return r.errorf(ns.line, "node %s is not a listed dtype, so it is a weak node and needs the dtype of its values: dtype = \"i64\"", ns.name)
	}
	if d == dtype.Dynamic {
		return r.errorf(ns.line, "node %s: dynamic has no values; give a dtype such as i64", ns.name)
	}
	i := n.add(ns.name, d, true, ns.line)
	n.desc[i].Text = ns.text
	n.weakOps[i], n.opsLine[i] = ns.weakOps, ns.opsLine
	if ns.weakOps == nil {
		if _, listed := n.s.dtypeLine[d]; listed {
			n.weakOps[i] = []string{d.String()} // a weak operand of its own dtype
		}
	}
	return nil
}

// weakOperands maps each weak operand's dtype to its node.
func (r *reader) weakOperands(n *latticeNodes, bl *builtLattice) error {
	from := map[dtype.DType]int{}
	for i := range n.names {
		for _, op := range n.weakOps[i] {
			var ds []dtype.DType
			if contains(weakKinds, op) {
				for _, d := range n.s.dtypes {
					if ofKind(d, op) {
						ds = append(ds, d)
					}
				}
			} else {
				d, err := dtype.Parse(op)
				if err != nil {
					return r.errorf(n.opsLine[i], "node %s weak_operands: %q is neither a kind (%s) nor a dtype", n.names[i], op, strings.Join(weakKinds, ", "))
				}
				if _, listed := n.s.dtypeLine[d]; !listed {
					return r.errorf(n.opsLine[i], "node %s weak_operands: %s is not among the dtypes (line %d)", n.names[i], d, n.s.dtypesLine)
				}
				ds = []dtype.DType{d}
			}
			for _, d := range ds {
				if j, dup := from[d]; dup && j != i {
					return r.errorf(n.opsLine[i], "a weak %s operand would be both node %s and node %s; list it under one node's weak_operands", d, n.names[j], n.names[i])
				}
				from[d] = i
				bl.weak[d] = lattice.Node(i)
			}
		}
	}
	return nil
}

// ofKind reports whether d is of a weak_operands kind.
func ofKind(d dtype.DType, kind string) bool {
	switch kind {
	case "bool":
		return d == dtype.Bool
	case "int":
		return d.IsInteger()
	case "signed":
		return d.IsSigned()
	case "unsigned":
		return d.IsUnsigned()
	case "float":
		return d.IsFloat()
	case "complex":
		return d.IsComplex()
	}
	return false
}
