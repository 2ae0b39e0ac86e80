package convert

import (
	"bytes"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
)

func TestSpread(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		one, many time.Duration
		threads   int
		want      int
	}{
		{1 * ms, 1 * ms, 2, 2},                  // twice the elements in the same time: faster
		{1 * ms, 1800 * time.Microsecond, 2, 2}, // 11% more elements per second
		{1 * ms, 1850 * time.Microsecond, 2, 1}, // 8% more: within the noise, one
		{1 * ms, 2 * ms, 2, 1},                  // as fast per element: no gain, one
		{1 * ms, 3 * ms, 2, 1},                  // slower per element
		{1 * ms, 3 * ms, 4, 4},                  // four threads, 4/3 as fast
		{0, 1 * ms, 2, 2},                       // a clock that did not move
		{1 * ms, 0, 2, 2},
	} {
		if got := spread(c.one, c.many, c.threads); got != c.want {
			t.Errorf("spread(%v, %v, %d) = %d, want %d", c.one, c.many, c.threads, got, c.want)
		}
	}
}

func TestSettled(t *testing.T) {
	ms, us := time.Millisecond, time.Microsecond
	for _, c := range []struct {
		one, many time.Duration
		threads   int
		want      bool
	}{
		{1 * ms, 1 * ms, 2, true},     // twice as fast: clearly threads
		{1 * ms, 1600 * us, 2, true},  // 25% faster: clearly threads
		{1 * ms, 1700 * us, 2, false}, // 18% faster: probe again
		{1 * ms, 2 * ms, 2, false},    // as fast: probe again
		{1 * ms, 2100 * us, 2, true},  // slower: clearly one
		{1 * ms, 0, 2, true},          // a clock that did not move
	} {
		if got := settled(c.one, c.many, c.threads); got != c.want {
			t.Errorf("settled(%v, %v, %d) = %v, want %v", c.one, c.many, c.threads, got, c.want)
		}
	}
}

// TestInPiecesMeasured checks that the measured split covers every
// element exactly once, probes included, at sizes below and above the
// probing threshold.
func TestInPiecesMeasured(t *testing.T) {
	dst := make([]byte, 64) // only its address matters to the split
	for _, c := range []struct{ n, ds, ss, off, threads int }{
		{1000, 4, 4, 0, 2},
		{200 << 20, 1, 1, 3, 2}, // 200 pieces: probed
		{90 << 20, 2, 4, 6, 3},
		{3 << 20, 1, 1, 0, 2}, // 3 pieces: not probed
	} {
		var mu sync.Mutex
		var got [][2]int
		inPiecesMeasured(dst[c.off:], c.n, c.ds, c.ss, c.threads, func(lo, hi int) {
			mu.Lock()
			got = append(got, [2]int{lo, hi})
			mu.Unlock()
		})
		slices.SortFunc(got, func(a, b [2]int) int { return a[0] - b[0] })
		at := 0
		for _, p := range got {
			if p[0] != at || p[1] <= p[0] {
				t.Fatalf("%+v: piece [%d, %d) after element %d", c, p[0], p[1], at)
			}
			at = p[1]
		}
		if at != c.n {
			t.Errorf("%+v: pieces end at %d, want %d", c, at, c.n)
		}
	}
}

// TestBufferThreadsMeasured converts a buffer large enough to be probed on
// two threads and on one: the same bytes.
func TestBufferThreadsMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a 64 MiB buffer")
	}
	const n = 16 << 20
	src := make([]byte, 4*n)
	for i := range n {
		src[4*i+1], src[4*i+2], src[4*i+3] = byte(i), byte(i>>8), byte(i>>3)^0x3c
	}
	one, two := make([]byte, 2*n), make([]byte, 2*n)
	if err := Buffer(one, dtype.F16, src, dtype.F32, Default(), Options{Threads: 1}); err != nil {
		t.Fatal(err)
	}
	if err := Buffer(two, dtype.F16, src, dtype.F32, Default(), Options{Threads: 2}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one, two) {
		t.Fatal("f32 to f16 on two threads differs from one thread")
	}
}
