package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

func init() {
	register(&command{
		name:  "query",
		usage: "[-rules NAME] [-set KEY=VALUE]... [-only LIST] [-json | -v] OPERAND...",
		short: "one query: under one rule set, or under every one side by side (the default subcommand)",
		long: `Query answers one query: which dtype comes out when the operands meet, and
the rule that decided it. "promote OPERAND..." is "promote query OPERAND...".
Without -rules it is compare: every rule set and preset, side by side, the
operands read in the neutral spelling (-only narrows the rows, as compare's).
Under -rules they are read in that system's spelling. Flags may stand among
the operands; a negative literal (-7, -inf, -nan) is an operand; -- ends the
flags.

Each answer is a line that fits 100 columns: the rule set, the result and
why, the deciding rule's ID with what it says about these operands. -v
writes each rule's full text and source instead; -json writes everything.

Operands: f32 (a tensor), i64[] (zero-dim), i64[](300) (zero-dim with a
value), u8[256,56], f16[...] (dynamic rank), i32? (weak), literals 2 -7 1.0
nan -nan inf 1j true 1L 1.0f, typed scalars f64(1.5) u8(3).

Exit status: 0 an answer; 1 the rule set refuses (under -rules; compare
shows refusals as rows and exits 0) or output was lost; 2 a bad command
line or a malformed operand.`,
		operands: queryOps,
		flags: func(fs *flag.FlagSet) runFunc {
			spec := fs.String("rules", "", "answer under this rule set only: `NAME`, or NAME:KEY=VALUE:...")
			var sets setFlags
			fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable; needs -rules)")
			only := fs.String("only", "", "without -rules: compare only these, a comma-separated `LIST` of families, rule sets and NAME:KEY=VALUE specs")
			asJSON := fs.Bool("json", false, "write JSON")
			verbose := fs.Bool("v", false, "write each rule's full text and source, not the short reason")
			return func(e *env, operands []string) error {
				if *spec != "" && *only != "" {
					return usagef("-only selects the rows of a comparison; with -rules there is one row")
				}
				if *asJSON && *verbose {
					return errJSONAndVerbose
				}
				err := runQuery(e, *spec, sets, *only, operands, output{*asJSON, *verbose})
				var se *promote.SyntaxError
				if errors.As(err, &se) && len(operands) > 0 && se.Token == operands[0] && isWord(se.Token) {
					// promote tabel f32: a misspelt subcommand reads as a dtype.
					return usagef("%s; nor is %s a subcommand (promote help lists them)", err, quoteArg(se.Token))
				}
				return err
			}
		},
	})
	register(&command{
		name:  "compare",
		usage: "[-only LIST] [-json | -v] OPERAND...",
		short: "the result under every rule set and option preset, side by side",
		long: `Compare answers one query under every rule set, with its defaults and each
of its option presets, side by side. The operands are read once, in the
neutral spelling, so every row answers the same question. A ≠ marks the
answers that differ from the most common answer; refusals are listed and
counted but never marked, so that when most rule sets refuse, the few that
answer are not marked for it. When the answers split with no most common
one, every answer is marked.

Each row fits 100 columns: the rule set, the result and why, the deciding
rule's ID with what it says about these operands (numpy's climb names the
types it climbs past). -v writes each rule's full text and source instead;
-json writes everything.

Rows are grouped by family: frameworks, compilers (compilers, runtimes and
kernel libraries) and languages. -only narrows them to a comma-separated
list of families, rule set names (each with its defaults and presets) and
specs with options (exactly that configuration): -only frameworks,triton or
-only numpy,numpy:promotion=legacy.

Exit status: 0; 1 output was lost; 2 a bad command line or operand.`,
		operands: queryOps,
		flags: func(fs *flag.FlagSet) runFunc {
			only := fs.String("only", "", "compare only these: a comma-separated `LIST` of families (frameworks, compilers, languages), rule sets and NAME:KEY=VALUE specs")
			asJSON := fs.Bool("json", false, "write JSON")
			verbose := fs.Bool("v", false, "write each rule's full text and source, not the short reason")
			return func(e *env, operands []string) error {
				if *asJSON && *verbose {
					return errJSONAndVerbose
				}
				return compare(e, *only, operands, output{*asJSON, *verbose})
			}
		},
	})
}

// errJSONAndVerbose refuses -json with -v (the usage's -json | -v): the JSON
// already carries every rule's full text and source.
var errJSONAndVerbose = usagef("give -json or -v, not both: -json already carries each rule's full text and source")

