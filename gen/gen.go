// Package gen writes a rule set's pair promotion as a self-contained,
// dependency-free function in Go, C, C++, Rust or Python: the dtypes as an
// enum named as the user asks, a dense table of every ordered pair, and
// refusals as errors that name the rule. It also writes the table as test
// vectors, so the generated code can be checked where it is used.
//
// Only the pair table is generated (PromoteTypes: two ranked tensors of
// the rule set's accepted dtypes); weak operands, literals and N operands
// stay with promote. A weak result (JAX's u64 with i8 under x64 is a weak
// f64) is returned with its weak flag.
package gen

import (
	"errors"
	"fmt"
	"go/format"
	"io"
	"regexp"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Lang is a target language.
type Lang string

// The target languages.
const (
	Go     Lang = "go"
	C      Lang = "c"
	CPP    Lang = "cpp"
	Rust   Lang = "rust"
	Python Lang = "python"
)

// Langs returns the target languages.
func Langs() []Lang { return []Lang{Go, C, CPP, Rust, Python} }

// ParseLang reads a language name: go, c, cpp (or c++), rust, python (or
// py).
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "go", "golang":
		return Go, nil
	case "c":
		return C, nil
	case "cpp", "c++", "cxx":
		return CPP, nil
	case "rust", "rs":
		return Rust, nil
	case "python", "py":
		return Python, nil
	}
	return "", fmt.Errorf("unknown language %q (valid: go, c, cpp, rust, python)", s)
}

// Options say how to generate.
type Options struct {
	Lang Lang
	// Names maps dtypes to the identifiers of the generated enum (see
	// ParseNames). Every dtype the rule set accepts must be mapped; nil
	// takes the default names: the canonical name in upper case (F32,
	// BF16, BOOL), prefixed with the package in C (PROMOTION_F32).
	Names map[dtype.DType]string
	// Package is the Go package name, the prefix of C's types and
	// functions, the C++ namespace; empty: "promotion".
	Package string
	// Spec is how the rule set was named (jax:x64=true,
	// ./myruntime.toml), for the header; empty: the rule set's label.
	Spec string
	// Version is the promote version that generates, for the header.
	Version string
	// NamesFile is the names file Names came from, for the header.
	NamesFile string
	// OutFile and VectorsFile are the files the code and the vectors are
	// written to (promote gen's -o and -vectors), for the header's
	// Regenerate line; empty when not written to a file.
	OutFile, VectorsFile string
}

// scheme is what the generators read: the accepted dtypes with their
// identifiers, the table, and the rules that refuse.
type scheme struct {
	opt      Options
	pkg      string
	label    string
	title    string
	source   string
	settings string
	dtypes   []dtype.DType
	ids      []string // identifiers, one per dtype
	lookup   []alias  // every name the from-name function accepts
	cells    [][]cell
	refusals []*promote.Rule
}

// cell is one ordered pair: out and weak, or the refusing rule.
type cell struct {
	out     int // index into dtypes
	weak    bool
	refused bool
	rule    int // index into refusals
}

