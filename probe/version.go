package probe

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/release"
)

// versionNote says when a framework's release is not one its rule set's
// version option names (newer than the newest, older than the oldest, or
// between two, compared by major and minor): the best setting is then the
// closest model, not a model of that release, and the report says so
// rather than letting a match stand for it. Rule sets without a numeric
// version option (numpy's promotion state) give "".
func versionNote(framework, fwVersion string, d *promote.Def) string {
	have, ok := release.Leading(fwVersion)
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
			n, ok := release.Leading(v)
			if !ok || strings.ContainsAny(v, "-+ ") {
				continue // main, head: not a release
			}
			named = append(named, v)
			if release.Compare(n, release.Cut(have, len(n))) == 0 {
				exact = true
			}
			if lo == nil || release.Compare(n, lo) < 0 {
				lo, loName = n, v
			}
			if hi == nil || release.Compare(n, hi) > 0 {
				hi, hiName = n, v
			}
		}
	}
	switch {
	case hi == nil:
		return ""
	case release.Compare(release.Cut(have, len(hi)), hi) > 0:
		return fmt.Sprintf("%s %s is newer than the newest release the %s rule set names (version=%s): the best setting is the closest model, not one of this release", framework, fwVersion, d.Name, hiName)
	case release.Compare(release.Cut(have, len(lo)), lo) < 0:
		return fmt.Sprintf("%s %s is older than the oldest release the %s rule set names (version=%s): the best setting is the closest model, not one of this release", framework, fwVersion, d.Name, loName)
	case !exact:
		return fmt.Sprintf("%s %s is not a release the %s rule set names (version=%s): the best setting is the closest model, not one of this release", framework, fwVersion, d.Name, strings.Join(named, "|"))
	}
	return ""
}

// namesRelease reports whether a setting's label (pytorch:version=1.13,
// cupy:version=14) names the framework's installed release, compared by
// as many components as the value has.
func namesRelease(label, fwVersion string) bool {
	have, ok := release.Leading(fwVersion)
	if !ok {
		return false
	}
	for _, part := range strings.Split(label, ":") {
		v, found := strings.CutPrefix(part, "version=")
		if !found {
			continue
		}
		n, ok := release.Leading(v)
		return ok && release.Compare(n, release.Cut(have, len(n))) == 0
	}
	return false
}
