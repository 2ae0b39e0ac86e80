package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/safeout"
	"github.com/promote-dev/promote/safetensors"
)

func init() {
	register(&command{
		name:  "recast",
		usage: "-to DTYPE [-only float|int|all] [-policy NAME] [-chunk MiB] IN.safetensors -o OUT.safetensors",
		short: "convert a .safetensors checkpoint's tensors to a dtype, streaming (-to DTYPE IN -o OUT)",
		long: `Recast converts the tensors of a .safetensors file to one dtype and writes a
new file, streaming: memory stays at a few chunks whatever the file's size.
-only picks the tensors: float (the default: real floating tensors), int
(integers; bool is not one) or all (bool and complex too). Tensors not
picked, and tensors already of the target dtype, are copied byte for byte;
the metadata is kept. The output is laid out as the reference writer lays
it out (tensors sorted by dtype, then name).

The output is written safely: only a regular file (or a symbolic link to
one, written through) is replaced, never a device, FIFO, directory or
socket, and that is checked before any work; the data goes to a temporary
file .OUT.promote-tmp-PID-RAND beside it, synced and renamed into place, so
OUT is the old file or the new one, never a part. An error, SIGINT or
SIGTERM removes the temporary file (exit 130 or 143 after a signal); a
later run reports, and removes, temporary files a killed run left.
-o - writes the file to standard output instead (refused when it is a
terminal); an error then cuts the stream, and the exit status says so.

Exit status: 0 success; 1 a bad input file, a failed conversion or write
(no output file is left behind); 2 a bad command line; 130/143 interrupted.`,
		operands:     operandSpec{min: 1, max: 1, what: "input file"},
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			to := fs.String("to", "", "the target `dtype` (bf16, f16, f8e4m3fn, ... or the format's spelling BF16, F8_E4M3, ...)")
			only := fs.String("only", "float", "which tensors to convert: float, int or all")
			pname := fs.String("policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
			out := fs.String("o", "", "the output `file`, or - for standard output")
			chunkMiB := fs.Int("chunk", 4, "read size in `MiB` (memory is about 3 chunks plus their converted copies)")
			return func(e *env, ins []string) error {
				return runRecast(e, ins[0], *out, *to, *only, *pname, *chunkMiB)
			}
		},
	})
}

// runRecast checks the command line and the output path, then recasts.
func runRecast(e *env, in, out, to, only, pname string, chunkMiB int) error {
	switch {
	case out == "":
		return usagef("-o OUT.safetensors is required (or -o - for standard output)")
	case chunkMiB < 1 || chunkMiB > 1024:
		return usagef("-chunk %d: want 1 to 1024 MiB", chunkMiB)
	}
	target, err := parseTarget(to)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	pick, ok := pickers[only]
	if !ok {
		return usagef("-only %s: want float, int or all", quoteArg(only))
	}
	policy, err := convert.PolicyByName(pname)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	if out == "-" {
		if e.stdoutTTY {
			return usagef("-o - writes a binary file to standard output, which is a terminal; redirect it, or give a file")
		}
	} else {
		if err := sameFile(in, out); err != nil {
			return usagef("%s", err)
		}
		if err := safeout.Check(out); err != nil {
			return usagef("-o: %s", oneLine(err.Error()))
		}
	}
	r := &recaster{
		e: e, in: in, out: out, to: target, pick: pick, policy: policy,
		chunk: int64(chunkMiB) << 20, progress: isTerminal(e.stderr),
	}
	return r.run()
}

// testHookWriting, when set (by tests only), runs once the output's
// temporary file exists, before any data is written.
var testHookWriting func(ctx context.Context)

var pickers = map[string]func(dtype.DType) bool{
	"float": dtype.DType.IsFloat,
	"int":   dtype.DType.IsInteger,
	"all":   func(dtype.DType) bool { return true },
}

func parseTarget(s string) (dtype.DType, error) {
	if s == "" {
		return dtype.Invalid, errors.New("-to DTYPE is required")
	}
	d, err := dtype.Parse(s)
	if err != nil {
		if d2, err2 := safetensors.DTypeOf(s); err2 == nil {
			return d2, nil
		}
		return dtype.Invalid, err
	}
	if !safetensors.Supported(d) {
		var names []string
		for _, x := range safetensors.DTypes() {
			names = append(names, x.String())
		}
		return dtype.Invalid, fmt.Errorf("-to %s: safetensors cannot store %v (it stores %s)", s, d, strings.Join(names, " "))
	}
	return d, nil
}

