package layout

// placeX assigns x coordinates: every layer packed first, then rounds in
// which each layer is placed as close as its order and gaps allow to the
// mean x of its neighbours below, then above, then both.
func placeX(vs []vertex, layers [][]int, gap float64) {
	for _, row := range layers {
		x := 0.0
		for i, v := range row {
			if i > 0 {
				x += (vs[row[i-1]].w+vs[v].w)/2 + gap
			}
			vs[v].x = x
		}
		// Centre the packed layer on 0, so layers start balanced.
		for _, v := range row {
			vs[v].x -= x / 2
		}
	}
	const rounds = 8
	for r := 0; r < rounds; r++ {
		for l := 1; l < len(layers); l++ {
			placeLayer(vs, layers[l], gap, true, false)
		}
		for l := len(layers) - 2; l >= 0; l-- {
			placeLayer(vs, layers[l], gap, false, true)
		}
	}
	for r := 0; r < rounds; r++ {
		for l := range layers {
			placeLayer(vs, layers[l], gap, true, true)
		}
	}
}

// placeLayer moves the layer's vertices to the positions nearest (in
// weighted least squares) to their targets, the mean x of their chosen
// neighbours, keeping their order and gaps.
func placeLayer(vs []vertex, row []int, gap float64, below, above bool) {
	if len(row) == 0 {
		return
	}
	// With offsets D[i] (the packed distance from the first vertex),
	// x[i] = y[i] + D[i] and the gap constraints become y non-decreasing:
	// a weighted isotonic regression of the targets minus the offsets.
	targets := make([]float64, len(row))
	weights := make([]float64, len(row))
	offset := 0.0
	for i, v := range row {
		if i > 0 {
			offset += (vs[row[i-1]].w+vs[v].w)/2 + gap
		}
		sum, n := 0.0, 0
		if below {
			for _, u := range vs[v].lower {
				sum += vs[u].x
				n++
			}
		}
		if above {
			for _, u := range vs[v].upper {
				sum += vs[u].x
				n++
			}
		}
		t := vs[v].x
		w := vs[v].weight
		if n > 0 {
			t = sum / float64(n)
		} else {
			// A vertex with no neighbour on the chosen side stays put,
			// lightly held.
			w *= 0.25
		}
		targets[i] = t - offset
		weights[i] = w
	}
	y := isotonic(targets, weights)
	offset = 0
	for i, v := range row {
		if i > 0 {
			offset += (vs[row[i-1]].w+vs[v].w)/2 + gap
		}
		vs[v].x = y[i] + offset
	}
}

// isotonic returns the non-decreasing sequence nearest to t in weighted
// least squares (pool adjacent violators).
func isotonic(t, w []float64) []float64 {
	type block struct {
		mean, weight float64
		n            int
	}
	blocks := make([]block, 0, len(t))
	for i := range t {
		b := block{t[i], w[i], 1}
		for len(blocks) > 0 && blocks[len(blocks)-1].mean >= b.mean {
			p := blocks[len(blocks)-1]
			blocks = blocks[:len(blocks)-1]
			tw := p.weight + b.weight
			b = block{(p.mean*p.weight + b.mean*b.weight) / tw, tw, p.n + b.n}
		}
		blocks = append(blocks, b)
	}
	out := make([]float64, 0, len(t))
	for _, b := range blocks {
		for k := 0; k < b.n; k++ {
			out = append(out, b.mean)
		}
	}
	return out
}
