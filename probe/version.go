package probe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
)

// versionNote says when a framework's release is not one its rule set's
// version option names (newer than the newest, older than the oldest, or
// between two, compared by major and minor): the best setting is then the
// closest model, not a model of that release, and the report says so
// rather than letting a match stand for it. Rule sets without a numeric
// version option (numpy's promotion state) give "".
func versionNote(framework, fwVersion string, d *promote.Def) string {
	have, ok := leadingVersion(fwVersion)
	if !ok {
		return ""
	}
	var lo, hi []int
	var loName, hiName string
	var named []string
	exact := false
	for _, o := range d.Options {
		if o.Name != "version" || o.Kind != promote.EnumOption {
			continue
		}
		for _, v := range o.Values {
			n, ok := leadingVersion(v)
			if !ok || strings.ContainsAny(v, "-+ ") {
				continue // main, head: not a release
			}
			named = append(named, v)
			if compareVersions(n, truncate(have, len(n))) == 0 {
				exact = true
			}
			if lo == nil || compareVersions(n, lo) < 0 {
				lo, loName = n, v
			}
			if hi == nil || compareVersions(n, hi) > 0 {
				hi, hiName = n, v
			}
		}
	}
	switch {
	case hi == nil:
		return ""
	case compareVersions(truncate(have, len(hi)), hi) > 0:
		return fmt.Sprintf("%s %s is newer than the newest release the %s rule set names (version=%s): the best setting is the closest model, not one of this release", framework, fwVersion, d.Name, hiName)
	case compareVersions(truncate(have, len(lo)), lo) < 0:
		return fmt.Sprintf("%s %s is older than the oldest release the %s rule set names (version=%s): the best setting is the closest model, not one of this release", framework, fwVersion, d.Name, loName)
	case !exact:
		return fmt.Sprintf("%s %s is not a release the %s rule set names (version=%s): the best setting is the closest model, not one of this release", framework, fwVersion, d.Name, strings.Join(named, "|"))
	}
	return ""
}

// leadingVersion reads the numbers at the start of a version string:
// 2.11.0+cu130 is [2 11], 1.13.0a0 is [1 13], 3.2 is [3 2]; only major
// and minor count, as the rule sets name releases by them.
func leadingVersion(s string) ([]int, bool) {
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

// truncate keeps as many components as a version value names: CuPy
// 14.2.0 is release 14 where the values are major versions.
func truncate(v []int, n int) []int {
	if len(v) > n {
		return v[:n]
	}
	return v
}

func compareVersions(a, b []int) int {
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

// namesRelease reports whether a setting's label (pytorch:version=1.13,
// cupy:version=14) names the framework's installed release, compared by
// as many components as the value has.
func namesRelease(label, fwVersion string) bool {
	have, ok := leadingVersion(fwVersion)
	if !ok {
		return false
	}
	for _, part := range strings.Split(label, ":") {
		v, found := strings.CutPrefix(part, "version=")
		if !found {
			continue
		}
		n, ok := leadingVersion(v)
		return ok && compareVersions(n, truncate(have, len(n))) == 0
	}
	return false
}
