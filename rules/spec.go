package rules

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
)

// A spec names a rule set with its options in one token, wherever a list of
// rule sets is taken (infer -compare, diff -against, the explorer's URLs):
//
//	NAME                  the rule set with its defaults      numpy
//	NAME:KEY=VALUE...     with options, each after a colon    numpy:promotion=legacy
//	                                                          jax:x64=true:mode=strict
//
// A list is specs separated by commas: "numpy:promotion=legacy,numpy".
//
// A spec that is a path (IsPath: it contains a path separator or ends in
// .toml or .json) names a rule file, read anew each time; rule files have
// no options, so the whole spec is the path: ./myruntime.toml.

// maxSpecs bounds the rule sets one list may name, so a hostile list cannot
// build without bound.
const maxSpecs = 256

// Parse builds the rule set a spec names: a built-in rule set with its
// options, or a rule file (a spec that is a path; rule files take no
// options).
func Parse(spec string) (promote.Rules, error) {
	s := strings.TrimSpace(spec)
	if IsPath(s) {
		d, err := Lookup(s)
		if err != nil {
			return nil, err
		}
		return d.Build()
	}
	return ParseBuiltin(s)
}

// ParseBuiltin is Parse for the built-in rule sets only: it never reads a
// file, so a spec from an untrusted source (the explorer's URLs) cannot
// make the program read the disk.
func ParseBuiltin(spec string) (promote.Rules, error) {
	s := strings.TrimSpace(spec)
	if s == "" {
		return nil, fmt.Errorf("empty rule set name (valid: %s)", strings.Join(Names(), ", "))
	}
	name, opts, _ := strings.Cut(s, ":")
	if IsPath(s) || IsPath(name) {
		if IsPath(s) && !strings.Contains(s, ":") {
			return nil, fmt.Errorf("%q names a rule file; only the built-in rule sets are read here (valid: %s)", s, strings.Join(Names(), ", "))
		}
		return nil, fmt.Errorf("%q: a rule file takes no options, and only the built-in rule sets take NAME:KEY=VALUE (valid: %s)", s, strings.Join(Names(), ", "))
	}
	d, err := LookupBuiltin(name)
	if err != nil {
		return nil, err
	}
	var kv []string
	if opts != "" {
		kv = strings.Split(opts, ":")
		for _, item := range kv {
			if !strings.Contains(item, "=") {
				return nil, fmt.Errorf("rule set %q: option %q is not KEY=VALUE (write %s:KEY=VALUE:KEY=VALUE)", s, item, d.Name)
			}
		}
	}
	return d.Build(kv...)
}

// ParseList builds every rule set of a comma-separated list of specs. A
// spec that names the same rule set with the same settings as an earlier
// one is an error, since it would only repeat a column.
func ParseList(list string) ([]promote.Rules, error) { return parseList(list, Parse) }

// ParseListBuiltin is ParseList for the built-in rule sets only (see
// ParseBuiltin).
func ParseListBuiltin(list string) ([]promote.Rules, error) { return parseList(list, ParseBuiltin) }

func parseList(list string, parse func(string) (promote.Rules, error)) ([]promote.Rules, error) {
	parts := strings.Split(list, ",")
	if len(parts) > maxSpecs {
		return nil, fmt.Errorf("%d rule sets named; at most %d", len(parts), maxSpecs)
	}
	out := make([]promote.Rules, 0, len(parts))
	seen := map[string]string{}
	for _, p := range parts {
		r, err := parse(p)
		if err != nil {
			return nil, err
		}
		l := Label(r)
		if prev, dup := seen[l]; dup {
			return nil, fmt.Errorf("rule set %q names the same rule set and settings as %q", strings.TrimSpace(p), prev)
		}
		seen[l] = strings.TrimSpace(p)
		out = append(out, r)
	}
	return out, nil
}

// Label is the spec that names r: its name, then each setting that differs
// from the default (numpy:promotion=legacy). Parse(Label(r)) builds r again.
func Label(r promote.Rules) string {
	l := r.Def().Name
	for _, kv := range r.Settings().Changed() {
		l += ":" + kv
	}
	return l
}
