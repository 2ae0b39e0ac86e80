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

// A spec names a rule set with its options; Build checks them against the
// rule set's own and builds it.
func ExampleParseSpec() {
	s, err := rules.ParseSpec("numpy:promotion=legacy")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Name, s.Options, s.File)
	r, err := s.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rules.Label(r))

	file, _ := rules.ParseSpec("./myruntime.toml")
	fmt.Println(file.Name, file.File)
	// Output:
	// numpy [promotion=legacy] false
	// numpy:promotion=legacy
	// ./myruntime.toml true
}

// JAX with and without x64: the pairs whose answers differ, grouped by
// the two answers (what promote diff prints).
func ExampleDiff() {
	a, _ := rules.Parse("jax")
	b, _ := rules.Parse("jax:x64=true")
	d := rules.Diff(a, b, false)
	fmt.Printf("%d of %d pairs differ\n", d.Differ, d.Compared)
	g := d.Groups[0]
	fmt.Printf("most often: jax gives %s, jax:x64=true gives %s (%d pairs, such as %s)\n", g.A, g.B, g.Count, g.Cases[0])
	// Output:
	// 94 of 961 pairs differ
	// most often: jax gives c64, jax:x64=true gives c128 (31 pairs, such as bool c128)
}

// The description promote rules prints and the explorer's menus use.
func ExampleDescribe() {
	d, err := rules.Lookup("array-api")
	if err != nil {
		fmt.Println(err)
		return
	}
	in, err := rules.Describe(d)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in.Name, in.Family, in.NAry)
	for _, o := range in.Options {
		fmt.Printf("%s (%s): %s, default %s\n", o.Name, o.Kind, o.Values, o.Default)
	}
	fmt.Println(in.Presets)
	fmt.Println(in.DTypes)
	// Output:
	// array-api frameworks set
	// version (enum): 2021.12|2022.12|2023.12|2024.12, default 2024.12
	// [array-api:version=2023.12 array-api:version=2021.12]
	// [bool i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 c64 c128]
}