// sameFile refuses an output that is the input (by path, hard link or
// symbolic link), since the output replaces whatever is at its path.
func sameFile(in, out string) error {
	si, err := os.Stat(in)
	if err != nil {
		return nil // Open reports it
	}
	if so, err := os.Stat(out); err == nil && os.SameFile(si, so) {
		return fmt.Errorf("the output %s is the input file; write to another path", out)
	}
	return nil
}

// recaster is one recast run.
type recaster struct {
	e        *env
	in, out  string
	to       dtype.DType
	pick     func(dtype.DType) bool
	policy   convert.Policy
	chunk    int64
	progress bool
}

// job is one output tensor: where its bytes come from and whether they
// are converted.
type job struct {
	src, dst safetensors.TensorInfo
	convert  bool
	elems    int64 // elements per chunk (convert) or bytes per chunk (copy)
}

func (r *recaster) run() error {
	start := time.Now()
	f, err := safetensors.Open(r.in)
	if err != nil {
		return err
	}
	defer f.Close()

	specs := make([]safetensors.Spec, len(f.Tensors))
	converted := map[string]bool{}
	for i, t := range f.Tensors {
		specs[i] = safetensors.Spec{Name: t.Name, DType: t.DType, Shape: t.Shape}
		if t.DType == r.to || !r.pick(t.DType) {
			continue
		}
		// A pair the policy refuses whatever the value, refused up front.
		if _, _, err := convert.Scalar(r.to, t.DType, convert.Pattern{}, r.policy); err != nil {
			return fmt.Errorf("%s: tensor %q: %v to %v: %v", r.in, t.Name, t.DType, r.to, err)
		}
		// The format stores sub-byte types in whole bytes (F4: two a byte,
		// F6: four in three bytes): an element count that leaves a partial
		// byte cannot be written in the target type.
		if n, err := t.NumElements(); err == nil && r.to.Bits() < 8 && (n*int64(r.to.Bits()))%8 != 0 {
			return fmt.Errorf("%s: tensor %q: %d elements of %v do not fill whole bytes, which the safetensors format requires; choose another -to or leave the tensor out with -only", r.in, t.Name, n, r.to)
		}
		specs[i].DType = r.to
		converted[t.Name] = true
	}
	h, err := safetensors.Layout(specs, f.Metadata)
	if err != nil {
		return fmt.Errorf("%s: %v", r.out, err)
	}
	jobs := make([]job, len(h.Tensors))
	var nconv int
	srcTypes := map[dtype.DType]bool{}
	for i, t := range h.Tensors {
		src, _ := f.Lookup(t.Name)
		jobs[i] = job{src: src, dst: t, convert: converted[t.Name]}
		if jobs[i].convert {
			nconv++
			srcTypes[src.DType] = true
		}
	}
	p := newPipeline(f, jobs, r)
	if err := r.write(p, h); err != nil {
		return err
	}
	elapsed := time.Since(start)
	var from []string
	for _, d := range dtype.All() {
		if srcTypes[d] {
			from = append(from, d.String())
		}
	}
	conv := "none converted"
	if nconv > 0 {
		conv = fmt.Sprintf("%d converted %s -> %v", nconv, strings.Join(from, ","), r.to)
	}
	fmt.Fprintf(r.e.stderr, "promote recast: %d tensors (%s, %d copied): read %s, wrote %s in %.2fs, %s/s\n",
		len(jobs), conv, len(jobs)-nconv, mib(f.DataOffset()+f.DataSize()), mib(8+int64(len(mustEncode(h)))+h.DataSize()),
		elapsed.Seconds(), mib(int64(float64(f.Size())/max(elapsed.Seconds(), 1e-9))))
	return nil
}

