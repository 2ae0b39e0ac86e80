package rules_test

import (
	"fmt"

	"github.com/promote-dev/promote/rules"
)

// The pair table of a rule set (what promote table prints): the dtypes it
// knows, and its answer or refusal for every ordered pair of them.
func ExamplePairs() {
	r, err := rules.Parse("array-api")
	if err != nil {
		fmt.Println(err)
		return
	}
	types := rules.KnownDTypes(r)
	pairs := rules.Pairs(r, types)
	fmt.Println(len(types), "dtypes, from", types[0], "to", types[len(types)-1])
	for _, p := range []rules.Pair{pairs[1][5], pairs[1][9]} {
		if p.Refused() {
			fmt.Printf("%s %s: refused by %s\n", p.A, p.B, p.Rule().ID)
			continue
		}
		fmt.Printf("%s %s: %s by %s\n", p.A, p.B, p.Result, p.Rule().ID)
	}
	// Output:
	// 13 dtypes, from bool to c128
	// i8 u8: i16 by promotion-table
	// i8 f32: refused by undefined-mixed-kind
}
