package picture

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/lattice"
	"github.com/promote-dev/promote/rules/arrayapi"
	"github.com/promote-dev/promote/rules/jax"
	"github.com/promote-dev/promote/rules/tensorflow"
)

// ownLattice returns the lattice a rule set is defined by, when it is one.
//
// A stand-in: until rule sets expose their lattice through an interface of
// the root package (issue 12), it reads the three lattice rule sets'
// exported lattices by their Def. TensorFlow's lattice defines its new
// modes (all, safe); its default, legacy, refuses mixed dtypes and is
// drawn from its pair table like any other rule set.
func ownLattice(r promote.Rules) (*lattice.Lattice, bool) {
	s := r.Settings()
	switch r.Def() {
	case jax.Def:
		return jax.Lattice(jax.Config{Strict: s.Enum("mode") == "strict", X64: s.Bool("x64")}), true
	case tensorflow.Def:
		if s.Enum("mode") != "legacy" {
			return tensorflow.Lattice(), true
		}
	case arrayapi.Def:
		return arrayapi.Lattice(), true
	}
	return nil, false
}
