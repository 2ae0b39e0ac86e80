package checkpoint

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// TestFastReportMatchesHistogram: for e4m3fn blocks under many scales
// (random f32, powers of two, values with short significands, near the
// ends of the fast range) and data that hides the largest-error
// significand, is all ±0 and NaN, or is random, the vector table and the
// fast report give the results and counts of the per-pattern lookup and
// histogram.
func TestFastReportMatchesHistogram(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	scales := []float64{1, 0.5, 0x1p-20, 3, 1.5, 0.0123, 1e-30, 1e30, 0x1p-117, 0x1p-118, 7e34, 2.5e35}
	for range 200 {
		scales = append(scales, float64(math.Float32frombits(r.Uint32()&0x3fffffff|0x30000000)))
	}
	datas := map[string][]byte{
		"random":   randBytes(r, 1000),
		"zero-nan": {0, 0x80, 0x7f, 0xff, 0, 0, 0x7f, 0x80, 0, 0, 0},
		"m=1 only": {0x39, 0x41, 0xb9, 0x01, 0x09, 0x12, 0, 0x7f},
		"short":    {0x38},
		"empty":    {},
	}
	for k := range 8 { // one significand (and ±0) at a time, every exponent
		var d []byte
		for e := 1; e < 16; e++ {
			if p := byte(e<<3 | k); p != 0x7f {
				d = append(d, p, p|0x80, 0)
			}
		}
		datas["m="+string(rune('0'+k))] = d
	}
	fast, exact := 0, 0
	for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
		for _, mode := range []Mode{Exact, Reference} {
			b := newLUTBuilder(dtype.F8E4M3FN, to, mode)
			ob := int64(convert.ElemBytes(to))
			for _, s := range scales {
				var l lut
				b.build(&l, s)
				if !l.fr.on {
					continue
				}
				fast++
				if l.fr.k == classExact {
					exact++
				}
				for name, src := range datas {
					var got, want Counts
					d1 := make([]byte, int64(len(src))*ob)
					d2 := make([]byte, len(d1))
					h := int64(len(src) / 2)
					if err := l.tab.Run(d1[:h*ob], src[:h]); err != nil {
						t.Fatal(err)
					}
					if err := l.tab.Run(d1[h*ob:], src[h:]); err != nil {
						t.Fatal(err)
					}
					l.fr.see(src[:h])
					l.fr.see(src[h:])
					l.fold(&got)
					// The histogram of the generic build's table (the
					// fast build leaves the classes per pattern unset).
					var lw lut
					b.slowBuild(&lw, s)
					if ob == 2 {
						lookup16(d2, src, &lw)
					} else {
						lookup32(d2, src, &lw)
					}
					lw.fold(&want)
					if string(d1) != string(d2) {
						t.Fatalf("%v %v scale %g, %s: table results differ from the lookup", to, mode, s, name)
					}
					if got != want {
						t.Fatalf("%v %v scale %g, %s: fast report %+v, histogram %+v", to, mode, s, name, got, want)
					}
				}
			}
		}
	}
	if fast < 100 || exact == 0 {
		t.Fatalf("only %d tables took the fast report, %d of them all exact", fast, exact)
	}
}

// TestCountZeroNaN checks the vector loop (from 128 bytes, where the CPU
// has it) and the word loop against a plain count, at every length to
// 300 (the vector loop's steps, the word loop's and the tails) and some
// longer.
func TestCountZeroNaN(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	sizes := []int{1000, 4096, 65536 + 77}
	for n := range 300 {
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		src := make([]byte, n)
		for i := range src {
			src[i] = []byte{0, 0x80, 0x7f, 0xff, 0x01, 0xfe, byte(r.Uint32())}[r.IntN(7)]
		}
		var z, nn int
		for _, b := range src {
			switch b & 0x7f {
			case 0:
				z++
			case 0x7f:
				nn++
			}
		}
		if gz, gn := countZeroNaN(src); gz != z || gn != nn {
			t.Fatalf("%d bytes %x: got %d zeros %d NaN, want %d and %d", n, src, gz, gn, z, nn)
		}
		if gz, gn := countZeroNaNWords(src); gz != z || gn != nn {
			t.Fatalf("%d bytes %x: word loop: got %d zeros %d NaN, want %d and %d", n, src, gz, gn, z, nn)
		}
	}
}
