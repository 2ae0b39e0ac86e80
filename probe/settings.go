package probe

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// maxSettings bounds the settings tried against one framework: up to it,
// every combination of the rule set's enum and bool options; past it, the
// defaults, the presets and each option value alone.
const maxSettings = 64

// candidate is one setting of a rule set tried against a framework.
type candidate struct {
	label string // rules.Label: numpy:promotion=legacy
	r     promote.Rules
}

// candidates builds the settings of d worth trying, with the pinned
// settings applied to each: the defaults first, then every combination of
// the other enum and bool options (each option's default first), or, when
// there are more than maxSettings of them, the presets and each option
// value changed alone. DType options keep their defaults. Combinations the
// rule set refuses are left out.
func candidates(d *promote.Def, pinned []string) ([]candidate, error) {
	isPinned := map[string]bool{}
	for _, kv := range pinned {
		k, _, _ := strings.Cut(kv, "=")
		isPinned[k] = true
	}
	type free struct {
		name   string
		values []string
	}
	var opts []free
	total := 1
	for _, o := range d.Options {
		if isPinned[o.Name] {
			continue
		}
		var vals []string
		switch o.Kind {
		case promote.BoolOption:
			vals = []string{"true", "false"}
		case promote.EnumOption:
			vals = append(vals, o.Values...)
		default:
			continue
		}
		// The default first, so that ties go to it.
		ordered := []string{o.Default}
		for _, v := range vals {
			if v != o.Default {
				ordered = append(ordered, v)
			}
		}
		opts = append(opts, free{o.Name, ordered})
		total *= len(ordered)
	}
	var sets [][]string
	if total <= maxSettings {
		for i := 0; i < total; i++ {
			kv := append([]string(nil), pinned...)
			n := i
			for j := len(opts) - 1; j >= 0; j-- {
				o := opts[j]
				kv = append(kv, o.name+"="+o.values[n%len(o.values)])
				n /= len(o.values)
			}
			sets = append(sets, kv)
		}
	} else {
		sets = append(sets, append([]string(nil), pinned...))
	preset:
		for _, p := range d.Presets {
			for _, kv := range p {
				if k, _, _ := strings.Cut(kv, "="); isPinned[k] {
					continue preset
				}
			}
			sets = append(sets, append(append([]string(nil), pinned...), p...))
		}
		for _, o := range opts {
			for _, v := range o.values[1:] {
				sets = append(sets, append(append([]string(nil), pinned...), o.name+"="+v))
			}
		}
	}
	var out []candidate
	seen := map[string]bool{}
	for i, kv := range sets {
		r, err := d.Build(kv...)
		if err != nil {
			if i == 0 {
				return nil, fmt.Errorf("probe: %s %s: %w", d.Name, strings.Join(kv, " "), err)
			}
			// A combination the rule set refuses (tinygrad's default_int=i64
			// before version=head) is no setting a user can choose.
			continue
		}
		l := rules.Label(r)
		if seen[l] {
			continue
		}
		seen[l] = true
		out = append(out, candidate{label: l, r: r})
	}
	return out, nil
}
