package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/promote-dev/promote/checkpoint"
	"github.com/promote-dev/promote/internal/bytesize"
	"github.com/promote-dev/promote/internal/safeout"
)

// The checkpoint commands (recast, dequant, quant) are thin shells over
// package checkpoint: they read flags, open the input, run the library
// and print its report.

// testHookWriting, when set (by tests only), runs once the output's
// temporary file or directory exists, before any data is written.
var testHookWriting func(ctx context.Context)

// ckptFlags are the flags the three commands share.
type ckptFlags struct {
	out                string
	mem, maxShard      sizeFlag
	threads, chunkMiB  int
	json, check, table bool
	nosync             bool
}

func (f *ckptFlags) declare(fs *flag.FlagSet) {
	fs.StringVar(&f.out, "o", "", "the output: a `path` (a .safetensors file for a file input; a directory for a directory or an index), or - for standard output (one file)")
	f.mem = sizeFlag{n: checkpoint.DefaultMemory, text: "256MiB", min: checkpoint.MinMemory}
	fs.Var(&f.mem, "mem", "the bound on the buffers the conversion holds, whatever the model's `size` (at least 4MiB)")
	f.maxShard = sizeFlag{min: 1}
	fs.Var(&f.maxShard, "max-shard-size", "repack the output into shards of at most this `size` (5GB, 500MiB) with an index; default: the input's sharding")
	fs.IntVar(&f.threads, "threads", 0, "shards converted at once, 1 to 1024 (default: the number of CPUs)")
	fs.IntVar(&f.chunkMiB, "chunk", 0, "bytes of output per read-convert-write step, in `MiB` (default: from -mem)")
	fs.BoolVar(&f.json, "json", false, "write the report as JSON on standard output")
	fs.BoolVar(&f.table, "v", false, "write one line per converted tensor on standard output")
	fs.BoolVar(&f.check, "check", false, "dry run: read, convert and report, write nothing")
	fs.BoolVar(&f.nosync, "nosync", false, "do not fsync the output before renaming it into place (faster; a crash soon after may leave empty files)")
}

// options checks the shared flags and the output path, and returns the
// library's Options.
func (f *ckptFlags) options(e *env, in string) (checkpoint.Options, error) {
	var o checkpoint.Options
	switch {
	case f.out == "" && !f.check:
		return o, usagef("-o OUT is required (or -check for a dry run)")
	case f.chunkMiB < 0 || f.chunkMiB > 1024:
		return o, usagef("-chunk %d: want 1 to 1024 MiB", f.chunkMiB)
	case f.threads < 0 || f.threads > checkpoint.MaxThreads:
		return o, usagef("-threads %d: want 1 to %d (0: the number of CPUs)", f.threads, checkpoint.MaxThreads)
	}
	// The flag parser has checked both sizes (sizeFlag).
	o.Memory, o.Threads, o.DryRun, o.NoSync = f.mem.n, f.threads, f.check, f.nosync
	o.ChunkSize = int64(f.chunkMiB) << 20
	o.MaxShardSize = f.maxShard.n
	if f.out == "" {
		f.out = in + ".check"
	}
	switch {
	case f.check:
	case f.out == "-":
		if e.stdoutTTY {
			return o, usagef("-o - writes a binary file to standard output, which is a terminal; redirect it, or give a path")
		}
		if f.json || f.table {
			return o, usagef("-o - takes standard output; -json and -v cannot share it")
		}
		o.Writer = e.stdout
	default:
		if err := checkOutput(in, f.out, o.MaxShardSize > 0); err != nil {
			return o, err
		}
	}
	if isTerminal(e.stderr) && !f.check {
		bar := newProgress(e.stderr)
		o.Progress = bar.update
	}
	if testHookWriting != nil {
		o.Started = func() { testHookWriting(e.ctx) }
	}
	return o, nil
}

// checkOutput refuses an output that is the input (by path, hard or
// symbolic link) or holds it, since the output replaces what is at its
// path, and a path that is a device, FIFO or socket. The output is a
// directory for a directory or index input, and for any input repacked
// into shards (sharded); a directory there is left to the library, which
// replaces it when it is a previous output of the same conversion.
func checkOutput(in, out string, sharded bool) error {
	si, err := os.Stat(in)
	if err != nil {
		return nil // Open reports it
	}
	if so, err := os.Stat(out); err == nil && os.SameFile(si, so) {
		return usagef("the output %s is the input; write to another path", out)
	}
	ain, err1 := filepath.Abs(in)
	aout, err2 := filepath.Abs(out)
	if err1 == nil && err2 == nil && strings.HasPrefix(ain, aout+string(filepath.Separator)) {
		return usagef("the output %s holds the input %s; write to another path", out, in)
	}
	if !si.IsDir() && !strings.HasSuffix(in, ".json") && !sharded {
		if err := safeout.Check(out); err != nil {
			return usagef("-o: %s", oneLine(err.Error()))
		}
	} else if st, err := os.Stat(out); err == nil && !st.IsDir() && !st.Mode().IsRegular() {
		return usagef("-o: %s is %s; promote replaces only regular files and its own output directories", out, safeout.Kind(st.Mode()))
	}
	return nil
}

