package rulefile

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/lattice"
)

// MaxSize is the largest rule file read, in bytes.
const MaxSize = 1 << 20

// Load reads the rule file at path and returns its definition (see Parse).
func Load(path string, reserved func(name string) bool) (*promote.Def, error) {
	f, err := safein.OpenRegular(path)
	if err != nil {
		return nil, fmt.Errorf("rule file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("rule file %s: %w", path, err)
	}
	return Parse(path, data, reserved)
}

// Parse reads a rule file's contents; file names it in errors. reserved,
// when not nil, reports the names a file may not take (the built-in rule
// sets). A file that does not describe a total, consistent scheme is an
// *Error naming the line and the fault. The definition has no options and
// builds a rule set that implements promote.LatticeRules when the file is
// a lattice.
func Parse(file string, data []byte, reserved func(name string) bool) (*promote.Def, error) {
	if len(data) > MaxSize {
		return nil, errorf(file, 0, "larger than %d bytes; a rule file is a short hand-written description", MaxSize)
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, errorf(file, 0, "contains a NUL byte; a rule file is TOML text")
	}
	root, err := parseTOML(file, data)
	if err != nil {
		return nil, err
	}
	r := &reader{file: file}
	s, err := r.read(root, reserved)
	if err != nil {
		return nil, err
	}
	dtypes := promote.NewDTypeSet(s.dtypes)
	def := &promote.Def{Name: s.name, Title: s.title, Source: s.source + " (rule file " + file + ")", NAry: s.nary, Dialect: dtype.Neutral,
		DTypes: func(promote.Settings) *promote.DTypeSet { return dtypes },
		// A rule file's literals are the plain bool, int, float and
		// complex literals every Python system writes.
		Host: promote.HostPython,
	}
	c := r.common(s, def)
	if s.lattice != nil {
		bl, err := r.buildLattice(s)
		if err != nil {
			return nil, err
		}
		table := latticeTable(s, bl, c)
		def.Weak = promote.WeakTypes
		def.New = func(st promote.Settings) (promote.Rules, error) {
			return &latticeRules{Base: kit.NewBase(st, table), b: bl, c: c, s: s}, nil
		}
		return def, nil
	}
	t, err := r.buildTable(s)
	if err != nil {
		return nil, err
	}
	var lits [promote.ComplexValue + 1]dtype.DType
	for k, ls := range s.literals {
		if ls == nil {
			continue
		}
		d, err := dtype.Parse(ls.target)
		if err != nil {
			return nil, r.errorf(ls.line, "literals %s: %v", promote.ValueKind(k), err)
		}
		if _, ok := s.dtypeLine[d]; !ok {
			return nil, r.errorf(ls.line, "literals %s: %s is not among the dtypes (line %d: %s)", promote.ValueKind(k), d, s.dtypesLine, dtypeNames(s.dtypes))
		}
		lits[k] = d
	}
	table := kit.NewPairTable(s.name, func(a, b dtype.DType) kit.Decision {
		if d, bad := c.unknown(a, b); bad {
			return d
		}
		d := t[a][b]
		if d.out == dtype.Invalid {
			return kit.Decision{Rule: d.rule, Msg: fmt.Sprintf("%s with %s is refused: %s", a, b, d.rule.Text)}
		}
		return kit.Decision{Out: d.out, Rule: d.rule}
	})
	def.Weak = promote.NoWeakTypes
	def.Admission = promote.Admission{
		NoWeak:    kit.NoWeak(c.noWeak, func(promote.Settings, promote.Operand) string { return c.name + " has no weak types" }),
		NoDType:   &promote.Refusal{Rule: c.dtype, Msg: func(_ promote.Settings, o promote.Operand) string { return c.notListed(o.DType) }},
		WeakFirst: true,
	}
	def.New = func(st promote.Settings) (promote.Rules, error) {
		return &tableRules{Base: kit.NewBase(st, table), lits: lits, c: c}, nil
	}
	return def, nil
}

// common holds the rules every file rule set has besides its own: what
// the format itself decides, each citing the file and line it reads.
type common struct {
	name      string
	accepted  [dtype.Count]bool
	dtype     *promote.Rule
	one       *promote.Rule
	same      *promote.Rule
	allWeak   *promote.Rule
	weak      *promote.Rule
	noWeak    *promote.Rule
	literal   *promote.Rule
	intRange  *promote.Rule
	notHost   *promote.Rule
	dtypeList string
}

func (r *reader) common(s *spec, def *promote.Def) *common {
	at := func(line int, what string) string { return fmt.Sprintf("%s:%d (%s)", r.file, line, what) }
	c := &common{name: s.name, dtypeList: dtypeNames(s.dtypes)}
	for _, d := range s.dtypes {
		c.accepted[d] = true
	}
	litLine := s.dtypesLine
	for _, l := range s.literals {
		if l != nil {
			litLine = l.line
			break
		}
	}
	c.dtype = &promote.Rule{ID: "dtype", Text: s.name + " accepts only the dtypes its file lists: " + c.dtypeList, Source: at(s.dtypesLine, "dtypes")}
	c.one = &promote.Rule{ID: "one-operand", Text: "an operand alone gives its own type", Source: at(s.nameLine, "rule file format")}
	c.literal = &promote.Rule{ID: "literal", Text: "a literal takes the type [literals] gives its kind (bool, int, float, complex); a kind it does not list is refused", Source: at(litLine, "literals")}
	c.intRange = &promote.Rule{ID: "literal-range", Text: "an int literal must fit the dtype of its type", Source: at(litLine, "literals")}
	c.notHost = &promote.Rule{ID: "literal-suffix", Text: "literals are plain bool, int, float and complex literals; a type suffix (1L, 1.0f, 1u) is not one", Source: at(litLine, "literals")}
	c.noWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak-types", Text: s.name + " is a table: it has no weak types, so a weak operand is refused", Source: at(s.dtypesLine, "a table has no weak types")})
	if s.lattice != nil {
		ls := s.lattice
		c.weak = &promote.Rule{ID: "weak-operand", Text: "a weak operand is the node whose weak_operands list its dtype or kind; a dtype no node lists is refused", Source: at(max(ls.nodesTable, ls.line), "[lattice.nodes] weak_operands")}
		if ls.semantics == "jax" {
			c.one.Text = "an operand alone keeps its own dtype and weakness (bool is never weak)"
			c.same = &promote.Rule{ID: "same-dtype", Text: "operands that all have one dtype, not all weak, give that dtype, strong (JAX's lattice_result_type)", Source: at(ls.semLine, "weak_semantics = jax")}
			c.allWeak = &promote.Rule{ID: "all-weak", Text: "when every operand is weak, the join of their dtypes' strong nodes, marked weak (bool is never weak; JAX's lattice_result_type)", Source: at(ls.semLine, "weak_semantics = jax")}
		} else {
			c.one.Text = "an operand alone gives its node's type"
		}
		for _, rule := range []*promote.Rule{ls.join, ls.noJoin} {
			if rule.Source == "" {
				rule.Source = at(ls.edgesLine, "[lattice] edges")
			}
		}
	}
	return c
}

// unknown refuses a pair with a dtype the file does not list.
func (c *common) unknown(a, b dtype.DType) (kit.Decision, bool) {
	for _, d := range [2]dtype.DType{a, b} {
		if !c.accepted[d] {
			return kit.Decision{Rule: c.dtype, Msg: c.notListed(d)}, true
		}
	}
	return kit.Decision{}, false
}

func (c *common) notListed(d dtype.DType) string {
	return fmt.Sprintf("%s is not a dtype of %s (its dtypes: %s)", d, c.name, c.dtypeList)
}

// literalFits reports whether an int literal fits d's integer range, or
// (floats, complex) its finite range.
func literalFits(v promote.Value, d dtype.DType) bool {
	if v.Kind != promote.IntValue || v.Int == nil {
		return true
	}
	f := d.Format()
	switch f.Kind {
	case dtype.KindBool, dtype.KindSigned, dtype.KindUnsigned:
		lo, hi := f.IntRange()
		return v.Int.Cmp(big.NewInt(lo)) >= 0 && v.Int.Cmp(new(big.Int).SetUint64(hi)) <= 0
	}
	x := new(big.Float).SetInt(v.Int)
	return x.Abs(x).Cmp(f.MaxFiniteExact()) <= 0
}

// tableRules is a table file's rule set.
type tableRules struct {
	kit.Base
	lits [promote.ComplexValue + 1]dtype.DType
	c    *common
}

// Result folds the operands left to right over the table (a "set" table
// does not depend on order, which Parse checked).
func (t *tableRules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, t.Refuse(kit.NoOperands, "no operands")
	}
	return kit.FoldLeft(ops, t)
}

