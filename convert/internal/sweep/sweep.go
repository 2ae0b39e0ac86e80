// Package sweep decides how much of the f32 input space the conversion
// tests cover. By default they convert a fixed sample of f32 patterns
// (F32Sample) that holds every input where a conversion from f32 can go
// wrong and a deterministic pseudo-random spread of the rest; with the
// environment variable PROMOTE_EXHAUSTIVE=1 they convert all 2^32
// patterns, which takes about 630 CPU-seconds.
//
// The sample is built from the formats' definitions (dtype.Format), not
// from the code under test, so a kernel cannot shape its own test.
package sweep

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"

	"github.com/promote-dev/promote/dtype"
)

// Env is the environment variable that turns on the full 2^32 sweeps.
const Env = "PROMOTE_EXHAUSTIVE"

// Exhaustive reports whether the full 2^32 sweeps were asked for: Env
// is set to 1.
func Exhaustive() bool { return os.Getenv(Env) == "1" }

// RandomCount is how many pseudo-random patterns F32Sample adds to its
// structured part: 2^20, one f32 pattern in 4096.
const RandomCount = 1 << 20

// Targets are the destinations whose rounding points F32Sample holds:
// every float of 16 bits or fewer (f16, bf16, the f8, f6 and f4 formats
// and e8m0) and the 8- and 16-bit integers.
func Targets() []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		f := d.Format()
		switch f.Kind {
		case dtype.KindFloat:
			if f.Bits <= 16 {
				out = append(out, d)
			}
		case dtype.KindSigned, dtype.KindUnsigned:
			if f.Bits == 8 || f.Bits == 16 {
				out = append(out, d)
			}
		}
	}
	return out
}

// F32Sample returns the default sample of f32 patterns, sorted and without
// duplicates (about 2.3 million, both signs of each):
//
//   - every exponent field (0 to 255, so zeros, subnormals, infinities and
//     NaNs with many payloads are all in) with, for every count k of
//     dropped mantissa bits from 1 to 23, the dropped bits at and beside
//     their halfway point (100…0, 011…1, 100…01) and at their ends (0…0,
//     0…01, 1…1) under kept bits that are zero, one, all ones, all ones
//     but the last, alternating, and the top one alone: the tie and the
//     boundaries of every rounding position a narrower format can have;
//   - for every float in Targets, every finite value, the halfway point
//     to the next value (past the largest finite, the overflow threshold:
//     the largest plus half its ulp; for e8m0, 1.5 times the largest),
//     and one f32 ulp either side of each;
//   - every integer in [-65537, 65537] and one ulp either side (the
//     truncation boundaries of every 8- and 16-bit integer);
//   - RandomCount patterns from a PCG seeded with (2024, 15).
func F32Sample() []uint32 {
	var out []uint32
	add := func(x uint32) { out = append(out, x&0x7fffffff, x|0x80000000) }
	near := func(x uint32) { add(x - 1); add(x); add(x + 1) }

	for e := range uint32(256) {
		for k := uint32(1); k <= 23; k++ {
			half := uint32(1) << (k - 1)
			lows := []uint32{half, half - 1, half + 1, 0, 1, 1<<k - 1}
			w := 23 - k
			ones := uint32(1)<<w - 1
			highs := []uint32{0, 1, ones, ones &^ 1, 0x555555 & ones, 0x2aaaaa & ones}
			if w > 0 {
				highs = append(highs, 1<<(w-1))
			}
			for _, h := range highs {
				for _, l := range lows {
					add(e<<23 | (h<<k|l)&0x7fffff)
				}
			}
		}
	}

	for _, d := range Targets() {
		f := d.Format()
		if f.Kind != dtype.KindFloat {
			continue
		}
		vals := finiteValues(f)
		for i, v := range vals {
			b := math.Float32bits(float32(v))
			near(b)
			var next float64
			switch {
			case i+1 < len(vals):
				next = vals[i+1]
			case f.MantBits == 0: // powers of two only (e8m0)
				next = 2 * v // may be +inf in f32: its pattern is still the next one
			default: // one ulp of the largest finite's binade above it
				next = v + (v - vals[i-1])
			}
			// Adjacent values of a format no wider than f32 lie in one f32
			// binade (or the next one's first value), where the bit
			// patterns are linear in the value: the halfway point is the
			// mean of the patterns, and it is exact.
			nb := math.Float32bits(float32(next))
			near(b + (nb-b)/2)
		}
	}

	for n := -65537; n <= 65537; n++ {
		near(math.Float32bits(float32(n)))
	}

	rng := rand.New(rand.NewPCG(2024, 15))
	for range RandomCount / 2 {
		add(rng.Uint32())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// finiteValues returns the non-negative finite values of the float format
// f in increasing order, each once.
func finiteValues(f dtype.Format) []float64 {
	var out []float64
	for p := range uint64(1) << f.Bits {
		v := f.Float64(p)
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Signbit(v) {
			continue
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
