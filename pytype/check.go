package pytype

import (
	"fmt"
	"sort"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/python"
)

// Finding is one place where the two versions of a library differ.
type Finding struct {
	File string `json:"file"`
	// Line and Col are 1-based (Col in bytes, as the parser counts it);
	// EndLine and EndCol end the expression (exclusive column).
	Line    int `json:"line"`
	Col     int `json:"col"`
	EndLine int `json:"end_line"`
	EndCol  int `json:"end_col"`
	// Kind is "dtype-changed", "may-change" (the old version's dtype
	// depends on values the source does not show), "raises" (the new
	// version raises), "inplace-cast" (the new version refuses to store an
	// in-place result), "can-cast" or "result-type".
	Kind string `json:"kind"`
	// Op is the operation ("+", "+=", "np.add", "np.can_cast").
	Op string `json:"op"`
	// Operands describes the operands as inferred.
	Operands []string `json:"operands"`
	// Old and New are the versions' answers: a dtype, or the error.
	OldName string `json:"old_version"`
	NewName string `json:"new_version"`
	Old     string `json:"old"`
	New     string `json:"new"`
	// OldRule and NewRule are the IDs of the rules that decided them.
	OldRule string `json:"old_rule,omitempty"`
	NewRule string `json:"new_rule,omitempty"`
	// Case is the migration case (NEP 50's, for NumPy).
	Case string `json:"case"`
	// Repro is a Python expression that performs the operation on
	// operands of the inferred types (numpy imported as np), to confirm
	// the finding under both versions.
	Repro string `json:"repro"`
	// Message is the whole finding in one line.
	Message string `json:"message"`
}

// String is the finding as "file:line:col: message".
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", f.File, f.Line, f.Col, f.Message)
}

// Checker lints Python source against libraries. A Checker is not safe
// for concurrent use: make one per goroutine (NewChecker is cheap).
type Checker struct {
	libs []pyapi.Library
	vers []pyapi.Versions
	// in[lib][0] old, [1] new, [2] new checked.
	in [][3]*infer.Inferer
	ts infer.Types
}

// NewChecker returns a Checker for the libraries (numpy.NewPython() for
// NumPy).
func NewChecker(libs ...pyapi.Library) *Checker {
	c := &Checker{libs: libs}
	for _, l := range libs {
		v := l.Versions()
		c.vers = append(c.vers, v)
		c.in = append(c.in, [3]*infer.Inferer{infer.New(v.Old), infer.New(v.New), infer.New(v.NewChecked)})
	}
	return c
}

// SuppressComment on a line silences the findings that start or end on it.
const SuppressComment = "# promote: ignore"

// Check parses src as Python and returns its findings, sorted by
// position, without those on lines carrying SuppressComment. The error is
// the parser's (*python.SyntaxError) for source that does not parse.
func (c *Checker) Check(filename string, src []byte) (fs []Finding, err error) {
	mod, err := python.Parse(filename, src)
	if err != nil {
		return nil, err
	}
	// A bug in the inference must cost one file, never the run: it becomes
	// that file's error.
	defer func() {
		if r := recover(); r != nil {
			fs, err = nil, fmt.Errorf("%s: internal error in the lint (please report it): %v", filename, r)
		}
	}()
	fc := &fileChecker{c: c, file: filename}
	fc.module(mod)
	fs = fc.findings
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Line != fs[j].Line {
			return fs[i].Line < fs[j].Line
		}
		return fs[i].Col < fs[j].Col
	})
	return suppress(dedupe(fs), src), nil
}

// dedupe drops repeated findings (a loop body's first and final passes
// may both find the same thing); fs is sorted by position.
func dedupe(fs []Finding) []Finding {
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		dup := false
		for j := len(out) - 1; j >= 0 && out[j].Line == f.Line && out[j].Col == f.Col; j-- {
			if out[j].Message == f.Message {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, f)
		}
	}
	return out
}

// suppress drops the findings on lines that carry SuppressComment.
func suppress(fs []Finding, src []byte) []Finding {
	if len(fs) == 0 || !strings.Contains(string(src), SuppressComment) {
		return fs
	}
	quiet := map[int]bool{}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, SuppressComment) {
			quiet[i+1] = true
		}
	}
	out := fs[:0]
	for _, f := range fs {
		if !quiet[f.Line] && !quiet[f.EndLine] {
			out = append(out, f)
		}
	}
	return out
}

// libIndex is the index of lib among the Checker's libraries.
func (c *Checker) libIndex(lib pyapi.Library) int {
	for i, l := range c.libs {
		if l == lib {
			return i
		}
	}
	return -1
}

// typed is an operation's answer under one version.
type typed struct {
	o    promote.Operand // the result as an operand (Kind 0 when failed)
	t    infer.Type
	err  error
	rule string
}

// typeOp types op over args under inferer in (one tiny graph per site:
// the operands' types are what the inference carried, so the graph needs
// nothing else).
func (c *Checker) typeOp(in *infer.Inferer, op infer.Op, args []promote.Operand) typed {
	g := infer.NewGraph(len(args) + 1)
	ids := make([]infer.NodeID, len(args))
	for i, a := range args {
		ids[i] = g.Input(a)
	}
	var id infer.NodeID
	if op.IsBinary() {
		id = g.Binary(op, ids[0], ids[1])
	} else {
		id = g.Call(op, ids...)
	}
	_ = in.InferInto(g, &c.ts)
	t := c.ts.Type(id)
	if t.Err != nil {
		return typed{t: t, err: t.Err}
	}
	r := typed{t: t, o: resultOperand(t)}
	if t.Rule != nil {
		r.rule = t.Rule.ID
	}
	return r
}

// resultOperand is an operation's result as the next operation's operand:
// a Python literal stays one (Python computes literal arithmetic), an
// array keeps its rank class, and a 0-d result loses its value (the
// inference does not compute NumPy's arithmetic).
func resultOperand(t infer.Type) promote.Operand {
	if t.Literal {
		return promote.Operand{Kind: promote.Literal, Value: t.Value}
	}
	return promote.Operand{Kind: promote.Tensor, DType: t.DType, Rank: t.Rank}
}
