package probe

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// Framework is one framework the probe script can ask, and the rule set
// promote answers it with.
type Framework struct {
	// Name is the script's name for it: the Python module, or
	// numpy+ml_dtypes for NumPy with ml_dtypes imported.
	Name string
	// Rules names the rule set, in order of preference: the first one
	// registered is used (CuPy falls back to numpy's ufunc model until a
	// cupy rule set exists).
	Rules []string
	// Pinned are settings the probe fixes because the script's call
	// decides them (numpy's check_values=false for np.result_type): they
	// are not searched.
	Pinned []string
	// Device says the framework is asked on a GPU and is skipped without
	// one.
	Device bool
}

// frameworks is the fixed list, in the script's order.
var frameworks = []Framework{
	{Name: "torch", Rules: []string{"pytorch"}},
	{Name: "numpy", Rules: []string{"numpy"}, Pinned: []string{"check_values=false", "ml_dtypes=false"}},
	{Name: "numpy+ml_dtypes", Rules: []string{"numpy"}, Pinned: []string{"check_values=false", "ml_dtypes=true"}},
	{Name: "jax", Rules: []string{"jax"}},
	// cupy.add: a ufunc, as numpy's check_values=true models it.
	{Name: "cupy", Rules: []string{"cupy", "numpy"}, Pinned: []string{"check_values=true", "ml_dtypes=false"}, Device: true},
	{Name: "triton", Rules: []string{"triton"}},
	{Name: "keras", Rules: []string{"keras"}},
	{Name: "tensorflow", Rules: []string{"tensorflow"}},
	{Name: "paddle", Rules: []string{"paddle"}},
	{Name: "mlx", Rules: []string{"mlx"}},
	{Name: "tinygrad", Rules: []string{"tinygrad"}},
	{Name: "mindspore", Rules: []string{"mindspore"}},
}

// Frameworks returns the frameworks the probe knows, in the order it asks
// them.
func Frameworks() []Framework {
	out := make([]Framework, len(frameworks))
	for i, f := range frameworks {
		out[i] = f
		out[i].Rules = append([]string(nil), f.Rules...)
		out[i].Pinned = append([]string(nil), f.Pinned...)
	}
	return out
}

// Def returns the rule set the framework is answered with.
func (f Framework) Def() (*promote.Def, error) {
	for _, name := range f.Rules {
		if d, err := rules.LookupBuiltin(name); err == nil {
			return d, nil
		}
	}
	return nil, fmt.Errorf("probe: no rule set for %s (looked for %s)", f.Name, strings.Join(f.Rules, ", "))
}

// pinned returns the pinned settings that d accepts: a cupy rule set has
// no check_values, and should ml_dtypes become a version (ml_dtypes=0.6)
// the pin true is no value of it; an option not pinned is searched with
// the others.
func (f Framework) pinned(d *promote.Def) []string {
	var out []string
	for _, kv := range f.Pinned {
		if _, err := d.Parse(kv); err == nil {
			out = append(out, kv)
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
	var out []Framework
	seen := map[string]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		key := strings.ToLower(n)
		matched := false
		for _, f := range Frameworks() {
			// A rule set's name picks every framework it is made for
			// (numpy: NumPy with and without ml_dtypes).
			if key == f.Name || key == f.Rules[0] {
				matched = true
				if !seen[f.Name] {
					seen[f.Name] = true
					out = append(out, f)
				}
			}
		}
		if !matched {
			return nil, fmt.Errorf("probe: %q is not a rule set or framework the probe can ask (valid: %s)", n, strings.Join(validNames(), ", "))
		}
	}
	if len(out) == 0 {
		return Frameworks(), nil
	}
	return out, nil
}

func validNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range frameworks {
		for _, n := range []string{f.Name, f.Rules[0]} {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}
