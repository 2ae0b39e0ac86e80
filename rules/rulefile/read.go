package rulefile

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
)

// spec is a rule file read and checked key by key, before the scheme is
// built: every part keeps its line.
type spec struct {
	file                string
	name, title, source string
	nameLine            int
	nary                promote.NAry
	naryLine            int
	dtypes              []dtype.DType
	dtypesLine          int
	dtypeLine           map[dtype.DType]int
	literals            [promote.ComplexValue + 1]*literalSpec
	rules               []*ruleSpec // the table shape
	lattice             *latticeSpec
}

type literalSpec struct {
	target string
	line   int
}

// ruleSpec is one [[rules]] entry of the table shape.
type ruleSpec struct {
	rule    *promote.Rule
	line    int
	cells   []cellSpec
	ordered bool
	def     string // a default rule's name
	defLine int
}

// cellSpec is "A B = C" or "A B = error".
type cellSpec struct {
	a, b, out dtype.DType // out Invalid: refused
	line      int
	text      string
}

// latticeSpec is the [lattice] table of the lattice shape.
type latticeSpec struct {
	line       int
	edgesLine  int
	edges      []edgeSpec
	nodes      []*nodeSpec // described nodes, in file order
	semantics  string      // "nodes" or "jax"
	join       *promote.Rule
	noJoin     *promote.Rule
	semLine    int
	nodesTable int // line of [lattice.nodes]
}

type edgeSpec struct {
	lower, upper string
	line         int
}

// nodeSpec describes one node in [lattice.nodes].
type nodeSpec struct {
	name    string
	dtype   dtype.DType
	weakOps []string
	opsLine int
	text    string
	line    int
}

// Valid keys, for "unknown key" errors.
var (
	topKeys     = []string{"name", "title", "source", "nary", "dtypes", "literals", "rules", "lattice"}
	ruleKeys    = []string{"id", "text", "source", "cells", "ordered", "default"}
	latticeKeys = []string{"edges", "nodes", "weak_semantics", "join", "no_join"}
	nodeKeys    = []string{"dtype", "weak_operands", "text"}
	textKeys    = []string{"id", "text", "source"}
	literalKeys = []string{"bool", "int", "float", "complex"}
	defaults    = []string{"same", "wider", "holds", "narrowest-holding", "float-wins", "complex-wins", "int-wins", "refuse"}
	weakKinds   = []string{"bool", "int", "signed", "unsigned", "float", "complex"}
)

// maxEdges bounds the edges of a lattice: one per ordered pair of nodes.
const maxEdges = lattice.MaxNodes * lattice.MaxNodes

var (
	nameRE = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)
	idRE   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
)

// reader reads the tree into a spec.
type reader struct {
	file string
}

func (r *reader) errorf(line int, format string, args ...any) error {
	return errorf(r.file, line, format, args...)
}

