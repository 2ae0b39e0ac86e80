// Package release reads and compares release numbers (3.6, 2.11.0+cu130,
// 2024.12) for the rule sets' version options (kit.ExplainRelease) and the
// probe's matching of an installed framework to a setting.
package release

import (
	"strconv"
	"strings"
)

// Numbers reads a release written as dot-separated numbers only (3.6,
// 0.13, 2024.12); main, head and 3.6rc1 are not.
func Numbers(v string) ([]int, bool) {
	parts := strings.Split(strings.TrimSpace(v), ".")
	out := make([]int, 0, len(parts))
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, len(out) > 0
}

// Leading reads the numbers at the start of a framework's version string,
// major and minor only, as the rule sets name releases by them:
// 2.11.0+cu130 is [2 11], 1.13.0a0 is [1 13], 14.2.0 is [14 2].
func Leading(s string) ([]int, bool) {
	var out []int
	for _, part := range strings.SplitN(s, ".", 3) {
		end := 0
		for end < len(part) && part[end] >= '0' && part[end] <= '9' {
			end++
		}
		if end == 0 {
			break
		}
		n, err := strconv.Atoi(part[:end])
		if err != nil {
			return nil, false
		}
		out = append(out, n)
		if len(out) == 2 || end < len(part) {
			break
		}
	}
	return out, len(out) > 0
}

// Cut keeps at most n components: CuPy 14.2 is release 14 where the
// values name major releases.
func Cut(v []int, n int) []int {
	if len(v) > n {
		return v[:n]
	}
	return v
}

// Compare orders two releases component by component, a missing
// component reading as 0: -1, 0 or 1.
func Compare(a, b []int) int {
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y int
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}
