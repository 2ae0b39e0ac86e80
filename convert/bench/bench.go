// Package bench measures conversion throughput the way docs/benchmarks.md reports
// it: convert.Buffer over buffers past the last-level cache, each figure
// a ratio to a plain memory copy of the same traffic timed in the same
// run, interleaved with it. It is the measuring logic behind
// `promote bench`.
//
// Buffers hold DefaultN elements unless the caller fixes the element
// count or asks for PastCache sizing (each of a pair's source and
// destination at least CacheMultiple times the cache DetectCache finds),
// allocated once for the largest pair and
// reused, bounded by the memory the machine has available, and written
// in full before anything is timed: never-written memory maps the zero
// page, which makes a copy of it look faster than memory. Float sources
// hold normally distributed values, integer sources arbitrary bytes.
package bench

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// CacheMultiple is how many times the last-level cache each buffer of a
// measured pair holds at least, when the element count is not fixed.
const CacheMultiple = 4

// UnknownCacheN is the element count PastCache sizing uses when no cache
// size is known.
const UnknownCacheN = 64 << 20

// DefaultN is the element count of a Config that fixes none and does not
// ask for PastCache sizing: 8 Mi elements, so the widest pair (f64, c64)
// has buffers of 64 MiB and all buffers together take at most 256 MiB
// (c128), past most machines' last-level cache yet modest on a shared
// machine. Sizing from the reported cache can ask for gigabytes: a
// virtual machine that reports a 300 MiB cache asked for 9.4 GiB.
const DefaultN = 8 << 20

// MaxN bounds the element count a caller may ask for.
const MaxN = 1 << (28 + 8*(^uint(0)>>63)) // 2^36, or 2^28 where int has 32 bits

// Pair is one conversion to measure.
type Pair struct{ Src, Dst dtype.DType }

// String writes the pair as SRC:DST.
func (p Pair) String() string { return p.Src.String() + ":" + p.Dst.String() }

// ParsePairs reads a comma-separated list of SRC:DST pairs of canonical
// dtype names that convert.Buffer handles.
func ParsePairs(list string) ([]Pair, error) {
	var out []Pair
	for _, s := range strings.Split(list, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(s), ":")
		if !ok {
			return nil, fmt.Errorf("bad pair %q: want SRC:DST, as in f32:bf16", clip(s))
		}
		var p [2]dtype.DType
		for i, name := range []string{a, b} {
			d, err := dtype.Parse(name)
			switch {
			case err != nil:
				return nil, fmt.Errorf("bad pair: unknown dtype %q (canonical names: f32, bf16, ...)", clip(name))
			case convert.ElemBytes(d) == 0:
				return nil, fmt.Errorf("bad pair %q: %s has no values to convert", clip(s), d)
			}
			p[i] = d
		}
		out = append(out, Pair{p[0], p[1]})
	}
	return out, nil
}

// Config says what to measure.
type Config struct {
	Pairs []Pair
	// N is the elements per conversion; 0 means DefaultN, or with
	// PastCache each pair sized from Cache.
	N int
	// PastCache sizes each pair's buffers at CacheMultiple times the
	// last-level cache (N must be 0), so the figures are memory speeds on
	// any machine; the buffers may then take up to MemLimit.
	PastCache bool
	Threads   int            // convert.Options.Threads, and the copy's; 0 = GOMAXPROCS
	Policy    convert.Policy // the conversion policy
	Reps      int            // runs of each measurement, the best counts; 0 = 5
	// Cache is the last-level cache to get past; the zero value means
	// DetectCache's answer.
	Cache Cache
	// MemLimit bounds the bytes of all buffers together; 0 means half of
	// the memory the system reports available (4 GiB if it reports none).
	MemLimit int64
}

// Job is one pair with its element count.
type Job struct {
	Pair
	N int
}

// bytes returns what one conversion reads plus writes.
func (j Job) bytes() int64 {
	return int64(j.N) * int64(convert.ElemBytes(j.Src)+convert.ElemBytes(j.Dst))
}

// Plan is a checked Config: the element count of every pair and the
// memory the buffers take.
type Plan struct {
	Jobs    []Job
	Threads int
	Reps    int
	Policy  convert.Policy
	Cache   Cache
	// Bytes is the memory of all buffers, allocated once; Limit the
	// bound it was held to.
	Bytes, Limit int64
	// Capped reports that the element counts (DefaultN, or sized from
	// the cache) were cut to fit Limit, so some buffers are smaller than
	// asked.
	Capped bool
	// PastCache reports that the buffers were sized from the cache.
	PastCache bool
}

// ErrConfig marks the errors of NewPlan: the configuration, not the
// measurement, is at fault.
var ErrConfig = errors.New("bad bench configuration")

