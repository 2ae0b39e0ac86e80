package rules

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/kit"
)

// Adoption is one registered rule set's adoption of a shared rule: the
// rule set and its rule, with the ID, words and source it prints.
type Adoption struct {
	RuleSet string
	Rule    *promote.Rule
}

// Adopters lists the registered rule sets' adoptions of the shared rule s
// (package kit), in registry order and, within a rule set, in the order of
// its Def.Rules: which systems state the rule, under which IDs, in whose
// words. A rule set whose versions each state the rule (tinygrad, PyTorch's
// int range) has an adoption per version. The list is derived from the
// declarations, never kept by hand.
func Adopters(s *kit.Shared) []Adoption {
	var out []Adoption
	for _, d := range defs {
		for _, r := range d.Rules {
			if s.Adopted(r) {
				out = append(out, Adoption{RuleSet: d.Name, Rule: r})
			}
		}
	}
	return out
}
