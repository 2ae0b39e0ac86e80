package gccoracle

import (
	"strings"
	"testing"
)

// CompareTypes checks the output of an oracle program against a rule set.
// Each line of out is "A B TYPE" (the type GCC gives A op B) or "- A TYPE"
// (the type of A alone), where TYPE is a canonical dtype name, __int128,
// or ERROR for an ill-formed expression; want is the number of lines the
// program must print. answer gives the rule set's answer to a query as a
// batch line would ("error: ..." for a refusal).
//
// A constant GCC types as __int128 must be refused, alone and in every
// pair (the catalogue has no __int128), even where the other operand's
// floating type would be the answer; an ERROR must be a refusal; every
// other line must match. It returns the number of lines compared.
func CompareTypes(t testing.TB, cc *Compiler, std string, out []byte, want int, answer func(query string) string) int {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != want {
		t.Fatalf("%s printed %d lines, want %d", cc.Name, len(lines), want)
	}
	int128 := map[string]bool{}
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("%s -std=%s printed %q, want three fields", cc.Name, std, line)
		}
		query := f[0] + " " + f[1]
		if f[0] == "-" {
			query = f[1]
			int128[f[1]] = f[2] == "__int128"
		}
		got := answer(query)
		switch {
		case int128[f[1]]:
			if !strings.Contains(got, "__int128") {
				t.Errorf("%s -std=%s: %s involves the __int128 constant %s, the rule set says %s", cc.Name, std, query, f[1], got)
			}
		case f[2] == "ERROR":
			if !strings.HasPrefix(got, "error: ") {
				t.Errorf("%s -std=%s: %s is ill-formed, the rule set says %s", cc.Name, std, query, got)
			}
		case got != f[2]:
			t.Errorf("%s -std=%s: %s is %s, the rule set says %s", cc.Name, std, query, f[2], got)
		}
	}
	return len(lines)
}
