package probe

import (
	"fmt"
	"maps"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
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
	// Names are the framework's own names for the dtypes whose rule-set
	// spelling the framework does not accept (testdata/framework_names.tsv
	// lists every name sent, with its source); other dtypes are named by
	// frameworkName.
	Names map[dtype.DType]string
}

// dtypeName is the name the script is sent for d: the framework's own
// where Names has one, else the rule set's dialect's Python spelling.
func (f Framework) dtypeName(dial *dtype.Dialect) func(dtype.DType) string {
	return func(d dtype.DType) string {
		if n, ok := f.Names[d]; ok {
			return n
		}
		return frameworkName(d, dial)
	}
}

// mlDTypesNames are ml_dtypes' names where promote's neutral spelling is
// not one: float8_e4m3b11 is TensorFlow's and an old alias, ml_dtypes and
// jax.numpy have only float8_e4m3b11fnuz (jax-ml/ml_dtypes
// ml_dtypes/__init__.py, __all__; jax-ml/jax jax/numpy/__init__.py).
var mlDTypesNames = map[dtype.DType]string{dtype.F8E4M3B11FNUZ: "float8_e4m3b11fnuz"}

// frameworks is the fixed list, in the script's order.
var frameworks = []Framework{
	{Name: "torch", Rules: []string{"pytorch"}},
	{Name: "numpy", Rules: []string{"numpy"}, Pinned: []string{"check_values=false", "ml_dtypes=false"}},
	{Name: "numpy+ml_dtypes", Rules: []string{"numpy"}, Pinned: []string{"check_values=false"}, Names: mlDTypesNames},
	{Name: "jax", Rules: []string{"jax"}, Names: mlDTypesNames},
	// cupy.add: a ufunc, as numpy's check_values=true models it.
	{Name: "cupy", Rules: []string{"cupy", "numpy"}, Pinned: []string{"check_values=true", "ml_dtypes=false"}, Device: true},
	// triton.language's attribute names (triton-lang/triton
	// python/triton/language/core.py: int1, float8e4nv, float8e5,
	// float8e4b8, float8e5b16).
	{Name: "triton", Rules: []string{"triton"}, Names: map[dtype.DType]string{
		dtype.Bool: "int1", dtype.F8E4M3FN: "float8e4nv", dtype.F8E5M2: "float8e5",
		dtype.F8E4M3FNUZ: "float8e4b8", dtype.F8E5M2FNUZ: "float8e5b16"}},
	{Name: "keras", Rules: []string{"keras"}},
	{Name: "tensorflow", Rules: []string{"tensorflow"}},
	{Name: "paddle", Rules: []string{"paddle"}},
	{Name: "mlx", Rules: []string{"mlx"}},
	// tinygrad.dtypes' attribute names for its fp8 types, whose .name
	// (float8_e4m3) is no attribute (tinygrad/tinygrad tinygrad/dtype.py,
	// class dtypes).
	{Name: "tinygrad", Rules: []string{"tinygrad"}, Names: map[dtype.DType]string{
		dtype.F8E4M3FN: "fp8e4m3", dtype.F8E5M2: "fp8e5m2",
		dtype.F8E4M3FNUZ: "fp8e4m3fnuz", dtype.F8E5M2FNUZ: "fp8e5m2fnuz"}},
	// mindspore.bool_: mindspore has no attribute bool
	// (mindspore/python/mindspore/common/dtype.py).
	{Name: "mindspore", Rules: []string{"mindspore"}, Names: map[dtype.DType]string{dtype.Bool: "bool_"}},
}

// Frameworks returns the frameworks the probe knows, in the order it asks
// them.
func Frameworks() []Framework {
	out := make([]Framework, len(frameworks))
	for i, f := range frameworks {
		out[i] = f
		out[i].Rules = append([]string(nil), f.Rules...)
		out[i].Pinned = append([]string(nil), f.Pinned...)
		out[i].Names = maps.Clone(f.Names)
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