// typeOf admits an operand and gives its dtype: tensors and typed scalars
// their own, literals what [literals] says. The fold admits each operand
// as it reaches it, so a literal the file refuses is named before a later
// operand's unlisted dtype.
func (t *tableRules) typeOf(o promote.Operand) (dtype.DType, *promote.Rule, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		if err := t.AdmitOperand(&o, nil); err != nil {
			return 0, nil, err
		}
		return o.DType, t.c.one, nil
	case promote.Literal:
		v := o.Value
		if v.Suffix != "" {
			return 0, nil, t.Refuse(t.c.notHost, v.Text+" has a type suffix", o)
		}
		if v.Kind > promote.ComplexValue || t.lits[v.Kind] == dtype.Invalid {
			return 0, nil, t.Refuse(t.c.literal, fmt.Sprintf("%s has no %s literals", t.c.name, v.Kind), o)
		}
		d := t.lits[v.Kind]
		if !literalFits(v, d) {
			return 0, nil, t.Refuse(t.c.intRange, fmt.Sprintf("the literal %s does not fit %s", v.Text, d), o)
		}
		return d, t.c.literal, nil
	}
	return 0, nil, t.Refuse(t.c.literal, "invalid operand", o)
}

// FoldOne implements kit.Folder.
func (t *tableRules) FoldOne(o promote.Operand) (promote.Result, error) {
	d, rule, err := t.typeOf(o)
	if err != nil {
		return promote.Result{}, err
	}
	return promote.Result{DType: d, Rule: rule}, nil
}

