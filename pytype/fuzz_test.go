package pytype_test

import (
	"testing"

	"github.com/promote-dev/promote/pytype"
	"github.com/promote-dev/promote/rules/numpy"
)

// FuzzCheck: no source panics or hangs the lint, and every finding has a
// position inside the source and a message.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"import numpy as np\nx = np.float32(3) + 3.0\n",
		"import numpy as np\nu = np.zeros(3, dtype=np.uint8)\nu += np.int16(5)\n",
		"from numpy import *\nfor i in range(3):\n    while i:\n        a = uint8(i) + 300\n",
		"import numpy as np\ndef f(x: np.ndarray[int, np.dtype[np.int8]]):\n    return np.clip(x, 0, 300)\n",
		"(((((",
	} {
		f.Add([]byte(s))
	}
	c := pytype.NewChecker(numpy.NewPython())
	f.Fuzz(func(t *testing.T, src []byte) {
		fs, err := c.Check("fuzz.py", src)
		if err != nil {
			return
		}
		for _, x := range fs {
			if x.Line < 1 || x.Col < 1 || x.Message == "" {
				t.Fatalf("bad finding %+v", x)
			}
		}
	})
}
