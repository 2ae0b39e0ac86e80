package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/checkpoint"
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

// sizeFlag is a flag.Value holding a byte size (500MB, 5GB, 2GiB; see
// checkpoint.ParseSize) of at least min. A value that does not parse or is
// below min is refused by the flag parser itself, so every command that
// takes a size exits 2 for it, as for any other bad flag value, with a
// message naming the value and what would be valid.
type sizeFlag struct {
	n    int64
	text string
	min  int64
}

// String implements flag.Value.
func (s *sizeFlag) String() string {
	if s == nil {
		return ""
	}
	return s.text
}

// Set implements flag.Value.
func (s *sizeFlag) Set(v string) error {
	n, err := checkpoint.ParseSize(v)
	if err != nil {
		return errors.New("want a number with an optional unit (500MB, 5GB, 2GiB)")
	}
	switch {
	case n < s.min && s.min <= 1:
		return errors.New("want a positive size (5GB, 500MiB)")
	case n < s.min:
		return fmt.Errorf("below the minimum, %s", sizeText(s.min))
	}
	s.n, s.text = n, v
	return nil
}

// sizeText writes a byte count in the largest binary unit that divides it
// (4 MiB), or in bytes.
func sizeText(n int64) string {
	for _, u := range []struct {
		name  string
		bytes int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.bytes && n%u.bytes == 0 {
			return fmt.Sprintf("%d %s", n/u.bytes, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
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

// plural writes n with the noun that agrees with it: "1 thread",
// "2 threads".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