// FoldTwo implements kit.Folder.
func (t *tableRules) FoldTwo(acc, next promote.Operand) (promote.Result, error) {
	a, _, err := t.typeOf(acc)
	if err != nil {
		return promote.Result{}, err
	}
	b, _, err := t.typeOf(next)
	if err != nil {
		return promote.Result{}, err
	}
	res, err := t.Table.Lookup(a, b)
	if err != nil {
		if pe, ok := err.(*promote.Error); ok {
			return promote.Result{}, t.Refuse(pe.Rule, pe.Msg, acc, next)
		}
		return promote.Result{}, err
	}
	return res, nil
}

// latticeTable compiles the strong pairs of a lattice file.
func latticeTable(s *spec, bl *builtLattice, c *common) *kit.PairTable {
	return kit.NewPairTable(s.name, func(a, b dtype.DType) kit.Decision {
		if d, bad := c.unknown(a, b); bad {
			return d
		}
		if bl.jax && a == b {
			return kit.Decision{Out: a, Rule: c.same}
		}
		n, err := bl.lat.Graph.Join2(bl.strong[a], bl.strong[b])
		if err != nil {
			return kit.Decision{Rule: s.lattice.noJoin, Msg: fmt.Sprintf("%s and %s have no common upper bound on %s's lattice", a, b, s.name)}
		}
		node := bl.lat.Nodes[n]
		return kit.Decision{Out: node.DType, Weak: node.Weak && !(bl.jax && node.DType == dtype.Bool), Rule: s.lattice.join}
	})
}

// latticeRules is a lattice file's rule set.
type latticeRules struct {
	kit.Base
	b *builtLattice
	c *common
	s *spec
}

// Lattice implements promote.LatticeRules.
func (l *latticeRules) Lattice() *promote.Lattice { return l.b.lat }

// typed is an operand on the lattice: its node, and its own dtype and
// weakness (a literal's are its node's).
type typed struct {
	node lattice.Node
	d    dtype.DType
	weak bool
}

