package kernels

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/promote-dev/promote/dtype"
)

func ExampleLookup() {
	src := make([]byte, 4*3)
	for i, f := range []float32{1, 65520, float32(math.Inf(-1))} {
		binary.LittleEndian.PutUint32(src[4*i:], math.Float32bits(f))
	}
	dst := make([]byte, 2*3)
	Lookup(dtype.F16, dtype.F32)(dst, src)
	for i := range 3 {
		fmt.Printf("%#04x\n", binary.LittleEndian.Uint16(dst[2*i:]))
	}
	// Output:
	// 0x3c00
	// 0x7c00
	// 0xfc00
}
