package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

func init() {
	register(&command{
		name:  "table",
		usage: "-rules NAME [-set KEY=VALUE]... [-format text|markdown|csv|json|svg|html] [-against OTHER]",
		short: "the full dtype x dtype table of one rule set, as text or a picture",
		long: `Table answers every ordered pair of the dtypes a rule set knows (a dtype is
known when it promotes with itself): rows are the first operand, columns the
second, x a refusal. csv and json add each cell's rule and error.

svg and html draw the table as a coloured grid, one colour per kind of
result, refusals hatched, weak results framed dashed, with a legend and the
rules the cells name. -against OTHER (a rule set NAME or NAME:KEY=VALUE:...)
compares: every dtype either knows, each cell where the two differ (as
promote diff counts them) outlined and showing both answers.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			spec := fs.String("rules", "", rulesHelp)
			var sets setFlags
			fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable)")
			format := fs.String("format", "text", "output `format`: text, markdown, csv, json, svg or html")
			against := fs.String("against", "", "with svg or html, mark where this rule set differs: `OTHER`, NAME or NAME:KEY=VALUE:...")
			return func(e *env, _ []string) error { return runTable(e, *spec, sets, *format, *against) }
		},
	})
}

// pairCell is one ordered pair's answer.
type pairCell struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Result string `json:"result,omitempty"`
	Rule   string `json:"rule"`
	Error  string `json:"error,omitempty"`
}

func (c pairCell) short() string {
	if c.Error != "" {
		return "x"
	}
	return c.Result
}

func runTable(e *env, spec string, sets []string, format, against string) error {
	switch format {
	case "text", "markdown", "csv", "json":
		if against != "" {
			return usagef("-against draws a picture: give -format svg or html (promote diff lists differences as text)")
		}
	case "svg", "html":
	default:
		return usagef("unknown -format %s (valid: text, markdown, csv, json, svg, html)", quoteArg(format))
	}
	r, err := buildRules(spec, sets)
	if err != nil {
		return err
	}
	if format == "svg" || format == "html" {
		return drawTable(e, r, format, against)
	}
	types, cells := pairTable(r)
	switch format {
	case "text":
		err = writeGrid(e.stdout, types, cells, false)
	case "markdown":
		err = writeGrid(e.stdout, types, cells, true)
	case "csv":
		w := csv.NewWriter(e.stdout)
		w.Write([]string{"a", "b", "result", "rule", "error"})
		for _, row := range cells {
			for _, c := range row {
				w.Write([]string{c.A, c.B, c.Result, c.Rule, c.Error})
			}
		}
		w.Flush()
		err = w.Error()
	case "json":
		var flat []pairCell
		for _, row := range cells {
			flat = append(flat, row...)
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			Rules    string     `json:"rules"`
			Settings []string   `json:"settings"`
			DTypes   []string   `json:"dtypes"`
			Pairs    []pairCell `json:"pairs"`
		}{r.Def().Name, r.Settings().Changed(), names(types), flat})
	}
	return err
}

// pairTable is the rule set's pair table (rules.KnownDTypes, rules.Pairs)
// as the table prints it: each cell's result or error, and its rule.
func pairTable(r promote.Rules) ([]dtype.DType, [][]pairCell) {
	types := rules.KnownDTypes(r)
	pairs := rules.Pairs(r, types)
	cells := make([][]pairCell, len(types))
	for i, row := range pairs {
		cells[i] = make([]pairCell, len(row))
		for j, p := range row {
			c := pairCell{A: p.A.String(), B: p.B.String()}
			if p.Refused() {
				c.Error = oneLine(p.Err.Error())
			} else {
				c.Result = p.Result.String()
			}
			if rule := p.Rule(); rule != nil {
				c.Rule = rule.ID
			}
			cells[i][j] = c
		}
	}
	return types, cells
}

func names(types []dtype.DType) []string {
	out := make([]string, len(types))
	for i, d := range types {
		out[i] = d.String()
	}
	return out
}

// writeGrid writes rows a, columns b; x marks a refusal.
func writeGrid(w io.Writer, types []dtype.DType, cells [][]pairCell, markdown bool) error {
	if markdown {
		fmt.Fprintf(w, "| a \\ b | %s |\n", strings.Join(names(types), " | "))
		fmt.Fprintf(w, "|---|%s\n", strings.Repeat("---|", len(types)))
		for i, a := range types {
			row := make([]string, len(types))
			for j := range types {
				row[j] = cells[i][j].short()
			}
			fmt.Fprintf(w, "| **%s** | %s |\n", a, strings.Join(row, " | "))
		}
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', 0)
	fmt.Fprintf(tw, "a\\b\t%s\n", strings.Join(names(types), "\t"))
	for i, a := range types {
		row := make([]string, len(types))
		for j := range types {
			row[j] = cells[i][j].short()
		}
		fmt.Fprintf(tw, "%s\t%s\n", a, strings.Join(row, "\t"))
	}
	return tw.Flush()
}
