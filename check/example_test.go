package check_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/rules"
)

// Is a rule set's pair table the join of a lattice? NumPy's is not; the
// witness names two dtypes with no least upper bound.
func ExampleInduce() {
	r, _ := rules.Build("numpy")
	o := check.Induce(check.NewAlgebra(r))
	fmt.Println(o.Lattice, o.Witness.Kind)
	fmt.Println(o.Witness.Text)
	// Output:
	// false no-least-upper-bound
	// i8·u8 = i16, but i8 and u8 have no least upper bound in the order the table induces: i16, f16 are common upper bounds, none below the others
}

// JAX's table is the join of its lattice: the order the table induces
// agrees with the lattice the rule set exposes, and the covering edges
// are the Hasse diagram.
func ExampleCompare() {
	r, _ := rules.Build("jax", "x64=true")
	o := check.Induce(check.NewAlgebra(r))
	ag := check.Compare(o, promote.LatticeOf(r))
	fmt.Println(o.Lattice, ag.Agree, ag.Unreached)
	for _, e := range o.Hasse[:3] {
		fmt.Println(e.Lower, "<", e.Upper)
	}
	// Output:
	// true true [i* c*]
	// bool < i2
	// bool < i4
	// bool < i8
}

// Check measures every property of a rule set at once: PyTorch 1.13's
// table is associative over its 13 dtypes; 2.6's, with the uint16 kin,
// is not (rep.Associative.Witnesses lists the first failing triples).
func ExampleCheck() {
	for _, version := range []string{"1.13", "2.6"} {
		r, _ := rules.Build("pytorch", "version="+version)
		rep := check.Check(r)
		a := rep.Associative
		fmt.Printf("%s: associative %v (%d of %d triples fail)\n", version, a.Holds, a.Failed, a.Checked)
	}
	// Output:
	// 1.13: associative true (0 of 2197 triples fail)
	// 2.6: associative false (2160 of 39304 triples fail)
}
