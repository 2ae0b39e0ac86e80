package keras

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
	"github.com/promote-dev/promote/rules/jax"
)

// TestEverySubsetHasABound: every set of Keras's lattice nodes has a unique
// least upper bound, so _least_upper_bound's "no available implicit dtype
// promotion path" and "Internal Type Promotion error" are unreachable
// from result_type with valid dtypes (spec.md §3).
func TestEverySubsetHasABound(t *testing.T) {
	l := Lattice()
	n := l.Len()
	nodes := make([]lattice.Node, 0, n)
	for set := 1; set < 1<<n; set++ {
		nodes = nodes[:0]
		for i := 0; i < n; i++ {
			if set&(1<<i) != 0 {
				nodes = append(nodes, lattice.Node(i))
			}
		}
		if _, err := l.Join(nodes...); err != nil {
			t.Fatalf("subset %b: %v", set, err)
		}
	}
}

// TestLatticeAgainstJAX: Keras "adapted the type promotion lattice from
// JAX" (dtypes.py:58). On every pair of the nodes both have (Keras's
// strong dtypes and the weak int and float, JAX's i* and f*), the joins on
// Keras's lattice and on JAX's standard x64 lattice are the same node, so
// the rewiring of the weak int to complex64 (in place of JAX's c* node)
// changes no join.
func TestLatticeAgainstJAX(t *testing.T) {
	k := Lattice()
	j := jax.Lattice(jax.Config{X64: true})
	toJAX := func(name string) lattice.Node {
		switch name {
		case "int":
			name = "i*"
		case "float":
			name = "f*"
		}
		n, ok := j.Node(name)
		if !ok {
			t.Fatalf("JAX's lattice has no node %s", name)
		}
		return n
	}
	for a := 0; a < k.Len(); a++ {
		for b := 0; b < k.Len(); b++ {
			kn, err := k.Join2(lattice.Node(a), lattice.Node(b))
			if err != nil {
				t.Fatal(err)
			}
			jn, err := j.Join2(toJAX(k.Name(lattice.Node(a))), toJAX(k.Name(lattice.Node(b))))
			if err != nil {
				t.Fatal(err)
			}
			if toJAX(k.Name(kn)) != jn {
				t.Errorf("join(%s, %s): keras %s, JAX %s", k.Name(lattice.Node(a)), k.Name(lattice.Node(b)), k.Name(kn), j.Name(jn))
			}
		}
	}
}

// TestEdges: the lattice has _type_promotion_lattice's 23 direct edges and
// no node above complex128.
func TestEdges(t *testing.T) {
	l := Lattice()
	if got := len(l.Edges()); got != 23 {
		t.Errorf("%d edges, want 23", got)
	}
	top := nodeOf[dtype.C128]
	for n := 0; n < l.Len(); n++ {
		if !l.Leq(lattice.Node(n), top) {
			t.Errorf("%s is not below complex128", l.Name(lattice.Node(n)))
		}
	}
}
