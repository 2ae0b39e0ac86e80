package check

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// MaxWitnesses is how many failing cases a Property keeps; Failed counts
// them all.
const MaxWitnesses = 20

// The witness kinds of the N-operand properties.
const (
	// NAryOrderMatters: the rule set's own answer for three operands
	// depends on their order.
	NAryOrderMatters WitnessKind = "n-ary-order-matters"
	// NAryNotFold: the rule set's own answer for three operands is not the
	// left fold of its pair operation.
	NAryNotFold WitnessKind = "n-ary-not-fold"
)

// Property is one measured property: whether it holds over every case,
// how many cases were checked and failed, and the first failing cases.
type Property struct {
	// Applies is false when the property has no meaning for the rule set
	// (the N-operand properties of a rule set that takes exactly two
	// operands); the other fields are then zero.
	Applies bool `json:"applies"`
	Holds   bool `json:"holds"`
	Checked int  `json:"checked"`
	Failed  int  `json:"failed"`
	// Witnesses are the first MaxWitnesses failing cases, in dtype order.
	Witnesses []Witness `json:"witnesses,omitempty"`
}

func (p *Property) fail(w Witness) {
	p.Failed++
	if len(p.Witnesses) < MaxWitnesses {
		p.Witnesses = append(p.Witnesses, w)
	}
}

func (p *Property) done() { p.Applies, p.Holds = true, p.Failed == 0 }

// Refusal groups the refused ordered pairs of accepted dtypes by the rule
// that refused them.
type Refusal struct {
	Rule  string `json:"rule"`
	Text  string `json:"text"`
	Count int    `json:"count"`
	// Example is the first refused pair, with the rule set's message.
	Example [2]dtype.DType `json:"example"`
	Message string         `json:"message"`
}

// LossyCell is a promotion whose result cannot hold every value of an
// operand exactly.
type LossyCell struct {
	A Elem `json:"a"`
	B Elem `json:"b"`
	// Result is a·b; when b·a differs it is listed as a cell of its own.
	Result Outcome `json:"result"`
	// Losses say, for each operand the result does not hold, what it
	// loses (see Loss).
	Losses []OperandLoss `json:"losses"`
}

// OperandLoss is what one operand loses in a result.
type OperandLoss struct {
	From dtype.DType `json:"from"`
	Text string      `json:"text"`
}

// Report is every property of one built rule set, measured over its
// accepted dtypes (pairs and every triple) as the package comment says.
type Report struct {
	// Rules is the spec naming the rule set and its changed settings
	// (numpy:check_values=true); Title the system; NAry its N-operand
	// semantics.
	Rules string `json:"rules"`
	Title string `json:"title"`
	NAry  string `json:"nary"`
	// DTypes are the accepted dtypes.
	DTypes []dtype.DType `json:"dtypes"`
	// Pairs is the number of ordered pairs of accepted dtypes; Refused the
	// number the rule set refuses, grouped in Refusals.
	Pairs    int       `json:"pairs"`
	Refused  int       `json:"refused"`
	Refusals []Refusal `json:"refusals,omitempty"`
	// Commutative: a·b = b·a for every unordered pair of accepted dtypes.
	Commutative Property `json:"commutative"`
	// Idempotent: a·a = a for every accepted dtype; Aliases lists the
	// dtypes that fail only because the rule set maps them to another
	// first (see Alias), which Induce allows.
	Idempotent Property `json:"idempotent"`
	Aliases    []Alias  `json:"aliases,omitempty"`
	// Associative: (a·b)·c = a·(b·c) for every ordered triple of accepted
	// dtypes, a weak intermediate meeting the next operand as a weak
	// tensor.
	Associative Property `json:"associative"`
	// NAryOrderFree: the rule set's own three-operand answer Result(a, b,
	// c) is the same in all six orders, checked per multiset of dtypes;
	// NAryFold: it equals the left fold (a·b)·c, per ordered triple.
	NAryOrderFree Property `json:"nary_order_free"`
	NAryFold      Property `json:"nary_fold"`
	// Lattice is the order the pair table induces and whether a lattice
	// induces the table.
	Lattice *Order `json:"lattice"`
	// OwnLattice compares the rule set's own lattice with that order;
	// nil when the rule set exposes no lattice.
	OwnLattice *Agreement `json:"own_lattice,omitempty"`
	// Safe counts the defined cells (unordered pairs of accepted dtypes,
	// and both orders where they differ) whose result holds both operands
	// exactly (dtype.Holds); Lossy lists the others; Undecided counts the
	// cells whose result is dynamic, which has no fixed values.
	Safe      int         `json:"safe"`
	Lossy     []LossyCell `json:"lossy,omitempty"`
	Undecided int         `json:"undecided,omitempty"`
}

