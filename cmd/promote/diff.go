package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

func init() {
	register(command{name: "diff", summary: "every dtype pair where two rule sets (or two settings) disagree; exit 1 if any", run: runDiff})
}

// diffSide is one side of a diff: a rule set and its settings.
type diffSide struct {
	name string
	sets []string
	r    promote.Rules
}

func (s diffSide) label() string {
	if len(s.sets) == 0 {
		return s.name
	}
	return s.name + " " + strings.Join(s.sets, " ")
}

// diffGroup is the pairs where side A answers one thing and B another.
type diffGroup struct {
	A     string   `json:"a"`
	B     string   `json:"b"`
	Count int      `json:"count"`
	Cases []string `json:"cases"`
}

const diffUsage = "usage: promote diff -rules A [-set KEY=VALUE]... -against B [-set KEY=VALUE]... [-literals] [-json]"

// runDiff parses its own flags because -set belongs to whichever of -rules
// and -against precedes it.
func runDiff(e *env, args []string) int {
	var sides [2]diffSide
	cur := -1
	literals, asJSON := false, false
	for i := 0; i < len(args); i++ {
		a := strings.TrimLeft(args[i], "-")
		name, val, hasVal := strings.Cut(a, "=")
		needVal := func() (string, bool) {
			if hasVal {
				return val, true
			}
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return "", false
		}
		switch name {
		case "rules", "against":
			v, ok := needVal()
			if !ok {
				fmt.Fprintf(e.stderr, "promote diff: -%s needs a rule set name\n%s\n", name, diffUsage)
				return 2
			}
			cur = 0
			if name == "against" {
				cur = 1
			}
			sides[cur].name = v
		case "set":
			v, ok := needVal()
			if !ok || cur < 0 {
				fmt.Fprintf(e.stderr, "promote diff: -set KEY=VALUE follows the -rules or -against it belongs to\n%s\n", diffUsage)
				return 2
			}
			sides[cur].sets = append(sides[cur].sets, v)
		case "literals":
			literals = true
		case "json":
			asJSON = true
		case "h", "help":
			fmt.Fprintln(e.stdout, diffUsage)
			return 0
		default:
			fmt.Fprintf(e.stderr, "promote diff: unknown argument %q\n%s\n", args[i], diffUsage)
			return 2
		}
	}
	for i := range sides {
		if sides[i].name == "" {
			fmt.Fprintf(e.stderr, "promote diff: both -rules and -against are required (rule sets: %s)\n%s\n", strings.Join(rules.Names(), ", "), diffUsage)
			return 2
		}
		r, ok := buildRules(e, sides[i].name, sides[i].sets)
		if !ok {
			return 2
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
		return 1
	}
	return 0
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
		for _, x := range types {
			for _, l := range lits {
				queries = append(queries, []promote.Operand{promote.T(x), l})
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

// shortAnswer is a query's result, or "error" for any refusal.
func shortAnswer(r promote.Rules, ops []promote.Operand) string {
	res, err := r.Result(ops...)
	if err != nil {
		return "error"
	}
	return res.String()
}
