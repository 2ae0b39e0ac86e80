package layout

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// box is a graph of n equal nodes.
func box(n int, edges ...Edge) Graph {
	g := Graph{Nodes: make([]Size, n), Edges: edges}
	for i := range g.Nodes {
		g.Nodes[i] = Size{W: 40, H: 20}
	}
	return g
}

// complete is the complete bipartite graph K(m,n): m lower nodes, each
// with an edge to each of n upper nodes.
func complete(m, n int) Graph {
	var es []Edge
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			es = append(es, Edge{i, m + j})
		}
	}
	return box(m+n, es...)
}

// randomDAG has n nodes and edges only from lower to higher indices.
func randomDAG(seed uint64, n int, p float64) Graph {
	r := rand.New(rand.NewPCG(seed, 1))
	g := box(n)
	for i := range g.Nodes {
		g.Nodes[i].W = 20 + float64(r.IntN(80))
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if r.Float64() < p {
				g.Edges = append(g.Edges, Edge{i, j})
			}
		}
	}
	return g
}

// TestCrossingsKnown: graphs whose least crossing number for a layered
// drawing is known. K(m,n) between two layers always has C(m,2)·C(n,2)
// crossings, whatever the order; a chain, a tree, a diamond and a ladder
// can be drawn with none, and the layout must find that.
func TestCrossingsKnown(t *testing.T) {
	ladder := box(8, Edge{0, 2}, Edge{1, 3}, Edge{2, 4}, Edge{3, 5}, Edge{4, 6}, Edge{5, 7}, Edge{0, 3}, Edge{2, 5}, Edge{4, 7})
	// The same tree with its children listed in an order that crosses.
	tree := box(7, Edge{3, 0}, Edge{5, 0}, Edge{4, 1}, Edge{6, 1}, Edge{1, 2}, Edge{0, 2})
	for _, tc := range []struct {
		name string
		g    Graph
		want int
	}{
		{"empty", Graph{}, 0},
		{"one", box(1), 0},
		{"isolated", box(3), 0},
		{"chain", box(4, Edge{0, 1}, Edge{1, 2}, Edge{2, 3}), 0},
		{"diamond", box(4, Edge{0, 1}, Edge{0, 2}, Edge{1, 3}, Edge{2, 3}), 0},
		{"tree", tree, 0},
		{"ladder", ladder, 0},
		{"crossed pairs", box(4, Edge{0, 3}, Edge{1, 2}), 0},
		{"K22", complete(2, 2), 1},
		{"K23", complete(2, 3), 3},
		{"K33", complete(3, 3), 9},
		{"K34", complete(3, 4), 18},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Compute(tc.g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if l.Crossings != tc.want {
				t.Errorf("%d crossings, want %d", l.Crossings, tc.want)
			}
			checkLayout(t, tc.g, l, Options{}.withDefaults())
		})
	}
}

