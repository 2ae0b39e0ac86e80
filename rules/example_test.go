package rules_test

import (
	"fmt"

	"github.com/promote-dev/promote/rules"
)

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
