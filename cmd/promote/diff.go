package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

func init() {
	register(&command{
		name:  "diff",
		usage: "-rules A [-set KEY=VALUE]... -against B [-set KEY=VALUE]... [-literals] [-json]",
		short: "every dtype pair where two rule sets (or two settings) disagree; exit 1 if any",
		long: `Diff lists every ordered dtype pair (and with -literals every dtype with true,
1, 1.0 and 1j) where two rule sets, or one rule set under two settings,
disagree, grouped by the two answers. Each side is a rule set NAME or a spec
NAME:KEY=VALUE:...; a -set applies to the -rules or -against before it.

When either side's answer depends on a literal's value (NumPy 1.x's
value-based promotion, an OverflowError for a Python int out of range),
-literals also tries values on each side of every boundary: 127/128,
255/256, 32767/32768, 65535/65536, 2**31, 2**32, 2**63, 2**64, the
float16 cut-offs 65000 and 65504/65505, a float past float32's range
(1e39) and past float64's, inf and nan; and every dtype with a typed
scalar of every dtype (f64(1.0), i64(1)).

Exit status: 0 no differences; 1 differences (so it can gate a port in CI),
or lost output; 2 a bad command line.`,
		operands:    noOperands,
		customFlags: true,
		flags: func(fs *flag.FlagSet) runFunc {
			fs.String("rules", "", "the first rule set: `NAME` or NAME:KEY=VALUE:...")
			fs.String("against", "", "the second rule set: `NAME` or NAME:KEY=VALUE:...")
			fs.Var(new(setFlags), "set", "an option `KEY=VALUE` of the -rules or -against before it (repeatable)")
			fs.Bool("literals", false, "also compare every dtype with the literals true, 1, 1.0 and 1j")
			fs.Bool("json", false, "write JSON")
			return runDiff
		},
	})
}

// diffSide is one side of a diff: a rule set and its settings.
type diffSide struct {
	name string
	sets []string
	r    promote.Rules
}

// label names the side as its spec does (numpy:promotion=legacy), with
// only the settings that differ from the defaults.
func (s diffSide) label() string { return rules.Label(s.r) }

// diffGroup is the pairs where side A answers one thing and B another.
type diffGroup struct {
	A     string   `json:"a"`
	B     string   `json:"b"`
	Count int      `json:"count"`
	Cases []string `json:"cases"`
}

// runDiff parses its own flags because -set belongs to whichever of
// -rules and -against precedes it.
func runDiff(e *env, args []string) error {
	var sides [2]diffSide
	cur := -1
	literals, asJSON := false, false
	for i := 0; i < len(args); i++ {
		if !strings.HasPrefix(args[i], "-") || args[i] == "-" || args[i] == "--" {
			return usagef("unexpected argument %s: diff takes only flags", quoteArg(args[i]))
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(args[i][1:], "-"), "=")
		needVal := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 < len(args) {
				i++
				return args[i], nil
			}
			return "", usagef("flag needs an argument: -%s", name)
		}
		switch name {
		case "rules", "against":
			v, err := needVal()
			if err != nil {
				return err
			}
			cur = 0
			if name == "against" {
				cur = 1
			}
			if sides[cur].name != "" {
				return usagef("-%s given twice", name)
			}
			sides[cur].name = v
		case "set":
			v, err := needVal()
			if err != nil {
				return err
			}
			if cur < 0 {
				return usagef("-set KEY=VALUE follows the -rules or -against it belongs to")
			}
			sides[cur].sets = append(sides[cur].sets, v)
		case "literals", "json":
			b := true
			if hasVal {
				var err error
				if b, err = strconv.ParseBool(val); err != nil {
					return usagef("invalid boolean value %s for -%s", quoteArg(val), name)
				}
			}
			if name == "literals" {
				literals = b
			} else {
				asJSON = b
			}
		case "h", "help":
			return flag.ErrHelp
		default:
			return usagef("flag provided but not defined: -%s", name)
		}
	}
	for i := range sides {
		if sides[i].name == "" {
			return usagef("both -rules and -against are required (rule sets: %s)", strings.Join(rules.Names(), ", "))
		}
		r, err := buildRules(sides[i].name, sides[i].sets)
		if err != nil {
			return err
		}
		sides[i].r = r
	}
	groups, compared := diffRules(sides[0].r, sides[1].r, literals)
	differ := 0
	for _, g := range groups {
		differ += g.Count
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			A        string      `json:"a"`
			B        string      `json:"b"`
			Compared int         `json:"compared"`
			Differ   int         `json:"differ"`
			Groups   []diffGroup `json:"groups"`
		}{sides[0].label(), sides[1].label(), compared, differ, groups})
	} else {
		fmt.Fprintf(e.stdout, "%s vs %s: %d of %d cases differ\n", sides[0].label(), sides[1].label(), differ, compared)
		for _, g := range groups {
			fmt.Fprintf(e.stdout, "\n%s gives %s, %s gives %s: %d\n", sides[0].label(), g.A, sides[1].label(), g.B, g.Count)
			for _, c := range g.Cases {
				fmt.Fprintf(e.stdout, "  %s\n", c)
			}
		}
	}
	if differ > 0 {
		return exitStatus(statusFailed)
	}
	return nil
}

