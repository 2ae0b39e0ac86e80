package explorer_test

import (
	"fmt"

	"github.com/promote-dev/promote/explorer"
)

// Call answers what the page asks: here int32 meeting bfloat16 under
// PyTorch and Triton, each answer with the rule that decided it.
func ExampleCall() {
	resp := explorer.Call(explorer.Request{Op: "query", Q: "i32 bf16", Rules: "pytorch,triton"})
	for _, r := range resp.Query.Rows {
		fmt.Println(r.Label, r.Result, r.RuleID)
	}
	fmt.Println(resp.Query.Summary)

	bad := explorer.Call(explorer.Request{Op: "query", Q: "i32 bf17"})
	fmt.Println(bad.Error[:48])
	// Output:
	// pytorch bf16 table
	// triton f32 bf16-mixed
	// ≠ marks all 2 answers: they split with no most common answer
	// promote compare: bad operand "bf17": unknown dty
}
