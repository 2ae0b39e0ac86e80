package pytype_test

import (
	"fmt"

	"github.com/promote-dev/promote/pytype"
	"github.com/promote-dev/promote/rules/numpy"
)

// A NumPy scalar meeting a Python float: NumPy 1.x gave float64, NumPy 2
// keeps float32 (NEP 50).
func ExampleChecker_Check() {
	src := []byte(`import numpy as np
scale = np.float32(0.5)
ratio = scale * 2.0
`)
	fs, err := pytype.NewChecker(numpy.NewPython()).Check("scale.py", src)
	if err != nil {
		panic(err)
	}
	for _, f := range fs {
		fmt.Printf("%s:%d:%d: %s: %s %s, %s %s\n", f.File, f.Line, f.Col, f.Kind, f.OldName, f.Old, f.NewName, f.New)
		fmt.Println(f.Repro)
	}
	// Output:
	// scale.py:3:9: dtype-changed: NumPy 1.x float64, NumPy 2 float32
	// (np.float32(0.5) * 2.0)
}
