package promote_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// Ask a rule set why one query gets its answer, where it can say: NumPy's
// climbing procedure names the types it climbs past.
func ExampleExplainer() {
	r, err := rules.Build("numpy")
	if err != nil {
		panic(err)
	}
	ops, err := promote.ParseOperands(r.Def().Dialect, "f16 i64")
	if err != nil {
		panic(err)
	}
	res, err := r.Result(ops...)
	if err != nil {
		panic(err)
	}
	why := res.Rule.Text // what the rule does in general
	if ex, ok := r.(promote.Explainer); ok {
		if s := ex.Explain(res, ops...); s != "" {
			why = s // what it says about these operands
		}
	}
	fmt.Printf("%v by %s: %s\n", res, res.Rule.ID, why)
	// Output: f64 by climb: from f16 past f32 to f64, the first both cast to safely
}
