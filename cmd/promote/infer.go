package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/rules"
)

func init() {
	register(command{name: "infer", summary: "type a whole program under a rule set, or lint where rule sets disagree", run: runInfer})
}

// runInfer implements promote infer [-rules NAME] [-set K=V]... [-json]
// [-compare A,B,...] FILE|-.
//
// With -rules it prints every statement's type and rule and, as the last
// line, the program's result alone (DTYPE or DTYPE?) or "error: ..."; the
// exit status is 0 when the program types and 1 when it does not. Without
// -rules, or with -compare, it prints the porting lint: a table of the
// statements under every rule set (or those named), the first
// disagreement marked; the exit status is 1 when they disagree. A bad
// command line or an unreadable file is status 2.
func runInfer(e *env, args []string) int {
	fs := flag.NewFlagSet("infer", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	name := fs.String("rules", "", "type the program under this rule set")
	var sets setFlags
	fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable; needs -rules)")
	asJSON := fs.Bool("json", false, "write JSON")
	cmp := fs.String("compare", "", "comma-separated rule sets to compare (default: all)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "usage: promote infer [-rules NAME] [-set KEY=VALUE]... [-json] [-compare A,B,...] FILE|-")
		return 2
	}
	src, label, err := readProgram(e, files[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "promote infer: %v\n", err)
		return 2
	}
	if *name != "" && *cmp != "" {
		fmt.Fprintln(e.stderr, "promote infer: give -rules (one rule set) or -compare (several), not both")
		return 2
	}
	if *name == "" {
		if len(sets) > 0 {
			fmt.Fprintln(e.stderr, "promote infer: -set needs -rules (the lint compares every rule set with its defaults)")
			return 2
		}
		return lint(e, label, src, *cmp, *asJSON)
	}
	r, ok := buildRules(e, *name, sets)
	if !ok {
		return 2
	}
	p, ts, err := infer.Check(label, src, r)
	out := bufio.NewWriterSize(e.stdout, 256<<10)
	defer out.Flush()
	if *asJSON {
		rep := infer.NewReport(r, p, ts, err)
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
		if rep.Error != "" {
			return 1
		}
		return 0
	}
	if !infer.WriteText(out, p, ts, err) {
		return 1
	}
	return 0
}

// readProgram reads FILE, or standard input for "-". The label names the
// program in error messages: the file's name, or "stdin".
func readProgram(e *env, file string) ([]byte, string, error) {
	if file == "-" {
		b, err := io.ReadAll(e.stdin)
		return b, "stdin", err
	}
	b, err := os.ReadFile(file)
	return b, file, err
}

// lint prints the porting lint over the named rule sets (all when names
// is empty).
func lint(e *env, label string, src []byte, names string, asJSON bool) int {
	var rs []promote.Rules
	list := rules.Names()
	if names != "" {
		list = strings.Split(names, ",")
	}
	for _, n := range list {
		r, err := rules.Build(strings.TrimSpace(n))
		if err != nil {
			fmt.Fprintf(e.stderr, "promote infer: %v\n", err)
			return 2
		}
		rs = append(rs, r)
	}
	l := infer.Compare(label, src, rs)
	status := 0
	if l.First >= 0 || l.Unreadable {
		status = 1
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(l)
		return status
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "  line\tname")
	for _, r := range l.Rules {
		fmt.Fprintf(tw, "\t%s", r)
	}
	fmt.Fprintln(tw)
	for i, row := range l.Rows {
		mark := " "
		switch {
		case i == l.First:
			mark = ">" // the first disagreement
		case !row.Agree:
			mark = "*"
		}
		name := row.Name
		if name == "" {
			name = "_"
		}
		fmt.Fprintf(tw, "%s %d\t%s", mark, row.Line, name)
		for _, c := range row.Cells {
			fmt.Fprintf(tw, "\t%s", c)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	for i, msg := range l.Errors {
		if msg != "" {
			fmt.Fprintf(e.stdout, "%s: error: %s\n", l.Rules[i], msg)
		}
	}
	switch {
	case l.Unreadable:
		fmt.Fprintln(e.stdout, "no rule set could read the program")
	case l.First >= 0:
		fmt.Fprintf(e.stdout, "first disagreement: line %d\n", l.FirstLine)
	default:
		fmt.Fprintln(e.stdout, "all rule sets agree")
	}
	return status
}