// TestLongEdges: an edge across several layers runs through one dummy a
// layer, bends little, and keeps clear of the nodes it passes.
func TestLongEdges(t *testing.T) {
	g := box(4, Edge{0, 1}, Edge{1, 2}, Edge{2, 3}, Edge{0, 3})
	l, err := Compute(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(l.Paths[3]); got != 4 {
		t.Errorf("edge 0 -> 3 has %d points, want 4 (two dummies)", got)
	}
	checkLayout(t, g, l, Options{}.withDefaults())
}

// TestLayering: sources are raised under their lowest upper neighbour;
// isolated nodes stay at the bottom.
func TestLayering(t *testing.T) {
	// 0 -> 1 -> 2 -> 3, and 4 -> 3: 4 belongs just under 3, not at 0.
	g := box(6, Edge{0, 1}, Edge{1, 2}, Edge{2, 3}, Edge{4, 3})
	l, err := Compute(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2, 3, 2, 0}; !reflect.DeepEqual(l.Layer, want) {
		t.Errorf("layers %v, want %v", l.Layer, want)
	}
}

// TestProperties checks random graphs: no overlapping nodes, every edge
// drawn upwards from the top of its lower node to the bottom of its upper
// node, the reported crossings equal to those of the drawn segments, and
// the same layout every time.
func TestProperties(t *testing.T) {
	for seed := uint64(0); seed < 60; seed++ {
		g := randomDAG(seed, 4+int(seed%23), 0.05+float64(seed%7)/20)
		l, err := Compute(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkLayout(t, g, l, Options{}.withDefaults())
		again, _ := Compute(g, Options{})
		if !reflect.DeepEqual(l, again) {
			t.Fatalf("seed %d: two runs gave different layouts", seed)
		}
	}
}

// TestSweepsHelp: crossing reduction never ends worse than the first
// ordering, and finds fewer crossings than it on random graphs overall.
func TestSweepsHelp(t *testing.T) {
	total, initial := 0, 0
	for seed := uint64(0); seed < 40; seed++ {
		g := randomDAG(100+seed, 18, 0.18)
		l, err := Compute(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		noSweeps, err := Compute(g, Options{Sweeps: -1})
		if err != nil {
			t.Fatal(err)
		}
		if l.Crossings > noSweeps.Crossings {
			t.Errorf("seed %d: %d crossings after sweeps, %d before", seed, l.Crossings, noSweeps.Crossings)
		}
		total += l.Crossings
		initial += noSweeps.Crossings
	}
	if total >= initial {
		t.Errorf("sweeps left %d crossings of %d", total, initial)
	}
	t.Logf("crossings: %d after sweeps, %d in the initial order", total, initial)
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    Graph
		want string
	}{
		{"cycle", box(3, Edge{0, 1}, Edge{1, 2}, Edge{2, 0}), "cycle"},
		{"self", box(2, Edge{1, 1}), "to itself"},
		{"range", box(2, Edge{0, 2}), "outside 0..1"},
		{"negative", box(2, Edge{-1, 1}), "outside 0..1"},
		{"size", box(MaxNodes + 1), "at most"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compute(tc.g, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// checkLayout asserts the geometric properties of a layout.
func checkLayout(t *testing.T, g Graph, l *Layout, opt Options) {
	t.Helper()
	const eps = 1e-6
	// Nodes: inside the drawing, and no two overlap (with the gap between
	// neighbours of a layer).
	for i, c := range l.Centre {
		s := g.Nodes[i]
		if c.X-s.W/2 < -eps || c.X+s.W/2 > l.Width+eps || c.Y-s.H/2 < -eps || c.Y+s.H/2 > l.Height+eps {
			t.Errorf("node %d at %v (size %v) is outside %vx%v", i, c, s, l.Width, l.Height)
		}
		for j := i + 1; j < len(l.Centre); j++ {
			d, u := l.Centre[j], g.Nodes[j]
			dx := math.Abs(c.X-d.X) - (s.W+u.W)/2
			dy := math.Abs(c.Y-d.Y) - (s.H+u.H)/2
			if dx < -eps && dy < -eps {
				t.Errorf("nodes %d and %d overlap: %v %v, %v %v", i, j, c, s, d, u)
			}
			if l.Layer[i] == l.Layer[j] && dx < opt.NodeGap-eps {
				t.Errorf("nodes %d and %d of layer %d are %.2f apart, less than the gap %v", i, j, l.Layer[i], dx, opt.NodeGap)
			}
		}
	}
	// Layers hold every node once, in left-to-right order.
	seen := map[int]bool{}
	for k, row := range l.Layers {
		for p, v := range row {
			if seen[v] || l.Layer[v] != k {
				t.Errorf("node %d listed wrongly in layer %d", v, k)
			}
			seen[v] = true
			if p > 0 && l.Centre[row[p-1]].X >= l.Centre[v].X {
				t.Errorf("layer %d is not ordered left to right at %d", k, v)
			}
		}
	}
	if len(seen) != len(g.Nodes) {
		t.Errorf("layers list %d of %d nodes", len(seen), len(g.Nodes))
	}
	// Edges point up: from the top of the lower node, strictly upwards, to
	// the bottom of the upper node.
	for i, e := range l.Edges {
		p := l.Paths[i]
		lo, hi := l.Centre[e.Lower], l.Centre[e.Upper]
		if l.Layer[e.Upper] <= l.Layer[e.Lower] {
			t.Errorf("edge %v: upper node in layer %d, lower in %d", e, l.Layer[e.Upper], l.Layer[e.Lower])
		}
		if len(p) != l.Layer[e.Upper]-l.Layer[e.Lower]+1 {
			t.Errorf("edge %v: %d points for %d layers", e, len(p), l.Layer[e.Upper]-l.Layer[e.Lower])
		}
		if math.Abs(p[0].X-lo.X) > eps || math.Abs(p[0].Y-(lo.Y-g.Nodes[e.Lower].H/2)) > eps {
			t.Errorf("edge %v does not leave the top of its lower node: %v, node at %v", e, p[0], lo)
		}
		last := p[len(p)-1]
		if math.Abs(last.X-hi.X) > eps || math.Abs(last.Y-(hi.Y+g.Nodes[e.Upper].H/2)) > eps {
			t.Errorf("edge %v does not reach the bottom of its upper node: %v, node at %v", e, last, hi)
		}
		for k := 1; k < len(p); k++ {
			if p[k].Y >= p[k-1].Y {
				t.Errorf("edge %v does not point up at point %d: %v", e, k, p)
			}
		}
	}
	// The crossings counted from the drawn segments: two segments between
	// the same pair of adjacent layers cross when their ends swap order.
	type seg struct {
		layer  int
		lo, hi float64
	}
	var segs []seg
	for i, e := range l.Edges {
		p := l.Paths[i]
		for k := 1; k < len(p); k++ {
			segs = append(segs, seg{l.Layer[e.Lower] + k - 1, p[k-1].X, p[k].X})
		}
	}
	drawn := 0
	for i := range segs {
		for j := i + 1; j < len(segs); j++ {
			a, b := segs[i], segs[j]
			if a.layer == b.layer && (a.lo-b.lo)*(a.hi-b.hi) < 0 {
				drawn++
			}
		}
	}
	if drawn != l.Crossings {
		t.Errorf("%d crossings reported, %d drawn", l.Crossings, drawn)
	}
}

// FuzzCompute lays out graphs read from bytes: it must never panic, and
// a layout it returns must have the properties checkLayout asserts.
func FuzzCompute(f *testing.F) {
	f.Add([]byte{4, 0, 1, 1, 2, 2, 3, 0, 3})
	f.Add([]byte{3, 0, 1, 1, 2, 2, 0})
	f.Add([]byte{6, 0, 3, 0, 4, 0, 5, 1, 3, 1, 4, 1, 5, 2, 3, 2, 4, 2, 5})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 {
			return
		}
		n := int(b[0]) % 48
		g := box(n)
		for i := 1; i+1 < len(b) && n > 0; i += 2 {
			g.Edges = append(g.Edges, Edge{int(b[i]) % (n + 1), int(b[i+1]) % (n + 1)})
		}
		l, err := Compute(g, Options{})
		if err != nil {
			return // a cycle, a self-loop or an edge out of range
		}
		checkLayout(t, g, l, Options{}.withDefaults())
	})
}
