package main

import (
	"errors"
	"flag"
	"strings"
)

// withFlagHint adds "did you mean -NAME?" to the flag package's error for
// an unknown flag when exactly one of fs's flags is close to it: one is a
// prefix of the other (-rule, -rules), or they differ by one letter
// (-polcy, -policy). Any other error is returned as it is.
func withFlagHint(fs *flag.FlagSet, err error) error {
	const unknown = "flag provided but not defined: -"
	name, ok := strings.CutPrefix(err.Error(), unknown)
	if !ok || len(name) < 2 {
		return err
	}
	var near []string
	fs.VisitAll(func(f *flag.Flag) {
		if len(f.Name) >= 2 && (strings.HasPrefix(f.Name, name) || strings.HasPrefix(name, f.Name) || oneEditApart(f.Name, name)) {
			near = append(near, f.Name)
		}
	})
	if len(near) != 1 {
		return err
	}
	return errors.New(err.Error() + "; did you mean -" + near[0] + "?")
}

// oneEditApart reports whether a becomes b by one inserted, deleted or
// replaced byte, or by swapping two neighbours.
func oneEditApart(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 || a == b {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) < len(b): // one inserted in b
		return a[i:] == b[i+1:]
	case i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i]: // a swap
		return a[i+2:] == b[i+2:]
	default: // one replaced
		return a[i+1:] == b[i+1:]
	}
}
