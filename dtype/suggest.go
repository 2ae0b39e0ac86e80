package dtype

import "sort"

// maxSuggestLen bounds the length of a misspelling that gets a
// suggestion: the distance is quadratic in it, and a name past this is
// not a typo of a dtype name.
const maxSuggestLen = 40

// suggest returns the spelling of dialect d nearest to the unknown key
// (lower case), for a "did you mean" in a parse error, or "" when no
// spelling is near enough or two are equally near. Near enough is an
// edit distance (insertions, deletions, substitutions and transpositions
// of neighbours) of 1 for names of up to 4 letters and 2 beyond.
func (d *Dialect) suggest(key string) string {
	if len(key) > maxSuggestLen {
		return ""
	}
	limit := 1
	if len(key) > 4 {
		limit = 2
	}
	// Every dialect also reads the canonical and neutral names (Parse).
	candidates := make([]string, 0, len(d.own)+len(canonical)+len(neutral))
	for k := range d.own {
		candidates = append(candidates, k)
	}
	for k := range neutral {
		candidates = append(candidates, k)
	}
	for k := range canonical {
		candidates = append(candidates, k)
	}
	sort.Strings(candidates) // the same answer on every run
	best, bestDist, tie := "", limit+1, false
	for _, c := range candidates {
		dist := editDistance(key, c, limit)
		switch {
		case dist < bestDist:
			best, bestDist, tie = c, dist, false
		case dist == bestDist && c != best && !sameType(d, c, best):
			tie = true
		}
	}
	if best == "" || tie {
		return ""
	}
	if _, own := d.own[best]; own {
		return d.show(best)
	}
	return best
}

// sameType reports whether two spellings name the same dtype in d, so
// that a tie between them is no tie.
func sameType(d *Dialect, a, b string) bool {
	lookup := func(k string) DType {
		if t, ok := d.own[k]; ok {
			return t
		}
		if t, ok := canonical[k]; ok {
			return t
		}
		return neutral[k]
	}
	return lookup(a) == lookup(b)
}

// editDistance is the optimal-string-alignment distance between a and b
// (bytes), or limit+1 once it is known to exceed limit.
func editDistance(a, b string, limit int) int {
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
