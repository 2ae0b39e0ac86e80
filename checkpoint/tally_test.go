package checkpoint

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// TestTallyF32MatchesGeneric: the f32 fast path of recast's report counts
// what the float64 path counts, over random patterns (NaN, infinities,
// subnormals included) of every pair of small float formats, under the
// default and the saturating policies.
func TestTallyF32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	pairs := 0
	types := []dtype.DType{dtype.F32, dtype.F16, dtype.BF16, dtype.F8E4M3FN, dtype.F8E5M2, dtype.F8E4M3FNUZ, dtype.F4E2M1FN, dtype.F8E8M0FNU}
	for _, from := range types {
		for _, to := range types {
			if from == to {
				continue
			}
			if !viaF32(from) || !viaF32(to) {
				t.Errorf("%v or %v not taken by the f32 path", from, to)
				continue
			}
			pairs++
			for _, pol := range []convert.Policy{convert.Default(), saturating} {
				const n = 4096
				se, de := convert.ElemBytes(from), convert.ElemBytes(to)
				src := make([]byte, n*se)
				for i := range src {
					src[i] = byte(r.Uint32())
				}
				if from == dtype.F32 && pol == saturating {
					// Weights as models hold them: most of the work is
					// the fast path's.
					for i := range n {
						v := float32(r.NormFloat64() * math.Ldexp(1, r.IntN(20)-10))
						binary.LittleEndian.PutUint32(src[4*i:], math.Float32bits(v))
					}
				}
				if from.Bits() < 8 {
					for i := range src {
						src[i] &= 1<<from.Bits() - 1
					}
				}
				dst := make([]byte, n*de)
				if err := convert.Buffer(dst, to, src, from, pol, convert.Options{}); err != nil {
					continue // a policy refusing some values (NaN into f4)
				}
				xs := make([]byte, 4*n)
				ys := make([]byte, 4*n)
				convert.Buffer(xs, dtype.F32, src, from, convert.Default(), convert.Options{})
				convert.Buffer(ys, dtype.F32, dst, to, convert.Default(), convert.Options{})
				var fast, slow Counts
				rng := rangeOf(to)
				tallyF32(&fast, xs, ys, rng.ovf)
				xf, yf := make([]float64, n), make([]float64, n)
				decodeInto(xf, src, from)
				decodeInto(yf, dst, to)
				tallyPairs(&slow, xf, yf, 1, rng)
				if fast != slow {
					t.Errorf("%v -> %v (%+v): fast %+v, generic %+v", from, to, pol, fast, slow)
				}
				if to == dtype.BF16 {
					var b Counts
					tallyBF16(&b, xs, dst, rng.ovf)
					if b != slow {
						t.Errorf("%v -> bf16 (%+v): bf16 words %+v, generic %+v", from, pol, b, slow)
					}
				}
			}
		}
	}
	if pairs != len(types)*(len(types)-1) {
		t.Errorf("%d pairs compared", pairs)
	}
}
