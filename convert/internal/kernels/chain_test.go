package kernels

import (
	"math"
	"math/big"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestChainTies checks the chained conversions that round, f64 and the
// wide integers to f16, bf16 and the f8, f6 and f4 formats, at and around every halfway point of the
// destination: one ulp of the source either side, and offsets too small
// for f32 to hold (where rounding through f32 to nearest would make a
// tie that is not there), against the math/big reference, for the kernel
// in use and the pure-Go twin.
func TestChainTies(t *testing.T) {
	stride := uint64(1)
	if testing.Short() {
		stride = 7
	}
	for _, d := range append([]dtype.DType{dtype.F16, dtype.BF16}, smallFloats...) {
		f := d.Format()
		var floats []uint64
		ints := map[dtype.DType][]uint64{}
		lim := uint64(1)<<(f.Bits-1) - 1<<f.MantBits // +inf's pattern: the finite ones are below
		for p := uint64(0); p < lim; p += stride {
			lo := refDecode(f, p).v
			var hi *big.Rat
			if p+1 < lim {
				hi = refDecode(f, p+1).v
			} else { // past the largest finite: the overflow threshold
				hi = new(big.Rat).Sub(new(big.Rat).Mul(lo, big.NewRat(2, 1)), refDecode(f, p-1).v)
			}
			mid := new(big.Rat).Add(lo, hi)
			mid.Quo(mid, big.NewRat(2, 1))
			m, _ := mid.Float64() // exact: f16 and bf16 midpoints have few bits
			b := math.Float64bits(m)
			for _, x := range []uint64{b - 2, b - 1, b, b + 1, b + 2,
				math.Float64bits(m * (1 - 0x1p-30)), math.Float64bits(m * (1 + 0x1p-30)),
				math.Float64bits(m * (1 - 0x1p-52)), math.Float64bits(m * (1 + 0x1p-52))} {
				floats = append(floats, x, x|1<<63)
			}
			if mid.IsInt() && mid.Num().IsUint64() {
				v := mid.Num().Uint64()
				for _, s := range intTypes {
					if s.Bits() < 32 {
						continue // exact in f32: no chain rounding to test beyond the f32 kernels
					}
					lo, hi := s.Format().IntRange()
					for _, x := range []uint64{v - 1, v, v + 1, v - v>>30, v + v>>30} {
						if x <= hi && x >= v-v>>29 { // in range, and no wrap below 0
							ints[s] = append(ints[s], x)
						}
						if lo < 0 && x <= uint64(-lo) && x != 0 {
							ints[s] = append(ints[s], -x&(math.MaxUint64>>(64-s.Bits())))
						}
					}
				}
			}
		}
		check := func(s dtype.DType, in []uint64) {
			src := encode(s, in)
			for _, impl := range []struct {
				name string
				k    Kernel
			}{{"fast", table[d][s]}, {"pure", pure[d][s]}} {
				dst := make([]byte, len(in)*size(d))
				impl.k(dst, src)
				bad := 0
				for i, p := range in {
					if got, want := get(dst[i*size(d):], d), ref(d, s, p); got != want {
						if bad++; bad <= 5 {
							t.Errorf("%s %s %#x -> %s = %#x, want %#x", impl.name, s, p, d, got, want)
						}
					}
				}
			}
		}
		check(dtype.F64, floats)
		for s, in := range ints {
			if len(in) == 0 {
				t.Errorf("%s -> %s: no integer ties", s, d)
			}
			check(s, in)
		}
	}
}