func (l *latticeRules) typeOf(o promote.Operand) (typed, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		if !o.DType.Valid() || !l.c.accepted[o.DType] {
			return typed{}, l.Refuse(l.c.dtype, l.c.notListed(o.DType), o)
		}
		if !o.Weak {
			return typed{l.b.strong[o.DType], o.DType, false}, nil
		}
		n := l.b.weak[o.DType]
		if n == noNode {
			return typed{}, l.Refuse(l.c.weak, fmt.Sprintf("%s has no weak type for %s", l.c.name, o.DType), o)
		}
		return typed{n, o.DType, true}, nil
	case promote.Literal:
		v := o.Value
		if v.Suffix != "" {
			return typed{}, l.Refuse(l.c.notHost, v.Text+" has a type suffix", o)
		}
		if v.Kind > promote.ComplexValue || l.b.lit[v.Kind] == noNode {
			return typed{}, l.Refuse(l.c.literal, fmt.Sprintf("%s has no %s literals", l.c.name, v.Kind), o)
		}
		n := l.b.lit[v.Kind]
		node := l.b.lat.Nodes[n]
		if !literalFits(v, node.DType) {
			return typed{}, l.Refuse(l.c.intRange, fmt.Sprintf("the literal %s does not fit %s", v.Text, node.DType), o)
		}
		return typed{n, node.DType, node.Weak}, nil
	}
	return typed{}, l.Refuse(l.c.literal, "invalid operand", o)
}

// Result joins the operands' nodes, as a set or left to right; under
// weak_semantics = "jax", JAX's lattice_result_type.
func (l *latticeRules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, l.Refuse(kit.NoOperands, "no operands")
	}
	var buf [8]typed
	ts := buf[:0]
	allWeak, allSame := true, true
	for _, o := range ops {
		t, err := l.typeOf(o)
		if err != nil {
			return promote.Result{}, err
		}
		ts = append(ts, t)
		allWeak = allWeak && t.weak
		allSame = allSame && t.d == ts[0].d
	}
	res, ok := l.decide(ts, allWeak, allSame)
	if !ok {
		return promote.Result{}, l.Refuse(l.s.lattice.noJoin, l.noJoinMsg(ts), ops...)
	}
	if l.b.jax && res.DType == dtype.Bool {
		res.Weak = false
	}
	return res, nil
}

func (l *latticeRules) decide(ts []typed, allWeak, allSame bool) (promote.Result, bool) {
	nodes := l.b.lat.Nodes
	switch {
	case len(ts) == 1 && l.b.jax:
		return promote.Result{DType: ts[0].d, Weak: ts[0].weak, Rule: l.c.one}, true
	case len(ts) == 1:
		n := nodes[ts[0].node]
		return promote.Result{DType: n.DType, Weak: n.Weak, Rule: l.c.one}, true
	case l.b.jax && allSame && !allWeak:
		return promote.Result{DType: ts[0].d, Rule: l.c.same}, true
	case l.b.jax && allWeak:
		var in []lattice.Node
		for _, t := range ts {
			n := l.b.strong[t.d]
			if n == noNode {
				return promote.Result{}, false
			}
			in = append(in, n)
		}
		n, err := l.b.lat.Graph.Join(in...)
		if err != nil {
			return promote.Result{}, false
		}
		return promote.Result{DType: nodes[n].DType, Weak: true, Rule: l.c.allWeak}, true
	}
	var n lattice.Node
	var err error
	if l.Def().NAry == promote.Set {
		in := make([]lattice.Node, len(ts))
		for i, t := range ts {
			in[i] = t.node
		}
		n, err = l.b.lat.Graph.Join(in...)
	} else {
		n = ts[0].node
		for _, t := range ts[1:] {
			if n, err = l.b.lat.Graph.Join2(n, t.node); err != nil {
				break
			}
		}
	}
	if err != nil {
		return promote.Result{}, false
	}
	return promote.Result{DType: nodes[n].DType, Weak: nodes[n].Weak, Rule: l.s.lattice.join}, true
}

func (l *latticeRules) noJoinMsg(ts []typed) string {
	var names []string
	seen := map[lattice.Node]bool{}
	for _, t := range ts {
		if !seen[t.node] {
			seen[t.node] = true
			names = append(names, l.b.lat.Graph.Name(t.node))
		}
	}
	return fmt.Sprintf("%s have no common upper bound on %s's lattice", strings.Join(names, ", "), l.c.name)
}