// checkKeys refuses a key of t not among valid.
func (r *reader) checkKeys(t *table, where string, valid []string) error {
	for _, k := range t.keys {
		if !contains(valid, k) {
			return r.errorf(t.keyLine[k], "unknown key %q in %s (valid: %s)", k, where, strings.Join(valid, ", "))
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// str returns t[k] as a string; ok false when absent.
func (r *reader) str(t *table, k, where string) (string, int, bool, error) {
	v := t.get(k)
	if v == nil {
		return "", 0, false, nil
	}
	if v.kind != kString {
		return "", v.line, true, r.errorf(v.line, "%s %s is %s; want a string", where, k, v.typeName())
	}
	return v.str, v.line, true, nil
}

// strings returns t[k] as an array of strings, each with its line.
func (r *reader) strList(t *table, k, where string) ([]*value, int, bool, error) {
	v := t.get(k)
	if v == nil {
		return nil, 0, false, nil
	}
	if v.kind != kArray {
		return nil, v.line, true, r.errorf(v.line, "%s %s is %s; want an array of strings", where, k, v.typeName())
	}
	for _, el := range v.arr {
		if el.kind != kString {
			return nil, v.line, true, r.errorf(el.line, "%s %s: an element is %s; want strings", where, k, el.typeName())
		}
	}
	return v.arr, v.line, true, nil
}

// subTable returns t[k] as a table.
func (r *reader) subTable(t *table, k, where string) (*table, bool, error) {
	v := t.get(k)
	if v == nil {
		return nil, false, nil
	}
	if v.kind != kTable {
		return nil, true, r.errorf(v.line, "%s %s is %s; want a table", where, k, v.typeName())
	}
	return v.tab, true, nil
}

// read checks the top level and dispatches to the shape.
func (r *reader) read(root *table, reserved func(string) bool) (*spec, error) {
	s := &spec{file: r.file, dtypeLine: map[dtype.DType]int{}}
	if err := r.checkKeys(root, "the top level", topKeys); err != nil {
		return nil, err
	}
	name, line, ok, err := r.str(root, "name", "")
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, r.errorf(1, `no name: add name = "myruntime" (lower-case letters, digits and -, starting with a letter)`)
	case !nameRE.MatchString(name):
		return nil, r.errorf(line, "name %q: use lower-case letters, digits and -, starting with a letter, at most 40 characters", name)
	case reserved != nil && reserved(name):
		return nil, r.errorf(line, "name %q is a built-in rule set; choose another name", name)
	}
	s.name, s.nameLine = name, line
	if s.title, _, _, err = r.str(root, "title", ""); err != nil {
		return nil, err
	}
	if s.title == "" {
		s.title = name
	}
	if s.source, _, _, err = r.str(root, "source", ""); err != nil {
		return nil, err
	}
	if s.source == "" {
		s.source = r.file
	}
	if err := r.readDTypes(root, s); err != nil {
		return nil, err
	}
	_, hasRules := root.vals["rules"]
	lat, hasLattice, err := r.subTable(root, "lattice", "")
	if err != nil {
		return nil, err
	}
	switch {
	case hasRules && hasLattice:
		return nil, r.errorf(root.keyLine["lattice"], "a rule file is either a table ([[rules]]) or a lattice ([lattice]), not both")
	case !hasRules && !hasLattice:
		return nil, r.errorf(s.dtypesLine, "no scheme: add [[rules]] entries (a table of cells and default rules) or a [lattice] table (edges between dtypes)")
	}
	if err := r.readNAry(root, s, hasLattice); err != nil {
		return nil, err
	}
	if hasLattice {
		if s.lattice, err = r.readLattice(lat); err != nil {
			return nil, err
		}
	} else if err := r.readRules(root, s); err != nil {
		return nil, err
	}
	return s, r.readLiterals(root, s)
}

func (r *reader) readDTypes(root *table, s *spec) error {
	list, line, ok, err := r.strList(root, "dtypes", "")
	if err != nil {
		return err
	}
	if !ok || len(list) == 0 {
		return r.errorf(max(line, 1), `no dtypes: add dtypes = ["bool", "i32", "f32"] listing the dtypes the rule set accepts (promote dtypes lists the catalogue)`)
	}
	s.dtypesLine = line
	for _, v := range list {
		d, err := dtype.Parse(v.str)
		if err != nil {
			return r.errorf(v.line, "dtypes: %v", err)
		}
		if d == dtype.Dynamic {
			return r.errorf(v.line, "dtypes: dynamic is not a dtype a rule file can promote (it has no values)")
		}
		if first, dup := s.dtypeLine[d]; dup {
			return r.errorf(v.line, "dtypes: %s listed twice (first at line %d)", d, first)
		}
		s.dtypeLine[d] = v.line
		s.dtypes = append(s.dtypes, d)
	}
	return nil
}

func (r *reader) readNAry(root *table, s *spec, lattice bool) error {
	v, line, ok, err := r.str(root, "nary", "")
	if err != nil {
		return err
	}
	s.nary, s.naryLine = promote.Fold, line
	if lattice {
		s.nary = promote.Set
	}
	if !ok {
		return nil
	}
	switch v {
	case "fold":
		s.nary = promote.Fold
	case "set":
		s.nary = promote.Set
	default:
		return r.errorf(line, `nary %q: valid values are "fold" (left to right, pair by pair) and "set" (all operands at once; a table must then not depend on order)`, v)
	}
	return nil
}

func (r *reader) readLiterals(root *table, s *spec) error {
	t, ok, err := r.subTable(root, "literals", "")
	if err != nil || !ok {
		return err
	}
	if err := r.checkKeys(t, "[literals]", literalKeys); err != nil {
		return err
	}
	for i, k := range literalKeys {
		v, line, ok, err := r.str(t, k, "literals")
		if err != nil {
			return err
		}
		if ok {
			s.literals[promote.ValueKind(i+1)] = &literalSpec{target: v, line: line}
		}
	}
	return nil
}

// ruleText reads an id/text/source table into a rule, with defaults.
func (r *reader) ruleText(t *table, where string, def promote.Rule) (*promote.Rule, error) {
	if err := r.checkKeys(t, where, textKeys); err != nil {
		return nil, err
	}
	out := def
	for _, k := range textKeys {
		v, line, ok, err := r.str(t, k, where)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		switch k {
		case "id":
			if !idRE.MatchString(v) {
				return nil, r.errorf(line, "%s id %q: use letters, digits, '.', '_' and '-', at most 64 characters", where, v)
			}
			out.ID = v
		case "text":
			out.Text = v
		case "source":
			out.Source = v
		}
	}
	return &out, nil
}

func (r *reader) readRules(root *table, s *spec) error {
	v := root.get("rules")
	if v.kind != kArray || len(v.arr) == 0 || v.arr[0].kind != kTable {
		return r.errorf(v.line, "rules is %s; write each rule as a [[rules]] table with id, text, source and cells or default", v.typeName())
	}
	ids := map[string]int{}
	for _, el := range v.arr {
		if el.kind != kTable {
			return r.errorf(el.line, "rules: an element is %s; want [[rules]] tables", el.typeName())
		}
		t := el.tab
		if err := r.checkKeys(t, "[[rules]]", ruleKeys); err != nil {
			return err
		}
		rs := &ruleSpec{line: t.line}
		rule := &promote.Rule{}
		for _, k := range textKeys {
			val, line, ok, err := r.str(t, k, "[[rules]]")
			if err != nil {
				return err
			}
			if !ok || strings.TrimSpace(val) == "" {
				return r.errorf(t.line, "[[rules]] has no %s: every rule has an id, a text saying what it does, and a source", k)
			}
			switch k {
			case "id":
				if !idRE.MatchString(val) {
					return r.errorf(line, "rule id %q: use letters, digits, '.', '_' and '-', at most 64 characters", val)
				}
				if first, dup := ids[val]; dup {
					return r.errorf(line, "rule id %q used twice (first at line %d)", val, first)
				}
				ids[val] = line
				rule.ID = val
			case "text":
				rule.Text = val
			case "source":
				rule.Source = val
			}
		}
		rs.rule = rule
		if ov := t.get("ordered"); ov != nil {
			if ov.kind != kBool {
				return r.errorf(ov.line, "[[rules]] ordered is %s; want true or false", ov.typeName())
			}
			rs.ordered = ov.b
		}
		cells, _, hasCells, err := r.strList(t, "cells", "[[rules]]")
		if err != nil {
			return err
		}
		def, defLine, hasDef, err := r.str(t, "default", "[[rules]]")
		if err != nil {
			return err
		}
		switch {
		case hasCells && hasDef:
			return r.errorf(defLine, "rule %q has both cells and a default; split it into two rules", rule.ID)
		case !hasCells && !hasDef:
			return r.errorf(t.line, `rule %q has neither cells (cells = ["i8 u8 = i16"]) nor a default (default = "wider"; valid: %s)`, rule.ID, strings.Join(defaults, ", "))
		case hasDef:
			if !contains(defaults, def) {
				return r.errorf(defLine, "rule %q: unknown default %q (valid: %s)", rule.ID, def, strings.Join(defaults, ", "))
			}
			if rs.ordered {
				return r.errorf(t.keyLine["ordered"], "rule %q: ordered applies to cells, not to a default rule", rule.ID)
			}
			rs.def, rs.defLine = def, defLine
		}
		for _, c := range cells {
			cell, err := r.cell(s, c)
			if err != nil {
				return err
			}
			rs.cells = append(rs.cells, cell)
		}
		s.rules = append(s.rules, rs)
	}
	return nil
}

// cell parses "A B = C" or "A B = error".
func (r *reader) cell(s *spec, v *value) (cellSpec, error) {
	lhs, rhs, ok := strings.Cut(v.str, "=")
	ab := strings.Fields(lhs)
	rhs = strings.TrimSpace(rhs)
	if !ok || len(ab) != 2 || rhs == "" || strings.ContainsAny(rhs, " \t=") {
		return cellSpec{}, r.errorf(v.line, `cell %q: write "A B = C" (A with B gives C) or "A B = error" (refused)`, v.str)
	}
	c := cellSpec{line: v.line, text: v.str}
	var err error
	if c.a, err = r.listed(s, ab[0], v); err != nil {
		return c, err
	}
	if c.b, err = r.listed(s, ab[1], v); err != nil {
		return c, err
	}
	if rhs != "error" {
		if c.out, err = r.listed(s, rhs, v); err != nil {
			return c, err
		}
	}
	return c, nil
}

// listed parses a dtype of a cell, which must be among the dtypes.
func (r *reader) listed(s *spec, name string, v *value) (dtype.DType, error) {
	d, err := dtype.Parse(name)
	if err != nil {
		return 0, r.errorf(v.line, "cell %q: %v", v.str, err)
	}
	if _, ok := s.dtypeLine[d]; !ok {
		return 0, r.errorf(v.line, "cell %q: %s is not among the dtypes (line %d: %s)", v.str, d, s.dtypesLine, dtypeNames(s.dtypes))
	}
	return d, nil
}

func dtypeNames(ds []dtype.DType) string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return strings.Join(out, ", ")
}

func (r *reader) readLattice(t *table) (*latticeSpec, error) {
	ls := &latticeSpec{line: t.line, semantics: "nodes"}
	if err := r.checkKeys(t, "[lattice]", latticeKeys); err != nil {
		return nil, err
	}
	edges, line, ok, err := r.strList(t, "edges", "[lattice]")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, r.errorf(t.line, `[lattice] has no edges: add edges = ["i8 -> i16 -> i32", "u8 -> i16"] (each lower -> upper)`)
	}
	ls.edgesLine = line
	for _, v := range edges {
		es, err := r.edge(v)
		if err != nil {
			return nil, err
		}
		ls.edges = append(ls.edges, es...)
		if len(ls.edges) > maxEdges {
			return nil, r.errorf(v.line, "more than %d edges; a lattice of at most %d nodes needs fewer, so some repeat", maxEdges, lattice.MaxNodes)
		}
	}
	sem, semLine, ok, err := r.str(t, "weak_semantics", "[lattice]")
	if err != nil {
		return nil, err
	}
	if ok {
		if sem != "nodes" && sem != "jax" {
			return nil, r.errorf(semLine, `weak_semantics %q: valid values are "nodes" (every operand is its node; the result is their join) and "jax" (JAX's lattice_result_type)`, sem)
		}
		ls.semantics, ls.semLine = sem, semLine
	}
	ls.join = &promote.Rule{ID: "join", Text: "the result is the least upper bound of the operands' nodes on the lattice"}
	ls.noJoin = &promote.Rule{ID: "no-join", Text: "operands whose nodes have no common upper bound on the lattice are refused"}
	for _, k := range []string{"join", "no_join"} {
		sub, ok, err := r.subTable(t, k, "[lattice]")
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		target := &ls.join
		if k == "no_join" {
			target = &ls.noJoin
		}
		if *target, err = r.ruleText(sub, "[lattice."+k+"]", **target); err != nil {
			return nil, err
		}
	}
	nodes, ok, err := r.subTable(t, "nodes", "[lattice]")
	if err != nil || !ok {
		return ls, err
	}
	ls.nodesTable = nodes.line
	for _, name := range nodes.keys {
		v := nodes.get(name)
		if v.kind != kTable {
			return nil, r.errorf(v.line, "[lattice.nodes] %s is %s; want a table such as { dtype = \"i64\", weak_operands = [\"int\"] }", name, v.typeName())
		}
		if err := r.checkKeys(v.tab, "node "+name, nodeKeys); err != nil {
			return nil, err
		}
		ns := &nodeSpec{name: name, line: nodes.keyLine[name]}
		if d, line, ok, err := r.str(v.tab, "dtype", "node "+name); err != nil {
			return nil, err
		} else if ok {
			if ns.dtype, err = dtype.Parse(d); err != nil {
				return nil, r.errorf(line, "node %s: %v", name, err)
			}
		}
		if ns.text, _, _, err = r.str(v.tab, "text", "node "+name); err != nil {
			return nil, err
		}
		ops, opsLine, _, err := r.strList(v.tab, "weak_operands", "node "+name)
		if err != nil {
			return nil, err
		}
		ns.opsLine = opsLine
		for _, o := range ops {
			ns.weakOps = append(ns.weakOps, o.str)
		}
		ls.nodes = append(ls.nodes, ns)
	}
	return ls, nil
}

