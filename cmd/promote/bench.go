package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/convert/bench"
)

func init() {
	register(command{name: "bench", summary: "measure conversion throughput against a same-size memory copy (TSV)", run: runBench})
}

// benchPairs is the default -pairs: the hot pairs of issue 4's goals.
const benchPairs = "f32:f16,f16:f32,f32:bf16,bf16:f32,f32:f64,f64:f32,f32:i32,i32:f32,f32:i8,u8:f32,f32:bool," +
	"f32:f8e4m3fn,f8e4m3fn:f32,f32:f8e5m2,f8e5m2:f32"

// runBench parses the flags into a bench.Config and prints the plan and
// each result as TSV; package bench does the measuring.
func runBench(e *env, args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	pairs := fs.String("pairs", benchPairs, "comma-separated `SRC:DST` pairs")
	n := fs.Int("n", 0, "elements per conversion (0: both buffers of each pair at least 4 times the last-level cache)")
	threads := fs.Int("threads", 1, "goroutines per conversion and per copy (0 = GOMAXPROCS)")
	pname := fs.String("policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
	reps := fs.Int("reps", 5, "runs of each measurement; the best counts")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "promote bench: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *n < 0 || *reps < 1 || *threads < 0 {
		fmt.Fprintln(e.stderr, "promote bench: -n must be at least 0, -reps at least 1, -threads at least 0")
		return 2
	}
	p, err := convert.PolicyByName(*pname)
	if err != nil {
		fmt.Fprintf(e.stderr, "promote bench: %v\n", oneLine(err.Error()))
		return 2
	}
	list, err := bench.ParsePairs(*pairs)
	if err != nil {
		fmt.Fprintf(e.stderr, "promote bench: %v\n", err)
		return 2
	}
	plan, err := bench.NewPlan(bench.Config{Pairs: list, N: *n, Threads: *threads, Policy: p, Reps: *reps})
	if err != nil {
		fmt.Fprintf(e.stderr, "promote bench: %v\n", err)
		if errors.Is(err, bench.ErrConfig) {
			return 2
		}
		return 1
	}
	out := bufio.NewWriter(e.stdout)
	fmt.Fprintf(out, "# last-level cache: %v\n", plan.Cache)
	fmt.Fprintf(out, "# buffers: %s allocated once (limit %s)", bench.SizeString(plan.Bytes), bench.SizeString(plan.Limit))
	if plan.Capped {
		fmt.Fprintf(out, "; cut to fit the limit, so some are smaller than %d times the cache", bench.CacheMultiple)
	}
	fmt.Fprintln(out)
	first := true
	err = plan.Run(func(r bench.Result) error {
		if first { // the memory speeds come with the results
			fmt.Fprintf(out, "# memory, %d threads: %v; ceiling: the ratio these read and write speeds allow the pair\n", r.Threads, r.Memory)
			fmt.Fprintln(out, "pair\tn\tthreads\tseconds\tGB/s\tcopy GB/s\tratio\tceiling\tMiB moved\tfits in cache")
			first = false
		}
		fits := "no"
		if r.FitsInCache {
			fits = "yes"
		}
		fmt.Fprintf(out, "%v\t%d\t%d\t%.6f\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%s\n",
			r.Pair, r.N, r.Threads, r.Seconds, r.GBps, r.CopyGBps, r.Ratio, r.Ceiling, float64(r.Bytes)/(1<<20), fits)
		return out.Flush() // a row at a time: a long run shows its progress
	})
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "promote bench: %v\n", oneLine(err.Error()))
		return 1
	}
	return 0
}
