package main

import (
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
		return fmt.Errorf("want KEY=VALUE, got %s", quoteArg(v))
	}
	*s = append(*s, v)
	return nil
}

// rulesHelp documents -rules wherever it is taken.
const rulesHelp = "the rule set: `NAME`, or NAME:KEY=VALUE:... with options (numpy, jax:x64=true), or a rule file (./myruntime.toml)"

// buildRules builds the rule set a spec names (NAME or NAME:KEY=VALUE:...,
// see rules.Parse) with the -set options after the spec's own. Any error
// is a usage error.
func buildRules(spec string, sets []string) (promote.Rules, error) {
	if spec == "" {
		return nil, usagef("-rules is required (one of %s)", strings.Join(rules.Names(), ", "))
	}
	if len(sets) == 0 {
		r, err := rules.Parse(spec)
		if err != nil {
			return nil, usagef("%s", oneLine(err.Error()))
		}
		return r, nil
	}
	name, opts, _ := strings.Cut(spec, ":")
	if rules.IsPath(spec) {
		name, opts = spec, "" // a rule file: the whole spec is its path
	}
	d, err := rules.Lookup(name)
	if err != nil {
		return nil, usagef("%s", oneLine(err.Error()))
	}
	var kv []string
	if opts != "" {
		kv = strings.Split(opts, ":")
	}
	r, err := d.Build(append(kv, sets...)...)
	if err != nil {
		return nil, usagef("%s", oneLine(err.Error()))
	}
	return r, nil
}
