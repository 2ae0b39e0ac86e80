package gen

import (
	"fmt"
	"strings"
)

// golang writes the Go package.
func (s *scheme) golang(b *strings.Builder) {
	for _, l := range s.header() {
		if l == "" {
			b.WriteString("//\n")
		} else {
			fmt.Fprintf(b, "// %s\n", l)
		}
	}
	n := len(s.dtypes)
	fmt.Fprintf(b, `
// Package %[1]s promotes pairs of dtypes as the rule set %[2]s does.
package %[1]s

import "strconv"

// DType is one dtype of the rule set.
type DType uint8

// The dtypes, in promote's catalogue order (promote's name in the comment).
const (
`, s.pkg, comment(s.label))
	for i, d := range s.dtypes {
		if i == 0 {
			fmt.Fprintf(b, "\t%s DType = iota // %s\n", s.ids[i], d)
		} else {
			fmt.Fprintf(b, "\t%s // %s\n", s.ids[i], d)
		}
	}
	fmt.Fprintf(b, `)

// NumDTypes is the number of dtypes.
const NumDTypes = %d

var dtypeNames = [NumDTypes]string{`, n)
	for i, id := range s.ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(goQuote(id))
	}
	b.WriteString(`}

// String returns the dtype's name.
func (d DType) String() string {
	if int(d) < NumDTypes {
		return dtypeNames[d]
	}
	return "DType(" + strconv.Itoa(int(d)) + ")"
}

// ParseDType returns the dtype with that name: its String, promote's
// canonical name (bf16) or a spelling the rule set's dialect reads
// (bfloat16).
func ParseDType(name string) (DType, bool) {
	d, ok := dtypeByName[name]
	return d, ok
}

// dtypeByName holds every name ParseDType accepts.
var dtypeByName = map[string]DType{
`)
	for _, a := range s.lookup {
		fmt.Fprintf(b, "\t%s: %s,\n", goQuote(a.name), s.ids[a.idx])
	}
	b.WriteString(`}

// Rule is a rule of the rule set that refuses pairs.
type Rule struct {
	ID, Text, Source string
}

var rules = [...]Rule{
`)
	for _, r := range s.refusals {
		fmt.Fprintf(b, "\t{%s, %s, %s},\n", goQuote(r.ID), goQuote(r.Text), goQuote(r.Source))
	}
	fmt.Fprintf(b, `}

// Error is a refused pair, or a DType out of range (Rule nil).
type Error struct {
	A, B DType
	Rule *Rule
}

// Error says which pair was refused and by which rule.
func (e *Error) Error() string {
	if e.Rule == nil {
		return %[1]s + ": no such dtype in " + e.A.String() + " with " + e.B.String()
	}
	return %[1]s + ": " + e.A.String() + " with " + e.B.String() + " is refused (rule " + e.Rule.ID + ": " + e.Rule.Text + ")"
}

// table[a][b] is a with b: bit 15 a refusal with the rule's index below
// it; otherwise the result, with bit 8 when it is weak.
var table = [NumDTypes][NumDTypes]uint16{
`, goQuote(s.label))
	for i := range s.dtypes {
		b.WriteString("\t{")
		for j := range s.dtypes {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%#04x", s.cells[i][j].encode())
		}
		b.WriteString("},\n")
	}
	b.WriteString(`}

// Promote returns the dtype a tensor of a and a tensor of b promote to,
// and whether the result is weak, or the *Error that refuses the pair.
func Promote(a, b DType) (DType, bool, error) {
	if int(a) >= NumDTypes || int(b) >= NumDTypes {
		return 0, false, &Error{A: a, B: b}
	}
	c := table[a][b]
	if c&0x8000 != 0 {
		return 0, false, &Error{A: a, B: b, Rule: &rules[c&0x7fff]}
	}
	return DType(c & 0xff), c&0x100 != 0, nil
}
`)
}
