//go:build !purego

package kernels

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestHalfWideExhaustive runs every f16 and bf16 pattern through the
// kernels of halfwide_amd64.s, the whole-block loop, its non-temporal twin
// and the installed kernel at an odd length and a dst off its 64-byte
// alignment, against the exact reference.
func TestHalfWideExhaustive(t *testing.T) {
	const n = 1 << 16
	src := make([]byte, 2*n)
	for i := range n {
		binary.LittleEndian.PutUint16(src[2*i:], uint16(i))
	}
	for _, s := range []dtype.DType{dtype.F16, dtype.BF16} {
		for _, d := range []dtype.DType{dtype.F64, dtype.I32, dtype.U32, dtype.I64, dtype.U64} {
			ds := size(d)
			want := make([]uint64, n)
			for p := range want {
				want[p] = ref(d, s, uint64(p))
			}
			check := func(name string, got []byte, from int) {
				t.Helper()
				for i, w := range want[from:] {
					if g := get(got[i*ds:], d); g != w {
						t.Fatalf("%s<-%s %s: %#04x gives %#x, want %#x", d, s, name, from+i, g, w)
					}
				}
			}
			f := fasts[d][s]
			if f == nil || f.nt == nil {
				t.Fatalf("%s<-%s: no assembly kernel with a non-temporal twin", d, s)
			}
			got := make([]byte, n*ds)
			f.lp(&got[0], &src[0], n)
			check("loop", got, 0)
			clear(got)
			f.nt(&got[0], &src[0], n)
			sfence()
			check("NT loop", got, 0)
			for _, nt := range []int{ntMin, 0} {
				func() {
					defer func(old int) { ntMin = old }(ntMin)
					ntMin = nt
					buf := make([]byte, n*ds+64)
					out := buf[3*ds : 3*ds+(n-3)*ds] // aligned to ds, not to 64: a head, then the NT loop
					table[d][s](out, src[6:])
					check(fmt.Sprintf("kernel ntMin=%d", nt), out, 3)
				}()
			}
		}
	}
}