// NewPlan checks cfg and sizes its buffers. Its errors wrap ErrConfig.
func NewPlan(cfg Config) (*Plan, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, a...))
	}
	if len(cfg.Pairs) == 0 {
		return nil, bad("no pairs to measure")
	}
	if cfg.N < 0 || cfg.N > MaxN {
		return nil, bad("element count %d: want 1 to %d (0: %d, or sized from the cache with PastCache)", cfg.N, MaxN, DefaultN)
	}
	if cfg.PastCache && cfg.N != 0 {
		return nil, bad("an element count of %d and sizing past the cache: give one or the other", cfg.N)
	}
	if cfg.Threads < 0 || cfg.Reps < 0 {
		return nil, bad("threads and reps must not be negative")
	}
	p := &Plan{Threads: cfg.Threads, Reps: cfg.Reps, Policy: cfg.Policy, Cache: cfg.Cache, Limit: cfg.MemLimit, PastCache: cfg.PastCache}
	if p.Threads == 0 {
		p.Threads = runtime.GOMAXPROCS(0)
	}
	if p.Reps == 0 {
		p.Reps = 5
	}
	if p.Cache == (Cache{}) {
		p.Cache = DetectCache()
	}
	if p.Limit == 0 {
		p.Limit = availableMemory() / 2
	}
	for _, pr := range cfg.Pairs {
		if convert.ElemBytes(pr.Src) == 0 || convert.ElemBytes(pr.Dst) == 0 {
			return nil, bad("pair %v: no buffer layout", pr)
		}
		n := cfg.N
		switch {
		case n != 0:
		case cfg.PastCache:
			n = cacheN(pr, p.Cache.Bytes)
		default:
			n = DefaultN
		}
		p.Jobs = append(p.Jobs, Job{pr, n})
	}
	p.Bytes = arenaBytes(p.Jobs)
	if p.Bytes <= p.Limit {
		return p, nil
	}
	if cfg.N != 0 {
		return nil, bad("%d elements need %s of buffers, more than the %s allowed (half the available memory); use a smaller -n",
			cfg.N, SizeString(p.Bytes), SizeString(p.Limit))
	}
	// Sized from a cache too large for this memory, or DefaultN on a
	// machine with little free: scale every pair down alike.
	scale := float64(p.Limit) / float64(p.Bytes)
	for i := range p.Jobs {
		p.Jobs[i].N = max(1024, int(float64(p.Jobs[i].N)*scale)&^1023)
	}
	p.Capped = true
	p.Bytes = arenaBytes(p.Jobs)
	if p.Bytes > p.Limit {
		return nil, bad("even the smallest buffers need %s, more than the %s allowed", SizeString(p.Bytes), SizeString(p.Limit))
	}
	return p, nil
}

// cacheN is the element count that makes both of the pair's buffers at
// least CacheMultiple times the cache, rounded up to 1024 elements.
func cacheN(pr Pair, cache int64) int {
	if cache <= 0 {
		return UnknownCacheN
	}
	smaller := int64(min(convert.ElemBytes(pr.Src), convert.ElemBytes(pr.Dst)))
	n := (CacheMultiple*cache + smaller - 1) / smaller
	return int(min((n+1023)&^1023, MaxN))
}

// arenaBytes is the memory the jobs' buffers take: two arenas, each
// allocated once for the largest source, destination or copy.
func arenaBytes(jobs []Job) int64 {
	return 2 * arenaSize(jobs)
}

// arenaSize is the size of each of the two arenas: the source arena holds
// every pair's source and the copy's source, the destination arena every
// pair's destination and the copy's destination, so that a conversion
// and the copy it is measured against move data in the same memory. On a
// virtual machine, memory is not all alike: on the project's VM one copy
// of 128 MiB between two buffers ran at 34 GB/s and the same copy between
// two others allocated beside them at 43, run after run (the host backs
// guest pages differently), so a copy anchor in buffers of its own
// misjudged every conversion by up to a fifth.
func arenaSize(jobs []Job) int64 {
	var n int64
	for _, j := range jobs {
		n = max(n, int64(j.N)*int64(convert.ElemBytes(j.Src)), int64(j.N)*int64(convert.ElemBytes(j.Dst)), (j.bytes()+1)/2)
	}
	return n
}

// Result is one pair's measurement.
type Result struct {
	Job
	Threads int
	// Bytes is what one conversion reads plus writes; the copy moves as
	// many (half read, half written).
	Bytes    int64
	Seconds  float64 // the best conversion's time
	GBps     float64 // Bytes over Seconds, in 10^9 bytes per second
	CopyGBps float64 // the same for the best copy (with Threads > 1, on one goroutine or on Threads)
	Ratio    float64 // GBps / CopyGBps
	// OneGBps is, when Threads > 1, the conversion's GB/s on one
	// goroutine, timed in the same rounds and buffers; 0 otherwise.
	OneGBps float64
	// FitsInCache reports that the conversion's source and destination
	// together fit in the last-level cache, so the figure is not one of
	// memory speed.
	FitsInCache bool
	// Memory is what the threads reach reading only, writing only and
	// copying (measured once per Run, on the largest buffers).
	Memory Speeds
	// Ceiling is the ratio to copy that a conversion reading and writing
	// as many bytes as this one could reach at Memory's read and write
	// speeds, both streams running at once: a single core that reads
	// slower than it copies caps every narrowing pair below 1.
	Ceiling float64
}

