package main

import (
	"encoding/json"
	"errors"
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
	register(command{name: "compare", summary: "the result under every rule set and option preset, side by side", run: runCompare})
}

// row is one rule set's answer to a query.
type row struct {
	Rules    string   `json:"rules"`
	Settings []string `json:"settings,omitempty"`
	Result   string   `json:"result,omitempty"`
	Weak     bool     `json:"weak,omitempty"`
	RuleID   string   `json:"rule,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Source   string   `json:"source,omitempty"`
	Error    string   `json:"error,omitempty"`
	Differs  bool     `json:"differs"`
}

func (r row) label() string {
	if len(r.Settings) == 0 {
		return r.Rules
	}
	return r.Rules + " " + strings.Join(r.Settings, " ")
}

func (r row) answer() string {
	if r.Error != "" {
		return "error"
	}
	return r.Result
}

// runQuery is the one-shot query: promote [-rules NAME] [-set ...] OPERAND...
// Without -rules it is compare.
func runQuery(e *env, args []string) int {
	fs := flag.NewFlagSet("promote", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	name := fs.String("rules", "", "answer under this rule set only")
	var sets setFlags
	fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable; needs -rules)")
	asJSON := fs.Bool("json", false, "write JSON")
	operands, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if *name == "" {
		if len(sets) > 0 {
			fmt.Fprintln(e.stderr, "promote: -set needs -rules (without -rules every rule set answers with its defaults and presets)")
			return 2
		}
		return compare(e, operands, *asJSON)
	}
	r, ok := buildRules(e, *name, sets)
	if !ok {
		return 2
	}
	// Under one rule set, operands are read in that system's spelling.
	ops, err := promote.ParseOperands(r.Def().Dialect, strings.Join(operands, " "))
	if err != nil {
		fmt.Fprintf(e.stderr, "promote: %v\n", err)
		return 2
	}
	rows := []row{evaluate(r, ops)}
	return writeRows(e, operands, rows, *asJSON, false)
}

func runCompare(e *env, args []string) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "write JSON")
	operands, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	return compare(e, operands, *asJSON)
}

// compare answers the query under every rule set with its defaults and
// each of its presets, and marks the rows whose answer differs from the
// most common one. The operands are read once, in the neutral spelling, so
// that every row answers the same question.
func compare(e *env, operands []string, asJSON bool) int {
	if len(operands) == 0 {
		fmt.Fprintln(e.stderr, "promote compare: no operands (for example: promote compare f16 i64)")
		return 2
	}
	ops, err := promote.ParseOperands(dtype.Neutral, strings.Join(operands, " "))
	if err != nil {
		fmt.Fprintf(e.stderr, "promote: %v\n", err)
		return 2
	}
	var rows []row
	for _, d := range rules.All() {
		for _, preset := range append([][]string{nil}, d.Presets...) {
			r, err := d.Build(preset...)
			if err != nil { // a preset is static; failing to build it is a bug
				fmt.Fprintf(e.stderr, "promote: %v\n", err)
				return 1
			}
			rows = append(rows, evaluate(r, ops))
		}
	}
	markDisagreement(rows)
	return writeRows(e, operands, rows, asJSON, true)
}

// evaluate answers one query under one rule set.
func evaluate(r promote.Rules, ops []promote.Operand) row {
	rw := row{Rules: r.Def().Name, Settings: r.Settings().Changed()}
	res, err := r.Result(ops...)
	if err != nil {
		rw.Error = oneLine(err.Error())
		var pe *promote.Error
		if errors.As(err, &pe) && pe.Rule != nil {
			rw.RuleID, rw.Source = pe.Rule.ID, pe.Rule.Source
		}
		return rw
	}
	rw.Result, rw.Weak = res.String(), res.Weak
	if res.Rule != nil {
		rw.RuleID, rw.Reason, rw.Source = res.Rule.ID, res.Rule.Text, res.Rule.Source
	}
	return rw
}

// markDisagreement sets Differs on rows whose answer is not the most common.
func markDisagreement(rows []row) {
	count := map[string]int{}
	best := ""
	for _, r := range rows {
		count[r.answer()]++
		if count[r.answer()] > count[best] {
			best = r.answer()
		}
	}
	for i := range rows {
		rows[i].Differs = rows[i].answer() != best
	}
}

func writeRows(e *env, operands []string, rows []row, asJSON, marks bool) int {
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Operands []string `json:"operands"`
			Rows     []row    `json:"rows"`
		}{operands, rows}); err != nil {
			fmt.Fprintf(e.stderr, "promote: %v\n", err)
			return 1
		}
		return 0
	}
	writeTable(e.stdout, rows, marks)
	return 0
}

func writeTable(w io.Writer, rows []row, marks bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if marks {
		fmt.Fprintln(tw, "\tRULES\tRESULT\tWHY")
	} else {
		fmt.Fprintln(tw, "RULES\tRESULT\tWHY")
	}
	differ := 0
	for _, r := range rows {
		why := r.Error
		if why == "" {
			why = r.RuleID + ": " + r.Reason
			if r.Source != "" {
				why += " [" + r.Source + "]"
			}
		}
		if marks {
			mark := ""
			if r.Differs {
				mark = "≠"
				differ++
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", mark, r.label(), r.answer(), why)
		} else {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", r.label(), r.answer(), why)
		}
	}
	tw.Flush()
	if marks {
		if differ == 0 {
			fmt.Fprintf(w, "\nall %d agree\n", len(rows))
		} else {
			fmt.Fprintf(w, "\n≠ marks the %d of %d that differ from the most common answer\n", differ, len(rows))
		}
	}
}
