package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"unsafe"
)

// nSlots is how many steps a pipeline holds at once: one being read, one
// being converted, one being written.
const nSlots = 3

// slot holds one step's buffers in a pipeline. Its buffers grow to what
// the largest step needs and are then reused, like the worker's own.
type slot struct {
	k    int64 // the step the slot holds
	bufs [3][]byte
	in   [2][]byte // the step's input: a mapping of the file or bufs[slotIn], bufs[slotIn2]
	maps [][]byte  // the mappings to release once the step is written
	// mapped names the file of the last mapping, for errors.
	mapped string
	out    []byte // what the writer writes: set by the conversion
}

// Slot buffers, by role.
const (
	slotIn = iota
	slotIn2
	slotOut
)

// buf returns buffer i of the slot with length n, growing it when needed.
func (s *slot) buf(i int, n int64) []byte { return grown(&s.bufs[i], n) }

// minMapBytes is the smallest input mapped: below it a read costs less
// than mapping and unmapping.
const minMapBytes = 256 << 10

// input sets the slot's input j (0 or 1) to n bytes of t's data from
// byte off of the tensor: a read-only mapping of the file where the
// platform and the shard allow one (no copy), else the bytes read into
// the slot's buffer of the same role.
func (s *slot) input(wk *worker, j int, t *Tensor, off, n int64) error {
	if n >= minMapBytes {
		if b, m, ok := wk.ck.mapView(t, off, n); ok {
			s.maps = append(s.maps, m)
			s.mapped = wk.ck.file(t)
			s.in[j] = b
			return nil
		}
	}
	s.in[j] = s.buf(slotIn+j, n)
	return wk.ck.readAt(t, s.in[j], off)
}

// release unmaps the slot's mappings: the step is written.
func (s *slot) release() {
	for _, m := range s.maps {
		unmapView(m)
	}
	clear(s.maps)
	s.maps = s.maps[:0]
	s.in = [2][]byte{}
}

// errFault is a memory fault reading a mapped input (see faultGuard).
var errFault = errors.New("the file changed while being read (a memory fault reading its mapping)")

// faultGuard runs f, when maps holds mappings of the input, with a
// memory fault inside one of them turned into an error wrapping errFault:
// a mapped file that shrinks under the run (another program truncating
// it) makes its pages fault when touched, which would otherwise crash
// the program. Other panics, and faults elsewhere, go on.
func faultGuard(maps [][]byte, f func() error) (err error) {
	if len(maps) == 0 {
		return f()
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if a, ok := r.(interface{ Addr() uintptr }); !ok || !inside(a.Addr(), maps) {
				panic(r)
			}
			err = errFault
		}
	}()
	return f()
}

// inside reports whether address a is in one of the mappings.
func inside(a uintptr, maps [][]byte) bool {
	for _, m := range maps {
		if len(m) > 0 {
			lo := uintptr(unsafe.Pointer(&m[0]))
			if a >= lo && a-lo < uintptr(len(m)) {
				return true
			}
		}
	}
	return false
}

// convGuarded runs st.convStep under faultGuard (see guarded).
func (wk *worker) convGuarded(st stepper, s *slot, c *Counts) error {
	return wk.guarded(s, func() error { return st.convStep(wk, s, c) })
}

// guarded runs f, which reads slot s's input, under faultGuard, naming
// the file in a fault's error. While it runs, wk.conving is the slot, so
// that worker.parallel guards its goroutines too.
func (wk *worker) guarded(s *slot, f func() error) error {
	if len(s.maps) == 0 {
		return f()
	}
	wk.conving = s
	defer func() { wk.conving = nil }()
	err := faultGuard(s.maps, f)
	if errors.Is(err, errFault) {
		return fmt.Errorf("%s: %w", s.mapped, err)
	}
	return err
}

// pieceBytes is the output a piecer converts before writing it: small
// enough to stay in a core's L2 cache (1 MiB here, on AMD EPYC) while
// write(2) copies it into the file. Converting a whole step (8 MiB of
// output by default) and then writing it made the kernel's copy read it
// back from memory: FP8 dequantization of 1 GiB into tmpfs spent 0.54
// CPU-s in that copy against 0.19 for the same bytes from a cached
// buffer.
const pieceBytes = 256 << 10

