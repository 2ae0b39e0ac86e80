package lattice

import (
	"errors"
	"fmt"
	"testing"
)

// reach is the slow model of a graph: reach[a][b] when b can be reached
// from a by zero or more edges (Warshall's closure over a matrix).
func reach(n int, edges [][2]int) [][]bool {
	r := make([][]bool, n)
	for i := range r {
		r[i] = make([]bool, n)
		r[i][i] = true
	}
	for _, e := range edges {
		r[e[0]][e[1]] = true
	}
	for k := range n {
		for i := range n {
			for j := range n {
				r[i][j] = r[i][j] || r[i][k] && r[k][j]
			}
		}
	}
	return r
}

// FuzzLattice builds random graphs of up to 10 nodes, some of them weak
// nodes as JAX names them ("i*"), with edges that may form cycles, and
// checks New and Join against the slow model: a cycle (a self-loop
// included) is an error naming a node on it, never a panic or a hang;
// otherwise Leq is reachability, and for every set of up to four nodes
// Join returns the common upper bound that lies below every other one,
// or a JoinError that is Ambiguous exactly when common upper bounds exist
// but none is least. Join is commutative and ignores repeats; where every
// pair of the nodes involved has a join, it is associative and equals
// the fold of Join2.
func FuzzLattice(f *testing.F) {
	f.Add([]byte{4, 0, 1, 0, 2, 1, 3, 2, 3}, []byte{0, 1, 2, 3})    // a diamond
	f.Add([]byte{4, 0, 2, 0, 3, 1, 2, 1, 3}, []byte{0, 1})          // two minimal bounds
	f.Add([]byte{3, 0, 1, 1, 2, 2, 0}, []byte{0, 1})                // a cycle
	f.Add([]byte{0x85, 0, 4, 1, 4, 2, 4, 3, 4, 0, 1}, []byte{1, 2}) // weak nodes
	f.Fuzz(func(t *testing.T, graph, sets []byte) {
		if len(graph) == 0 {
			return
		}
		n := 1 + int(graph[0]&0x0f)%10
		weak := graph[0] >> 4 // node i is weak when bit i%4 is set
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("t%d", i)
			if weak>>(i%4)&1 == 1 {
				names[i] = fmt.Sprintf("w%d*", i)
			}
		}
		var edges [][2]int
		var es []Edge
		for i := 1; i+1 < len(graph) && len(edges) < 40; i += 2 {
			lo, hi := int(graph[i])%n, int(graph[i+1])%n
			edges = append(edges, [2]int{lo, hi})
			es = append(es, Edge{names[lo], names[hi]})
		}
		r := reach(n, edges)
		cyclic := false
		for _, e := range edges {
			if e[0] == e[1] || r[e[1]][e[0]] {
				cyclic = true
			}
		}
		l, err := New(names, es)
		if cyclic {
			if err == nil {
				t.Fatalf("a cyclic graph %v was accepted", es)
			}
			return
		}
		if err != nil {
			t.Fatalf("New(%v, %v): %v", names, es, err)
		}
		for a := range n {
			for b := range n {
				if l.Leq(Node(a), Node(b)) != r[a][b] {
					t.Fatalf("Leq(%s, %s) = %v, reachability says %v", names[a], names[b], !r[a][b], r[a][b])
				}
			}
		}

		// join is the slow model: the common upper bounds, and the one
		// below all the others if there is one.
		join := func(in []int) (int, bool, bool) { // node, ok, ambiguous
			var cub []int
			for c := range n {
				all := true
				for _, s := range in {
					all = all && r[s][c]
				}
				if all {
					cub = append(cub, c)
				}
			}
			for _, c := range cub {
				least := true
				for _, d := range cub {
					least = least && r[c][d]
				}
				if least {
					return c, true, false
				}
			}
			return 0, false, len(cub) > 0
		}
		check := func(in []int) (Node, bool) {
			nodes := make([]Node, len(in))
			for i, x := range in {
				nodes[i] = Node(x)
			}
			got, err := l.Join(nodes...)
			want, ok, ambiguous := join(in)
			if ok {
				if err != nil || int(got) != want {
					t.Fatalf("Join(%v) = %v, %v; want %s", in, got, err, names[want])
				}
			} else {
				var je *JoinError
				if !errors.As(err, &je) || je.Ambiguous != ambiguous || ambiguous != (len(je.Bounds) >= 2) {
					t.Fatalf("Join(%v) = %v, %v; want a JoinError with Ambiguous %v", in, got, err, ambiguous)
				}
			}
			// Order and repeats do not matter.
			rev := make([]Node, 0, 2*len(nodes))
			for i := len(nodes) - 1; i >= 0; i-- {
				rev = append(rev, nodes[i], nodes[i])
			}
			if got2, err2 := l.Join(rev...); got2 != got || (err2 == nil) != (err == nil) {
				t.Fatalf("Join(%v) = %v, %v but reversed with repeats %v, %v", in, got, err, got2, err2)
			}
			if len(in) == 2 {
				if g2, e2 := l.Join2(nodes[0], nodes[1]); g2 != got || (e2 == nil) != (err == nil) {
					t.Fatalf("Join2(%v) = %v, %v; Join = %v, %v", in, g2, e2, got, err)
				}
			}
			return got, ok
		}
		for i := 0; i < len(sets); i += 4 {
			var in []int
			for _, x := range sets[i:min(i+4, len(sets))] {
				in = append(in, int(x)%n)
			}
			if _, ok := check(in); !ok || len(in) < 3 {
				continue
			}
			// Associativity where every pair of the nodes involved joins.
			a, b, c := Node(in[0]), Node(in[1]), Node(in[2])
			ab, e1 := l.Join2(a, b)
			bc, e2 := l.Join2(b, c)
			if e1 != nil || e2 != nil {
				continue
			}
			x, e3 := l.Join2(ab, c)
			y, e4 := l.Join2(a, bc)
			z, e5 := l.Join(a, b, c)
			if e3 != nil || e4 != nil || e5 != nil || x != y || x != z {
				t.Fatalf("(%s v %s) v %s = %v %v, %s v (%s v %s) = %v %v, Join = %v %v", names[a], names[b], names[c], x, e3, names[a], names[b], names[c], y, e4, z, e5)
			}
		}
	})
}
