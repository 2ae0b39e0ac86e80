//go:build !purego

package kernels

import (
	"fmt"
	"math"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// oddHalfInputs returns, for src, the patterns where rounding into the
// half d can go wrong: for every pair of neighbouring finite values of d,
// the midpoint and its neighbours in src (one f64 ulp, or one integer,
// either side), with both signs where src has them, and the ends of
// src's range (for f64 the specials and the values past f32's).
func oddHalfInputs(d, src dtype.DType) []uint64 {
	f := d.Format()
	var in []uint64
	add := func(x float64) {
		switch src {
		case dtype.F64:
			for _, y := range []float64{math.Nextafter(x, 0), x, math.Nextafter(x, math.Inf(1))} {
				in = append(in, math.Float64bits(y), math.Float64bits(-y))
			}
		default:
			if x != math.Trunc(x) || x < 2 || x >= math.Ldexp(1, src.Bits()) {
				return
			}
			for _, y := range []float64{x - 1, x, x + 1} {
				switch src {
				case dtype.U32, dtype.U64:
					in = append(in, uint64(y))
				default:
					if y < math.Ldexp(1, src.Bits()-1) {
						m := uint64(math.MaxUint64) >> (64 - src.Bits())
						in = append(in, uint64(int64(y))&m, uint64(-int64(y))&m)
					}
				}
			}
		}
	}
	for p := uint64(0); p+1 < 1<<(f.Bits-1); p++ {
		x, y := refDecode(f, p), refDecode(f, p+1)
		if x.nan || x.inf || y.nan || y.inf {
			continue
		}
		lo, hi := mustF64(x), mustF64(y)
		add((lo + hi) / 2) // exact: a half has at most 11 significant bits
	}
	if m := uint64(math.MaxUint64) >> (64 - src.Bits()); src != dtype.F64 {
		in = append(in, 0, 1, m, m>>1, m>>1+1, m>>1-1, m-1) // both ends, of both signednesses
	} else {
		for _, x := range []float64{0, math.Inf(1), math.MaxFloat64, math.MaxFloat32, math.Nextafter(math.MaxFloat32, math.Inf(1)), math.SmallestNonzeroFloat64, 0x1p-126, 0x1p-149} {
			in = append(in, math.Float64bits(x), math.Float64bits(-x))
		}
		in = append(in, 0x7ff8000000000000, 0x7ff0000000000001, 0xfff4000000000001, 0x7ff00000ffffffff)
	}
	return in
}

// TestOddHalfTies runs the kernels of oddhalf_amd64.s over the midpoints
// between neighbouring half values (where a double rounding would err),
// the whole-block loop, its non-temporal twin and the installed kernel at
// an odd length and a misaligned dst, against the exact reference.
func TestOddHalfTies(t *testing.T) {
	for _, d := range []dtype.DType{dtype.F16, dtype.BF16} {
		for _, s := range []dtype.DType{dtype.F64, dtype.I64, dtype.U64, dtype.I32, dtype.U32} {
			in := oddHalfInputs(d, s)
			for len(in)%32 != 0 {
				in = append(in, in[len(in)%7])
			}
			n := len(in)
			src := encode(s, in)
			want := make([]uint64, n)
			for i, p := range in {
				want[i] = ref(d, s, p)
			}
			check := func(name string, got []byte, want []uint64, in []uint64) {
				t.Helper()
				for i := range want {
					if g := get(got[i*2:], d); g != want[i] {
						t.Fatalf("%s<-%s %s: %#x gives %#04x, want %#04x", d, s, name, in[i], g, want[i])
					}
				}
			}
			f := fasts[d][s]
			if f == nil || f.nt == nil {
				t.Fatalf("%s<-%s: no assembly kernel with a non-temporal twin", d, s)
			}
			got := make([]byte, 2*n)
			f.lp(&got[0], &src[0], n)
			check("loop", got, want, in)
			clear(got)
			f.nt(&got[0], &src[0], n)
			sfence()
			check("NT loop", got, want, in)
			for _, nt := range []int{ntMin, 0} {
				func() {
					defer func(old int) { ntMin = old }(ntMin)
					ntMin = nt
					buf := make([]byte, 2*n+64)
					out := buf[6 : 6+2*(n-3)]
					table[d][s](out, src[3*size(s):])
					check(fmt.Sprintf("kernel ntMin=%d", nt), out, want[3:], in[3:])
				}()
			}
		}
	}
}
