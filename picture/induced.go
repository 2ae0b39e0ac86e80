package picture

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Induced is the order a rule set's pair table induces on the dtypes it
// accepts (those that promote with themselves): a ≤ b when a·b and b·a
// are both b, strong. The table is a lattice's join when every pair's
// answer is the least upper bound of the pair in that order; otherwise
// Witness says why not.
type Induced struct {
	DTypes []dtype.DType
	// Leq[i][j] reports DTypes[i] ≤ DTypes[j].
	Leq [][]bool
	// Partial reports that Leq is a partial order (reflexive,
	// antisymmetric, transitive), so it has a Hasse diagram.
	Partial bool
	// Lattice reports that every pair's answer is its join in Leq.
	Lattice bool
	// Witness is the first pair or triple, in table order, that shows the
	// table is not a lattice's join; nil when Lattice.
	Witness *Witness
}

// WitnessKind names what a witness shows.
type WitnessKind string

// The witnesses, checked in this order.
const (
	// NotIdempotent: a·a is not a (JAX's x64=false gives i64·i64 = i32).
	NotIdempotent WitnessKind = "not-idempotent"
	// OrderMatters: a·b and b·a differ.
	OrderMatters WitnessKind = "order-matters"
	// NoJoin: two dtypes with no least upper bound: the table refuses the
	// pair, or answers with something that is not a dtype of the order.
	NoJoin WitnessKind = "no-join"
	// NotAssociative: a triple where the grouping matters,
	// (a·b)·c ≠ a·(b·c).
	NotAssociative WitnessKind = "not-associative"
)

// Witness is a pair or triple of dtypes that shows a pair table is no
// lattice's join.
type Witness struct {
	Kind WitnessKind
	// Operands are the pair or the triple.
	Operands []dtype.DType
	// Results are the answers that disagree or fail, as the table prints
	// them (f32, f64?, × for a refusal).
	Results []string
	// Bounds are the minimal common upper bounds of a NoJoin pair.
	Bounds []dtype.DType
	// Text explains the witness in words.
	Text string
}

// Induce computes the order r's pair table induces, and the witness when
// it is no lattice.
func Induce(r promote.Rules) *Induced {
	in := &Induced{}
	for _, d := range dtype.All() {
		if _, err := r.PromoteTypes(d, d); err == nil {
			in.DTypes = append(in.DTypes, d)
		}
	}
	n := len(in.DTypes)
	idx := map[dtype.DType]int{}
	for i, d := range in.DTypes {
		idx[d] = i
	}
	// op[i][j] is the index of DTypes[i]·DTypes[j] when it is a strong
	// dtype of the order, else -1; label[i][j] is the answer as printed.
	op := make([][]int, n)
	label := make([][]string, n)
	for i, a := range in.DTypes {
		op[i] = make([]int, n)
		label[i] = make([]string, n)
		for j, b := range in.DTypes {
			ans := answer(r, a, b)
			label[i][j] = ans.Label()
			op[i][j] = -1
			if k, ok := idx[ans.DType]; ok && !ans.Refused && !ans.Weak {
				op[i][j] = k
			}
		}
	}
	in.Leq = make([][]bool, n)
	for i := range in.Leq {
		in.Leq[i] = make([]bool, n)
		for j := range in.Leq[i] {
			in.Leq[i][j] = op[i][j] == j && op[j][i] == j
		}
	}
	in.Partial = isPartialOrder(in.Leq)
	in.Witness = in.witness(op, label)
	in.Lattice = in.Witness == nil
	return in
}

// isPartialOrder checks reflexivity, antisymmetry and transitivity.
func isPartialOrder(leq [][]bool) bool {
	n := len(leq)
	for i := 0; i < n; i++ {
		if !leq[i][i] {
			return false
		}
		for j := 0; j < n; j++ {
			if i != j && leq[i][j] && leq[j][i] {
				return false
			}
			if !leq[i][j] {
				continue
			}
			for k := 0; k < n; k++ {
				if leq[j][k] && !leq[i][k] {
					return false
				}
			}
		}
	}
	return true
}

