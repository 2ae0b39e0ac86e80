package layout

import "sort"

// reduceCrossings reorders the layers in place to reduce edge crossings
// and returns the crossings of the order it keeps: sweeps up (each layer
// ordered by the medians of its lower neighbours) and down (by its upper
// neighbours), each followed by adjacent transpositions, keeping the best
// order seen. It stops early when a round finds no improvement twice.
func reduceCrossings(vs []vertex, layers [][]int, rounds int) int {
	best := crossings(vs, layers)
	bestOrder := snapshot(layers)
	stale := 0
	for r := 0; r < rounds && best > 0 && stale < 2; r++ {
		for l := 1; l < len(layers); l++ {
			orderByMedian(vs, layers[l], true)
		}
		transpose(vs, layers)
		for l := len(layers) - 2; l >= 0; l-- {
			orderByMedian(vs, layers[l], false)
		}
		transpose(vs, layers)
		if c := crossings(vs, layers); c < best {
			best, bestOrder, stale = c, snapshot(layers), 0
		} else {
			stale++
		}
	}
	for l := range layers {
		copy(layers[l], bestOrder[l])
		setPos(vs, layers[l])
	}
	return best
}

func snapshot(layers [][]int) [][]int {
	out := make([][]int, len(layers))
	for l, row := range layers {
		out[l] = append([]int(nil), row...)
	}
	return out
}

// orderByMedian sorts a layer by the weighted median position of each
// vertex's neighbours below (fromBelow) or above. A vertex with no such
// neighbour keeps its place: its key is its own position.
func orderByMedian(vs []vertex, row []int, fromBelow bool) {
	key := make(map[int]float64, len(row))
	for _, v := range row {
		nb := vs[v].upper
		if fromBelow {
			nb = vs[v].lower
		}
		key[v] = medianValue(vs, nb, float64(vs[v].pos))
	}
	sort.SliceStable(row, func(i, j int) bool { return key[row[i]] < key[row[j]] })
	setPos(vs, row)
}

// medianValue is Gansner et al.'s weighted median of the neighbours'
// positions: the middle one, or for an even count an interpolation that
// leans towards the side where the neighbours are packed more tightly.
func medianValue(vs []vertex, nb []int, def float64) float64 {
	if len(nb) == 0 {
		return def
	}
	p := make([]float64, len(nb))
	for i, v := range nb {
		p[i] = float64(vs[v].pos)
	}
	sort.Float64s(p)
	m := len(p) / 2
	switch {
	case len(p)%2 == 1:
		return p[m]
	case len(p) == 2:
		return (p[0] + p[1]) / 2
	}
	left := p[m-1] - p[0]
	right := p[len(p)-1] - p[m]
	if left+right == 0 {
		return (p[m-1] + p[m]) / 2
	}
	return (p[m-1]*right + p[m]*left) / (left + right)
}

// transpose swaps adjacent vertices of each layer while a swap lowers the
// crossings with both neighbouring layers.
func transpose(vs []vertex, layers [][]int) {
	for improved, guard := true, 0; improved && guard < 64; guard++ {
		improved = false
		for _, row := range layers {
			for i := 0; i+1 < len(row); i++ {
				a, b := row[i], row[i+1]
				before := pairCrossings(vs, a, b)
				after := pairCrossings(vs, b, a)
				if after < before {
					row[i], row[i+1] = b, a
					vs[a].pos, vs[b].pos = i+1, i
					improved = true
				}
			}
		}
	}
}

// pairCrossings counts the crossings between the edges of a and those of
// b, both ways, when a stands left of b.
func pairCrossings(vs []vertex, a, b int) int {
	return countPair(vs, vs[a].lower, vs[b].lower) + countPair(vs, vs[a].upper, vs[b].upper)
}

// countPair counts the pairs (x from the left vertex, y from the right
// one) whose ends are in the opposite order.
func countPair(vs []vertex, left, right []int) int {
	c := 0
	for _, x := range left {
		for _, y := range right {
			if vs[x].pos > vs[y].pos {
				c++
			}
		}
	}
	return c
}

// crossings counts crossing pairs of segments between adjacent layers.
func crossings(vs []vertex, layers [][]int) int {
	total := 0
	for l := 0; l+1 < len(layers); l++ {
		type seg struct{ lo, hi int }
		var segs []seg
		for _, v := range layers[l] {
			for _, u := range vs[v].upper {
				segs = append(segs, seg{vs[v].pos, vs[u].pos})
			}
		}
		for i := range segs {
			for j := i + 1; j < len(segs); j++ {
				if (segs[i].lo-segs[j].lo)*(segs[i].hi-segs[j].hi) < 0 {
					total++
				}
			}
		}
	}
	return total
}
