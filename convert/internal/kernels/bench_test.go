package kernels

import (
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
)

// benchN is the element count of the benchmarks, as in the goals.
const benchN = 16 << 20

// BenchmarkKernel converts benchN elements for every pair, counting bytes
// read plus bytes written; compare with BenchmarkCopy of the same byte
// count (run with -bench 'Kernel/f16<-f32|Copy/6').
func BenchmarkKernel(b *testing.B) {
	for _, pr := range pairs() {
		d, s := pr[0], pr[1]
		b.Run(d.String()+"<-"+s.String(), func(b *testing.B) {
			src := make([]byte, benchN*size(s))
			dst := make([]byte, benchN*size(d))
			for i := range src {
				src[i] = byte(i * 7)
			}
			k := Lookup(d, s)
			b.SetBytes(int64(len(src) + len(dst)))
			for b.Loop() {
				k(dst, src)
			}
		})
	}
}

// BenchmarkPure is BenchmarkKernel for a few pure-Go twins.
func BenchmarkPure(b *testing.B) {
	for _, pr := range [][2]dtype.DType{{dtype.F16, dtype.F32}, {dtype.F32, dtype.F16}, {dtype.BF16, dtype.F32}, {dtype.F8E4M3FN, dtype.F32}} {
		d, s := pr[0], pr[1]
		b.Run(d.String()+"<-"+s.String(), func(b *testing.B) {
			src := make([]byte, benchN*size(s))
			dst := make([]byte, benchN*size(d))
			k := pure[d][s]
			b.SetBytes(int64(len(src) + len(dst)))
			for b.Loop() {
				k(dst, src)
			}
		})
	}
}

// BenchmarkCopy is a memmove of benchN elements of 1 to 8 bytes, with
// SetBytes counting the bytes read plus written, so the copy of the size
// a conversion reads (or writes) is the bandwidth it is measured against.
func BenchmarkCopy(b *testing.B) {
	for _, sz := range []int{1, 2, 4, 8} {
		b.Run(string(rune('0'+sz)), func(b *testing.B) {
			src := make([]byte, benchN*sz)
			dst := make([]byte, benchN*sz)
			b.SetBytes(int64(2 * len(src)))
			for b.Loop() {
				copy(dst, src)
			}
		})
	}
}

// BenchmarkRatio measures each kernel and a copy of the same traffic
// (half the bytes read plus written, each way) in turn, keeping the best
// time of each, and reports their throughputs and ratio; interleaving
// keeps the ratio fair on a shared machine. Run with -benchtime 10x.
func BenchmarkRatio(b *testing.B) {
	for _, pr := range pairs() {
		d, s := pr[0], pr[1]
		b.Run(d.String()+"<-"+s.String(), func(b *testing.B) {
			src := make([]byte, benchN*size(s))
			dst := make([]byte, benchN*size(d))
			for i := range src {
				src[i] = byte(i*131 + i>>8)
			}
			traffic := len(src) + len(dst)
			csrc, cdst := make([]byte, traffic/2), make([]byte, traffic/2)
			for i := range csrc {
				csrc[i] = byte(i) // touch the pages: fresh zero pages read from cache
			}
			copy(cdst, csrc)
			k := Lookup(d, s)
			best, bestCopy := time.Duration(1<<62), time.Duration(1<<62)
			for b.Loop() {
				t0 := time.Now()
				k(dst, src)
				best = min(best, time.Since(t0))
				t0 = time.Now()
				copy(cdst, csrc)
				bestCopy = min(bestCopy, time.Since(t0))
			}
			gbs := float64(traffic) / best.Seconds() / 1e9
			cgbs := float64(2*len(csrc)) / bestCopy.Seconds() / 1e9
			b.ReportMetric(gbs, "GB/s")
			b.ReportMetric(cgbs, "copyGB/s")
			b.ReportMetric(gbs/cgbs, "ratio")
		})
	}
}
