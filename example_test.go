package promote_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// Ask one system what an f16 tensor meeting an i64 tensor gives, and
// which of its rules decided it.
func Example() {
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
	fmt.Println(res, res.Rule.ID)
	// Output: f64 climb
}

// A rule set built with options: OpenVINO's promotion with
// promote_unsafe=true.
func Example_options() {
	r, err := rules.Build("openvino", "promote_unsafe=true")
	if err != nil {
		panic(err)
	}
	ops, err := promote.ParseOperands(r.Def().Dialect, "f16 i64")
	if err != nil {
		panic(err)
	}
	res, err := r.Result(ops...)
	fmt.Println(res, res.Rule.ID, err)
	// Output: f16 R6 <nil>
}

// The same question under every rule set.
func Example_allRuleSets() {
	for _, name := range []string{"openvino", "kernel-float", "anvil"} {
		d, _ := rules.Lookup(name)
		r := d.MustBuild()
		ops, _ := promote.ParseOperands(d.Dialect, "f16 i8")
		res, err := r.Result(ops...)
		if err != nil {
			fmt.Printf("%s: refused\n", d.Name)
			continue
		}
		fmt.Printf("%s: %s\n", d.Name, res)
	}
	// Output:
	// openvino: f16
	// kernel-float: f16
	// anvil: refused
}
