package probe

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// Framework is one framework the probe script can ask: a live oracle that
// a rule set declares (promote.LiveOracle, in promote.Def.Oracles), and
// that rule set, which promote answers it with.
type Framework struct {
	// LiveOracle is the declaration: the script's name for the framework
	// (Module: the Python module, or numpy+ml_dtypes for NumPy with
	// ml_dtypes imported), the settings the script's call pins, whether it
	// needs a device, and the framework's own names for the dtypes whose
	// rule-set spelling it does not accept (testdata/framework_names.tsv
	// lists every name sent, with its source).
	promote.LiveOracle
	// Rules is the rule set that declares the framework.
	Rules *promote.Def
}

// dtypeName is the name the script is sent for d: the framework's own
// where Names has one, else the rule set's dialect's Python spelling.
func (f Framework) dtypeName() func(dtype.DType) string {
	return func(d dtype.DType) string {
		if n, ok := f.Names[d]; ok {
			return n
		}
		return frameworkName(d, f.Rules.Dialect)
	}
}

// Frameworks returns the frameworks the probe knows, in the order it asks
// them: every live oracle of every built-in rule set, in registry order.
func Frameworks() []Framework {
	var out []Framework
	for _, d := range rules.All() {
		for _, o := range d.Oracles {
			o.Pinned = slices.Clone(o.Pinned)
			o.Names = maps.Clone(o.Names)
			out = append(out, Framework{LiveOracle: o, Rules: d})
		}
	}
	return out
}

// Select returns the frameworks a probe with these Rules would ask, or
// the error naming a name that is neither a rule set nor a framework the
// probe knows.
func Select(names []string) ([]Framework, error) { return selectFrameworks(names) }

// selectFrameworks picks the frameworks whose rule set (or name) is in
// names; no names picks them all. A name that matches none is an error
// listing the valid ones.
func selectFrameworks(names []string) ([]Framework, error) {
	if len(names) == 0 {
		return Frameworks(), nil
	}
	all := Frameworks()
	var out []Framework
	seen := map[string]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		key := strings.ToLower(n)
		matched := false
		for _, f := range all {
			// A rule set's name picks every framework it is made for
			// (numpy: NumPy with and without ml_dtypes).
			if key == f.Module || key == f.Rules.Name {
				matched = true
				if !seen[f.Module] {
					seen[f.Module] = true
					out = append(out, f)
				}
			}
		}
		if !matched {
			return nil, fmt.Errorf("probe: %q is not a rule set or framework the probe can ask (valid: %s)", n, strings.Join(validNames(), ", "))
		}
	}
	if len(out) == 0 {
		return all, nil
	}
	return out, nil
}

func validNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range Frameworks() {
		for _, n := range []string{f.Module, f.Rules.Name} {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}
