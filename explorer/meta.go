package explorer

import (
	"runtime/debug"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// Meta is what the page needs to build its menus.
type Meta struct {
	Rules    []RuleSetInfo `json:"rules"`
	DTypes   []string      `json:"dtypes"`
	Policies []string      `json:"policies"`
	Version  string        `json:"version"`
}

// RuleSetInfo describes one rule set.
type RuleSetInfo struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Options []OptionInfo `json:"options"`
	// Presets are the specs promote compare also answers under.
	Presets []string `json:"presets"`
}

// OptionInfo is one option with its values and default.
type OptionInfo struct {
	Name    string `json:"name"`
	Values  string `json:"values"`
	Default string `json:"default"`
	Doc     string `json:"doc,omitempty"`
}

func meta() *Meta {
	m := &Meta{Policies: convert.PolicyNames(), Version: "unknown"}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		m.Version = bi.Main.Version
	}
	for _, d := range dtype.All() {
		m.DTypes = append(m.DTypes, d.String())
	}
	for _, d := range rules.All() {
		ri := RuleSetInfo{Name: d.Name, Title: d.Title, Options: []OptionInfo{}, Presets: []string{}}
		for _, o := range d.Options {
			ri.Options = append(ri.Options, OptionInfo{o.Name, o.Allowed(), o.Default, o.Doc})
		}
		for _, p := range d.Presets {
			spec := d.Name
			for _, kv := range p {
				spec += ":" + kv
			}
			ri.Presets = append(ri.Presets, spec)
		}
		m.Rules = append(m.Rules, ri)
	}
	return m
}
