package main

import (
	"flag"

	"github.com/promote-dev/promote/picture"
)

func init() {
	register(&command{
		name:  "lattice",
		usage: "-rules NAME [-set KEY=VALUE]... [-format svg|dot|text]",
		short: "draw a rule set's promotion lattice, or the witness that its table has none",
		long: `Lattice draws a rule set's promotion lattice as a Hasse diagram: every edge
runs up from a dtype to the lowest dtypes it promotes to, and the join of two
dtypes is the lowest node above both. A rule set defined by a lattice (jax,
tensorflow's all and safe modes, array-api) is drawn from it, weak nodes
(Python scalars, weak types) dashed. Any other is drawn from its pair table:
the order the table induces (a below b when a·b = b·a = b), which is a
lattice when every answer is the join; when it is not, the witness (a pair
with no least upper bound, or a triple where the grouping matters) is marked
and explained under the picture, or drawn alone when the table induces no
order at all.

The layout is promote's own (layered: layers, crossing reduction, coordinate
assignment). svg renders the same in any browser and prints; dot is Graphviz
with promote's positions (neato -n2 keeps them); text lists the layers and
edges.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			spec := fs.String("rules", "", rulesHelp)
			var sets setFlags
			fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable)")
			format := fs.String("format", "svg", "output `format`: svg, dot or text")
			return func(e *env, _ []string) error {
				switch *format {
				case "svg", "dot", "text":
				default:
					return usagef("unknown -format %s (valid: svg, dot, text)", quoteArg(*format))
				}
				r, err := buildRules(*spec, sets)
				if err != nil {
					return err
				}
				d, err := picture.LatticeDiagram(r)
				if err != nil {
					return err
				}
				switch *format {
				case "dot":
					return d.DOT(e.stdout)
				case "text":
					return d.Text(e.stdout)
				}
				return d.SVG(e.stdout)
			}
		},
	})
}
