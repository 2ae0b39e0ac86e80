package checkpoint

import (
	"math/rand/v2"
	"testing"
)

// TestFastRun16Vec: the vector steps of fastRun16 stop at the first step
// of 16 with an element the Go loop would stop at (a NaN equal to its
// result, a difference past the threshold, a magnitude past the limit,
// a zero or subnormal x), and count the exact elements before it, as the
// element loop does. Where the CPU has no AVX-512 (or under purego) it
// does nothing, which is also correct.
func TestFastRun16Vec(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for trial := range 3000 {
		n := r.IntN(200)
		thr := uint32(r.IntN(1 << 16))
		lim := uint32(0x47000000) - 1<<23 // |x| below 2^15
		xs := make([]uint32, n)
		ys := make([]uint16, n)
		for i := range xs {
			// A normal x below the limit, and its bf16 result within
			// the threshold: an ordinary rounding, or exact.
			x := uint32(0x3f000000+r.IntN(0x07000000)) | uint32(r.IntN(2))<<31
			y := x >> 16
			if r.IntN(3) == 0 {
				x &^= 0xffff // exact
			} else if x&0xffff > thr && x&0xffff+thr < 1<<16 {
				x = x&^0xffff | uint32(r.IntN(int(thr)+1)) // within the threshold
			}
			xs[i], ys[i] = x, uint16(y)
		}
		if n > 0 && trial%2 == 0 {
			// One element the loop must stop at.
			i := r.IntN(n)
			switch r.IntN(5) {
			case 0:
				xs[i], ys[i] = 0x7fc00000, 0x7fc0 // NaN, equal
			case 1:
				xs[i], ys[i] = 0x3f800000|(thr+1), 0x3f80 // past the threshold
			case 2:
				xs[i], ys[i] = 0x47800000, 0x4780 // past the limit, exact
			case 3:
				xs[i], ys[i] = 0, 0 // zero (the loop counts it exact: z == 0)
			case 4:
				xs[i], ys[i] = 0x00000001, 0 // subnormal
			}
		}
		// The element loop's verdict, on the results as f32 patterns.
		y32 := make([]uint32, n)
		for i, y := range ys {
			y32[i] = uint32(y) << 16
		}
		stop, exact := zStop(xs, y32, thr, lim), 0
		want := stop &^ 15
		for i := range want {
			if xs[i] == uint32(ys[i])<<16 {
				exact++
			}
		}
		done, e := fastRun16Vec(xs, ys, thr, 2*thr, lim)
		if done == 0 && e == 0 && !hasFastRun16Vec() {
			continue
		}
		if done != want || e != exact {
			t.Fatalf("trial %d (n %d, threshold %d, stop at %d): done %d exact %d, want %d and %d", trial, n, thr, stop, done, e, want, exact)
		}
		// The same results as f32 patterns, through fastRun32Vec.
		if done, e := fastRun32Vec(xs, y32, thr, 2*thr, lim); done != want || e != exact {
			t.Fatalf("trial %d, f32 results: done %d exact %d, want %d and %d", trial, done, e, want, exact)
		}
	}
}

// TestFastRun32Vec: fastRun32's vector steps against the element test
// they vectorize, on f32 results of every low bit (as f16 results
// widened, or any rounding, are): the elements done and the exact count
// agree with the test's up to the first step of 16 holding an element it
// stops at.
func TestFastRun32Vec(t *testing.T) {
	if !hasFastRun16Vec() {
		t.Skip("no AVX-512 vector loop here (or -tags purego): fastRun32 is its element loop")
	}
	r := rand.New(rand.NewPCG(53, 54))
	const ovfBits = 0x477ff000 // f16's overflow threshold, 65520, as f32
	for trial := range 3000 {
		n := r.IntN(200)
		thr := uint32(r.IntN(1 << 14))
		xs := make([]uint32, n)
		ys := make([]uint32, n)
		for i := range xs {
			x := uint32(0x38800000+r.IntN(0x0e000000)) | uint32(r.IntN(2))<<31
			y := x
			if r.IntN(3) != 0 {
				y = x - uint32(r.IntN(int(thr)+1)) + uint32(r.IntN(int(thr)+1))
			}
			xs[i], ys[i] = x, y
		}
		if n > 0 && trial%2 == 0 {
			i := r.IntN(n)
			switch r.IntN(6) {
			case 0:
				xs[i], ys[i] = 0x7fc00000, 0x7fc00000 // NaN, equal
			case 1:
				xs[i], ys[i] = 0x3f800000, 0x3f800000+thr+1 // past the threshold
			case 2:
				xs[i], ys[i] = ovfBits, ovfBits // past the limit, exact
			case 3:
				xs[i], ys[i] = 0x3f800000, 0xbf800000 // the sign changed
			case 4:
				xs[i], ys[i] = 0x00000001, 0 // subnormal
			case 5:
				xs[i], ys[i] = 0x3f800000, 0 // a zero result
			}
		}
		// The element loop's verdict (fastRun16's z test, which a sign
		// change fails, where fastOne, for results that keep their
		// sign as every float conversion does, does not look).
		lim := uint32(ovfBits) - 1<<23
		stop := zStop(xs, ys, thr, lim)
		want := stop &^ 15
		exact := 0
		for i := range want {
			if xs[i] == ys[i] {
				exact++
			}
		}
		done, e := fastRun32Vec(xs, ys, thr, 2*thr, lim)
		if done != want || e != exact {
			t.Fatalf("trial %d (n %d, threshold %d, stop at %d): done %d exact %d, want %d and %d", trial, n, thr, stop, done, e, want, exact)
		}
	}
}

// zStop returns the index of the first element fastRun16's element loop
// stops at (len(xs) for none), results ys as f32 patterns: z = x - y is
// 0 for an exact x (stopping only for a NaN), else an ordinary rounding
// has z+thr <= 2*thr and |x| - 2^23 < lim, unsigned.
func zStop(xs, ys []uint32, thr, lim uint32) int {
	for i, x := range xs {
		z, ax := x-ys[i], x&0x7fffffff
		if z == 0 && ax > 0x7f800000 || z != 0 && (z+thr > 2*thr || ax-1<<23 >= lim) {
			return i
		}
	}
	return len(xs)
}
