package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/rules"
	"github.com/promote-dev/promote/rules/rulefile"
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
// see rules.ParseSpec) with the -set options after the spec's own. A rule
// file that cannot be read or that rulefile refuses is a failed input
// (see rulesError); anything else, an unknown name or a bad option, is a
// usage error.
func buildRules(spec string, sets []string) (promote.Rules, error) {
	if spec == "" {
		return nil, usagef("-rules is required (one of %s)", strings.Join(rules.Names(), ", "))
	}
	sp, err := rules.ParseSpec(spec)
	if err != nil {
		return nil, rulesError("", err)
	}
	r, err := sp.Build(sets...)
	if err != nil {
		return nil, rulesError("", err)
	}
	return r, nil
}

// rulesError classifies the error of reading a rule-set spec. A rule file
// that could not be read (missing, unreadable, not a regular file) or
// that is malformed is a failed input: exit 1, no usage line, and the
// error stays whole for errors.As (*rulefile.Error, *fs.PathError). The
// rest, an unknown rule set or a bad option, is a usage error. prefix,
// when not empty, starts a usage error's message ("-rules: ").
func rulesError(prefix string, err error) error {
	var fe *rulefile.Error
	var pe *fs.PathError
	if errors.As(err, &fe) || errors.As(err, &pe) || errors.Is(err, safein.ErrNotRegular) {
		return &statusError{status: statusFailed, err: err}
	}
	return usagef("%s%s", prefix, oneLine(err.Error()))
}
