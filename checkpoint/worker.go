package checkpoint

import (
	"context"
	"io"
	"sync"
	"sync/atomic"
)

// producer streams one output tensor's bytes.
type producer interface {
	// write writes the tensor's bytes, in order, to w, tallying what
	// rounding did into c (which may be nil for tensors without values
	// to count, such as copies and scales).
	write(wk *worker, w io.Writer, c *Counts) error
}

// worker is one goroutine converting shards; it owns its buffers, which
// grow to what its largest step needs and are then reused.
type worker struct {
	ctx     context.Context
	ck      *Checkpoint
	threads int   // goroutines a chunk may be split across
	chunk   int64 // target bytes per step
	budget  int64 // memory this worker may hold
	bufs    [6][]byte
	f64s    [2][]float64
	// slots are the buffers of stream's pipeline: the steps being read
	// and written while one converts.
	slots [nSlots]slot
	conv  convertSteps // the tensor a convertProducer streams
	// conving is the slot being converted when its input is mapped.
	conving *slot
	prog    *progress
	// recast is the plan's recast target, for its recastProducers.
	recast *recastTarget
	// fp8 holds the FP8 dequantization's tables, one state per thread,
	// reused from tensor to tensor.
	fp8 []*fp8State
	// readBufs are buffers for readStep alone (see readBuf).
	readBufs [2][]byte
}

// Buffer slots, one per role, so that a step's buffers never alias.
const (
	bufIn = iota
	bufIn2
	bufOut
	bufTmp
	bufTmp2
	bufScale
)

// grown returns *b with length n, first replaced by a new slice when
// its capacity is short: the worker's and the slots' buffers grow to what
// their largest step needs and are then reused.
func grown[T any](b *[]T, n int64) []T {
	if int64(cap(*b)) < n {
		*b = make([]T, n)
	}
	return (*b)[:n]
}

// buf returns slot i with length n, growing it when needed.
func (wk *worker) buf(i int, n int64) []byte { return grown(&wk.bufs[i], n) }

// readBuf returns reader buffer i with length n, growing it when needed.
// Unlike buf, it may be used by a stepper's readStep, which runs on the
// pipeline's reader goroutine while the worker's goroutine converts: only
// readSteps use these, and a worker runs one reader at a time.
func (wk *worker) readBuf(i int, n int64) []byte { return grown(&wk.readBufs[i], n) }

// floats returns float64 slot i with length n.
func (wk *worker) floats(i int, n int64) []float64 { return grown(&wk.f64s[i], n) }

// stop reports the context's cause once the run is cancelled.
func (wk *worker) stop() error { return context.Cause(wk.ctx) }

// parallel runs f over [0, n) split into up to wk.threads contiguous
// ranges whose bounds are multiples of align (except n), and returns the
// first error. f's first argument numbers the range (0 to threads-1), so
// each may keep state of its own. Small ranges stay on the calling
// goroutine.
func (wk *worker) parallel(n, align int64, f func(k int, lo, hi int64) error) error {
	t := int64(wk.threads)
	if t <= 1 || n < 4*align || n < 1<<16 {
		return f(0, 0, n)
	}
	step := (n + t - 1) / t
	step = (step + align - 1) / align * align
	var maps [][]byte // the input's mappings, which the goroutines may touch
	if wk.conving != nil {
		maps = wk.conving.maps
	}
	var wg sync.WaitGroup
	errs := make([]error, t)
	for i := range t {
		lo, hi := i*step, min((i+1)*step, n)
		if lo >= hi {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The chunk may be a mapping of the input (see faultGuard).
			errs[i] = faultGuard(maps, func() error { return f(int(i), lo, hi) })
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// progress adds up the bytes every worker wrote and reports them.
type progress struct {
	total int64
	done  atomic.Int64
	mu    sync.Mutex
	fn    func(done, total int64)
}

func (p *progress) add(n int64) {
	if p == nil {
		return
	}
	d := p.done.Add(n)
	if p.fn != nil && p.mu.TryLock() {
		p.fn(d, p.total)
		p.mu.Unlock()
	}
}

// countingWriter passes writes through and reports their size.
type countingWriter struct {
	w    io.Writer
	n    int64
	prog *progress
	ctx  context.Context
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if err := context.Cause(c.ctx); err != nil {
		return 0, err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.prog.add(int64(n))
	return n, err
}
