package promote_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/lattice"
	"github.com/promote-dev/promote/rules"
)

func TestNewLattice(t *testing.T) {
	g, err := lattice.New([]string{"i8", "i16", "i*"}, []lattice.Edge{{Lower: "i*", Upper: "i8"}, {Lower: "i8", Upper: "i16"}})
	if err != nil {
		t.Fatal(err)
	}
	good := []promote.LatticeNode{{Name: "i8", DType: dtype.I8}, {Name: "i16", DType: dtype.I16}, {Name: "i*", DType: dtype.I16, Weak: true}}
	l, err := promote.NewLattice(g, good)
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := l.NodeOf(dtype.I16, true); !ok || g.Name(n) != "i*" {
		t.Errorf("NodeOf(i16, weak) = %v, %v", n, ok)
	}
	if _, ok := l.NodeOf(dtype.I32, false); ok {
		t.Error("NodeOf(i32) found a node")
	}
	for _, tt := range []struct {
		nodes []promote.LatticeNode
		want  string
	}{
		{good[:2], "2 node descriptions for 3 nodes"},
		{[]promote.LatticeNode{good[1], good[0], good[2]}, `node 0 is "i8" in the graph but described as "i16"`},
		{[]promote.LatticeNode{good[0], good[1], {Name: "i*"}}, `node "i*" has no valid dtype`},
		{[]promote.LatticeNode{good[0], good[1], {Name: "i*", DType: dtype.I8}}, `nodes "i8" and "i*" both stand for i8`},
	} {
		if _, err := promote.NewLattice(g, tt.nodes); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewLattice: error %v, want %q", err, tt.want)
		}
	}
}

// TestLatticeOf: which rule sets expose a lattice, under which settings;
// every exposed lattice describes each node with a valid dtype.
func TestLatticeOf(t *testing.T) {
	want := map[string]bool{
		"jax": true, "jax:x64=true": true, "jax:mode=strict": true, "jax:explicit_x64_dtypes=allow:mode=strict": true,
		"tensorflow": false, "tensorflow:mode=all": true, "tensorflow:mode=safe": true,
		"array-api": true, "keras": true, "numpy": false, "pytorch": false,
	}
	for spec, has := range want {
		r, err := rules.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		l := promote.LatticeOf(r)
		if (l != nil) != has {
			t.Errorf("%s: LatticeOf = %v, want a lattice: %v", spec, l, has)
			continue
		}
		if l != nil && len(l.Nodes) != l.Graph.Len() {
			t.Errorf("%s: %d nodes described of %d", spec, len(l.Nodes), l.Graph.Len())
		}
	}
}
