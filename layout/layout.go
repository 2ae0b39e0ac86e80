// Package layout places the nodes of a directed acyclic graph in layers,
// the way a Hasse diagram is drawn: every edge runs from a lower node to an
// upper one and points up. It is a Sugiyama-style layered layout in four
// steps:
//
//  1. Layer assignment: a node sits one layer above the highest of its
//     lower neighbours (longest path from the bottom); a node with nothing
//     below it is then raised to just under its lowest upper neighbour, so
//     that edges stay short.
//  2. Long edges are split by dummy nodes, one in every layer they cross,
//     so that every edge joins adjacent layers.
//  3. Crossing reduction: sweeps up and down the layers order each layer by
//     the median position of its neighbours in the layer just swept
//     (Gansner et al.'s weighted median), then swap adjacent nodes while
//     that removes crossings; the ordering with fewest crossings wins.
//  4. Coordinate assignment: each layer in turn, every node is pulled
//     towards the mean position of its neighbours, as a least-squares
//     problem under the constraint that neighbours in a layer keep their
//     order and a minimum gap (solved exactly by pool-adjacent-violators);
//     dummy nodes weigh more, so long edges run straight.
//
// The layout is deterministic: the same graph gives the same picture.
package layout

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// MaxNodes bounds the graphs Compute lays out, so that a hostile input
// cannot make it work without bound: crossing reduction is quadratic in
// the edges of a layer.
const MaxNodes = 1024

// Size is a node's width and height in drawing units.
type Size struct{ W, H float64 }

// Edge is a directed edge from a lower node to an upper one (indices into
// Graph.Nodes).
type Edge struct{ Lower, Upper int }

// Graph is a directed acyclic graph to lay out.
type Graph struct {
	Nodes []Size
	Edges []Edge
}

// Options tune the layout; the zero value takes the defaults.
type Options struct {
	// NodeGap is the least horizontal space between two neighbours in a
	// layer (default 16).
	NodeGap float64
	// LayerGap is the vertical space between the bottom of one layer and
	// the top of the next (default 40).
	LayerGap float64
	// Margin is the space around the drawing (default 8).
	Margin float64
	// Sweeps bounds the crossing-reduction rounds, each a sweep up and a
	// sweep down (default 24; negative: none, the first order stays).
	Sweeps int
}

func (o Options) withDefaults() Options {
	if o.NodeGap <= 0 {
		o.NodeGap = 16
	}
	if o.LayerGap <= 0 {
		o.LayerGap = 40
	}
	if o.Margin <= 0 {
		o.Margin = 8
	}
	if o.Sweeps == 0 {
		o.Sweeps = 24
	}
	return o
}

// Point is a position in drawing units; y grows downwards, as in SVG.
type Point struct{ X, Y float64 }

// Layout is a computed layout.
type Layout struct {
	// Centre holds each node's centre, in the order of Graph.Nodes.
	Centre []Point
	// Layer is each node's layer, 0 at the bottom.
	Layer []int
	// Layers lists the real nodes of each layer from left to right,
	// bottom layer first.
	Layers [][]int
	// Paths holds, for each edge of Graph.Edges (after removing
	// duplicates, see Edges), the polyline from the top of the lower node
	// through its dummy nodes to the bottom of the upper node.
	Paths [][]Point
	// Edges are the graph's edges without duplicates, in first-seen order;
	// Paths[i] draws Edges[i].
	Edges []Edge
	// Crossings counts the pairs of edge segments that cross between
	// adjacent layers.
	Crossings int
	// Width and Height bound the drawing, margins included.
	Width, Height float64
}

// vertex is a node of the layered graph: a real node or a dummy.
type vertex struct {
	real   int // index into Graph.Nodes, or -1 for a dummy
	layer  int
	w, h   float64
	lower  []int // vertex indices one layer down
	upper  []int // vertex indices one layer up
	pos    int   // index within its layer
	x      float64
	weight float64
}

