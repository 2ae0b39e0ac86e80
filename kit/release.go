package kit

import (
	"fmt"
	"strconv"
	"strings"
)

// ExplainRelease returns an Option.Explain for a version option whose
// values name a system's releases by number (3.2, 0.13, 2024.12) beside
// names such as main or head. For a value outside the list it says what a
// user needs to know: a release newer than the newest known is named as
// such (its promotion is not modelled, rather than silently mapped to the
// newest), one older than the oldest likewise, and a patch release
// (3.6.0) is told to write the release it belongs to when that is known.
// Issue 23 asks this of every system with releases; pytorch and cupy,
// whose releases have their own shape, write their own.
func ExplainRelease(system string, values []string) func(string) string {
	var known [][]int
	var names []string
	for _, v := range values {
		if n, ok := releaseNumbers(v); ok {
			known = append(known, n)
			names = append(names, v)
		}
	}
	return func(v string) string {
		n, ok := releaseNumbers(v)
		if !ok || len(known) == 0 {
			return ""
		}
		newest, oldest := 0, 0
		for i := range known {
			if compareRelease(known[i], known[newest]) > 0 {
				newest = i
			}
			if compareRelease(known[i], known[oldest]) < 0 {
				oldest = i
			}
		}
		for i, k := range known {
			if len(n) > len(k) && compareRelease(n[:len(k)], k) == 0 {
				return fmt.Sprintf("; a patch release promotes as its release: write version=%s", names[i])
			}
		}
		width := len(known[newest])
		switch {
		case compareRelease(cut(n, width), known[newest]) > 0:
			return fmt.Sprintf("; %s %s is newer than the newest release this rule set knows (%s), so its promotion is not modelled", system, v, names[newest])
		case compareRelease(cut(n, len(known[oldest])), known[oldest]) < 0:
			return fmt.Sprintf("; %s %s is older than the oldest release this rule set knows (%s)", system, v, names[oldest])
		}
		return ""
	}
}

// releaseNumbers reads a release written as dot-separated numbers.
func releaseNumbers(v string) ([]int, bool) {
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

func cut(v []int, n int) []int {
	if len(v) > n {
		return v[:n]
	}
	return v
}

func compareRelease(a, b []int) int {
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
