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

// Spec is a rule-set spec cut into its parts: what every taker of a spec
// (the command line's -rules, -against and -compare, the explorer's URLs)
// reads, so that all of them read it the one way. ParseSpec cuts it; Build
// and BuildBuiltin look the rule set up and build it.
type Spec struct {
	// Text is the spec as written, without surrounding space.
	Text string
	// Name is the rule set's name as written (Lookup decides what it
	// names), or the rule file's path when File is set.
	Name string
	// Options are the KEY=VALUE items after the name, in order, as
	// written; Build checks them against the rule set's options.
	Options []string
	// File is set when the spec names a rule file: Text is a path
	// (IsPath), or the part before the first colon is (a rule file with
	// options, which Build refuses).
	File bool
}

// ParseSpec cuts a spec into its name and options. It looks nothing up
// and reads no file: the one error is an empty spec; an unknown name or a
// malformed option is Build's to report, in the rule set's own terms.
func ParseSpec(spec string) (Spec, error) {
	s := strings.TrimSpace(spec)
	if s == "" {
		return Spec{}, fmt.Errorf("empty rule set name (valid: %s)", strings.Join(Names(), ", "))
	}
	if IsPath(s) {
		return Spec{Text: s, Name: s, File: true}, nil
	}
	name, opts, _ := strings.Cut(s, ":")
	sp := Spec{Text: s, Name: name, File: IsPath(name)}
	if opts != "" {
		sp.Options = strings.Split(opts, ":")
	}
	return sp, nil
}

// String is the spec as written.
func (s Spec) String() string { return s.Text }

// Build builds the rule set the spec names with its options, then extra
// KEY=VALUE settings (the command line's -set, which come after the
// spec's own). A rule file is read anew; it takes no options in the spec.
func (s Spec) Build(extra ...string) (promote.Rules, error) {
	if s.File && IsPath(s.Text) {
		d, err := Lookup(s.Text)
		if err != nil {
			return nil, err
		}
		return d.Build(extra...)
	}
	return s.BuildBuiltin(extra...)
}

// BuildBuiltin is Build for the built-in rule sets only: it never reads a
// file, so a spec from an untrusted source (the explorer's URLs) cannot
// make the program read the disk.
func (s Spec) BuildBuiltin(extra ...string) (promote.Rules, error) {
	d, kv, err := s.builtin()
	if err != nil {
		return nil, err
	}
	return d.Build(append(kv, extra...)...)
}

// Settings looks up the built-in rule set the spec names and validates
// its options without building it: what a cache of built rule sets is
// keyed by (Label of the rule set built from them).
func (s Spec) Settings() (*promote.Def, promote.Settings, error) {
	d, kv, err := s.builtin()
	if err != nil {
		return nil, promote.Settings{}, err
	}
	st, err := d.Parse(kv...)
	if err != nil {
		return nil, promote.Settings{}, err
	}
	return d, st, nil
}

// builtin looks up the built-in rule set the spec names and checks that
// each option is KEY=VALUE.
func (s Spec) builtin() (*promote.Def, []string, error) {
	if s.Text == "" {
		return nil, nil, fmt.Errorf("empty rule set name (valid: %s)", strings.Join(Names(), ", "))
	}
	if s.File {
		if IsPath(s.Text) && !strings.Contains(s.Text, ":") {
			return nil, nil, fmt.Errorf("%q names a rule file; only the built-in rule sets are read here (valid: %s)", s.Text, strings.Join(Names(), ", "))
		}
		return nil, nil, fmt.Errorf("%q: a rule file takes no options, and only the built-in rule sets take NAME:KEY=VALUE (valid: %s)", s.Text, strings.Join(Names(), ", "))
	}
	d, err := LookupBuiltin(s.Name)
	if err != nil {
		return nil, nil, err
	}
	for _, item := range s.Options {
		if !strings.Contains(item, "=") {
			return nil, nil, fmt.Errorf("rule set %q: option %q is not KEY=VALUE (write %s:KEY=VALUE:KEY=VALUE)", s.Text, item, d.Name)
		}
	}
	return d, append([]string(nil), s.Options...), nil
}

// Parse builds the rule set a spec names: a built-in rule set with its
// options, or a rule file (a spec that is a path; rule files take no
// options). It is ParseSpec, then Build.
func Parse(spec string) (promote.Rules, error) {
	s, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	return s.Build()
}

// ParseBuiltin is Parse for the built-in rule sets only: it never reads a
// file, so a spec from an untrusted source (the explorer's URLs) cannot
// make the program read the disk.
func ParseBuiltin(spec string) (promote.Rules, error) {
	s, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	return s.BuildBuiltin()
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
