package main

import (
	"encoding/json"
	"flag"
	"fmt"

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
		fmt.Fprintf(e.stdout, "%s: %s\n", ri.Name, ri.Title)
		fmt.Fprintf(e.stdout, "  operands: %s; dtype spelling: %s\n", ri.NAry, ri.Dialect)
		for _, o := range ri.Options {
			fmt.Fprintf(e.stdout, "  -set %s=%s (default %s)", o.Name, o.Values, o.Default)
			if o.Doc != "" {
				fmt.Fprintf(e.stdout, ": %s", o.Doc)
			}
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "  source: %s\n", ri.Source)
	}
	return nil
}