// Label is the spec that names a built rule set: its name, then each
// setting that differs from the default (numpy:check_values=true).
func Label(r promote.Rules) string {
	l := r.Def().Name
	for _, kv := range r.Settings().Changed() {
		l += ":" + kv
	}
	return l
}

// Check measures every property of the rule set.
func Check(r promote.Rules) *Report {
	alg := NewAlgebra(r)
	d := r.Def()
	rep := &Report{Rules: Label(r), Title: d.Title, NAry: d.NAry.String()}
	n := alg.Strong()
	for i := range n {
		rep.DTypes = append(rep.DTypes, alg.Elem(i).DType)
	}
	rep.Pairs = n * n
	rep.refusals(alg)
	rep.commutative(alg)
	rep.idempotent(alg)
	rep.associative(alg)
	rep.nary(alg)
	rep.Lattice = Induce(alg)
	rep.Aliases = rep.Lattice.Aliases
	if l := promote.LatticeOf(r); l != nil {
		rep.OwnLattice = Compare(rep.Lattice, l)
	}
	rep.lossy(alg)
	return rep
}

func (rep *Report) refusals(alg *Algebra) {
	n := alg.Strong()
	byRule := map[string]int{}
	for i := range n {
		for j := range n {
			o := alg.Product(i, j)
			if !o.Refused {
				continue
			}
			rep.Refused++
			id, text := "?", ""
			if o.Rule != nil {
				id, text = o.Rule.ID, o.Rule.Text
			}
			k, seen := byRule[id]
			if !seen {
				a, b := alg.Elem(i).DType, alg.Elem(j).DType
				msg := ""
				if _, err := alg.Rules().PromoteTypes(a, b); err != nil {
					msg = err.Error()
					var pe *promote.Error
					if errors.As(err, &pe) {
						msg = pe.Msg
					}
				}
				k = len(rep.Refusals)
				byRule[id] = k
				rep.Refusals = append(rep.Refusals, Refusal{Rule: id, Text: text, Example: [2]dtype.DType{a, b}, Message: msg})
			}
			rep.Refusals[k].Count++
		}
	}
	sort.SliceStable(rep.Refusals, func(i, j int) bool { return rep.Refusals[i].Count > rep.Refusals[j].Count })
}

func (rep *Report) commutative(alg *Algebra) {
	n := alg.Strong()
	p := &rep.Commutative
	for i := range n {
		for j := i + 1; j < n; j++ {
			p.Checked++
			ij, ji := alg.Product(i, j), alg.Product(j, i)
			if !ij.Same(ji) {
				a, b := alg.Elem(i), alg.Elem(j)
				p.fail(Witness{Kind: NotCommutative, Operands: []Elem{a, b}, Results: []Outcome{ij, ji},
					Text: fmt.Sprintf("%s·%s = %s but %s·%s = %s", a, b, ij, b, a, ji)})
			}
		}
	}
	p.done()
}

func (rep *Report) idempotent(alg *Algebra) {
	p := &rep.Idempotent
	for i := range alg.Strong() {
		p.Checked++
		if k, ok := alg.Mul(i, i); !ok || k != i {
			a, r := alg.Elem(i), alg.Product(i, i)
			p.fail(Witness{Kind: NotIdempotent, Operands: []Elem{a}, Results: []Outcome{r}, Text: fmt.Sprintf("%s·%s = %s", a, a, r)})
		}
	}
	p.done()
}

func (rep *Report) associative(alg *Algebra) {
	n := alg.Strong()
	p := &rep.Associative
	for x := range n {
		for y := range n {
			for z := range n {
				p.Checked++
				if alg.mul3(x, y, z) != alg.fold3right(x, y, z) {
					p.fail(*alg.orderMatters(x, y, z))
				}
			}
		}
	}
	p.done()
}

