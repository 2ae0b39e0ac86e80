// Package rules lists every rule set promote ships (the registry, in
// display order: by family, as each rule set declares it), groups them
// into families for display (Families, Select), and builds a rule set
// from a spec: a name with options (NAME:KEY=VALUE) or a rule file's path
// (ParseSpec, Parse, ParseList). It describes each rule set (Describe)
// and compares two (Diff).
package rules

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/anvil"
	"github.com/promote-dev/promote/rules/arrayapi"
	"github.com/promote-dev/promote/rules/c"
	"github.com/promote-dev/promote/rules/cann"
	"github.com/promote-dev/promote/rules/cpp"
	"github.com/promote-dev/promote/rules/cupy"
	"github.com/promote-dev/promote/rules/jax"
	"github.com/promote-dev/promote/rules/julia"
	"github.com/promote-dev/promote/rules/keras"
	"github.com/promote-dev/promote/rules/kernelfloat"
	"github.com/promote-dev/promote/rules/mindspore"
	"github.com/promote-dev/promote/rules/mlx"
	"github.com/promote-dev/promote/rules/modularmax"
	"github.com/promote-dev/promote/rules/numpy"
	"github.com/promote-dev/promote/rules/openvino"
	"github.com/promote-dev/promote/rules/paddle"
	"github.com/promote-dev/promote/rules/pytorch"
	"github.com/promote-dev/promote/rules/rulefile"
	"github.com/promote-dev/promote/rules/tensorflow"
	"github.com/promote-dev/promote/rules/tinygrad"
	"github.com/promote-dev/promote/rules/triton"
	"github.com/promote-dev/promote/rules/tvm"
)

// defs is the registry, in display order: the rule sets of each family
// (promote.Def.Family) together, families in the order of
// promote.Families, and within a family the order promote compare lists
// them. It is fixed at build time and never modified; a new rule set is
// one line here, in its family's block.
var defs = []*promote.Def{
	// Array and ML frameworks.
	pytorch.Def,
	numpy.Def,
	jax.Def,
	tensorflow.Def,
	arrayapi.Def,
	keras.Def,
	mlx.Def,
	paddle.Def,
	mindspore.Def,
	tinygrad.Def,
	anvil.Def,
	cupy.Def,
	// Compilers, runtimes and kernel libraries.
	openvino.Def,
	cann.Def,
	triton.Def,
	tvm.Def,
	kernelfloat.Def,
	modularmax.Def,
	// Programming languages.
	c.Def,
	cpp.Def,
	julia.Def,
}

// All returns every rule set definition, in display order.
func All() []*promote.Def { return append([]*promote.Def(nil), defs...) }

// Lookup returns the rule set named name (case-insensitive; "_" and "-"
// are the same), or an error listing the valid names. A name that is a
// path (it contains a path separator, or ends in .toml or .json) is a rule
// file: Lookup reads it anew each time (see package rulefile); it may not
// take a built-in rule set's name.
func Lookup(name string) (*promote.Def, error) {
	if IsPath(name) {
		return loadFile(strings.TrimSpace(name))
	}
	return LookupBuiltin(name)
}

// LookupBuiltin returns the built-in rule set named name, as Lookup does,
// but never reads a rule file.
func LookupBuiltin(name string) (*promote.Def, error) {
	key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "_", "-")
	for _, d := range defs {
		if d.Name == key || strings.ReplaceAll(d.Name, "-", "") == strings.ReplaceAll(key, "-", "") {
			return d, nil
		}
	}
	return nil, fmt.Errorf("unknown rule set %q (valid: %s)", name, strings.Join(Names(), ", "))
}

// Names returns the rule set names in display order.
func Names() []string {
	out := make([]string, len(defs))
	for i, d := range defs {
		out[i] = d.Name
	}
	return out
}

// Build looks up a rule set and builds it with KEY=VALUE settings.
func Build(name string, kv ...string) (promote.Rules, error) {
	d, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return d.Build(kv...)
}

// IsPath reports whether a rule set name is a path to a rule file: it
// contains a path separator, or ends in .toml or .json.
func IsPath(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return strings.ContainsAny(n, `/\`) || strings.HasSuffix(n, ".toml") || strings.HasSuffix(n, ".json")
}

// loadFile reads a rule file; its name may not be a built-in rule set's.
func loadFile(path string) (*promote.Def, error) {
	if strings.HasSuffix(strings.ToLower(path), ".json") {
		return nil, fmt.Errorf("rule file %s: rule files are TOML; write it as a .toml file (docs/runtime-authors.md describes the format)", path)
	}
	return rulefile.Load(path, func(name string) bool {
		_, err := LookupBuiltin(name)
		return err == nil
	})
}
