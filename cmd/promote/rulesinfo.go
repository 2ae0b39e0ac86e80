package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/promote-dev/promote/rules"
)

func init() {
	register(&command{
		name:  "rules",
		usage: "[-json]",
		short: "the rule sets, their options, defaults and sources",
		long: `Rules lists every rule set: the system it follows, how it combines more than
two operands, how it spells dtype names, its options with their values and
defaults, and its sources.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			asJSON := fs.Bool("json", false, "write JSON")
			return func(e *env, _ []string) error { return runRules(e, *asJSON) }
		},
	})
}

// runRules prints every rule set's description (rules.DescribeAll).
func runRules(e *env, asJSON bool) error {
	infos, err := rules.DescribeAll()
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(infos)
	}
	for i, ri := range infos {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		writeIndented(e.stdout, "", fmt.Sprintf("%s: %s", ri.Name, ri.Title))
		writeIndented(e.stdout, "  ", fmt.Sprintf("operands: %s; dtype spelling: %s", ri.NAry, ri.Dialect))
		for _, o := range ri.Options {
			line := fmt.Sprintf("-set %s=%s (default %s)", o.Name, o.Values, o.Default)
			if o.Doc != "" {
				line += ": " + o.Doc
			}
			writeIndented(e.stdout, "  ", line)
		}
		writeIndented(e.stdout, "  ", "source: "+ri.Source)
	}
	return nil
}

// writeIndented writes s after indent, wrapped to fit briefWidth (in
// bytes, as the query's view is), its continuation lines indented two
// more spaces.
func writeIndented(w io.Writer, indent, s string) {
	for j, l := range wrapWords(s, briefWidth-len(indent)-2, 0) {
		if j > 0 {
			l = "  " + l
		}
		fmt.Fprintln(w, indent+l)
	}
}
