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
	r := rand.New(rand.NewPCG(21, 22))
	// Two weights in one file, so that the second reuses the worker's
	// tables of the first, with a different number of block columns.
	// The third has only uniform scale rows: its largest relative error
	// comes from the fast report alone.
	ws := []*countsWeight{newCountsWeight(r, "x.weight", 300, 333, false), newCountsWeight(r, "y.weight", 200, 130, false), newCountsWeight(r, "z.weight", 260, 300, true)}
	var named []safetensors.Named
	for _, w := range ws {
		named = append(named,
			tt(w.name, dtype.F8E4M3FN, []int64{w.m, w.n}, w.data),
			tt(w.name+"_scale_inv", dtype.F32, []int64{ceilDiv(w.m, 128), ceilDiv(w.n, 128)}, f32Bytes(w.scales)))
	}
	var buf bytes.Buffer
	if err := safetensors.Encode(&buf, named, nil); err != nil {
		t.Fatal(err)
	}
	for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
		for _, mode := range []Mode{Exact, Reference} {
			b := newLUTBuilder(dtype.F8E4M3FN, to, mode)
			want := map[string]Counts{}
			var total Counts
			for _, w := range ws {
				c := w.counts(b)
				want[w.name] = c
				total.add(c)
			}
			// Small steps on one or two threads; whole weights in one step
			// on one thread, whose pieces cover many rows of a block column.
			for _, o := range []Options{{ChunkSize: 1000, Threads: 1}, {ChunkSize: 1000, Threads: 2}, {ChunkSize: 1 << 20, Threads: 1}} {
				threads := o.Threads
				o.Writer = io.Discard
				c, err := OpenReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "t.safetensors")
				if err != nil {
					t.Fatal(err)
				}
				rep, err := Dequant(bg, c, "t", DequantOptions{To: to, Mode: mode, Options: o})
				if err != nil {
					t.Fatal(err)
				}
				for _, tr := range rep.Tensors {
					if w, ok := want[tr.Name]; ok && tr.Counts != w {
						t.Errorf("%v %v, %d threads, %s: report %+v, element by element %+v", to, mode, threads, tr.Name, tr.Counts, w)
					}
				}
				if rep.Total != total {
					t.Errorf("%v %v, %d threads: total %+v, element by element %+v", to, mode, threads, rep.Total, total)
				}
			}
		}
	}
}

// countsWeight is an FP8 weight with 128x128 block scales: scale rows
// whose tables all round, rows mixing exact and rounding tables, and
// rows past the fast build's range (or, uniform, only the first kind);
// many ±0 and NaN bytes.
type countsWeight struct {
	name   string
	m, n   int64
	data   []byte
	scales []float32
}

func newCountsWeight(r *rand.Rand, name string, m, n int64, uniform bool) *countsWeight {
	w := &countsWeight{name: name, m: m, n: n, data: make([]byte, m*n)}
	for i := range w.data {
		w.data[i] = []byte{0, 0x80, 0x7f, 0xff, byte(r.UintN(256))}[min(r.IntN(12), 4)]
	}
	sc := ceilDiv(n, 128)
	w.scales = make([]float32, ceilDiv(m, 128)*sc)
	for i := range w.scales {
		switch row := int64(i) / sc; {
		case row == 0 || uniform: // all rounding: uniform
			w.scales[i] = float32(math.Ldexp(1+r.Float64(), -8))
		case row == 1 && i%2 == 0: // exact (a power of two) beside rounding
			w.scales[i] = 0x1p-6
		case row == 1:
			w.scales[i] = float32(math.Ldexp(1+r.Float64(), -8))
		default: // past the fast build's range (subnormal results)
			w.scales[i] = float32(math.Ldexp(1+r.Float64(), -130))
		}
	}
	return w
}

// counts is the report element by element, each value classed by the
// generic table of its block's scale.
func (w *countsWeight) counts(b *lutBuilder) Counts {
	sc := ceilDiv(w.n, 128)
	luts := make([]lut, len(w.scales))
	for i := range w.scales {
		b.slowBuild(&luts[i], float64(w.scales[i]))
	}
	var c Counts
	for i, p := range w.data {
		row, col := int64(i)/w.n, int64(i)%w.n
		l := &luts[row/128*sc+col/128]
		c.tally(l.cls[p], 1, l.rel[p])
	}
	return c
}
