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

// RuleSetInfo describes one rule set: the library's description, the one
// promote rules -json prints (its presets are the specs promote compare
// also answers under).
type RuleSetInfo = rules.Info

// OptionInfo is one option with its values and default.
type OptionInfo = rules.OptionInfo

func meta() (*Meta, error) {
	m := &Meta{Policies: convert.PolicyNames(), Version: "unknown"}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		m.Version = bi.Main.Version
	}
	for _, d := range dtype.All() {
		m.DTypes = append(m.DTypes, d.String())
	}
	rs, err := rules.DescribeAll()
	if err != nil {
		return nil, err
	}
	m.Rules = rs
	return m, nil
}
