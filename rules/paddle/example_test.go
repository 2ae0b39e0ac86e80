package paddle_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/paddle"
)

func Example() {
	code := paddle.Def.MustBuild() // what Paddle 3 computes
	guide := paddle.Def.MustBuild("rules=guide")
	show := func(r promote.Rules, line string) string {
		ops, _ := promote.ParseOperands(paddle.Dialect, line)
		res, err := r.Result(ops...)
		if err != nil {
			return "error (" + err.(*promote.Error).Rule.ID + ")"
		}
		return res.String()
	}
	for _, line := range []string{"float32 int32", "bfloat16 float16", "int64 1.5", "bool 2", "int32 float32[]"} {
		fmt.Printf("%-17s %-28s %s\n", line, show(code, line), show(guide, line))
	}
	// Output:
	// float32 int32     error (tensor-tensor-refused) error (guide-tensor-tensor-refused)
	// bfloat16 float16  f32                          f32
	// int64 1.5         f32                          f32
	// bool 2            i64                          i64
	// int32 float32[]   f32                          error (guide-tensor-tensor-refused)
}