// witness finds the first failure: idempotence, then commutativity, then
// pair by pair in table order, a refusal or an answer that is not the
// least upper bound (which a triple then shows).
func (in *Induced) witness(op [][]int, label [][]string) *Witness {
	ds := in.DTypes
	n := len(ds)
	for i := 0; i < n; i++ {
		if op[i][i] != i {
			return &Witness{Kind: NotIdempotent, Operands: []dtype.DType{ds[i]}, Results: []string{label[i][i]},
				Text: fmt.Sprintf("%s·%s = %s, not %s: the table does not return a dtype met with itself, so no order induces it", ds[i], ds[i], label[i][i], ds[i])}
		}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if label[i][j] != label[j][i] {
				return &Witness{Kind: OrderMatters, Operands: []dtype.DType{ds[i], ds[j]}, Results: []string{label[i][j], label[j][i]},
					Text: fmt.Sprintf("order matters: %s·%s = %s but %s·%s = %s, while a join does not depend on order", ds[i], ds[j], label[i][j], ds[j], ds[i], label[j][i])}
			}
		}
	}
	if !in.Partial {
		// Reflexive (idempotent) and antisymmetric (commutative), so
		// transitivity fails: a ≤ b ≤ c but not a ≤ c, and then
		// (a·b)·c = b·c = c while a·(b·c) = a·c ≠ c.
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				if a == b || !in.Leq[a][b] {
					continue
				}
				for c := 0; c < n; c++ {
					if in.Leq[b][c] && !in.Leq[a][c] {
						return in.triple(op, label, a, b, c)
					}
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			r := op[i][j]
			if r < 0 {
				bounds := in.minimalUpperBounds(i, j)
				why := "the table refuses the pair"
				if label[i][j] != "×" {
					why = fmt.Sprintf("the table answers %s, which is not one of the %d dtypes it accepts as strong types", label[i][j], n)
				}
				text := fmt.Sprintf("%s and %s have no least upper bound: %s", ds[i], ds[j], why)
				switch len(bounds) {
				case 0:
					text += ", and no dtype lies above both"
				case 1:
					text += fmt.Sprintf(", though %s lies above both and below every other dtype above both", bounds[0])
				default:
					text += fmt.Sprintf(", and the dtypes above both have %d lowest ones (%s)", len(bounds), joinDTypes(bounds))
				}
				return &Witness{Kind: NoJoin, Operands: []dtype.DType{ds[i], ds[j]}, Results: []string{label[i][j]}, Bounds: bounds, Text: text}
			}
			// The answer r must lie above both: if a·r ≠ r, then
			// a·(a·b) = a·r differs from (a·a)·b = r; if r·b ≠ r, then
			// (a·b)·b = r·b differs from a·(b·b) = r.
			if op[i][r] != r {
				return in.triple(op, label, i, i, j)
			}
			if op[r][j] != r {
				return in.triple(op, label, i, j, j)
			}
			// And below every other common upper bound c: else
			// (a·b)·c = r·c ≠ c = a·(b·c).
			for c := 0; c < n; c++ {
				if in.Leq[i][c] && in.Leq[j][c] && op[r][c] != c {
					return in.triple(op, label, i, j, c)
				}
			}
		}
	}
	return nil
}

// triple is the NotAssociative witness (a, b, c) with its two groupings,
// or the refusal that one grouping meets.
func (in *Induced) triple(op [][]int, label [][]string, a, b, c int) *Witness {
	ds := in.DTypes
	left := label[a][b] // a refusal stays a refusal
	if ab := op[a][b]; ab >= 0 {
		left = label[ab][c]
	}
	right := label[b][c]
	if bc := op[b][c]; bc >= 0 {
		right = label[a][bc]
	}
	w := &Witness{Kind: NotAssociative, Operands: []dtype.DType{ds[a], ds[b], ds[c]}, Results: []string{label[a][b], left, label[b][c], right}}
	w.Text = fmt.Sprintf("the grouping matters: (%s·%s)·%s = %s·%s = %s, but %s·(%s·%s) = %s·%s = %s",
		ds[a], ds[b], ds[c], label[a][b], ds[c], left, ds[a], ds[b], ds[c], ds[a], label[b][c], right)
	return w
}

// minimalUpperBounds lists the lowest dtypes above both i and j.
func (in *Induced) minimalUpperBounds(i, j int) []dtype.DType {
	var common []int
	for c := range in.DTypes {
		if in.Leq[i][c] && in.Leq[j][c] {
			common = append(common, c)
		}
	}
	var out []dtype.DType
	for _, c := range common {
		minimal := true
		for _, d := range common {
			if d != c && in.Leq[d][c] {
				minimal = false
				break
			}
		}
		if minimal {
			out = append(out, in.DTypes[c])
		}
	}
	return out
}

