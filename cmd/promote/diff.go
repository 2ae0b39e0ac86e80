package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
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
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			var order []sideFlag
			fs.Var(&sideValue{"rules", &order}, "rules", "the first rule set: `NAME` or NAME:KEY=VALUE:...")
			fs.Var(&sideValue{"against", &order}, "against", "the second rule set: `NAME` or NAME:KEY=VALUE:...")
			fs.Var(&sideValue{"set", &order}, "set", "an option `KEY=VALUE` of the -rules or -against before it (repeatable)")
			literals := fs.Bool("literals", false, "also compare every dtype with the literals true, 1, 1.0 and 1j")
			asJSON := fs.Bool("json", false, "write JSON")
			return func(e *env, _ []string) error { return runDiff(e, order, *literals, *asJSON) }
		},
	})
}

// sideFlag is one -rules, -against or -set of diff's command line, kept
// in order because a -set belongs to whichever side precedes it.
type sideFlag struct{ name, value string }

// sideValue is the flag.Value of -rules, -against and -set: it records
// each in order, for runDiff to assign.
type sideValue struct {
	name  string
	order *[]sideFlag
}

// String implements flag.Value.
func (v *sideValue) String() string { return "" }

// Set implements flag.Value.
func (v *sideValue) Set(s string) error {
	*v.order = append(*v.order, sideFlag{v.name, s})
	return nil
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
type diffGroup = rules.DiffGroup

// runDiff assigns each -set to the -rules or -against before it, builds
// both sides and prints where they differ.
func runDiff(e *env, order []sideFlag, literals, asJSON bool) error {
	var sides [2]diffSide
	cur := -1
	for _, f := range order {
		switch f.name {
		case "rules", "against":
			cur = 0
			if f.name == "against" {
				cur = 1
			}
			if sides[cur].name != "" {
				return usagef("-%s given twice", f.name)
			}
			sides[cur].name = f.value
		case "set":
			if cur < 0 {
				return usagef("-set KEY=VALUE follows the -rules or -against it belongs to")
			}
			sides[cur].sets = append(sides[cur].sets, f.value)
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
	d := rules.Diff(sides[0].r, sides[1].r, literals)
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			A        string      `json:"a"`
			B        string      `json:"b"`
			Compared int         `json:"compared"`
			Differ   int         `json:"differ"`
			Groups   []diffGroup `json:"groups"`
		}{sides[0].label(), sides[1].label(), d.Compared, d.Differ, d.Groups})
	} else {
		fmt.Fprintf(e.stdout, "%s vs %s: %d of %d cases differ\n", sides[0].label(), sides[1].label(), d.Differ, d.Compared)
		for _, g := range d.Groups {
			fmt.Fprintf(e.stdout, "\n%s gives %s, %s gives %s: %d\n", sides[0].label(), g.A, sides[1].label(), g.B, g.Count)
			for _, c := range g.Cases {
				fmt.Fprintf(e.stdout, "  %s\n", c)
			}
		}
	}
	if d.Differ > 0 {
		return exitStatus(statusFailed)
	}
	return nil
}
