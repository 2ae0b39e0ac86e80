package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/rules"
)

func init() {
	register(&command{
		name:  "check",
		usage: "[-rules NAME]... [-format text|markdown|json]",
		short: "the algebraic properties of rule sets: commutative, associative, a lattice, lossy cells",
		long: `Check measures the properties of a rule set's promotion over its pair table
and every triple of the dtypes it accepts: commutative, idempotent,
associative as a fold, the N-operand answer against its permutations and
against the fold, whether a lattice induces the table (its Hasse diagram, or
a witness), whether it agrees with the rule set's own lattice, refusals, and
the lossy cells (the result cannot hold every value of an operand).

Without -rules: one table, a row per rule set and preset. With -rules
(repeatable; NAME, NAME:KEY=VALUE:..., a comma-separated list, or a rule
file such as ./myruntime.toml): the full report of each, with witnesses,
refusals by rule, lossy cells and Hasse edges.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			var specs specFlags
			fs.Var(&specs, "rules", "a rule set to report on in full (repeatable): `NAME`, NAME:KEY=VALUE:..., a list A,B, or a rule file")
			format := fs.String("format", "text", "output `format`: text, markdown or json")
			return func(e *env, _ []string) error { return runCheck(e, specs, *format) }
		},
	})
}

// specFlags collects repeated -rules values.
type specFlags []string

// String implements flag.Value.
func (s *specFlags) String() string { return strings.Join(*s, " ") }

// Set implements flag.Value: one spec or a comma-separated list.
func (s *specFlags) Set(v string) error {
	*s = append(*s, v)
	return nil
}

func runCheck(e *env, specs []string, format string) error {
	switch format {
	case "text", "markdown", "json":
	default:
		return usagef("unknown -format %s (valid: text, markdown, json)", quoteArg(format))
	}
	var rs []promote.Rules
	if len(specs) == 0 {
		all, err := check.WithPresets(rules.All())
		if err != nil {
			return err
		}
		rs = all
	}
	for _, s := range specs {
		list, err := rules.ParseList(s)
		if err != nil {
			return rulesError("-rules: ", err)
		}
		rs = append(rs, list...)
	}
	reps := check.CheckAll(rs)
	w := &stickyWriter{w: e.stdout}
	switch {
	case format == "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reps); err != nil {
			return err
		}
	case len(specs) == 0:
		writeCheckTable(w, reps, format == "markdown")
	default:
		for i, rep := range reps {
			if i > 0 {
				fmt.Fprintln(w)
			}
			writeCheckReport(w, rep, format == "markdown")
		}
	}
	return w.err
}

// writeCheckTable writes one row per report, one column per property.
func writeCheckTable(w io.Writer, reps []*check.Report, markdown bool) {
	cols := check.Columns()
	if markdown {
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
		for _, rep := range reps {
			fmt.Fprintf(w, "| %s |\n", strings.Join(mdCells(rep.Summary()), " | "))
		}
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(cols, "\t"))
	for _, rep := range reps {
		fmt.Fprintln(tw, strings.Join(rep.Summary(), "\t"))
	}
	tw.Flush()
}

// mdCells escapes the characters a markdown table cell cannot hold.
func mdCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = strings.ReplaceAll(c, "|", `\|`)
	}
	return out
}

// writeCheckReport writes the full report of one rule set.
func writeCheckReport(w io.Writer, rep *check.Report, md bool) {
	head, item, code := "", "", func(s string) string { return s }
	if md {
		head, item = "### ", "- "
		code = func(s string) string { return "`" + s + "`" }
	}
	fmt.Fprintf(w, "%s%s: %s\n", head, rep.Rules, rep.Title)
	if md {
		fmt.Fprintln(w)
	}
	line := func(format string, args ...any) { fmt.Fprintf(w, item+format+"\n", args...) }
	sub := func(format string, args ...any) {
		if md {
			fmt.Fprintf(w, "  - "+format+"\n", args...)
		} else {
			fmt.Fprintf(w, "    "+format+"\n", args...)
		}
	}
	line("N operands: %s", rep.NAry)
	names := make([]string, len(rep.DTypes))
	for i, d := range rep.DTypes {
		names[i] = d.String()
	}
	line("dtypes (%d): %s", len(rep.DTypes), strings.Join(names, " "))
	line("refused: %d of %d ordered pairs", rep.Refused, rep.Pairs)
	for _, r := range rep.Refusals {
		sub("%d by %s (%s): for example %s with %s: %s", r.Count, code(r.Rule), r.Text, r.Example[0], r.Example[1], oneLine(r.Message))
	}
	prop := func(name string, p check.Property, unit string) {
		switch {
		case !p.Applies:
			line("%s: not applicable (%s)", name, rep.NAry)
		case p.Holds:
			line("%s: yes (%d %s)", name, p.Checked, unit)
		default:
			line("%s: no, %d of %d %s fail", name, p.Failed, p.Checked, unit)
			for _, wt := range p.Witnesses {
				sub("%s", code(wt.Text))
			}
			if p.Failed > len(p.Witnesses) {
				sub("... and %d more", p.Failed-len(p.Witnesses))
			}
		}
	}
	prop("commutative", rep.Commutative, "unordered pairs")
	prop("idempotent", rep.Idempotent, "dtypes")
	for _, a := range rep.Aliases {
		sub("%s stands for %s: the rule set maps it before promoting", a.From, a.To)
	}
	prop("associative as a fold, (a·b)·c = a·(b·c)", rep.Associative, "ordered triples")
	prop("N-operand answer independent of order", rep.NAryOrderFree, "multisets of three")
	prop("N-operand answer = the left fold", rep.NAryFold, "ordered triples")
	o := rep.Lattice
	switch {
	case o.Total:
		line("lattice: yes, total: every pair is promoted to its least upper bound in the order a <= b iff a·b = b")
	case o.Lattice:
		line("lattice: yes, with refusals: pairs with a least upper bound are promoted to it, the others refused")
	default:
		line("lattice: no: %s", code(o.Witness.Text))
	}
	edges := make([]string, len(o.Hasse))
	for i, e := range o.Hasse {
		edges[i] = e.Lower.String() + " < " + e.Upper.String()
	}
	if o.Lattice {
		line("Hasse diagram (%s): %s", plural(len(o.Hasse), "edge", "edges"), strings.Join(edges, ", "))
	} else {
		line("covering pairs of the relation a·b = b (%d, not an order's Hasse diagram): %s", len(o.Hasse), strings.Join(edges, ", "))
	}
	if ag := rep.OwnLattice; ag != nil {
		if ag.Agree {
			line("own lattice: agrees with the induced order")
		} else {
			line("own lattice: differs from the induced order on %s and %s", plural(len(ag.Order), "ordered pair", "ordered pairs"), plural(len(ag.Joins), "join", "joins"))
			for i, j := range ag.Joins {
				if i == check.MaxWitnesses {
					sub("... and %d more", len(ag.Joins)-i)
					break
				}
				join := j.Join
				if join == "" {
					join = "no join"
				}
				sub("%s·%s: table %s, lattice %s", j.A, j.B, j.Table, join)
			}
			for _, u := range ag.Unmapped {
				sub("%s has no node in the lattice", u)
			}
		}
		if len(ag.Unreached) > 0 {
			sub("nodes no pair of dtypes reaches, not compared: %s", strings.Join(ag.Unreached, " "))
		}
	}
	cells := rep.Safe + len(rep.Lossy)
	line("value-safe cells: %d of %d (unordered pairs, both orders where they differ); lossy: %d", rep.Safe, cells, len(rep.Lossy))
	if rep.Undecided > 0 {
		sub("%d more cells give dynamic, which has no fixed values", rep.Undecided)
	}
	for _, c := range rep.Lossy {
		var why []string
		for _, l := range c.Losses {
			why = append(why, l.From.String()+": "+l.Text)
		}
		sub("%s·%s = %s: %s", c.A, c.B, c.Result, strings.Join(why, "; "))
	}
}