// Speeds are memory throughputs in 10^9 bytes per second.
type Speeds struct{ Read, Write, Copy float64 }

// String prints the speeds as the bench report does.
func (s Speeds) String() string {
	return fmt.Sprintf("read %.1f GB/s, write %.1f GB/s, copy %.1f GB/s (read plus written)", s.Read, s.Write, s.Copy)
}

// ceiling is the best ratio to copy for r source and w destination
// bytes per element at speeds s.
func (s Speeds) ceiling(r, w int) float64 {
	t := max(float64(r)/s.Read, float64(w)/s.Write) // seconds per 1e9 elements, reads and writes overlapped
	return float64(r+w) / t / s.Copy
}

// Run measures every job in order and hands each result to each as it
// is made; it stops at the first error, from a conversion or from each.
func (p *Plan) Run(each func(Result) error) error {
	size := arenaSize(p.Jobs)
	srcArena, dstArena := make([]byte, size), make([]byte, size)
	// Write every byte once, so that no page is the shared zero page.
	for _, b := range [][]byte{srcArena, dstArena} {
		fill(b)
	}
	mem := p.measureMemory(srcArena, dstArena)
	opt := convert.Options{Threads: p.Threads}
	for _, j := range p.Jobs {
		src := srcArena[:int64(j.N)*int64(convert.ElemBytes(j.Src))]
		dst := dstArena[:int64(j.N)*int64(convert.ElemBytes(j.Dst))]
		if err := fillSource(src, j.Src); err != nil {
			return fmt.Errorf("%v: %w", j.Pair, err)
		}
		traffic := j.bytes()
		half := (traffic + 1) / 2
		// The copy reads the start of the source arena, as the
		// conversion does, and overwrites the start of the destination
		// arena, which the conversion writes again in the next round.
		cs, cd := srcArena[:half], dstArena[:half]
		best, bestCopy, bestOne := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for range p.Reps {
			t0 := time.Now()
			if err := convert.Buffer(dst, j.Dst, src, j.Src, p.Policy, opt); err != nil {
				return fmt.Errorf("%v: %w", j.Pair, err)
			}
			best = min(best, time.Since(t0))
			if p.Threads > 1 {
				// One goroutine in the same round and buffers: whether
				// Threads ever makes a pair slower than one is then a
				// comparison within the run, not across runs whose
				// memory speeds differ.
				t0 = time.Now()
				if err := convert.Buffer(dst, j.Dst, src, j.Src, p.Policy, convert.Options{Threads: 1}); err != nil {
					return fmt.Errorf("%v: %w", j.Pair, err)
				}
				bestOne = min(bestOne, time.Since(t0))
			}
			t0 = time.Now()
			parallelCopy(cd, cs, p.Threads)
			bestCopy = min(bestCopy, time.Since(t0))
			if p.Threads > 1 {
				// The anchor is the faster copy this machine makes with
				// up to Threads goroutines: on the project's VM two
				// goroutines copy more slowly than one (24 to 36 GB/s
				// against 38 to 42), and a conversion is not "at memory
				// speed" for matching the slower.
				t0 = time.Now()
				copy(cd, cs)
				bestCopy = min(bestCopy, time.Since(t0))
			}
		}
		r := Result{Job: j, Threads: p.Threads, Bytes: traffic, Seconds: best.Seconds(),
			FitsInCache: traffic <= p.Cache.Bytes}
		r.GBps = float64(traffic) / best.Seconds() / 1e9
		r.CopyGBps = float64(2*half) / bestCopy.Seconds() / 1e9
		r.Ratio = r.GBps / r.CopyGBps
		if p.Threads > 1 {
			r.OneGBps = float64(traffic) / bestOne.Seconds() / 1e9
		}
		r.Memory = mem
		r.Ceiling = mem.ceiling(convert.ElemBytes(j.Src), convert.ElemBytes(j.Dst))
		if err := each(r); err != nil {
			return err
		}
	}
	return nil
}

