package anvil_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/anvil"
)

// The seed vignette's program: z <- x + 1L; z * y with x a known bool and
// y a known i16. The literal 1L is an ambiguous i32, so z is i32?, and the
// ambiguous z yields to the known i16.
func Example() {
	r := anvil.Def.MustBuild()
	for _, line := range []string{"bool 1L", "bool 1L i16", "2 3L", "f32 f64?", "f16"} {
		ops, err := promote.ParseOperands(anvil.Def.Dialect, line)
		if err != nil {
			fmt.Println(err)
			continue
		}
		res, err := r.Result(ops...)
		if err != nil {
			fmt.Printf("%-12s error: %v\n", line, err)
			continue
		}
		fmt.Printf("%-12s %-5s by %s\n", line, res, res.Rule.ID)
	}
	// Output:
	// bool 1L      i32?  by promote_dt_ambiguous_to_known
	// bool 1L i16  i16   by promote_dt_ambiguous_to_known
	// 2 3L         f32?  by common_dtype
	// f32 f64?     f32   by promote_dt_ambiguous_to_known
	// f16          error: anvil: Unsupported dtype: f16 [rule unsupported-dtype; operands f16]
}

// CommonDType answers one common_dtype step of program-level inference,
// where each value carries its own ambiguity flag.
func ExampleCommonDType() {
	dt, ambiguous, rule := anvil.CommonDType(dtype.I32, dtype.I16, true, false)
	fmt.Println(dt, ambiguous, rule.ID)
	// Output: i16 false promote_dt_ambiguous_to_known
}
