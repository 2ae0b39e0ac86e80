package checkpoint

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// scalarSat rounds v into d with the saturating policy, through package
// convert's exact scalar path: the reference the fast quantizers match.
func scalarSat(t *testing.T, d dtype.DType, v float64) byte {
	t.Helper()
	y, _, err := convert.Scalar(d, dtype.F64, convert.Pattern{Re: math.Float64bits(v)}, saturating)
	if err != nil {
		t.Fatal(err)
	}
	return byte(y.Re)
}

// TestFP4Code: fp4Code is convert's saturating round to nearest even into
// f4e2m1fn at every value, every midpoint and one float64 step either
// side of each, past the largest value, and at random.
func TestFP4Code(t *testing.T) {
	vs := []float64{0, math.Copysign(0, -1), 1e-300, 6, 7, 8, 1e300, math.Inf(1), math.Inf(-1)}
	for _, m := range []float64{0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6} {
		for _, v := range []float64{m, math.Nextafter(m, 0), math.Nextafter(m, 10)} {
			vs = append(vs, v, -v)
		}
	}
	r := rand.New(rand.NewPCG(61, 62))
	for range 100000 {
		vs = append(vs, (r.Float64()-0.5)*16)
	}
	for _, v := range vs {
		if got, want := fp4Code(v), scalarSat(t, dtype.F4E2M1FN, v); got != want {
			t.Fatalf("fp4Code(%g) = %#x, convert gives %#x", v, got, want)
		}
	}
}

// specialValues are weights with what quantization must get right: ±0,
// NaN, ±Inf, f32 subnormals, the largest f32, and ordinary values.
func specialValues(r *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		switch r.IntN(40) {
		case 0:
			xs[i] = math.NaN()
		case 1:
			xs[i] = math.Inf(1 - 2*r.IntN(2))
		case 2:
			xs[i] = math.Copysign(0, float64(r.IntN(2))-0.5)
		case 3:
			xs[i] = float64(math.Float32frombits(uint32(r.IntN(1 << 23))))
		case 4:
			xs[i] = math.MaxFloat32
		default:
			xs[i] = float64(float32(r.NormFloat64() * math.Ldexp(1, r.IntN(20)-10)))
		}
	}
	return xs
}

// TestQuantRunMatchesScalar: FP8 quantization of blocks with their amax
// scales writes, value by value, convert's saturating rounding of x / s,
// and reports what classifying each value gives.
func TestQuantRunMatchesScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(63, 64))
	// Blocks that cross quantRun's windows, and a last partial window.
	const n, bn = 3*quantWindow + 4096, 100
	xs := specialValues(r, n)
	scales := make([]float64, n/bn+1)
	for b := range scales {
		scales[b] = fp8Scale(finiteAmax(xs[b*bn : min((b+1)*bn, n)]))
	}
	segs := func(from, to int64, f func(lo, hi int64, s float64)) {
		for b := from / bn; b*bn < to; b++ {
			if lo, hi := max(b*bn, from), min((b+1)*bn, to); lo < hi {
				f(lo, hi, scales[b])
			}
		}
	}
	for _, threads := range []int{1, 2} {
		wk := &worker{ctx: bg, threads: threads}
		out := make([]byte, n)
		var got Counts
		if err := quantRun(wk, out, xs, segs, &got); err != nil {
			t.Fatal(err)
		}
		var want Counts
		dec := table(dtype.F8E4M3FN)
		ovf := overflowAt(dtype.F8E4M3FN.Format())
		for i, x := range xs {
			s := scales[i/bn]
			q := scalarSat(t, dtype.F8E4M3FN, x/s)
			if out[i] != q {
				t.Fatalf("%d threads: x %g / scale %g: %#x, want %#x", threads, x, s, out[i], q)
			}
			k, rel := classify(x, dec[q]*s, ovf*s)
			want.tally(k, 1, rel)
		}
		if got != want {
			t.Errorf("%d threads: report %+v, value by value %+v", threads, got, want)
		}
	}
}

// TestMXGroupMatchesScalar: an MXFP4 group's codes are convert's
// saturating rounding of x / 2^E, and its report what classifying each
// value gives, for groups with NaN or Inf (the NaN scale), zeros and
// ordinary values.
func TestMXGroupMatchesScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(65, 66))
	fp4 := table(dtype.F4E2M1FN)
	for trial := range 2000 {
		var xs []float64
		if trial%3 == 0 {
			xs = make([]float64, 32)
			for i := range xs {
				xs[i] = float64(float32(r.NormFloat64() * math.Ldexp(1, r.IntN(40)-20)))
			}
		} else {
			xs = specialValues(r, 32)
		}
		if trial%7 == 0 {
			clear(xs)
		}
		tl := quantTally{one: true}
		var blk [16]byte
		e := mxGroup(xs, blk[:], &tl)
		var got Counts
		tl.fold(&got)
		var want Counts
		var wantBlk [16]byte
		wantE := byte(0xff)
		bad := false
		amax := 0.0
		for _, x := range xs {
			bad = bad || math.IsNaN(x) || math.IsInf(x, 0)
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				amax = max(amax, math.Abs(x))
			}
		}
		if bad {
			for _, x := range xs {
				if math.IsNaN(x) {
					want.tally(classNaN, 1, 0)
				} else {
					want.tally(classOverflow, 1, 0)
				}
			}
		} else {
			ex := -127
			if amax > 0 {
				ex = min(max(int(math.Floor(math.Log2(amax)))-2, -127), 127)
			}
			wantE = byte(ex + 127)
			scale := math.Ldexp(1, ex)
			for i, x := range xs {
				q := scalarSat(t, dtype.F4E2M1FN, x/scale)
				wantBlk[i/2] |= q << (4 * (i % 2))
				k, rel := classify(x, fp4[q]*scale, 7*scale)
				want.tally(k, 1, rel)
			}
		}
		if e != wantE || blk != wantBlk || got != want {
			t.Fatalf("trial %d: scale %#x codes %x report %+v; want %#x %x %+v", trial, e, blk, got, wantE, wantBlk, want)
		}
	}
}
