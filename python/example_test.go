package python_test

import (
	"fmt"

	"github.com/promote-dev/promote/python"
)

func ExampleParse() {
	src := []byte("import numpy as np\nx = np.float32(1.5) + 3\n")
	mod, err := python.Parse("example.py", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	assign := mod.Body[1].(*python.Assign)
	sum := assign.Value.(*python.BinOp)
	call := sum.Left.(*python.Call)
	fn := call.Func.(*python.Attribute)
	p := sum.Pos()
	fmt.Printf("%s.%s %s at %d:%d-%d:%d\n", fn.Value.(*python.Name).ID, fn.Attr, sum.Op, p.Lineno, p.ColOffset, p.EndLineno, p.EndColOffset)

	_, err = python.Parse("bad.py", []byte("x = (1,\n"))
	fmt.Println(err)
	// Output:
	// np.float32 Add at 2:4-2:23
	// bad.py:1:5: '(' was never closed
}

func ExampleInspect() {
	mod, err := python.Parse("calls.py", []byte("y = np.zeros(3, dtype=np.uint8) + f(x)\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	python.Inspect(mod, func(n python.Node) bool {
		if call, ok := n.(*python.Call); ok {
			p := call.Pos()
			fmt.Printf("call at %d:%d with %d keyword(s)\n", p.Lineno, p.ColOffset, len(call.Keywords))
		}
		return true
	})
	// Output:
	// call at 1:4 with 1 keyword(s)
	// call at 1:34 with 0 keyword(s)
}
