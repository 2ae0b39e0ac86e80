package answer_test

import (
	"fmt"

	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// What promote f16 i64 answers, narrowed to three rule sets with their
// presets (promote f16 i64 -only pytorch,numpy,c): the operands read once
// in the neutral spelling, each configuration's answer, the marks.
func ExampleCompare() {
	rs, err := rules.Select("pytorch,numpy,c")
	if err != nil {
		fmt.Println(err)
		return
	}
	ops, err := answer.ParseOperands(dtype.Neutral, []string{"f16", "i64"})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := answer.Compare(rs, ops)
	for _, r := range c.Rows {
		mark := " "
		if r.Differs {
			mark = "≠"
		}
		fmt.Println(mark, r.Label(), r.Answer())
	}
	fmt.Println(c.Summary)
	// Output:
	//   pytorch f16
	//   pytorch default_float=f64 f16
	//   pytorch version=2.6 f16
	//   pytorch version=1.13 f16
	// ≠ numpy f64
	// ≠ numpy check_values=true f64
	// ≠ numpy promotion=legacy f64
	// ≠ numpy ml_dtypes=true f64
	//   c error
	//   c std=c23 f16
	// ≠ marks the 4 of 9 answers that differ from the most common, f16 (5); 1 refuse
}
