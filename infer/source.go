package infer

import (
	"errors"
	"fmt"
	"github.com/promote-dev/promote/internal/clip"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// shared is a program parsed once for every host language and dialect:
// the syntax tree they all read alike, and the sites where they may not,
// in the order the parser met them. A host reads the program exactly as
// parsed up to the first site it rejects, so its syntax error is that
// site's, or else the parse's own error (err), which every host makes and
// which comes after every site. The porting lint parses a program once
// and binds it to each rule set's host and dialect; Parse does the same
// for one.
type shared struct {
	prog  Program // Graph without its inputs and convert dtypes
	sites []site
	err   *Error // the syntax error of every host, or nil
	// skipped holds, in the porting lint's recovering parse, the syntax
	// error of each statement skipped (Kind StmtSkipped), in order.
	skipped []*Error
	// inputs counts the program's inputs; convNames are convert's dtype
	// names, by index in the graph's convert table.
	inputs    int32
	convNames []string
}

// siteKind says what differs between hosts or dialects at a site.
type siteKind uint8

const (
	// siteSuffix: a number with a suffix (1L, 1j, 1.0f), read by the
	// hosts in hosts; recorded at the first use of each literal text.
	siteSuffix siteKind = iota + 1
	// siteConst: a named literal (True, TRUE, NaN), a literal in the
	// hosts in hosts and an undefined name in the others; recorded at its
	// first use.
	siteConst
	// siteBindConst: the first binding of a name some hosts read as a
	// literal; hosts holds those that may bind it.
	siteBindConst
	// siteInput: an input's operand, read in the dialect.
	siteInput
	// siteConvert: a dtype name of convert, read in the dialect;
	// recorded at the first use of each name.
	siteConvert
	// siteOperator: an operator token only the hosts in hosts write (÷,
	// Julia's integer division); recorded at its first use.
	siteOperator
)

// site is one point of the program that hosts or dialects may read
// differently.
type site struct {
	kind  siteKind
	hosts hostSet // siteSuffix, siteConst, siteBindConst, siteOperator: the hosts that accept it
	pos   Pos     // where the syntax error of a host that rejects it is
	text  string  // the literal, name, operand or dtype name as written
	name  string  // siteInput: the input's name
	index int32   // siteInput: input index; siteConvert: convert table index
}

func (p *parser) site(s site) { p.s.sites = append(p.s.sites, s) }

// bind reads the program as host h with dialect d: its inputs and
// convert dtypes, or the syntax error h makes. The Program shares the
// parsed graph's nodes, literals and statements (they are the same in
// every host); its inputs and convert table are its own.
func (s *shared) bind(h Host, d *dtype.Dialect) (*Program, error) {
	g0 := s.prog.Graph
	g := &Graph{Name: g0.Name, nodes: g0.nodes, lits: g0.lits, args: g0.args, pos: g0.pos}
	g.inputs = make([]promote.Operand, s.inputs)
	g.convs = make([]dtype.DType, len(s.convNames))
	for i := range s.sites {
		if err := s.sites[i].read(h, d, g); err != nil {
			return nil, &Error{File: g.Name, Pos: s.sites[i].pos, Node: NoNode, Err: err}
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	p := s.prog
	p.Graph, p.Host = g, h
	return &p, nil
}

// read reads the site as host h with dialect d into g, or says why h
// cannot read it, in the words of a parser of h alone.
func (st *site) read(h Host, d *dtype.Dialect, g *Graph) error {
	switch st.kind {
	case siteSuffix:
		if !st.hosts.has(h) {
			return errors.New(literalError(h, st.text))
		}
	case siteConst:
		if !st.hosts.has(h) {
			return fmt.Errorf("undefined name %s%s", st.text, constHint(h, st.text))
		}
	case siteOperator:
		if !st.hosts.has(h) {
			return fmt.Errorf("%s is Julia's integer division; %s programs write //", st.text, h)
		}
	case siteBindConst:
		if !st.hosts.has(h) {
			return fmt.Errorf("%s is a literal and cannot be bound", st.text)
		}
	case siteInput:
		o, err := promote.ParseOperandIn(d, st.text)
		if err != nil {
			return err
		}
		if o.Kind == promote.Literal {
			return fmt.Errorf("input %s is a literal; inputs are tensors (f32[2]) or typed scalars (f64(1.5)); bind a literal with %s = %s",
				clip.Text(st.name), clip.Text(st.name), clip.Text(st.text))
		}
		g.inputs[st.index] = o
	case siteConvert:
		t, err := d.Parse(st.text)
		if err != nil {
			return err
		}
		g.convs[st.index] = t
	default:
		return errors.New("malformed program: unknown site")
	}
	return nil
}
