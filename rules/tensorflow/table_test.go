package tensorflow

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestTableAll checks every ordered pair of the 20 nodes against
// TensorFlow's own table (testdata/table_all.tsv, transcribed from
// flexible_dtypes.py): the lattice join gives each result, levelAll each
// level, and the batch path agrees in all and safe mode.
func TestTableAll(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/table_all.tsv")
	if len(rows) != 400 {
		t.Fatalf("table_all.tsv has %d pairs, want 400", len(rows))
	}
	for _, r := range rows {
		row := r.Fields
		a, b, want, level := row[0], row[1], row[2], row[3]
		na, ok1 := tfLattice.Node(a)
		nb, ok2 := tfLattice.Node(b)
		if !ok1 || !ok2 {
			t.Fatalf("unknown node in %v", row)
		}
		s := steps[na][nb]
		if got := tfLattice.Name(s.out); got != want {
			t.Errorf("join(%s, %s) = %s, want %s", a, b, got, want)
		}
		if s.all != (level == "ALL") {
			t.Errorf("level(%s, %s) all=%v, want %s", a, b, s.all, level)
		}
		if got := tsvtest.Check(t, Def.MustBuild("mode="+ModeAll), a+" "+b); got != want {
			t.Errorf("mode=all %q = %s, want %s", a+" "+b, got, want)
		}
		got := tsvtest.Check(t, Def.MustBuild("mode="+ModeSafe), a+" "+b)
		if level == "ALL" {
			if !strings.Contains(got, "In promotion mode PromoMode.SAFE, implicit dtype promotion between") {
				t.Errorf("mode=safe %q = %s, want the SAFE TypeError", a+" "+b, got)
			}
		} else if got != want {
			t.Errorf("mode=safe %q = %s, want %s", a+" "+b, got, want)
		}
	}
}

// TestSafeLevelList checks the SAFE vs ALL bullets of spec.md, listed in
// testdata/safe_refused.tsv: 51 unordered pairs (102 ordered) are at level
// ALL, and no other pair is.
func TestSafeLevelList(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/safe_refused.tsv")
	if len(rows) != 51 {
		t.Fatalf("safe_refused.tsv lists %d pairs, want 51", len(rows))
	}
	listed := map[[2]node]bool{}
	for _, r := range rows {
		row := r.Fields
		a, _ := tfLattice.Node(row[0])
		b, _ := tfLattice.Node(row[1])
		listed[[2]node{a, b}], listed[[2]node{b, a}] = true, true
	}
	ordered := 0
	for a := range node(numNodes) {
		for b := range node(numNodes) {
			if steps[a][b].all {
				ordered++
			}
			if steps[a][b].all != listed[[2]node{a, b}] {
				t.Errorf("(%s, %s): level ALL = %v, listed = %v", tfLattice.Name(a), tfLattice.Name(b), steps[a][b].all, listed[[2]node{a, b}])
			}
		}
	}
	if ordered != 102 {
		t.Errorf("%d ordered pairs at level ALL, want 102", ordered)
	}
}

// TestLatticeEdges checks the edges of rules/tensorflow/spec.md ("The lattice"): 27 covering edges, each a strict order.
func TestLatticeEdges(t *testing.T) {
	if n := len(tfLattice.Edges()); n != 27 {
		t.Errorf("%d edges, want 27", n)
	}
	for _, e := range tfLattice.Edges() {
		lo, _ := tfLattice.Node(e.Lower)
		hi, _ := tfLattice.Node(e.Upper)
		if !tfLattice.Leq(lo, hi) || tfLattice.Leq(hi, lo) {
			t.Errorf("edge %s -> %s is not a strict order", e.Lower, e.Upper)
		}
	}
}

// TestAssociativeInAll: in ALL mode the fold never depends on order (the
// table is a lattice; spec.md found 0 of 20^3 order-dependent triples).
func TestAssociativeInAll(t *testing.T) {
	for a := range node(numNodes) {
		for b := range node(numNodes) {
			for c := range node(numNodes) {
				l := steps[steps[a][b].out][c].out
				r := steps[a][steps[b][c].out].out
				if l != r {
					t.Errorf("(%s ∨ %s) ∨ %s = %s but %s ∨ (%s ∨ %s) = %s", tfLattice.Name(a), tfLattice.Name(b), tfLattice.Name(c), tfLattice.Name(l), tfLattice.Name(a), tfLattice.Name(b), tfLattice.Name(c), tfLattice.Name(r))
				}
			}
		}
	}
}

// TestSafeOrderDependentTriples counts the ordered triples whose SAFE-mode
// error depends on the order: spec.md reports 822 of 8000.
func TestSafeOrderDependentTriples(t *testing.T) {
	raises := func(x ...node) bool {
		acc := x[0]
		for _, n := range x[1:] {
			if steps[acc][n].all {
				return true
			}
			acc = steps[acc][n].out
		}
		return false
	}
	count := 0
	for a := range node(numNodes) {
		for b := range node(numNodes) {
			for c := range node(numNodes) {
				perms := [][3]node{{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}}
				first := raises(a, b, c)
				for _, p := range perms[1:] {
					if raises(p[0], p[1], p[2]) != first {
						count++
						break
					}
				}
			}
		}
	}
	if count != 822 {
		t.Errorf("%d order-dependent triples in SAFE mode, want 822", count)
	}
}