// diffRules compares two rule sets on every ordered pair of dtypes either
// knows (and, with literals, every dtype with each literal kind), grouping
// the disagreements by the pair of answers.
func diffRules(a, b promote.Rules, literals bool) ([]diffGroup, int) {
	var types []dtype.DType
	for _, d := range dtype.All() {
		_, errA := a.PromoteTypes(d, d)
		_, errB := b.PromoteTypes(d, d)
		if errA == nil || errB == nil {
			types = append(types, d)
		}
	}
	var queries [][]promote.Operand
	for _, x := range types {
		for _, y := range types {
			queries = append(queries, []promote.Operand{promote.T(x), promote.T(y)})
		}
	}
	if literals {
		lits := []promote.Operand{promote.Bool(true), promote.Int(1), promote.Float(1.0), promote.Complex(0, 1)}
		valued := valueBased(a, types) || valueBased(b, types)
		if valued {
			lits = boundaryLiterals()
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
	byKey := map[[2]string]*diffGroup{}
	for _, q := range queries {
		ra, rb := shortAnswer(a, q), shortAnswer(b, q)
		if ra == rb {
			continue
		}
		g := byKey[[2]string{ra, rb}]
		if g == nil {
			g = &diffGroup{A: ra, B: rb}
			byKey[[2]string{ra, rb}] = g
		}
		g.Count++
		g.Cases = append(g.Cases, promote.Join(q))
	}
	groups := make([]diffGroup, 0, len(byKey))
	for _, g := range byKey {
		groups = append(groups, *g)
	}
	sort.Slice(groups, func(i, j int) bool {
		if groups[i].Count != groups[j].Count {
			return groups[i].Count > groups[j].Count
		}
		return groups[i].A+groups[i].B < groups[j].A+groups[j].B
	})
	return groups, len(queries)
}

// valueProbes are pairs of literals of one kind with different values: a
// rule set that answers one dtype differently for the two is value-based.
var valueProbes = [][2]promote.Operand{
	{promote.Int(1), promote.Int(300)}, {promote.Int(1), promote.Int(-1)}, {promote.Int(1), promote.Int(70000)},
	{promote.Float(1), promote.Float(1e39)}, {promote.Float(1), promote.Float(70000)},
}

// valueBased reports whether r's answer for some dtype and literal kind
// depends on the literal's value.
func valueBased(r promote.Rules, types []dtype.DType) bool {
	for _, d := range types {
		for _, p := range valueProbes {
			if shortAnswer(r, []promote.Operand{promote.T(d), p[0]}) != shortAnswer(r, []promote.Operand{promote.T(d), p[1]}) {
				return true
			}
		}
	}
	return false
}

// boundaryLiterals are literals on each side of every boundary a
// value-based rule set draws: integer type limits, NumPy 1.x's float16
// cut-off (65000) and float16's largest value (65504), float32's and
// float64's range, and the special floats.
func boundaryLiterals() []promote.Operand {
	var out []promote.Operand
	for _, s := range []string{"true", "0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
		"-32768", "-32769", "65535", "65536", "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
		"9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551615",
		"18446744073709551616", "1.0", "64999.0", "65000.0", "65504.0", "65505.0", "1e10", "3.4e38", "1e39",
		"1e300", "1e309", "inf", "nan", "1j", "(3.5e38+0j)"} {
		o, err := promote.ParseOperand(s)
		if err != nil {
			panic(fmt.Sprintf("diff: boundary literal %s: %v", s, err))
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
