package rules

import (
	"fmt"
	"sort"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// A DiffReport is where two rule sets (or one under two settings)
// disagree: what promote diff prints.
type DiffReport struct {
	// Compared is the number of queries both rule sets answered.
	Compared int
	// Differ is the number of those whose answers differ: the sum of
	// the groups' counts.
	Differ int
	// Groups are the disagreements grouped by the pair of answers, the
	// largest group first (ties in order of the answers).
	Groups []DiffGroup
}

// A DiffGroup is the queries where the first rule set answers A and the
// second B ("error" for any refusal).
type DiffGroup struct {
	A     string   `json:"a"`
	B     string   `json:"b"`
	Count int      `json:"count"`
	Cases []string `json:"cases"` // each query, written as promote.Join writes it
}

// Diff compares two rule sets on every ordered pair of dtypes either
// admits (a dtype is admitted when the rule set answers it with itself)
// and, with literals, every such dtype with the literals true, 1, 1.0 and
// 1j. When either side's answer depends on a literal's value (NumPy 1.x's
// value-based promotion, an OverflowError for a Python int out of range),
// literals also tries BoundaryLiterals and every dtype with a typed
// scalar of every dtype (f64(1.0), i64(1)). The disagreements are grouped
// by the pair of answers.
func Diff(a, b promote.Rules, literals bool) DiffReport {
	types := KnownDTypes(a, b)
	var queries [][]promote.Operand
	for _, x := range types {
		for _, y := range types {
			queries = append(queries, []promote.Operand{promote.T(x), promote.T(y)})
		}
	}
	if literals {
		lits := []promote.Operand{promote.Bool(true), promote.Int(1), promote.Float(1.0), promote.Complex(0, 1)}
		valued := ValueBased(a, types) || ValueBased(b, types)
		if valued {
			lits = BoundaryLiterals()
		}
		for _, x := range types {
			for _, l := range lits {
				queries = append(queries, []promote.Operand{promote.T(x), l})
			}
		}
		if valued {
			for _, x := range types {
				for _, y := range types {
					if s, ok := typedScalar(y); ok {
						queries = append(queries, []promote.Operand{promote.T(x), s})
					}
				}
			}
		}
	}
	byKey := map[[2]string]*DiffGroup{}
	differ := 0
	for _, q := range queries {
		ra, rb := shortAnswer(a, q), shortAnswer(b, q)
		if ra == rb {
			continue
		}
		g := byKey[[2]string{ra, rb}]
		if g == nil {
			g = &DiffGroup{A: ra, B: rb}
			byKey[[2]string{ra, rb}] = g
		}
		g.Count++
		g.Cases = append(g.Cases, promote.Join(q))
		differ++
	}
	groups := make([]DiffGroup, 0, len(byKey))
	for _, g := range byKey {
		groups = append(groups, *g)
	}
	sort.Slice(groups, func(i, j int) bool {
		if groups[i].Count != groups[j].Count {
			return groups[i].Count > groups[j].Count
		}
		return groups[i].A+groups[i].B < groups[j].A+groups[j].B
	})
	return DiffReport{Compared: len(queries), Differ: differ, Groups: groups}
}

// valueProbes are pairs of literals of one kind with different values: a
// rule set that answers one dtype differently for the two is value-based.
var valueProbes = [][2]promote.Operand{
	{promote.Int(1), promote.Int(300)}, {promote.Int(1), promote.Int(-1)}, {promote.Int(1), promote.Int(70000)},
	{promote.Float(1), promote.Float(1e39)}, {promote.Float(1), promote.Float(70000)},
}

// ValueBased reports whether r's answer for one of types with a literal
// depends on the literal's value (1 against 300, -1 or 70000; 1.0 against
// 1e39 or 70000.0).
func ValueBased(r promote.Rules, types []dtype.DType) bool {
	for _, d := range types {
		for _, p := range valueProbes {
			if shortAnswer(r, []promote.Operand{promote.T(d), p[0]}) != shortAnswer(r, []promote.Operand{promote.T(d), p[1]}) {
				return true
			}
		}
	}
	return false
}

// boundaryLiteralTexts are the literals of BoundaryLiterals, as written.
var boundaryLiteralTexts = []string{"true", "0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
	"-32768", "-32769", "65535", "65536", "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
	"9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551615",
	"18446744073709551616", "1.0", "64999.0", "65000.0", "65504.0", "65505.0", "1e10", "3.4e38", "1e39",
	"1e300", "1e309", "inf", "nan", "1j", "(3.5e38+0j)"}

// BoundaryLiterals are literals on each side of every boundary a
// value-based rule set draws: integer type limits (127/128, 255/256, ...,
// 2**63, 2**64), NumPy 1.x's float16 cut-off (65000) and float16's
// largest value (65504/65505), float32's and float64's range (3.4e38,
// 1e39, 1e309), the special floats (inf, nan), and complex literals.
func BoundaryLiterals() []promote.Operand {
	out := make([]promote.Operand, 0, len(boundaryLiteralTexts))
	for _, s := range boundaryLiteralTexts {
		o, err := promote.ParseOperand(s)
		if err != nil {
			panic(fmt.Sprintf("rules: boundary literal %s: %v", s, err)) // a fixed list the tests read
		}
		out = append(out, o)
	}
	return out
}

// typedScalar is a typed scalar of d holding 1 (true for bool), or false
// for a dtype whose scalars the grammar does not write.
func typedScalar(d dtype.DType) (promote.Operand, bool) {
	v := "1"
	if d == dtype.Bool {
		v = "true"
	}
	o, err := promote.ParseOperand(d.String() + "(" + v + ")")
	return o, err == nil
}

// shortAnswer is a query's result, or "error" for any refusal.
func shortAnswer(r promote.Rules, ops []promote.Operand) string {
	res, err := r.Result(ops...)
	if err != nil {
		return "error"
	}
	return res.String()
}
