package mindspore_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/mindspore"
)

func Example() {
	show := func(setting, line string) string {
		r := mindspore.Def.MustBuild(setting)
		ops, _ := promote.ParseOperands(mindspore.Dialect, line)
		res, err := r.Result(ops...)
		if err != nil {
			return "error (" + err.(*promote.Error).Rule.ID + ")"
		}
		return res.String()
	}
	for _, line := range []string{"int8 uint8", "bool 3", "float16 bfloat16", "uint16 int32"} {
		fmt.Printf("%-17s %-30s %-28s %s\n", line, show("rules=table", line), show("rules=priority", line), show("rules=doc", line))
	}
	// Output:
	// int8 uint8        i16                            i16                          i16
	// bool 3            i64                            i64                          i32
	// float16 bfloat16  f32                            error (outside-priority-list) error (doc-unlisted)
	// uint16 int32      error (no-implicit-conversion) error (outside-priority-list) error (doc-unlisted)
}
