package rules

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Info describes a rule set: its name and system, family, how it combines
// more than two operands, how it spells dtypes, its options, presets and
// sources, and the dtypes it admits. It is the one description that
// promote rules prints (as text and -json) and the explorer's menus are
// built from.
type Info struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	NAry    string       `json:"n_operands"`
	Dialect string       `json:"dialect"`
	Source  string       `json:"source"`
	Options []OptionInfo `json:"options"`
	// Family is the display family's name (Families), as the rule set
	// declares it; empty for a rule set in none (one read from a file).
	Family string `json:"family,omitempty"`
	// Presets are the specs promote compare also answers under, one per
	// preset of the definition (NAME:KEY=VALUE...).
	Presets []string `json:"presets"`
	// DTypes are the dtypes the rule set admits with its defaults: those
	// it promotes with themselves, in catalogue order.
	DTypes []string `json:"dtypes"`
}

// OptionInfo is one option of a rule set with its values and default.
type OptionInfo struct {
	Name    string `json:"name"`
	Values  string `json:"values"` // promote.Option.Allowed: true|false, the enum's values, "a dtype"
	Default string `json:"default"`
	Doc     string `json:"doc,omitempty"`
	Kind    string `json:"kind"` // bool, enum or dtype
}

// Describe describes the rule set d defines. It builds d with its
// defaults to learn which dtypes it admits; an error is that build's.
func Describe(d *promote.Def) (Info, error) {
	in := Info{Name: d.Name, Title: d.Title, NAry: d.NAry.String(), Source: d.Source,
		Options: []OptionInfo{}, Presets: []string{}, DTypes: []string{}}
	if d.Dialect != nil {
		in.Dialect = d.Dialect.Name()
	}
	in.Family = d.Family.String() // "" for none
	for _, o := range d.Options {
		in.Options = append(in.Options, OptionInfo{Name: o.Name, Values: o.Allowed(), Default: o.Default, Doc: o.Doc, Kind: kindName(o.Kind)})
	}
	for _, p := range d.Presets {
		spec := d.Name
		for _, kv := range p {
			spec += ":" + kv
		}
		in.Presets = append(in.Presets, spec)
	}
	r, err := d.Build()
	if err != nil {
		return Info{}, fmt.Errorf("rule set %s with its defaults: %w", d.Name, err)
	}
	for _, t := range dtype.All() {
		if _, err := r.PromoteTypes(t, t); err == nil {
			in.DTypes = append(in.DTypes, t.String())
		}
	}
	return in, nil
}

// DescribeAll describes every built-in rule set, in display order (All).
func DescribeAll() ([]Info, error) {
	out := make([]Info, 0, len(defs))
	for _, d := range defs {
		in, err := Describe(d)
		if err != nil {
			return nil, err
		}
		out = append(out, in)
	}
	return out, nil
}

// kindName names an option kind in Info.
func kindName(k promote.OptionKind) string {
	switch k {
	case promote.BoolOption:
		return "bool"
	case promote.EnumOption:
		return "enum"
	case promote.DTypeOption:
		return "dtype"
	}
	return "?"
}
