package probe

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Operand kinds a framework's adapter in the script can build; the script
// names those it supports for each framework.
const (
	kindRanked   = "t1"  // a tensor of rank 1 (one element)
	kindZeroDim  = "t0"  // a zero-dim tensor holding 1 (true for bool)
	kindLiterals = "lit" // Python bool, int, float and complex literals
	kindBoundary = "big" // boundary values among the literals (2**64, 1e300)
	kindScalar   = "s"   // typed host scalars: NumPy's np.float64(1)
)

// scalarValues are the values a typed scalar of each kind is tried with:
// 1 (true for bool), and one that NumPy 1.x's value-based promotion reads
// as needing a wider type than the smallest (300 needs 16 bits; 70000.0
// is past float16's range).
var scalarValues = map[dtype.Kind][]string{
	dtype.KindBool:     {"true"},
	dtype.KindSigned:   {"1", "300"},
	dtype.KindUnsigned: {"1", "300"},
	dtype.KindFloat:    {"1.0", "70000.0"},
	dtype.KindComplex:  {"1.0"},
}

// The literals every dtype meets: one of each Python kind, then boundary
// integers (each side of the int64 and uint64 limits, -1 with the unsigned
// types, the value-based cut-offs of NumPy 1.x) and floats past float16's
// and float32's ranges.
var (
	plainLiterals    = []string{"true", "1", "1.5", "1j"}
	boundaryLiterals = []string{"-1", "300", "65536", "2147483648", "9223372036854775807",
		"9223372036854775808", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
		"70000.0", "1e300", "inf", "nan", "1e300j"}
)

// wireOperand is an operand as the script builds it.
type wireOperand struct {
	Kind  string `json:"k"`           // "t" tensor, "l" literal, "s" typed scalar
	DType string `json:"d,omitempty"` // the framework's name for the dtype
	Rank  int    `json:"r"`
	Type  string `json:"t,omitempty"` // literal or scalar: bool, int, float, complex
	Value string `json:"v,omitempty"` // literal or scalar: Python text
}

// query is one question: promote's operands and the script's.
type query struct {
	text string // in promote's operand grammar: "u8 18446744073709551616"
	ops  []promote.Operand
	wire []wireOperand
}

// queries generates every query for a framework: every ordered pair of
// the dtypes as rank-1 tensors, and as zero-dim tensors in each mix where
// the framework has them; every dtype with each literal in both orders
// (the boundary literals only where the framework takes values); and,
// where the framework has them, typed scalars of every dtype with every
// dtype's tensor. A scalar that cannot hold its value (u8(300)) is left out.
func queries(types []dtype.DType, kinds []string, name func(dtype.DType) string) []query {
	has := map[string]bool{}
	for _, k := range kinds {
		has[k] = true
	}
	forms := []string{""}
	if has[kindZeroDim] {
		forms = append(forms, "[]")
	}
	var out []query
	add := func(tokens ...string) {
		if q, ok := makeQuery(tokens, name); ok {
			out = append(out, q)
		}
	}
	for _, a := range types {
		for _, b := range types {
			for _, fa := range forms {
				for _, fb := range forms {
					add(tensorToken(a, fa), tensorToken(b, fb))
				}
			}
		}
	}
	if has[kindScalar] {
		for _, a := range types {
			for _, v := range scalarValues[a.Kind()] {
				sc := a.String() + "(" + v + ")"
				for _, b := range types {
					add(sc, b.String())
					add(b.String(), sc)
				}
			}
		}
	}
	if has[kindLiterals] {
		lits := append([]string(nil), plainLiterals...)
		if has[kindBoundary] {
			lits = append(lits, boundaryLiterals...)
		}
		for _, a := range types {
			for _, f := range forms {
				t := tensorToken(a, f)
				for _, l := range lits {
					add(t, l)
					add(l, t)
				}
			}
		}
	}
	return out
}

// tensorToken writes a tensor operand: "f32" (rank 1) or "f32[](1)", a
// zero-dim tensor holding 1 as the script's ones((), dtype) does.
func tensorToken(d dtype.DType, form string) string {
	if form == "" {
		return d.String()
	}
	if d == dtype.Bool {
		return "bool[](true)"
	}
	return d.String() + "[](1)"
}

// dialectNames names dtypes by frameworkName in dial alone.
func dialectNames(dial *dtype.Dialect) func(dtype.DType) string {
	return func(d dtype.DType) string { return frameworkName(d, dial) }
}

// makeQuery parses tokens into promote's operands and the script's, each
// dtype named by name; ok is false for a token promote cannot read (a
// zero-dim tensor whose dtype cannot hold 1 is retried without its value).
func makeQuery(tokens []string, name func(dtype.DType) string) (query, bool) {
	q := query{text: strings.Join(tokens, " ")}
	for _, tok := range tokens {
		op, err := promote.ParseOperand(tok)
		if err != nil && strings.HasSuffix(tok, "[](1)") {
			op, err = promote.ParseOperand(strings.TrimSuffix(tok, "(1)"))
		}
		if err != nil {
			return query{}, false
		}
		q.ops = append(q.ops, op)
		q.wire = append(q.wire, toWire(op, name))
	}
	return q, true
}

func toWire(op promote.Operand, name func(dtype.DType) string) wireOperand {
	if op.Kind == promote.Tensor {
		rank := 1
		if op.Rank == 0 {
			rank = 0
		}
		return wireOperand{Kind: "t", DType: name(op.DType), Rank: rank}
	}
	w := wireOperand{Kind: "l", Type: op.Value.Kind.String(), Value: op.Value.Text}
	if op.Kind == promote.Scalar {
		w.Kind, w.DType = "s", name(op.DType)
	}
	if op.Value.Kind == promote.BoolValue {
		w.Value = "false"
		if op.Value.Bool {
			w.Value = "true"
		}
	}
	return w
}

// longNames override the spelling rule for the x87 formats: NumPy's own
// names for them.
var longNames = map[dtype.DType]string{dtype.F80: "longdouble", dtype.C160: "clongdouble"}

// frameworkName is the name the Python frameworks give d: of the
// dialect's spellings that read like a Python attribute of the module
// (bool, int8, uint16, float32, bfloat16, float8_e4m3fn, complex64), the
// first with a width in it (float32 rather than float, which is f64 in
// NumPy), or the canonical name.
func frameworkName(d dtype.DType, dial *dtype.Dialect) string {
	if n, ok := longNames[d]; ok {
		return n
	}
	if d == dtype.Bool {
		return "bool"
	}
	if dial == nil {
		dial = dtype.Neutral
	}
	names := append(dial.Spellings(d), dtype.Neutral.Spellings(d)...)
	for _, needDigit := range []bool{true, false} {
		for _, s := range names {
			if !hasAnyPrefix(s, "int", "uint", "float", "bfloat", "complex", "bcomplex") ||
				needDigit && !strings.ContainsAny(s, "0123456789") || strings.HasSuffix(s, "_t") {
				continue
			}
			if t, err := dial.Parse(s); err == nil && t == d {
				return s
			}
		}
	}
	return d.String()
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// knownTypes are the dtypes any of the candidate settings knows (its pair
// with itself promotes), in catalogue order.
func knownTypes(cands []candidate) []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		for _, c := range cands {
			if _, err := c.r.PromoteTypes(d, d); err == nil {
				out = append(out, d)
				break
			}
		}
	}
	return out
}
