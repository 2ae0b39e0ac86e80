package rules

import (
	"github.com/promote-dev/promote/pyapi"
)

// PythonLibraries returns a model of every Python library that a
// registered rule set provides (its default configuration implements
// pyapi.Provider), in registry order: the libraries promote lint checks
// Python source against and the explorer's lint view uses. A rule set
// that cannot be built with its defaults provides none.
func PythonLibraries() []pyapi.Library {
	var out []pyapi.Library
	for _, d := range defs {
		r, err := d.Build()
		if err != nil {
			continue
		}
		if p, ok := r.(pyapi.Provider); ok {
			out = append(out, p.PythonLibrary())
		}
	}
	return out
}
