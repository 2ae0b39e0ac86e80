package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/convert/bench"
)

func init() {
	register(&command{
		name:  "bench",
		usage: "[-pairs SRC:DST,...] [-n N | -past-cache] [-threads N] [-policy NAME] [-reps N]",
		short: "measure conversion throughput against a same-size memory copy (TSV)",
		long: `Bench converts N elements for each SRC:DST pair and, interleaved with it,
copies the same traffic in the same buffers (with -threads above 1, on one
goroutine and on -threads, the faster counting), and writes one TSV row a
pair: seconds, GB/s counting bytes read plus written, the copy's GB/s, their
ratio, the ceiling the machine's read and write speeds allow that pair, and
with -threads above 1 the conversion's GB/s on one goroutine, timed in the
same rounds and buffers. Each figure is the best of -reps runs.

By default each conversion is of 8 Mi elements (buffers of up to 64 MiB,
256 MiB in all), modest on a shared machine and past most last-level caches
(the "fits in cache" column says where not); -past-cache sizes each pair's
buffers at four times the last-level cache the machine reports, so the
figures are memory speeds on any machine. All buffers are allocated once and
together take at most half of the available memory.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			pairs := fs.String("pairs", benchPairs, "comma-separated `SRC:DST` pairs")
			n := fs.Int("n", 0, "elements per conversion (0: 8 Mi, or sized from the cache with -past-cache)")
			pastCache := fs.Bool("past-cache", false, "size each pair's buffers at 4 times the last-level cache (within half the available memory)")
			threads := fs.Int("threads", 1, "goroutines per conversion and per copy (0 = GOMAXPROCS)")
			pname := fs.String("policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
			reps := fs.Int("reps", 5, "runs of each measurement; the best counts")
			return func(e *env, _ []string) error { return runBench(e, *pairs, *n, *pastCache, *threads, *pname, *reps) }
		},
	})
}

// benchPairs is the default -pairs: the hot pairs of issue 4's goals.
const benchPairs = "f32:f16,f16:f32,f32:bf16,bf16:f32,f32:f64,f64:f32,f32:i32,i32:f32,f32:i8,u8:f32,f32:bool," +
	"f32:f8e4m3fn,f8e4m3fn:f32,f32:f8e5m2,f8e5m2:f32"

// Bounds on -threads and -reps: more goroutines than this only measure the
// scheduler, and more repetitions than this only make a run take hours.
const (
	maxBenchThreads = 1024
	maxBenchReps    = 1000
)

// runBench checks the flags, builds a bench.Plan and prints the plan and
// each result as TSV; package bench does the measuring.
func runBench(e *env, pairs string, n int, pastCache bool, threads int, pname string, reps int) error {
	switch {
	case n < 0:
		return usagef("-n %d: want 0 (8 Mi elements, or sized from the cache with -past-cache) or more", n)
	case reps < 1 || reps > maxBenchReps:
		return usagef("-reps %d: want from 1 to %d", reps, maxBenchReps)
	case threads < 0 || threads > maxBenchThreads:
		return usagef("-threads %d: want from 0 to %d (0: GOMAXPROCS)", threads, maxBenchThreads)
	}
	if pastCache && n != 0 {
		return usagef("give -n (a fixed size) or -past-cache (sized from the cache), not both")
	}
	p, err := convert.PolicyByName(pname)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	list, err := bench.ParsePairs(pairs)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	plan, err := bench.NewPlan(bench.Config{Pairs: list, N: n, PastCache: pastCache, Threads: threads, Policy: p, Reps: reps})
	if err != nil {
		if errors.Is(err, bench.ErrConfig) {
			return usagef("%s", oneLine(err.Error()))
		}
		return err
	}
	out := e.stdout
	fmt.Fprintf(out, "# last-level cache: %v\n", plan.Cache)
	fmt.Fprintf(out, "# buffers: %s allocated once (limit %s)", bench.SizeString(plan.Bytes), bench.SizeString(plan.Limit))
	switch {
	case plan.Capped && plan.PastCache:
		fmt.Fprintf(out, "; cut to fit the limit, so some are smaller than %d times the cache", bench.CacheMultiple)
	case plan.Capped:
		fmt.Fprintf(out, "; cut to fit the limit, so some hold fewer than %d elements", bench.DefaultN)
	}
	fmt.Fprintln(out)
	first := true
	err = plan.Run(func(r bench.Result) error {
		if first { // the memory speeds come with the results
			fmt.Fprintf(out, "# memory, %s: %v; ceiling: the ratio these read and write speeds allow the pair\n", plural(r.Threads, "thread", "threads"), r.Memory)
			fmt.Fprintln(out, "pair\tn\tthreads\tseconds\tGB/s\tcopy GB/s\tratio\tceiling\tMiB moved\tfits in cache\tone thread GB/s")
			first = false
		}
		fits := "no"
		if r.FitsInCache {
			fits = "yes"
		}
		one := "-" // with one thread, the GB/s column is it
		if r.OneGBps > 0 {
			one = fmt.Sprintf("%.2f", r.OneGBps)
		}
		fmt.Fprintf(out, "%v\t%d\t%d\t%.6f\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%s\t%s\n",
			r.Pair, r.N, r.Threads, r.Seconds, r.GBps, r.CopyGBps, r.Ratio, r.Ceiling, float64(r.Bytes)/(1<<20), fits, one)
		if err := flush(e); err != nil { // a row at a time: a long run shows its progress
			return errOutputLost
		}
		return nil
	})
	if errors.Is(err, errOutputLost) {
		return nil // the frame reports the lost output
	}
	return err
}

// errOutputLost stops a bench run whose output can no longer be written.
var errOutputLost = errors.New("output lost")