// Compute lays g out. It fails on an edge naming an unknown node, an edge
// from a node to itself, a cycle, or more than MaxNodes nodes.
func Compute(g Graph, opt Options) (*Layout, error) {
	opt = opt.withDefaults()
	n := len(g.Nodes)
	if n > MaxNodes {
		return nil, fmt.Errorf("layout: %d nodes, at most %d", n, MaxNodes)
	}
	edges, err := cleanEdges(g)
	if err != nil {
		return nil, err
	}
	layer, err := assignLayers(n, edges)
	if err != nil {
		return nil, err
	}
	vs, chains := splitLongEdges(g, edges, layer)
	layers := initialOrder(vs, layer)
	crossings := reduceCrossings(vs, layers, opt.Sweeps)
	placeX(vs, layers, opt.NodeGap)

	out := &Layout{Layer: layer, Edges: edges, Crossings: crossings, Centre: make([]Point, n)}
	// Vertical placement: the top layer first, each layer as tall as its
	// tallest node, and the gap below it wide enough that no edge into it
	// runs flatter than about 1 in 3 (a wide fan-out gets more room), up
	// to four times LayerGap.
	top := len(layers) - 1
	y := opt.Margin
	layerY := make([]float64, len(layers))
	gap := 0.0
	for l := top; l >= 0; l-- {
		h := 0.0
		for _, v := range layers[l] {
			h = math.Max(h, vs[v].h)
		}
		y += gap
		layerY[l] = y + h/2
		y += h
		spread := 0.0
		for _, v := range layers[l] {
			for _, u := range vs[v].lower {
				spread = math.Max(spread, math.Abs(vs[v].x-vs[u].x))
			}
		}
		gap = math.Min(math.Max(opt.LayerGap, spread/3), 4*opt.LayerGap)
	}
	height := y + opt.Margin
	if len(layers) == 0 {
		height = 2 * opt.Margin
	}
	minX, maxX := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		minX = math.Min(minX, v.x-v.w/2)
		maxX = math.Max(maxX, v.x+v.w/2)
	}
	shift := opt.Margin - minX
	width := maxX - minX + 2*opt.Margin
	if len(vs) == 0 {
		shift, width = 0, 2*opt.Margin
	}
	for i := range vs {
		vs[i].x += shift
	}
	out.Layers = make([][]int, len(layers))
	for l, row := range layers {
		for _, v := range row {
			if vs[v].real >= 0 {
				out.Layers[l] = append(out.Layers[l], vs[v].real)
				out.Centre[vs[v].real] = Point{vs[v].x, layerY[l]}
			}
		}
	}
	out.Paths = make([][]Point, len(edges))
	for i, chain := range chains {
		pts := make([]Point, 0, len(chain))
		for k, v := range chain {
			p := Point{vs[v].x, layerY[vs[v].layer]}
			switch k {
			case 0:
				p.Y -= vs[v].h / 2 // leave the lower node from its top
			case len(chain) - 1:
				p.Y += vs[v].h / 2 // enter the upper node at its bottom
			}
			pts = append(pts, p)
		}
		out.Paths[i] = pts
	}
	out.Width, out.Height = width, height
	return out, nil
}

