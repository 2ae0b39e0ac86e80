package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// intHalfInputs returns magnitudes that test the rounding of integers
// into a float with p significant bits: every representable integer
// and every midpoint between two (for every exponent up to 2^64), each
// with its neighbours ±1, the powers of two, the folds' thresholds
// (2^20, 2^52) and their neighbours, and n random magnitudes spread
// over every bit length.
func intHalfInputs(p, n int, rng *rand.Rand) []uint64 {
	var out []uint64
	for e := p - 1; e < 64; e++ { // significands k·2^(e-p+1), 2^(p-1) <= k < 2^p
		for k := uint64(1) << (p - 1); k < 1<<p; k++ {
			v := k << (e - p + 1)
			out = append(out, v, v+1, v-1)
			if e >= p {
				mid := v + 1<<(e-p)
				out = append(out, mid, mid+1, mid-1)
			}
		}
	}
	for s := range 64 {
		v := uint64(1) << s
		out = append(out, v, v+1, v-1, v+0x7ff, v+0x800, v+0x801, v+0xfff, v+0x1000)
	}
	for range n {
		out = append(out, rng.Uint64()>>rng.UintN(64))
	}
	return out
}

// TestIntToHalf checks the pure-Go kernels from the 16-, 32- and 64-bit
// integers into f16 and bf16 against the math/big reference, at and
// next to every value and midpoint of the destination, the edges of the
// source, and random values (a few million without -short); signed
// sources take each magnitude with both signs. The 8-bit sources are
// tables of these kernels' results, which TestAgainstReference checks
// on every pattern (as it does the 16-bit ones).
func TestIntToHalf(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	n := 500000
	if testing.Short() {
		n = 20000
	}
	for _, d := range []dtype.DType{dtype.F16, dtype.BF16} {
		mags := intHalfInputs(d.Format().MantBits+1, n, rng)
		for _, s := range []dtype.DType{dtype.I16, dtype.U16, dtype.I32, dtype.U32, dtype.I64, dtype.U64} {
			bits := s.Bits()
			mask := ^uint64(0) >> (64 - bits)
			lo, hi := s.Format().IntRange()
			in := []uint64{uint64(lo) & mask, hi, (hi - 1) & mask, uint64(lo+1) & mask}
			for _, m := range mags {
				if m <= hi {
					in = append(in, m)
				}
				if lo < 0 && m <= hi+1 {
					in = append(in, -m&mask)
				}
			}
			src := encode(s, in)
			dst := make([]byte, 2*len(in))
			pure[d][s](dst, src)
			bad := 0
			for i, p := range in {
				if got, want := get(dst[2*i:], d), ref(d, s, p); got != want {
					if bad++; bad <= 5 {
						t.Errorf("%s %#x -> %s = %#x, want %#x", s, p, d, got, want)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s -> %s: %d of %d wrong", s, d, bad, len(in))
			}
		}
	}
}
