package kit

import (
	"fmt"

	"github.com/promote-dev/promote/internal/release"
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
		if n, ok := release.Numbers(v); ok {
			known = append(known, n)
			names = append(names, v)
		}
	}
	return func(v string) string {
		n, ok := release.Numbers(v)
		if !ok || len(known) == 0 {
			return ""
		}
		newest, oldest := 0, 0
		for i := range known {
			if release.Compare(known[i], known[newest]) > 0 {
				newest = i
			}
			if release.Compare(known[i], known[oldest]) < 0 {
				oldest = i
			}
		}
		for i, k := range known {
			if len(n) > len(k) && release.Compare(n[:len(k)], k) == 0 {
				return fmt.Sprintf("; a patch release promotes as its release: write version=%s", names[i])
			}
		}
		width := len(known[newest])
		switch {
		case release.Compare(release.Cut(n, width), known[newest]) > 0:
			return fmt.Sprintf("; %s %s is newer than the newest release this rule set knows (%s), so its promotion is not modelled", system, v, names[newest])
		case release.Compare(release.Cut(n, len(known[oldest])), known[oldest]) < 0:
			return fmt.Sprintf("; %s %s is older than the oldest release this rule set knows (%s)", system, v, names[oldest])
		}
		return ""
	}
}