// output is how a query's answers are written: JSON, the verbose table
// with each rule's full text and source, or by default the brief table
// that fits a terminal.
type output struct{ json, verbose bool }

// row is one rule set's answer to a query (package answer, shared with
// the explorer).
type row = answer.Row

// runQuery is the one-shot query: promote [-rules NAME] [-set ...]
// OPERAND... Without -rules it is compare.
func runQuery(e *env, spec string, sets []string, only string, operands []string, out output) error {
	if spec == "" {
		if len(sets) > 0 {
			return usagef("-set needs -rules (without -rules every rule set answers with its defaults and presets)")
		}
		return compare(e, only, operands, out)
	}
	r, err := buildRules(spec, sets)
	if err != nil {
		return err
	}
	// Under one rule set, operands are read in that system's spelling.
	ops, err := parseOperands(r.Def().Dialect, operands)
	if err != nil {
		return err
	}
	rw := evaluate(r, ops)
	writeRows(e, operands, []row{rw}, out, false)
	if rw.Error != "" {
		return exitStatus(statusFailed) // a refusal: the row says why
	}
	return nil
}

// parseOperands reads command-line operands in a dialect; a malformed
// one is a usage error that wraps the *promote.SyntaxError.
func parseOperands(d *dtype.Dialect, operands []string) ([]promote.Operand, error) {
	ops, err := answer.ParseOperands(d, operands)
	if err != nil {
		return nil, &operandError{err}
	}
	return ops, nil
}

// operandError is a malformed operand on the command line: a usage error.
type operandError struct{ err error }

func (e *operandError) Error() string { return oneLine(e.err.Error()) }
func (e *operandError) Unwrap() error { return e.err }

// isWord reports whether s is letters only, as a subcommand name is.
func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// compare answers the query under every selected rule set (every rule
// set with its defaults and each of its presets when only is empty), and
// marks disagreement among the answers. The operands are read once, in
// the neutral spelling, so that every row answers the same question.
func compare(e *env, only string, operands []string, out output) error {
	if len(operands) == 0 {
		return usagef("no operands (for example: promote compare f16 i64)")
	}
	selected, err := rules.Select(only)
	if err != nil {
		return usagef("-only: %v", err)
	}
	ops, err := parseOperands(dtype.Neutral, operands)
	if err != nil {
		return err
	}
	c := answer.Compare(selected, ops)
	writeRows(e, operands, c.Rows, out, true)
	if !out.json {
		fmt.Fprintf(e.stdout, "\n%s\n", c.Summary)
	}
	return nil
}

// evaluate answers one query under one rule set.
func evaluate(r promote.Rules, ops []promote.Operand) row { return answer.Evaluate(r, ops) }

func writeRows(e *env, operands []string, rows []row, out output, marks bool) {
	if out.json {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			Operands []string `json:"operands"`
			Rows     []row    `json:"rows"`
		}{operands, rows})
		return
	}
	if out.verbose {
		writeTable(e.stdout, rows, marks)
		return
	}
	writeBrief(e.stdout, rows, marks)
}

// writeTable writes the verbose view (-v): each row with its rule's full
// text and source, or the refusal's whole message.
func writeTable(w io.Writer, rows []row, marks bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if marks {
		fmt.Fprintln(tw, "\tRULES\tRESULT\tWHY")
	} else {
		fmt.Fprintln(tw, "RULES\tRESULT\tWHY")
	}
	fams := rules.Families()
	for i, r := range rows {
		if marks && (i == 0 || r.FamilyIndex != rows[i-1].FamilyIndex) {
			title := "other rule sets"
			if r.FamilyIndex < len(fams) {
				title = fams[r.FamilyIndex].Title
			}
			if i > 0 {
				fmt.Fprintln(tw, "\t\t\t")
			}
			fmt.Fprintf(tw, "\t%s\t\t\n", strings.ToUpper(title[:1])+title[1:]+":")
		}
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
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", mark, r.Label(), r.Answer(), why)
		} else {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", r.Label(), r.Answer(), why)
		}
	}
	tw.Flush()
}

// markDisagreement marks the rows that differ from the most common answer
// and returns the line that says so (see answer.Mark).
func markDisagreement(rows []row) string { return answer.Mark(rows) }

// cutValues cuts the long literal texts a rule set's message may echo.
func cutValues(msg string, ops []promote.Operand) string { return answer.CutValues(msg, ops) }