// write streams the output through the pipeline: to a safe output file
// committed at the end, or to standard output for -o -.
func (r *recaster) write(p *pipeline, h *safetensors.Header) error {
	if r.out == "-" {
		sw, err := safetensors.NewWriter(r.e.stdout, h)
		if err != nil {
			return err
		}
		if err := p.run(r.e.ctx, sw); err != nil {
			return err
		}
		if err := sw.Close(); err != nil {
			return err
		}
		if err := flush(r.e); err != nil {
			return exitStatus(statusFailed) // the frame reports the lost output
		}
		return nil
	}
	f, err := safeout.Create(r.e.ctx, r.out)
	if err != nil {
		return err
	}
	defer f.Abort()
	for _, s := range f.Stale() {
		fmt.Fprintf(r.e.stderr, "promote recast: %s\n", s)
	}
	if testHookWriting != nil {
		testHookWriting(r.e.ctx)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	sw, err := safetensors.NewWriter(bw, h)
	if err != nil {
		return err
	}
	if err := p.run(r.e.ctx, sw); err != nil {
		return err
	}
	if err := sw.Close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.Commit()
}

func mustEncode(h *safetensors.Header) []byte {
	b, _ := h.Encode()
	return b[8:]
}

func mib(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// pipeline reads, converts and writes chunks in three goroutines, so
// that reading the next chunk and writing the last one overlap with
// converting this one. Buffers cycle through a fixed set of slots.
type pipeline struct {
	f     *safetensors.File
	jobs  []job
	r     *recaster
	slots chan *slot
	total int64 // output data bytes, for the progress bar
}

const nslots = 3

// slot holds one chunk's buffers.
type slot struct {
	raw    []byte // the file's bytes of the source chunk
	wide   []byte // sub-byte sources unpacked, one byte an element
	conv   []byte // the converted elements (convert's layout)
	packed []byte // sub-byte destinations packed for the file
}

// piece is one chunk on its way through the pipeline.
type piece struct {
	j     *job
	first int64 // first element (or byte, for copies) of the chunk
	n     int64 // elements (or bytes)
	s     *slot
	out   []byte // the bytes to write
	err   error
}

// fileBits is the width of one element of d in a .safetensors file
// (bool takes a byte).
func fileBits(d dtype.DType) int64 {
	if d == dtype.Bool {
		return 8
	}
	return int64(d.Bits())
}

func newPipeline(f *safetensors.File, jobs []job, r *recaster) *pipeline {
	p := &pipeline{f: f, jobs: jobs, r: r, slots: make(chan *slot, nslots)}
	// Chunk sizes: at most r.chunk bytes of source, and a whole number of
	// bytes for sub-byte types (8 elements are always whole bytes).
	sizes := struct{ raw, wide, conv, packed int64 }{}
	for i := range jobs {
		j := &jobs[i]
		p.total += j.dst.Bytes()
		if !j.convert {
			j.elems = max(1, min(r.chunk, j.src.Bytes()))
			sizes.raw = max(sizes.raw, j.elems)
			continue
		}
		sb, db := fileBits(j.src.DType), fileBits(j.dst.DType)
		n, _ := j.src.NumElements()
		e := max(8, r.chunk*8/sb/8*8)
		e = max(1, min(e, n))
		j.elems = e
		sizes.raw = max(sizes.raw, (e*sb+7)/8)
		if sb < 8 {
			sizes.wide = max(sizes.wide, e)
		}
		sizes.conv = max(sizes.conv, e*int64(convert.ElemBytes(j.dst.DType)))
		if db < 8 {
			sizes.packed = max(sizes.packed, (e*db+7)/8)
		}
	}
	for range nslots {
		p.slots <- &slot{
			raw:    make([]byte, sizes.raw),
			wide:   make([]byte, sizes.wide),
			conv:   make([]byte, sizes.conv),
			packed: make([]byte, sizes.packed),
		}
	}
	return p
}

func (p *pipeline) run(ctx context.Context, w io.Writer) error {
	toConv := make(chan *piece, nslots)
	toWrite := make(chan *piece, nslots)
	stop := make(chan struct{})
	var stopOnce sync.Once
	halt := func() { stopOnce.Do(func() { close(stop) }) }

	// Reader: walks the jobs in output order, filling slots.
	go func() {
		defer close(toConv)
		for i := range p.jobs {
			j := &p.jobs[i]
			var total int64
			if j.convert {
				total, _ = j.src.NumElements()
			} else {
				total = j.src.Bytes()
			}
			for first := int64(0); first < total; first += j.elems {
				var s *slot
				select {
				case s = <-p.slots:
				case <-stop:
					return
				}
				pc := &piece{j: j, first: first, n: min(j.elems, total-first), s: s}
				err := p.read(pc)
				pc.err = err
				select {
				case toConv <- pc: // pc belongs to the next stage now
				case <-stop:
					return
				}
				if err != nil {
					return
				}
			}
		}
	}()

	// Converter: converts in place of the slot's buffers.
	go func() {
		defer close(toWrite)
		for pc := range toConv {
			if pc.err == nil {
				pc.err = p.convert(pc)
			}
			select {
			case toWrite <- pc:
			case <-stop:
				return
			}
		}
	}()

	// Writer: this goroutine.
	bar := newProgress(p.r.e.stderr, p.total, p.r.progress)
	var err error
	for pc := range toWrite {
		if err == nil {
			err = pc.err
		}
		if err == nil {
			err = context.Cause(ctx) // a signal: stop, and let Abort clean up
		}
		if err == nil {
			if _, werr := w.Write(pc.out); werr != nil {
				err = werr
			}
			bar.add(int64(len(pc.out)))
		}
		if err != nil {
			halt()
		}
		select {
		case p.slots <- pc.s:
		default:
		}
	}
	halt()
	bar.finish()
	return err
}

// read fills the slot with the chunk's file bytes.
func (p *pipeline) read(pc *piece) error {
	j := pc.j
	if !j.convert {
		buf := pc.s.raw[:pc.n]
		pc.out = buf
		return p.f.ReadAt(j.src, buf, pc.first)
	}
	sb := fileBits(j.src.DType)
	off, end := pc.first*sb/8, ((pc.first+pc.n)*sb+7)/8
	return p.f.ReadAt(j.src, pc.s.raw[:end-off], off)
}

// convert converts the chunk's elements into the slot's output buffers.
func (p *pipeline) convert(pc *piece) error {
	j := pc.j
	if !j.convert {
		return nil
	}
	sb, db := fileBits(j.src.DType), fileBits(j.dst.DType)
	src := pc.s.raw[:(pc.n*sb+7)/8]
	if sb < 8 {
		src = unpackBits(pc.s.wide[:pc.n], src, uint(sb))
	}
	dst := pc.s.conv[:pc.n*int64(convert.ElemBytes(j.dst.DType))]
	if err := convert.Buffer(dst, j.dst.DType, src, j.src.DType, p.r.policy, convert.Options{Threads: runtime.GOMAXPROCS(0)}); err != nil {
		return fmt.Errorf("%s: tensor %q, chunk from element %d: %v", p.r.in, j.src.Name, pc.first, err)
	}
	if db < 8 {
		dst = packBits(pc.s.packed[:(pc.n*db+7)/8], dst, uint(db))
	}
	pc.out = dst
	return nil
}

// unpackBits spreads elements of w bits, packed least significant bits
// first (the file's layout for F4 and F6), to one byte each (convert's
// layout), and returns dst.
func unpackBits(dst, src []byte, w uint) []byte {
	mask := uint16(1)<<w - 1
	for i := range dst {
		bit := uint(i) * w
		k, sh := bit/8, bit%8
		v := uint16(src[k])
		if sh+w > 8 {
			v |= uint16(src[k+1]) << 8
		}
		dst[i] = byte(v >> sh & mask)
	}
	return dst
}

// packBits packs the low w bits of each byte of src densely, least
// significant bits first, into dst, and returns dst.
func packBits(dst, src []byte, w uint) []byte {
	clear(dst)
	mask := uint16(1)<<w - 1
	for i, b := range src {
		bit := uint(i) * w
		k, sh := bit/8, bit%8
		v := (uint16(b) & mask) << sh
		dst[k] |= byte(v)
		if sh+w > 8 {
			dst[k+1] |= byte(v >> 8)
		}
	}
	return dst
}

// progress draws a bar on a terminal, at most ten times a second.
type progress struct {
	w              io.Writer
	total, written int64
	on             bool
	start, last    time.Time
}

func newProgress(w io.Writer, total int64, on bool) *progress {
	now := time.Now()
	return &progress{w: w, total: total, on: on, start: now, last: now}
}

func (p *progress) add(n int64) {
	p.written += n
	if !p.on {
		return
	}
	if now := time.Now(); now.Sub(p.last) >= 100*time.Millisecond {
		p.last = now
		p.draw(now)
	}
}

func (p *progress) draw(now time.Time) {
	const width = 30
	frac := 1.0
	if p.total > 0 {
		frac = float64(p.written) / float64(p.total)
	}
	fill := int(frac * width)
	rate := float64(p.written) / max(now.Sub(p.start).Seconds(), 1e-9)
	fmt.Fprintf(p.w, "\rrecast %3.0f%% [%s%s] %s of %s, %s/s \x1b[K", frac*100,
		strings.Repeat("=", fill), strings.Repeat(" ", width-fill), mib(p.written), mib(p.total), mib(int64(rate)))
}

// finish ends the bar's line.
func (p *progress) finish() {
	if p.on {
		p.draw(time.Now())
		fmt.Fprintln(p.w)
	}
}
