//go:build !purego

package kernels

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestNEONInstalled makes sure the NEON kernels are the ones in use, so
// that the exactness tests run them and not only the pure-Go twins.
func TestNEONInstalled(t *testing.T) {
	for _, p := range [][2]dtype.DType{
		{dtype.F16, dtype.F32}, {dtype.F32, dtype.F16}, {dtype.F32, dtype.F64},
		{dtype.F64, dtype.F32}, {dtype.BF16, dtype.F32}, {dtype.F32, dtype.BF16},
	} {
		if fasts[p[0]][p[1]] == nil {
			t.Errorf("%v <- %v: no NEON kernel", p[0], p[1])
		}
	}
	for _, s := range append(append([]dtype.DType(nil), smallFloats...), dtype.F8E8M0FNU) {
		for _, d := range []dtype.DType{dtype.F32, dtype.F16, dtype.BF16} {
			if lt := f8LUTs[d][s]; lt == nil || !lt.fast {
				t.Errorf("%v <- %v: the table decoder does not run in registers", d, s)
			}
		}
	}
}