// edge parses "A -> B", "A -> B C" (A below each) and chains "A -> B -> C".
func (r *reader) edge(v *value) ([]edgeSpec, error) {
	parts := strings.Split(v.str, "->")
	if len(parts) < 2 {
		return nil, r.errorf(v.line, `edge %q: write "LOWER -> UPPER" (LOWER promotes to UPPER); several uppers separated by spaces, chains as "A -> B -> C"`, v.str)
	}
	var out []edgeSpec
	prev := strings.FieldsFunc(parts[0], sep)
	for _, p := range parts[1:] {
		next := strings.FieldsFunc(p, sep)
		if len(prev) == 0 || len(next) == 0 {
			return nil, r.errorf(v.line, `edge %q: a node is missing around "->" (write "LOWER -> UPPER")`, v.str)
		}
		if len(next) > lattice.MaxNodes || len(prev) > lattice.MaxNodes {
			return nil, r.errorf(v.line, "edge %q: more than %d nodes on one side of ->, the most a lattice has", v.str, lattice.MaxNodes)
		}
		for _, lo := range prev {
			for _, hi := range next {
				out = append(out, edgeSpec{lower: lo, upper: hi, line: v.line})
			}
		}
		prev = next
	}
	return out, nil
}

func sep(r rune) bool { return r == ' ' || r == '\t' || r == ',' }

// String describes a spec's shape, for tests.
func (s *spec) String() string {
	shape := "table"
	if s.lattice != nil {
		shape = "lattice"
	}
	return fmt.Sprintf("%s (%s, %s, %d dtypes)", s.name, shape, s.nary, len(s.dtypes))
}