// nary asks the rule set for every ordered triple of accepted dtypes as
// three ranked tensors, once each.
func (rep *Report) nary(alg *Algebra) {
	if alg.Rules().Def().NAry == promote.Two {
		return
	}
	n := alg.Strong()
	res := make([]Outcome, n*n*n)
	ops := make([]promote.Operand, 3)
	for x := range n {
		for y := range n {
			for z := range n {
				ops[0], ops[1], ops[2] = alg.Elem(x).operand(), alg.Elem(y).operand(), alg.Elem(z).operand()
				o := outcomeOf(alg.Rules().Result(ops...))
				res[(x*n+y)*n+z] = o
			}
		}
	}
	at := func(x, y, z int) Outcome { return res[(x*n+y)*n+z] }
	free := &rep.NAryOrderFree
	for x := range n {
		for y := x; y < n; y++ {
			for z := y; z < n; z++ {
				free.Checked++
				base := at(x, y, z)
				for _, p := range [][3]int{{x, z, y}, {y, x, z}, {y, z, x}, {z, x, y}, {z, y, x}} {
					if o := at(p[0], p[1], p[2]); !o.Same(base) {
						e := func(i int) Elem { return alg.Elem(i) }
						free.fail(Witness{Kind: NAryOrderMatters, Operands: []Elem{e(x), e(y), e(z)},
							Results: []Outcome{base, o},
							Text: fmt.Sprintf("Result(%s, %s, %s) = %s but Result(%s, %s, %s) = %s",
								e(x), e(y), e(z), base, e(p[0]), e(p[1]), e(p[2]), o)})
						break
					}
				}
			}
		}
	}
	free.done()
	fold := &rep.NAryFold
	for x := range n {
		for y := range n {
			for z := range n {
				fold.Checked++
				got, want := at(x, y, z), alg.foldLeft(x, y, z)
				if !got.Same(want) {
					ex, ey, ez := alg.Elem(x), alg.Elem(y), alg.Elem(z)
					fold.fail(Witness{Kind: NAryNotFold, Operands: []Elem{ex, ey, ez}, Results: []Outcome{got, want},
						Text: fmt.Sprintf("Result(%s, %s, %s) = %s but (%s·%s)·%s = %s", ex, ey, ez, got, ex, ey, ez, want)})
				}
			}
		}
	}
	fold.done()
}

func (rep *Report) lossy(alg *Algebra) {
	n := alg.Strong()
	for i := range n {
		for j := i; j < n; j++ {
			ij, ji := alg.Product(i, j), alg.Product(j, i)
			rep.cell(alg.Elem(i), alg.Elem(j), ij)
			if !ij.Same(ji) {
				rep.cell(alg.Elem(j), alg.Elem(i), ji)
			}
		}
	}
}

func (rep *Report) cell(a, b Elem, o Outcome) {
	if o.Refused {
		return
	}
	if o.DType == dtype.Dynamic {
		rep.Undecided++
		return
	}
	c := LossyCell{A: a, B: b, Result: o}
	froms := []dtype.DType{a.DType, b.DType}
	if a.DType == b.DType {
		froms = froms[:1]
	}
	for _, from := range froms {
		if s := Loss(from, o.DType); s != "" {
			c.Losses = append(c.Losses, OperandLoss{From: from, Text: s})
		}
	}
	if len(c.Losses) == 0 {
		rep.Safe++
		return
	}
	rep.Lossy = append(rep.Lossy, c)
}

// Summary returns the value of each column of the table across rule sets
// (see Columns), for text and markdown output.
func (rep *Report) Summary() []string {
	prop := func(p Property) string {
		switch {
		case !p.Applies:
			return "n/a"
		case p.Holds:
			return "yes"
		}
		return fmt.Sprintf("no (%d)", p.Failed)
	}
	idem := prop(rep.Idempotent)
	if !rep.Idempotent.Holds && rep.Idempotent.Failed == len(rep.Aliases) {
		idem = fmt.Sprintf("aliases (%d)", len(rep.Aliases))
	}
	lat := "no: " + string(kindOf(rep.Lattice.Witness))
	switch {
	case rep.Lattice.Total:
		lat = "yes, total"
	case rep.Lattice.Lattice:
		lat = "yes, partial"
	}
	own := "-"
	if rep.OwnLattice != nil {
		own = "agrees"
		if !rep.OwnLattice.Agree {
			own = fmt.Sprintf("differs (%d joins)", len(rep.OwnLattice.Joins))
		}
	}
	cells := rep.Safe + len(rep.Lossy)
	return []string{
		rep.Rules,
		fmt.Sprint(len(rep.DTypes)),
		fmt.Sprintf("%d/%d", rep.Refused, rep.Pairs),
		prop(rep.Commutative),
		idem,
		prop(rep.Associative),
		prop(rep.NAryOrderFree),
		prop(rep.NAryFold),
		lat,
		own,
		fmt.Sprintf("%d/%d", len(rep.Lossy), cells),
	}
}

// Columns returns the headings of Summary's values.
func Columns() []string {
	return []string{"rules", "dtypes", "refused pairs", "commutative", "idempotent", "associative (fold)", "n-ary order-free", "n-ary = fold", "lattice", "own lattice", "lossy cells"}
}

func kindOf(w *Witness) WitnessKind {
	if w == nil {
		return ""
	}
	return w.Kind
}

// String is the report's one-line summary.
func (rep *Report) String() string { return strings.Join(rep.Summary(), " | ") }