// piecer is a stepper that can also convert a step in pieces of about
// pieceBytes of output (at most a quarter of a chunk), writing each to w
// as soon as it is converted. stream uses it where steps run one after
// another on one goroutine.
type piecer interface {
	stepper
	convPieces(wk *worker, s *slot, c *Counts, w io.Writer) error
}

// convWrite converts slot s and writes its output to w: in pieces when
// st is a piecer, else the whole step at once.
func (wk *worker) convWrite(st stepper, s *slot, c *Counts, w io.Writer) error {
	if p, ok := st.(piecer); ok {
		return wk.guarded(s, func() error { return p.convPieces(wk, s, c, w) })
	}
	if err := wk.convGuarded(st, s, c); err != nil {
		return err
	}
	return writeGuarded(w, s)
}

// writeGuarded writes the slot's output, which may be its mapped input
// (a copy), under faultGuard.
func writeGuarded(w io.Writer, s *slot) error {
	if len(s.maps) == 0 {
		_, err := w.Write(s.out)
		return err
	}
	err := faultGuard(s.maps, func() error {
		_, err := w.Write(s.out)
		return err
	})
	if errors.Is(err, errFault) {
		return fmt.Errorf("%s: %w", s.mapped, err)
	}
	return err
}

// stepper is a producer that streams its tensor in steps.
type stepper interface {
	// readStep fills slot s with the input of step s.k. It runs on the
	// pipeline's reader goroutine: it may use the slot, not the worker's
	// buffers.
	readStep(wk *worker, s *slot) error
	// convStep converts slot s, tallies into c (which may be nil) and
	// sets s.out to the bytes to write. Steps are converted in order, on
	// the goroutine that called stream.
	convStep(wk *worker, s *slot, c *Counts) error
}

// stream runs steps 0 to steps-1 of a tensor as a pipeline: while step k
// is converted (on the calling goroutine, in order), step k+1 is read by
// a reader goroutine and step k-1 written to w by a writer goroutine,
// each step in one of the worker's nSlots slots. The first error (or the
// run's cancellation) stops all three stages and is returned once both
// goroutines have ended. A single step, or a worker with one thread (its
// sibling workers keep the other threads busy, so overlapping would only
// add hand-offs and buffers: measured, dequant of 8 shards on 2 threads
// used 9% more CPU and 65% more memory with it), runs the steps one after
// another on the calling goroutine. st is an interface, not closures, so
// that a tensor of one step allocates nothing.
func (wk *worker) stream(w io.Writer, steps int64, st stepper, c *Counts) error {
	if steps <= 0 {
		return nil
	}
	if steps == 1 || wk.threads <= 1 {
		// One step, or a worker whose siblings keep every thread busy:
		// the steps one after another on this goroutine.
		s := &wk.slots[0]
		defer s.release()
		for k := range steps {
			s.release()
			s.k, s.out = k, nil
			if err := wk.stop(); err != nil {
				return err
			}
			if err := st.readStep(wk, s); err != nil {
				return err
			}
			if err := wk.convWrite(st, s, c, w); err != nil {
				return err
			}
		}
		return nil
	}
	ctx, cancel := context.WithCancelCause(wk.ctx)
	defer cancel(nil)
	// Every channel holds all the slots, so no send blocks: a stage that
	// stops early never strands another.
	free := make(chan *slot, nSlots)
	toConv := make(chan *slot, nSlots)
	toWrite := make(chan *slot, nSlots)
	for i := range wk.slots {
		free <- &wk.slots[i]
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // the reader
		defer wg.Done()
		defer close(toConv)
		for k := int64(0); k < steps; k++ {
			var s *slot
			select {
			case s = <-free:
			case <-ctx.Done():
				return
			}
			if ctx.Err() != nil {
				return
			}
			s.release()
			s.k, s.out = k, nil
			if err := st.readStep(wk, s); err != nil {
				cancel(err)
				return
			}
			toConv <- s
		}
	}()
	go func() { // the writer
		defer wg.Done()
		for s := range toWrite {
			if ctx.Err() == nil {
				if err := writeGuarded(w, s); err != nil {
					cancel(err)
				}
			}
			free <- s
		}
	}()
	for s := range toConv {
		if ctx.Err() == nil {
			if err := wk.convGuarded(st, s, c); err != nil {
				cancel(err)
			}
		}
		if ctx.Err() != nil {
			free <- s
			continue
		}
		toWrite <- s
	}
	close(toWrite)
	wg.Wait()
	for i := range wk.slots {
		wk.slots[i].release()
	}
	return context.Cause(ctx)
}
