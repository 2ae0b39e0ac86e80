package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// setFlags collects repeated -set KEY=VALUE options.
type setFlags []string

// String implements flag.Value.
func (s *setFlags) String() string { return strings.Join(*s, " ") }

// Set implements flag.Value: one KEY=VALUE.
func (s *setFlags) Set(v string) error {
	if !strings.Contains(v, "=") {
		return fmt.Errorf("want KEY=VALUE, got %q", v)
	}
	*s = append(*s, v)
	return nil
}

// parseInterleaved parses the flags fs knows wherever they stand among the
// arguments and returns the rest as operands. An argument that is not one
// of fs's flags is an operand, so negative literals (-7, -inf) need no "--".
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var flagArgs, operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if !strings.HasPrefix(a, "-") || f == nil {
			operands = append(operands, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() || hasValue {
			continue
		}
		if i+1 < len(args) {
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	if err := fs.Parse(flagArgs); err != nil {
		return nil, err
	}
	return operands, nil
}

// buildRules builds the named rule set with its settings, or reports why
// not on stderr (a usage error).
func buildRules(e *env, name string, sets []string) (promote.Rules, bool) {
	if name == "" {
		fmt.Fprintf(e.stderr, "promote: -rules is required (one of %s)\n", strings.Join(rules.Names(), ", "))
		return nil, false
	}
	r, err := rules.Build(name, sets...)
	if err != nil {
		fmt.Fprintf(e.stderr, "promote: %v\n", err)
		return nil, false
	}
	return r, true
}
