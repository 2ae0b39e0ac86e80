// Command iofloor does the input and output of a dequantization and
// nothing else, to measure the least time any program needs for them on
// a machine: it reads every shard (*.safetensors) of a checkpoint
// directory and writes, for each, a file of -x times its bytes (the
// input repeated), one shard per goroutine at a time, the way promote
// dequant's workers do: the input mapped 4 MiB at a time where the
// platform allows (read elsewhere), the output written 256 KiB at a time.
// Nothing is converted, parsed or counted.
//
//	go run ./checkpoint/internal/iofloor -o DIR [-x 2] [-threads N] IN
//
// FP8 to bf16 writes twice the input's bytes, so scripts/ckpt-bench.sh
// times iofloor -x 2 beside cp -r and promote dequant: whatever
// dequantization costs beyond iofloor is the conversion's. DIR must not
// exist; it is left for the caller to remove.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

const (
	stepBytes  = 4 << 20   // input mapped (or read) at a time
	pieceBytes = 128 << 10 // input per write of x times its bytes
	// maxX bounds -x, and so each goroutine's buffer (x·128 KiB): the
	// widest dequantization writes 8 bytes (f32 from a packed FP4 pair).
	maxX = 8
)

func main() {
	out := flag.String("o", "", "the output directory (must not exist)")
	x := flag.Int("x", 2, "times its input each output file's size is")
	threads := flag.Int("threads", runtime.NumCPU(), "shards written at once")
	flag.Parse()
	if *out == "" || flag.NArg() != 1 || *x < 1 || *x > maxX || *threads < 1 {
		fmt.Fprintf(os.Stderr, "usage: iofloor -o DIR [-x 2] [-threads N] IN (x from 1 to %d, threads at least 1)\n", maxX)
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *out, *x, *threads); err != nil {
		fmt.Fprintln(os.Stderr, "iofloor:", err)
		os.Exit(1)
	}
}

func run(in, out string, x, threads int) error {
	shards, err := filepath.Glob(filepath.Join(in, "*.safetensors"))
	if err != nil {
		return err
	}
	if len(shards) == 0 {
		return fmt.Errorf("%s: no *.safetensors files", in)
	}
	if err := os.Mkdir(out, 0o755); err != nil {
		return err
	}
	next := make(chan string, len(shards))
	for _, s := range shards {
		next <- s
	}
	close(next)
	threads = min(threads, len(shards)) // no goroutine without a shard
	errs := make([]error, threads)
	var wg sync.WaitGroup
	for t := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, x*pieceBytes)
			for s := range next {
				if err := shard(s, filepath.Join(out, filepath.Base(s)), x, buf); err != nil {
					errs[t] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// shard writes to out x copies of each piece of in, in turn.
func shard(in, out string, x int, buf []byte) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	o, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	r := newReader(f)
	defer r.close()
	for off := int64(0); off < st.Size(); off += stepBytes {
		b, err := r.step(off, int(min(stepBytes, st.Size()-off)))
		if err != nil {
			o.Close()
			return fmt.Errorf("%s: %w", in, err)
		}
		for i := 0; i < len(b); i += pieceBytes {
			p := b[i:min(len(b), i+pieceBytes)]
			for k := range x {
				copy(buf[k*len(p):], p)
			}
			if _, err := o.Write(buf[:x*len(p)]); err != nil {
				o.Close()
				return err
			}
		}
	}
	return o.Close()
}

// stepReader gives a step of a file's bytes: a mapping on Linux (see
// reader_linux.go), else the bytes read into a buffer.
type stepReader interface {
	step(off int64, n int) ([]byte, error)
	close()
}
