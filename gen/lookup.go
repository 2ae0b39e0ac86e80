package gen

import (
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// alias is one name the generated name lookup accepts, and the index of
// its dtype.
type alias struct {
	name string
	idx  int
}

// aliases lists every name the generated from-name function accepts, in
// dtype order: the enum identifier (PROMOTION_BF16, or the names file's),
// promote's canonical name (bf16), then each spelling the rule set's
// dialect reads as that dtype (bfloat16, torch.bfloat16, ...). A name is
// kept for the first dtype that claims it, so an identifier from a names
// file wins over another dtype's spelling. A generated header whose
// lookup took only the identifier answered -1 for "bf16".
func (s *scheme) aliases(d *dtype.Dialect) []alias {
	if d == nil {
		d = dtype.Neutral
	}
	taken := map[string]bool{}
	var out []alias
	add := func(name string, i int) {
		if name == "" || taken[name] || !printable(name) {
			return
		}
		taken[name] = true
		out = append(out, alias{name, i})
	}
	for i, id := range s.ids {
		add(id, i)
	}
	for i, t := range s.dtypes {
		add(t.String(), i)
		for _, sp := range d.Spellings(t) {
			add(sp, i)
		}
	}
	return out
}

// printable reports whether a name can be written in every target's
// string literal without escapes that might differ: printable ASCII.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return !strings.ContainsAny(s, "\\\"'")
}

// shellWord quotes a command-line argument for a POSIX shell when it needs
// it, so the Regenerate line can be pasted as it is.
func shellWord(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./:=,+@%", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
