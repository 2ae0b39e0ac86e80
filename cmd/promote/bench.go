package main

import (
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

func init() {
	register(&command{
		name:  "bench",
		usage: "[-pairs SRC:DST,...] [-n N] [-threads N] [-policy NAME] [-reps N]",
		short: "measure conversion throughput against a same-size memory copy (TSV)",
		long: `Bench converts N elements for each SRC:DST pair and, interleaved with it,
copies a buffer of the same traffic, and writes one TSV row a pair: seconds,
GB/s counting bytes read plus written, the copy's GB/s, and their ratio.
Each figure is the best of -reps runs. One pair's source and destination
buffers may take at most 4 GiB (the copy takes as much again).`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			pairs := fs.String("pairs", benchPairs, "comma-separated `SRC:DST` pairs")
			n := fs.Int("n", 16<<20, "elements per conversion")
			threads := fs.Int("threads", 1, "goroutines per conversion and per copy (0 = GOMAXPROCS)")
			pname := fs.String("policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
			reps := fs.Int("reps", 5, "runs of each measurement; the best counts")
			return func(e *env, _ []string) error { return runBench(e, *pairs, *n, *threads, *pname, *reps) }
		},
	})
}

// maxBenchBytes bounds one pair's source and destination buffers, so that
// a large -n is a usage error naming the bound, not an allocation that
// fails or panics.
const maxBenchBytes = 4 << 30

// benchPairs is the default -pairs: the hot pairs of issue 4's goals.
const benchPairs = "f32:f16,f16:f32,f32:bf16,bf16:f32,f32:f64,f64:f32,f32:i32,i32:f32,f32:i8,u8:f32,f32:bool," +
	"f32:f8e4m3fn,f8e4m3fn:f32,f32:f8e5m2,f8e5m2:f32"

// runBench converts n elements for each SRC:DST pair with convert.Buffer
// and, interleaved with it, copies a buffer of the same traffic: half the
// bytes read plus written by the conversion, so the copy reads and writes
// as many bytes in all. Each figure is the best of -reps runs, which on a
// shared machine is the least disturbed one. Throughput counts bytes read
// plus bytes written; ratio is conversion over copy.
func runBench(e *env, pairs string, n, threads int, pname string, reps int) error {
	if n < 1 || reps < 1 || threads < 0 {
		return usagef("-n and -reps must be at least 1, -threads at least 0")
	}
	p, err := convert.PolicyByName(pname)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	type pair struct{ src, dst dtype.DType }
	var list []pair
	for _, s := range strings.Split(pairs, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(s), ":")
		src, err1 := dtype.Parse(a)
		dst, err2 := dtype.Parse(b)
		if !ok || err1 != nil || err2 != nil || convert.ElemBytes(src) == 0 || convert.ElemBytes(dst) == 0 {
			return usagef("bad pair %s: want SRC:DST with canonical dtype names", quoteArg(s))
		}
		if per := int64(convert.ElemBytes(src) + convert.ElemBytes(dst)); int64(n) > maxBenchBytes/per {
			return usagef("-n %d is too large for %v:%v: at most %d elements (4 GiB of source and destination buffers)", n, src, dst, maxBenchBytes/per)
		}
		list = append(list, pair{src, dst})
	}
	nt := threads
	if nt == 0 {
		nt = runtime.GOMAXPROCS(0)
	}
	out := e.stdout
	fmt.Fprintln(out, "pair\tn\tthreads\tseconds\tGB/s\tcopy GB/s\tratio")
	for _, pr := range list {
		src := make([]byte, n*convert.ElemBytes(pr.src))
		dst := make([]byte, n*convert.ElemBytes(pr.dst))
		for i := range src {
			src[i] = byte(i*131 + i>>8) // deterministic, every byte value
		}
		traffic := len(src) + len(dst)
		csrc, cdst := make([]byte, traffic/2), make([]byte, traffic/2)
		copy(csrc, src) // touch the pages before timing
		copy(cdst, csrc)
		opt := convert.Options{Threads: nt}
		best, bestCopy := time.Duration(1<<62), time.Duration(1<<62)
		for range reps {
			t0 := time.Now()
			if err := convert.Buffer(dst, pr.dst, src, pr.src, p, opt); err != nil {
				return fmt.Errorf("%v:%v: %w", pr.src, pr.dst, err)
			}
			best = min(best, time.Since(t0))
			t0 = time.Now()
			parallelCopy(cdst, csrc, nt)
			bestCopy = min(bestCopy, time.Since(t0))
		}
		gbs := float64(traffic) / best.Seconds() / 1e9
		cgbs := float64(2*len(csrc)) / bestCopy.Seconds() / 1e9
		fmt.Fprintf(out, "%v:%v\t%d\t%d\t%.6f\t%.2f\t%.2f\t%.2f\n", pr.src, pr.dst, n, nt, best.Seconds(), gbs, cgbs, gbs/cgbs)
		if err := flush(e); err != nil {
			return nil // the frame reports the lost output
		}
	}
	return nil
}

// parallelCopy copies src to dst in threads contiguous chunks, as Buffer
// splits a conversion.
func parallelCopy(dst, src []byte, threads int) {
	if threads <= 1 || len(src) < convert.ParallelMin {
		copy(dst, src)
		return
	}
	var wg sync.WaitGroup
	for t := range threads {
		lo, hi := len(src)*t/threads, len(src)*(t+1)/threads
		wg.Go(func() { copy(dst[lo:hi], src[lo:hi]) })
	}
	wg.Wait()
}