// cleanEdges checks the edges and drops duplicates.
func cleanEdges(g Graph) ([]Edge, error) {
	n := len(g.Nodes)
	seen := make(map[Edge]bool, len(g.Edges))
	out := make([]Edge, 0, len(g.Edges))
	for _, e := range g.Edges {
		if e.Lower < 0 || e.Lower >= n || e.Upper < 0 || e.Upper >= n {
			return nil, fmt.Errorf("layout: edge %d -> %d names a node outside 0..%d", e.Lower, e.Upper, n-1)
		}
		if e.Lower == e.Upper {
			return nil, fmt.Errorf("layout: edge from node %d to itself", e.Lower)
		}
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out, nil
}

// errCycle reports a graph that is not acyclic.
var errCycle = errors.New("layout: the graph has a cycle")

// assignLayers is the longest path from the bottom, then sources raised
// to just under their lowest upper neighbour.
func assignLayers(n int, edges []Edge) ([]int, error) {
	upper := make([][]int, n)
	indeg := make([]int, n)
	for _, e := range edges {
		upper[e.Lower] = append(upper[e.Lower], e.Upper)
		indeg[e.Upper]++
	}
	// Kahn's algorithm in index order: a topological order, or a cycle.
	layer := make([]int, n)
	queue := make([]int, 0, n)
	for v := 0; v < n; v++ {
		if indeg[v] == 0 {
			queue = append(queue, v)
		}
	}
	order := make([]int, 0, n)
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		order = append(order, v)
		for _, u := range upper[v] {
			layer[u] = max(layer[u], layer[v]+1)
			if indeg[u]--; indeg[u] == 0 {
				queue = append(queue, u)
			}
		}
	}
	if len(order) != n {
		return nil, errCycle
	}
	// Raise each source (no lower neighbour) with upper neighbours to one
	// layer under the lowest of them: bool under i* rather than at the
	// bottom of the picture with a long edge.
	hasLower := make([]bool, n)
	for _, e := range edges {
		hasLower[e.Upper] = true
	}
	for v := 0; v < n; v++ {
		if hasLower[v] || len(upper[v]) == 0 {
			continue
		}
		lowest := math.MaxInt
		for _, u := range upper[v] {
			lowest = min(lowest, layer[u])
		}
		layer[v] = lowest - 1
	}
	return layer, nil
}

// splitLongEdges builds the layered graph: real nodes first (vertex i is
// node i), then one dummy per layer crossed. chains[i] lists the vertices
// edge i passes through, lower end first.
func splitLongEdges(g Graph, edges []Edge, layer []int) ([]vertex, [][]int) {
	vs := make([]vertex, len(g.Nodes))
	for i, s := range g.Nodes {
		vs[i] = vertex{real: i, layer: layer[i], w: s.W, h: s.H, weight: 1}
	}
	chains := make([][]int, len(edges))
	for i, e := range edges {
		chain := []int{e.Lower}
		prev := e.Lower
		for l := layer[e.Lower] + 1; l < layer[e.Upper]; l++ {
			d := len(vs)
			// Dummies weigh more in coordinate assignment, so that a long
			// edge bends as little as possible.
			vs = append(vs, vertex{real: -1, layer: l, weight: 4})
			link(vs, prev, d)
			chain = append(chain, d)
			prev = d
		}
		link(vs, prev, e.Upper)
		chains[i] = append(chain, e.Upper)
	}
	return vs, chains
}

func link(vs []vertex, lo, hi int) {
	vs[lo].upper = append(vs[lo].upper, hi)
	vs[hi].lower = append(vs[hi].lower, lo)
}

// initialOrder orders the bottom layer by node index and every layer
// above by the mean position of its lower neighbours, ties by index.
func initialOrder(vs []vertex, layer []int) [][]int {
	top := -1
	for _, v := range vs {
		top = max(top, v.layer)
	}
	layers := make([][]int, top+1)
	for i, v := range vs {
		layers[v.layer] = append(layers[v.layer], i)
	}
	for l, row := range layers {
		if l > 0 {
			key := make(map[int]float64, len(row))
			for _, v := range row {
				key[v] = mean(vs, vs[v].lower, float64(v))
			}
			sort.SliceStable(row, func(i, j int) bool { return key[row[i]] < key[row[j]] })
		}
		setPos(vs, row)
	}
	return layers
}

func setPos(vs []vertex, row []int) {
	for i, v := range row {
		vs[v].pos = i
	}
}

// mean is the mean position of the vertices, or def when there are none.
func mean(vs []vertex, of []int, def float64) float64 {
	if len(of) == 0 {
		return def
	}
	s := 0.0
	for _, v := range of {
		s += float64(vs[v].pos)
	}
	return s / float64(len(of))
}