// measureMemory times reading all of src, writing all of dst and copying
// src to dst (the same length), each the best of Reps, with the plan's threads. The writes
// copy a 1 MiB block of non-zero bytes over dst again and again (copy
// stores non-temporally from 1 MiB, as it does for the copy anchor and as
// the kernels do past a size); the block stays in cache, so what is timed
// is the writing. Not clear: zeros are special to some memory systems (on
// the project's VM one core writes zeros at 73 to 80 GB/s and any other
// data at about 27), and a ceiling from them would promise what no
// conversion writing real values can reach.
func (p *Plan) measureMemory(src, dst []byte) Speeds {
	best := func(bytes int, f func()) float64 {
		b := time.Duration(math.MaxInt64)
		for range p.Reps {
			t0 := time.Now()
			f()
			b = min(b, time.Since(t0))
		}
		return float64(bytes) / b.Seconds() / 1e9
	}
	block := make([]byte, min(1<<20, len(dst)))
	fill(block)
	var sink uint64
	s := Speeds{
		Read:  best(len(src), func() { sink |= parallelRead(src, p.Threads) }),
		Write: best(len(dst), func() { parallelDo(dst, p.Threads, func(b []byte) { repeatBlock(b, block) }) }),
		Copy:  best(2*len(src), func() { parallelCopy(dst, src, p.Threads) }),
	}
	if sink == 1 { // never: keeps the reads from being optimized away
		s.Read = -s.Read
	}
	return s
}

// repeatBlock writes copies of block over all of b.
func repeatBlock(b, block []byte) {
	for len(b) > 0 {
		b = b[copy(b, block):]
	}
}

// parallelRead ORs together the 8-byte words of b in threads chunks.
func parallelRead(b []byte, threads int) uint64 {
	var mu sync.Mutex
	var all uint64
	parallelDo(b, threads, func(c []byte) {
		var x0, x1, x2, x3 uint64
		for len(c) >= 32 {
			x0 |= binary.LittleEndian.Uint64(c)
			x1 |= binary.LittleEndian.Uint64(c[8:])
			x2 |= binary.LittleEndian.Uint64(c[16:])
			x3 |= binary.LittleEndian.Uint64(c[24:])
			c = c[32:]
		}
		mu.Lock()
		all |= x0 | x1 | x2 | x3
		mu.Unlock()
	})
	return all
}

// parallelDo runs f on pieces of b taken in turn by threads goroutines,
// 512 KiB each at 64-byte boundaries, as Buffer splits a conversion.
func parallelDo(b []byte, threads int, f func([]byte)) {
	if threads <= 1 || len(b) < convert.ParallelMin {
		f(b)
		return
	}
	const piece = 512 << 10
	var next atomic.Int64
	work := func() {
		for {
			lo := int(next.Add(piece) - piece)
			if lo >= len(b) {
				return
			}
			f(b[lo:min(lo+piece, len(b))])
		}
	}
	var wg sync.WaitGroup
	for range threads - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// tile is the element count of the block fillSource repeats.
const tile = 1 << 16

// fillSource writes data of type t over all of b: for a float type, values
// of a normal distribution with standard deviation 8 (ordinary numbers,
// zeros, and for the narrowest formats some overflow, as real tensors
// hold), converted from f64 under the default policy; for integers and
// bool, fill's bytes (bool: 0 or 1). A block of tile elements repeats; the
// buffers are far larger than any cache, so the repetition changes no
// timing.
func fillSource(b []byte, t dtype.DType) error {
	size := convert.ElemBytes(t)
	block := make([]byte, tile*size)
	switch {
	case t.IsFloat():
		vals := make([]byte, 8*tile)
		rng := rand.New(rand.NewPCG(15, 2026))
		for i := range tile {
			binary.LittleEndian.PutUint64(vals[8*i:], math.Float64bits(8*rng.NormFloat64()))
		}
		if err := convert.Buffer(block, t, vals, dtype.F64, convert.Default(), convert.Options{Threads: 1}); err != nil {
			return err
		}
	default:
		fill(block)
		if t == dtype.Bool {
			for i := range block {
				block[i] &= 1
			}
		}
	}
	for off := 0; off < len(b); off += len(block) {
		copy(b[off:], block)
	}
	return nil
}

// fill writes a deterministic pattern holding every byte value.
func fill(b []byte) {
	for i := range b {
		b[i] = byte(i*131 + i>>8)
	}
}

// parallelCopy copies src to dst in threads contiguous chunks, split at
// 64-byte boundaries, as Buffer splits a conversion.
func parallelCopy(dst, src []byte, threads int) {
	parallelDo(src, threads, func(c []byte) {
		off := int(uintptr(unsafe.Pointer(unsafe.SliceData(c))) - uintptr(unsafe.Pointer(unsafe.SliceData(src))))
		copy(dst[off:off+len(c)], c)
	})
}

// clip cuts an echoed token to 40 bytes.
func clip(s string) string {
	if len(s) > 40 {
		return fmt.Sprintf("%s... (%d bytes)", s[:40], len(s))
	}
	return s
}
