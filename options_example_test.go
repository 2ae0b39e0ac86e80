package promote_test

import (
	"fmt"

	"github.com/promote-dev/promote"
)

// A rule set's options, each declared once as a typed handle: the Def
// lists them with Opts, and the rule set reads each value through its
// handle, so that a misspelt option or a read of the wrong kind does not
// compile.
var (
	optX64 = promote.NewBoolOpt(promote.Option{Name: "x64", Default: "false",
		Doc: "64-bit defaults"})
	optMode = promote.NewEnumOpt(promote.Option{Name: "mode", Default: "standard", Values: []string{"standard", "strict"},
		Doc: "standard or strict promotion"})
	optTarget = promote.NewDTypeOpt(promote.Option{Name: "target", Default: "f32",
		Doc: "the dtype of a float literal"})
)

var exampleDef = &promote.Def{
	Name:    "example",
	Options: promote.Opts(optX64, optMode, optTarget),
}

func ExampleTypedOption() {
	s, err := exampleDef.Parse("x64=on", "mode=STRICT")
	if err != nil {
		panic(err)
	}
	fmt.Println(optX64.Of(s), optMode.Of(s), optTarget.Of(s))
	for _, o := range exampleDef.Options {
		fmt.Printf("%s=%s\n", o.Name, o.Allowed())
	}
	// Output:
	// true strict f32
	// x64=true|false
	// mode=standard|strict
	// target=a dtype
}
