package jax

import (
	"errors"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/lattice"
)

var modes = map[string]Config{
	"standard_x64": {X64: true},
	"standard_x32": {},
	"strict":       {Strict: true},
}

// TestLatticeEdges checks each lattice's direct edges against the spec's
// lattice (spec.md §2) (testdata/lattice_edges.tsv, in canonical names, int1
// dropped), edge for edge.
func TestLatticeEdges(t *testing.T) {
	want := map[string]map[lattice.Edge]bool{}
	for _, row := range tsvtest.Read(t, "testdata/lattice_edges.tsv") {
		r := row.Fields
		if len(r) != 3 {
			t.Fatalf("line %d: %d fields, want 3", row.Line, len(r))
		}
		if want[r[0]] == nil {
			want[r[0]] = map[lattice.Edge]bool{}
		}
		want[r[0]][lattice.Edge{Lower: r[1], Upper: r[2]}] = true
	}
	for mode, c := range modes {
		got := map[lattice.Edge]bool{}
		for _, e := range Lattice(c).Edges() {
			if got[e] {
				t.Errorf("%s: edge %v listed twice", mode, e)
			}
			got[e] = true
			if !want[mode][e] {
				t.Errorf("%s: edge %s -> %s is not in the spec", mode, e.Lower, e.Upper)
			}
		}
		for e := range want[mode] {
			if !got[e] {
				t.Errorf("%s: spec edge %s -> %s is missing", mode, e.Lower, e.Upper)
			}
		}
		if l := Lattice(c).Len(); l != numNodes || numNodes != 34 {
			t.Errorf("%s: %d nodes (numNodes %d), want 34", mode, l, numNodes)
		}
	}
}

// TestPublishedTable checks the standard x64 lattice's joins against JAX's
// published 18x18 table, typed in by hand.
func TestPublishedTable(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/published_x64.tsv")
	l := Lattice(Config{X64: true})
	node := func(s string) lattice.Node {
		n, ok := l.Node(s)
		if !ok {
			t.Fatalf("unknown node %q", s)
		}
		return n
	}
	head := rows[0].Fields[1:]
	if len(rows) != 19 || len(head) != 18 {
		t.Fatalf("table is %dx%d, want 18x18", len(rows)-1, len(head))
	}
	for _, row := range rows[1:] {
		r := row.Fields
		a := node(r[0])
		for j, want := range r[1:] {
			got, err := l.Join2(a, node(head[j]))
			if err != nil || l.Name(got) != want {
				t.Errorf("line %d: %s v %s = %v (%v), want %s", row.Line, r[0], head[j], l.Name(got), err, want)
			}
		}
	}
}

// TestErrorCounts checks how many ordered node pairs have no join. The
// spec counts 618 of 1225 (standard, x64 on or off) and 1084 (strict) over
// 35 nodes, int1 included. Here int1 is absent (the catalogue's i1 is
// bool), and int1 joined only with itself, bool and i* (standard) or with
// itself and i* (strict): it contributed 2x32 = 64 error pairs to
// standard and 2x33 = 66 to strict. So over these 34 nodes: 554 and 1018
// of 1156.
func TestErrorCounts(t *testing.T) {
	want := map[string]int{"standard_x64": 554, "standard_x32": 554, "strict": 1018}
	for mode, c := range modes {
		l := Lattice(c)
		errs := 0
		for a := range numNodes {
			for b := range numNodes {
				if _, err := l.Join2(lattice.Node(a), lattice.Node(b)); err != nil {
					errs++
					var je *lattice.JoinError
					if !errors.As(err, &je) || je.Ambiguous {
						t.Errorf("%s: %s v %s: %v, want no common bound (never ambiguous)", mode, l.Name(lattice.Node(a)), l.Name(lattice.Node(b)), err)
					}
				}
			}
		}
		if errs != want[mode] {
			t.Errorf("%s: %d error pairs of %d, want %d", mode, errs, numNodes*numNodes, want[mode])
		}
	}
}

// TestJoinLaws checks, over every pair and triple of nodes in every
// lattice, that the join is commutative and associative with an error as a
// value that propagates, and that the set join of a triple equals both
// pairwise orders (so a left fold over nodes never differs from JAX's set).
func TestJoinLaws(t *testing.T) {
	for mode, c := range modes {
		l := Lattice(c)
		const fail = lattice.Node(255)
		j := func(a, b lattice.Node) lattice.Node {
			if a == fail || b == fail {
				return fail
			}
			n, err := l.Join2(a, b)
			if err != nil {
				return fail
			}
			return n
		}
		for a := range lattice.Node(numNodes) {
			for b := range lattice.Node(numNodes) {
				if j(a, b) != j(b, a) {
					t.Fatalf("%s: %s v %s is not commutative", mode, l.Name(a), l.Name(b))
				}
				ab := j(a, b)
				for c := range lattice.Node(numNodes) {
					left, right := j(ab, c), j(a, j(b, c))
					set, err := l.Join(a, b, c)
					if err != nil {
						set = fail
					}
					if left != right || left != set {
						t.Fatalf("%s: (%s v %s) v %s = %d, %s v (%s v %s) = %d, set = %d", mode,
							l.Name(a), l.Name(b), l.Name(c), left, l.Name(a), l.Name(b), l.Name(c), right, set)
					}
				}
			}
		}
	}
}