// finish prints the report: the summary on standard error, the JSON or
// the table on standard output.
func (f *ckptFlags) finish(e *env, name string, rep *checkpoint.Report, err error) error {
	if err != nil {
		return ckptError(err)
	}
	if f.json {
		if err := rep.WriteJSON(e.stdout); err != nil {
			return err
		}
	} else if f.table {
		if err := rep.WriteTable(e.stdout); err != nil {
			return err
		}
	}
	if f.out == "-" {
		if err := flush(e); err != nil {
			return exitStatus(statusFailed) // the frame reports the lost output
		}
	}
	for _, line := range strings.Split(rep.Summary(), "\n") {
		fmt.Fprintf(e.stderr, "promote %s: %s\n", name, line)
	}
	return nil
}

// ckptError drops the library's package prefix, which the frame's own
// "promote CMD: " makes redundant.
func ckptError(err error) error {
	if msg, ok := strings.CutPrefix(err.Error(), "checkpoint: "); ok {
		return &wrapped{msg: msg, err: err}
	}
	return err
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// openInput opens the checkpoint named on the command line.
func openInput(in string) (*checkpoint.Checkpoint, error) {
	c, err := checkpoint.Open(in)
	if err != nil {
		return nil, ckptError(err)
	}
	return c, nil
}

// parseBlock reads -block: N (N×N) or RxC.
func parseBlock(s string) ([2]int64, error) {
	if s == "" {
		return [2]int64{}, nil
	}
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		b = a
	}
	r, err1 := strconv.ParseInt(a, 10, 64)
	c, err2 := strconv.ParseInt(b, 10, 64)
	if err1 != nil || err2 != nil || r <= 0 || c <= 0 {
		return [2]int64{}, usagef("-block %s: want a positive size N or RxC (128, 128x128)", quoteArg(s))
	}
	return [2]int64{r, c}, nil
}

// patterns is a repeatable flag of comma-separated name patterns.
type patterns []string

func (p *patterns) String() string { return strings.Join(*p, ",") }
func (p *patterns) Set(s string) error {
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			*p = append(*p, x)
		}
	}
	return nil
}

// progress draws a bar on a terminal, at most ten times a second.
type progress struct {
	w           io.Writer
	start, last time.Time
	drawn       bool
}

func newProgress(w io.Writer) *progress {
	now := time.Now()
	return &progress{w: w, start: now, last: now}
}

func (p *progress) update(done, total int64) {
	now := time.Now()
	if now.Sub(p.last) < 100*time.Millisecond && done < total {
		return
	}
	p.last = now
	const width = 30
	frac := 1.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	fill := int(frac * width)
	rate := float64(done) / max(now.Sub(p.start).Seconds(), 1e-9)
	fmt.Fprintf(p.w, "\r%3.0f%% [%s%s] %s of %s, %s/s \x1b[K", frac*100,
		strings.Repeat("=", fill), strings.Repeat(" ", width-fill), bytesize.Text(done), bytesize.Text(total), bytesize.Text(int64(rate)))
	p.drawn = true
	if done >= total {
		fmt.Fprintln(p.w)
	}
}

// guarantees is the text the three commands share in their -h.
const guarantees = `
Input and output have the same shape: a .safetensors file gives a file; a
directory or a model.safetensors.index.json gives a directory with the same
shards (or, with -max-shard-size, new ones) and a rewritten index, whose
weight_map and metadata.total_size are right, and the directory's other
files (config.json, tokenizer files) copied. Shards are converted in
parallel (-threads); memory stays under -mem whatever the model's size.

Nothing is lost: the output is built in a temporary file or directory
beside it (.OUT.promote-tmp-PID-RAND), synced, and renamed into place only
when every file is written; an error, SIGINT or SIGTERM removes it and
leaves OUT as it was (exit 1, 130 or 143); the input is only read. An
existing OUT directory is replaced only when everything in it is a file
this run writes. -o - writes a single-file output to standard output.

The report: per tensor and in total, how many values came out exact,
rounded, overflowed (to inf, NaN or saturated) or NaN, and the largest
relative error; a summary on standard error, one line per tensor with -v,
everything as JSON with -json. -check does all the work and writes nothing.

Exit status: 0 success; 1 a bad input (named with its file, tensor and
fault), a failed conversion or write (no output is left behind); 2 a bad
command line; 130/143 interrupted.`