func joinDTypes(ds []dtype.DType) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = d.String()
	}
	return strings.Join(s, ", ")
}

// inducedDiagram draws an induced order: its Hasse diagram with the
// witness marked when the order is a partial order, else the witness
// alone, as the steps that disagree.
func inducedDiagram(label string, in *Induced) *Diagram {
	if in.Partial {
		d := &Diagram{Title: label + ": the order its pair table induces (a below b when a·b = b·a = b)"}
		if in.Lattice {
			d.Title = label + ": the lattice its pair table induces (every answer is the join)"
		}
		idx := map[dtype.DType]int{}
		for i, t := range in.DTypes {
			idx[t] = i
			d.Nodes = append(d.Nodes, Node{Label: t.String(), Kind: KindOf(t)})
		}
		n := len(in.DTypes)
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				if a == b || !in.Leq[a][b] {
					continue
				}
				covered := true
				for c := 0; c < n; c++ {
					if c != a && c != b && in.Leq[a][c] && in.Leq[c][b] {
						covered = false
						break
					}
				}
				if covered {
					d.Edges = append(d.Edges, DiagramEdge{Lower: a, Upper: b})
				}
			}
		}
		if w := in.Witness; w != nil {
			for _, t := range append(append([]dtype.DType(nil), w.Operands...), w.Bounds...) {
				d.Nodes[idx[t]].Mark = true
			}
			d.Notes = append(d.Notes, "Not a lattice. Witness (marked): "+w.Text+".")
		}
		return d
	}
	return witnessDiagram(label, in.Witness)
}

// witnessDiagram draws a witness on its own, as the steps of the
// computations that disagree: operands at the bottom, each step a node
// above the two it combines.
func witnessDiagram(label string, w *Witness) *Diagram {
	d := &Diagram{Title: label + ": no lattice induces its pair table (witness)"}
	add := func(text string, mark bool) int {
		d.Nodes = append(d.Nodes, Node{Label: text, Mark: mark, Kind: kindOfLabel(text)})
		return len(d.Nodes) - 1
	}
	edge := func(lo, hi int) { d.Edges = append(d.Edges, DiagramEdge{Lower: lo, Upper: hi}) }
	ops := make([]int, len(w.Operands))
	for i, t := range w.Operands {
		ops[i] = add(t.String(), true)
	}
	s := func(t dtype.DType) string { return t.String() }
	switch w.Kind {
	case NotIdempotent:
		r := add(fmt.Sprintf("%s·%s = %s", s(w.Operands[0]), s(w.Operands[0]), w.Results[0]), false)
		edge(ops[0], r)
	case OrderMatters, NoJoin:
		a, b := w.Operands[0], w.Operands[1]
		r1 := add(fmt.Sprintf("%s·%s = %s", s(a), s(b), w.Results[0]), w.Kind == NoJoin)
		edge(ops[0], r1)
		edge(ops[1], r1)
		if w.Kind == OrderMatters {
			r2 := add(fmt.Sprintf("%s·%s = %s", s(b), s(a), w.Results[1]), false)
			edge(ops[0], r2)
			edge(ops[1], r2)
		}
	case NotAssociative:
		a, b, c := w.Operands[0], w.Operands[1], w.Operands[2]
		ab := add(fmt.Sprintf("%s·%s = %s", s(a), s(b), w.Results[0]), false)
		edge(ops[0], ab)
		edge(ops[1], ab)
		left := add(fmt.Sprintf("(%s·%s)·%s = %s", s(a), s(b), s(c), w.Results[1]), true)
		edge(ab, left)
		edge(ops[2], left)
		bc := add(fmt.Sprintf("%s·%s = %s", s(b), s(c), w.Results[2]), false)
		edge(ops[1], bc)
		edge(ops[2], bc)
		right := add(fmt.Sprintf("%s·(%s·%s) = %s", s(a), s(b), s(c), w.Results[3]), true)
		edge(ops[0], right)
		edge(bc, right)
	}
	d.Notes = append(d.Notes, "The order a·b = b does not even form a partial order here. Witness: "+w.Text+".")
	return d
}

// kindOfLabel colours a step node by its answer (the text after " = ").
func kindOfLabel(text string) Kind {
	_, ans, ok := strings.Cut(text, " = ")
	if !ok {
		ans = text
	}
	if ans == "×" {
		return KindRefused
	}
	t, err := dtype.Parse(strings.TrimSuffix(ans, "?"))
	if err != nil {
		return KindNone
	}
	return KindOf(t)
}
