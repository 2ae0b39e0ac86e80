package rules_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// Build a rule set by name, with options, and ask it a query: a uint64
// tensor meets an int8 tensor under JAX with 64-bit types on.
func ExampleBuild() {
	r, err := rules.Build("jax", "x64=true")
	if err != nil {
		panic(err)
	}
	ops, err := promote.ParseOperands(r.Def().Dialect, "u64 i8")
	if err != nil {
		panic(err)
	}
	res, err := r.Result(ops...)
	if err != nil {
		panic(err)
	}
	fmt.Println(res, res.Rule.ID)
	// Output: f64? lattice-weak
}

// A spec names a rule set and its options in one string, as the command
// line's -rules does; Label gives the spec back.
func ExampleParse() {
	r, err := rules.Parse("numpy:promotion=legacy")
	if err != nil {
		panic(err)
	}
	res, err := r.PromoteTypes(dtype.I8, dtype.U8)
	fmt.Println(rules.Label(r), res, err)
	// Output: numpy:promotion=legacy i16 <nil>
}

// Two plain dtypes under every rule set of one family, each with its
// option presets: the rows of promote compare -only languages. C and C++
// promote both to int first; Julia keeps the unsigned type of the same
// size.
func ExampleSelect() {
	all, err := rules.Select("languages")
	if err != nil {
		panic(err)
	}
	for _, r := range all {
		res, err := r.PromoteTypes(dtype.U8, dtype.I8)
		if err != nil {
			fmt.Printf("%s: refused\n", rules.Label(r))
			continue
		}
		fmt.Printf("%s: %s\n", rules.Label(r), res)
	}
	// Output:
	// c: i32
	// c:std=c23: i32
	// cpp: i32
	// cpp:std=c++23: i32
	// julia: u8
}

// The families, in display order: each Name is a word -only accepts.
func ExampleFamilies() {
	for _, f := range rules.Families() {
		fmt.Printf("%s: %s\n", f.Name, f.Title)
	}
	// Output:
	// frameworks: array and ML frameworks
	// compilers: compilers, runtimes and kernel libraries
	// languages: programming languages
}
