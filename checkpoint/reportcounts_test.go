package checkpoint

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// TestDequantReportCounts: the report of an FP8 block-scaled dequant is
// the sum, element by element, of each value's class under the generic
// table of its block's scale, whichever way the counts were taken: scale
// rows whose tables all round (counted once per run of rows), rows mixing
// exact and rounding tables (counted per block segment), and scales
// outside the fast build's range (the histogram). The weight has many ±0
// and NaN bytes, a width that is not a multiple of the block, and chunks
// that split rows and blocks.
func TestDequantReportCounts(t *testing.T) {
	const m, n, bs = 300, 333, 128
	r := rand.New(rand.NewPCG(21, 22))
	w := make([]byte, m*n)
	for i := range w {
		w[i] = []byte{0, 0x80, 0x7f, 0xff, byte(r.UintN(256))}[min(r.IntN(12), 4)]
	}
	sr, sc := int64(ceilDiv(m, bs)), int64(ceilDiv(n, bs))
	scales := make([]float32, sr*sc)
	for i := range scales {
		switch row := int64(i) / sc; {
		case row == 0: // all rounding: uniform
			scales[i] = float32(math.Ldexp(1+r.Float64(), -8))
		case row == 1 && i%2 == 0: // exact (a power of two) beside rounding
			scales[i] = 0x1p-6
		case row == 1:
			scales[i] = float32(math.Ldexp(1+r.Float64(), -8))
		default: // past the fast build's range (subnormal results)
			scales[i] = float32(math.Ldexp(1+r.Float64(), -130))
		}
	}
	for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
		for _, mode := range []Mode{Exact, Reference} {
			b := newLUTBuilder(dtype.F8E4M3FN, to, mode)
			var want Counts
			luts := make([]lut, len(scales))
			for i := range scales {
				b.slowBuild(&luts[i], float64(scales[i]))
			}
			for i, p := range w {
				row, col := int64(i/n), int64(i%n)
				l := &luts[row/bs*sc+col/bs]
				want.tally(l.cls[p], 1, l.rel[p])
			}
			for _, threads := range []int{1, 2} {
				var buf bytes.Buffer
				sb := f32Bytes(scales)
				err := safetensors.Encode(&buf, []safetensors.Named{
					tt("x.weight", dtype.F8E4M3FN, []int64{m, n}, w),
					tt("x.weight_scale_inv", dtype.F32, []int64{sr, sc}, sb),
				}, nil)
				if err != nil {
					t.Fatal(err)
				}
				c, err := OpenReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "t.safetensors")
				if err != nil {
					t.Fatal(err)
				}
				rep, err := Dequant(bg, c, "t", DequantOptions{To: to, Mode: mode, Options: Options{ChunkSize: 1000, Threads: threads, Writer: io.Discard}})
				if err != nil {
					t.Fatal(err)
				}
				if got := rep.Total; got != want {
					t.Errorf("%v %v, %d threads: report %+v, element by element %+v", to, mode, threads, got, want)
				}
			}
		}
	}
}
