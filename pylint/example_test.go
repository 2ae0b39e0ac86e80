package pylint_test

import (
	"os"

	"github.com/promote-dev/promote/pylint"
)

// Lint Python held in memory and print the findings as promote lint does.
func ExampleSource() {
	rep, err := pylint.Source("pixels.py", []byte(`import numpy as np
pixels = np.zeros((4, 4), dtype=np.uint8)
brighter = pixels + 300
`))
	if err != nil {
		panic(err)
	}
	rep.WriteText(os.Stdout)
	// Output:
	// pixels.py:3:12: + on uint8 array, Python int 300: NumPy 2 raises (OverflowError: Python integer 300 out of bounds for uint8); NumPy 1.x gives uint16. NEP 50: a Python int takes the other operand's integer dtype and must fit in it (OverflowError) [rules: legacy-value-based / pyint-out-of-bounds]
}