// encode packs a cell into the generated tables' 16 bits: bit 15 a
// refusal, with the rule's index below; else the result's index, and bit
// 8 when it is weak.
func (c cell) encode() uint16 {
	if c.refused {
		return 0x8000 | uint16(c.rule)
	}
	v := uint16(c.out)
	if c.weak {
		v |= 0x100
	}
	return v
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// build reads the rule set's table and checks the names for the language.
func build(r promote.Rules, opt Options) (*scheme, error) {
	s := &scheme{opt: opt, pkg: opt.Package, label: label(r), title: r.Def().Title, source: r.Def().Source, settings: r.Settings().String()}
	if s.pkg == "" {
		s.pkg = "promotion"
	}
	if !identRE.MatchString(s.pkg) || strings.HasPrefix(s.pkg, "_") || len(s.pkg) > 64 {
		return nil, fmt.Errorf("package name %q: use a letter, then letters, digits or _", s.pkg)
	}
	if opt.Lang == Go && isKeyword(Go, s.pkg) {
		return nil, fmt.Errorf("package name %q is a Go keyword", s.pkg)
	}
	if opt.Spec != "" {
		s.label = opt.Spec
	}
	index := map[dtype.DType]int{}
	for _, d := range dtype.All() {
		if _, err := r.PromoteTypes(d, d); err == nil {
			index[d] = len(s.dtypes)
			s.dtypes = append(s.dtypes, d)
		}
	}
	if len(s.dtypes) == 0 {
		return nil, fmt.Errorf("%s accepts no dtype", s.label)
	}
	seen := map[string]dtype.DType{}
	for _, d := range s.dtypes {
		id, ok := opt.Names[d]
		if opt.Names == nil {
			id, ok = defaultName(opt.Lang, s.pkg, d), true
		}
		if !ok {
			return nil, fmt.Errorf("%s uses %s, which the names file does not map (add a line: %s NAME)", s.label, d, d)
		}
		if err := checkIdent(opt.Lang, id); err != nil {
			return nil, fmt.Errorf("the name of %s: %w", d, err)
		}
		if prev, dup := seen[strings.ToLower(id)]; dup {
			return nil, fmt.Errorf("%s and %s have the same name %q (names are compared ignoring case)", prev, d, id)
		}
		seen[strings.ToLower(id)] = d
		s.ids = append(s.ids, id)
	}
	s.lookup = s.aliases(r.Def().Dialect)
	ruleIdx := map[*promote.Rule]int{}
	s.cells = make([][]cell, len(s.dtypes))
	for i, a := range s.dtypes {
		s.cells[i] = make([]cell, len(s.dtypes))
		for j, b := range s.dtypes {
			res, err := r.PromoteTypes(a, b)
			if err != nil {
				var pe *promote.Error
				if !errors.As(err, &pe) || pe.Rule == nil {
					return nil, fmt.Errorf("%s: %s with %s: %v (a refusal without a rule)", s.label, a, b, err)
				}
				k, ok := ruleIdx[pe.Rule]
				if !ok {
					k = len(s.refusals)
					ruleIdx[pe.Rule] = k
					s.refusals = append(s.refusals, pe.Rule)
				}
				s.cells[i][j] = cell{refused: true, rule: k}
				continue
			}
			k, ok := index[res.DType]
			if !ok {
				return nil, fmt.Errorf("%s: %s with %s gives %s, which does not promote with itself, so it has no place in the table", s.label, a, b, res.DType)
			}
			s.cells[i][j] = cell{out: k, weak: res.Weak}
		}
	}
	if len(s.refusals) > 0x7fff || len(s.dtypes) > 0xff {
		return nil, fmt.Errorf("%s: too many dtypes or rules for the table's 16-bit cells", s.label)
	}
	return s, nil
}

func label(r promote.Rules) string {
	l := r.Def().Name
	for _, kv := range r.Settings().Changed() {
		l += ":" + kv
	}
	return l
}

// defaultName is the identifier a dtype gets without a names file.
func defaultName(l Lang, pkg string, d dtype.DType) string {
	n := strings.ToUpper(d.String())
	if l == C {
		return strings.ToUpper(pkg) + "_" + n
	}
	return n
}

// checkIdent refuses a name the language cannot take as an enum member
// next to the generated code's own identifiers.
func checkIdent(l Lang, id string) error {
	switch {
	case !identRE.MatchString(id):
		return fmt.Errorf("%q is not an identifier (a letter or _, then letters, digits or _)", id)
	case len(id) > 64:
		return fmt.Errorf("%q is longer than 64 characters", id)
	case isKeyword(l, id):
		return fmt.Errorf("%q is a keyword or a name the generated %s code uses", id, l)
	case l == Go && !isExported(id):
		return fmt.Errorf("%q is not exported in Go (start it with an upper-case letter)", id)
	case l == Python && strings.HasPrefix(id, "_"):
		return fmt.Errorf("%q: enum members may not start with _ in Python", id)
	}
	return nil
}

func isExported(id string) bool { return id[0] >= 'A' && id[0] <= 'Z' }

// Generate writes the promotion function for r in opt.Lang.
func Generate(w io.Writer, r promote.Rules, opt Options) error {
	s, err := build(r, opt)
	if err != nil {
		return err
	}
	var b strings.Builder
	switch opt.Lang {
	case Go:
		s.golang(&b)
	case C:
		s.c(&b)
	case CPP:
		s.cpp(&b)
	case Rust:
		s.rust(&b)
	case Python:
		s.python(&b)
	default:
		return fmt.Errorf("unknown language %q (valid: go, c, cpp, rust, python)", opt.Lang)
	}
	out := []byte(b.String())
	if opt.Lang == Go {
		if out, err = format.Source(out); err != nil {
			return fmt.Errorf("gen: formatting the Go code: %w", err)
		}
	}
	_, err = w.Write(out)
	return err
}

// WriteVectors writes every ordered pair of the table as test vectors, in
// the names Generate uses: a TSV file with # comments and the fields a, b,
// result (NAME, NAME? when weak, or error) and the refusing rule's ID.
func WriteVectors(w io.Writer, r promote.Rules, opt Options) error {
	s, err := build(r, opt)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# promote gen vectors for %s: every ordered pair of its %d dtypes.\n", comment(s.label), len(s.dtypes))
	fmt.Fprintf(&b, "# promote version %s\n", comment(s.version()))
	b.WriteString("# fields: a, b, result (NAME, NAME? when weak, or error), rule (the refusing rule's ID)\n")
	for i := range s.dtypes {
		for j := range s.dtypes {
			c := s.cells[i][j]
			switch {
			case c.refused:
				fmt.Fprintf(&b, "%s\t%s\terror\t%s\n", s.ids[i], s.ids[j], s.refusals[c.rule].ID)
			case c.weak:
				fmt.Fprintf(&b, "%s\t%s\t%s?\t\n", s.ids[i], s.ids[j], s.ids[c.out])
			default:
				fmt.Fprintf(&b, "%s\t%s\t%s\t\n", s.ids[i], s.ids[j], s.ids[c.out])
			}
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

func (s *scheme) version() string {
	if s.opt.Version == "" {
		return "unknown"
	}
	return s.opt.Version
}

// header is the comment at the top of every generated file, one line per
// element, without the comment marker.
func (s *scheme) header() []string {
	lines := []string{
		"Code generated by promote gen; DO NOT EDIT.",
		"",
		"Rule set: " + s.label,
		"System: " + s.title,
		"Options: " + orNone(s.settings),
		"Source: " + s.source,
		"Generated by promote " + s.version(),
		"Regenerate: " + s.command(),
		"",
		fmt.Sprintf("Promotes two dtypes of the rule set's %d as two tensors of those dtypes", len(s.dtypes)),
		"(promote's PromoteTypes): a dense table lookup. Refused pairs are errors",
		"naming the rule. Weak operands, literals and more than two operands are not",
		"covered; ask promote.",
	}
	for i, l := range lines {
		lines[i] = comment(l)
	}
	return lines
}

// command is the whole promote gen command line that regenerates the
// file, its -o and -vectors included, each argument quoted for a shell
// where it needs it.
func (s *scheme) command() string {
	c := "promote gen -rules " + shellWord(s.label) + " -lang " + string(s.opt.Lang)
	if s.pkg != "promotion" {
		c += " -package " + shellWord(s.pkg)
	}
	for _, f := range []struct{ flag, path string }{{"-names", s.opt.NamesFile}, {"-o", s.opt.OutFile}, {"-vectors", s.opt.VectorsFile}} {
		if f.path != "" {
			c += " " + f.flag + " " + shellWord(f.path)
		}
	}
	return c
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// comment makes text safe on one comment line of every target language:
// no control characters, and no trailing backslash (which would continue a
// C or C++ line comment onto the next line).
func comment(text string) string {
	text = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, text)
	return strings.TrimRight(text, " \\")
}
