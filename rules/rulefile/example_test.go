package rulefile_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/rulefile"
)

// A runtime's own scheme, written as a table, and one query.
func Example() {
	src := `
name = "tiny"
dtypes = ["i8", "i32", "f16", "f32"]

[[rules]]
id = "same"
text = "a dtype with itself gives itself"
source = "tiny notes 1"
default = "same"

[[rules]]
id = "float-wins"
text = "a float with an integer gives the float"
source = "tiny notes 2"
default = "float-wins"

[[rules]]
id = "wider"
text = "of one kind, the wider"
source = "tiny notes 3"
default = "wider"
`
	d, err := rulefile.Parse("tiny.toml", []byte(src), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := d.Build()
	ops, _ := promote.ParseOperands(d.Dialect, "i32 f16")
	res, _ := r.Result(ops...)
	fmt.Println(res, res.Rule)
	_, err = rulefile.Parse("bad.toml", []byte("name = \"x\"\ndtypes = [\"i8\", \"f31\"]\n"), nil)
	fmt.Println(err != nil)
	// Output:
	// f16 float-wins: a float with an integer gives the float
	// true
}
