package explorer

import (
	"fmt"
	"strings"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// built holds every rule set with its defaults and with each preset,
// built once, on first use, and never changed after: the rows of an
// unfiltered query, and what most specs name. Building a rule set compiles
// its pair table, which is too slow to repeat on every keystroke.
var built = sync.OnceValues(func() (*ruleSets, error) {
	rs, err := rules.Select("")
	if err != nil {
		return nil, err
	}
	byKey := make(map[string]promote.Rules, len(rs))
	for _, r := range rs {
		byKey[key(r.Def(), r.Settings())] = r
	}
	return &ruleSets{presets: rs, byKey: byKey}, nil
})

// ruleSets is the immutable set of prebuilt rule sets.
type ruleSets struct {
	presets []promote.Rules
	byKey   map[string]promote.Rules
}

// key names a rule set with all its settings.
func key(d *promote.Def, s promote.Settings) string { return d.Name + " " + s.String() }

// presets returns every rule set with its defaults and each preset.
func presets() ([]promote.Rules, error) {
	b, err := built()
	if err != nil {
		return nil, err
	}
	return b.presets, nil
}

// prebuilt returns the prebuilt rule set a spec names, if there is one.
func prebuilt(sp rules.Spec) (promote.Rules, bool) {
	b, err := built()
	if err != nil {
		return nil, false
	}
	d, s, err := sp.Settings()
	if err != nil {
		return nil, false
	}
	r, ok := b.byKey[key(d, s)]
	return r, ok
}

// cutSpecs cuts each spec of a list (rules.ParseSpec) and refuses one
// that names a rule file: the explorer answers with the built-in rule
// sets only, so that a page (or anyone who can reach promote serve)
// cannot make it read files from disk. An empty spec is left for
// rules.ParseListBuiltin to refuse, as the command line does: its Text is
// empty.
func cutSpecs(specs ...string) ([]rules.Spec, error) {
	out := make([]rules.Spec, len(specs))
	for i, s := range specs {
		sp, err := rules.ParseSpec(s)
		if err == nil && sp.File {
			return nil, fmt.Errorf("%q names a rule file: the explorer answers with the built-in rule sets only (%s); rule files are read on the command line (promote -rules FILE)", sp.Text, strings.Join(rules.Names(), ", "))
		}
		out[i] = sp
	}
	return out, nil
}

// parseSpec builds the rule set one spec names (prebuilt when it can be),
// with rules.Parse's errors.
func parseSpec(spec string) (promote.Rules, error) {
	if len(spec) > MaxSpecBytes {
		return nil, fmt.Errorf("a rule-set spec may take at most %d bytes", MaxSpecBytes)
	}
	if strings.TrimSpace(spec) == "" {
		return nil, fmt.Errorf("-rules is required (one of %s)", strings.Join(rules.Names(), ", "))
	}
	sps, err := cutSpecs(spec)
	if err != nil {
		return nil, err
	}
	if r, ok := prebuilt(sps[0]); ok {
		return r, nil
	}
	return sps[0].BuildBuiltin()
}

// parseList builds the rule sets of a comma-separated list of specs, with
// rules.ParseList's answers and errors: the prebuilt ones when every spec
// names one, once.
func parseList(list string) ([]promote.Rules, error) {
	if len(list) > MaxSpecBytes {
		return nil, fmt.Errorf("a list of rule sets may take at most %d bytes", MaxSpecBytes)
	}
	sps, err := cutSpecs(strings.Split(list, ",")...)
	if err != nil {
		return nil, err
	}
	out := make([]promote.Rules, 0, len(sps))
	seen := map[promote.Rules]bool{}
	for _, sp := range sps {
		r, ok := prebuilt(sp)
		if !ok || seen[r] {
			return rules.ParseListBuiltin(list) // its result, or its error
		}
		seen[r] = true
		out = append(out, r)
	}
	return out, nil
}
