package checkpoint

import (
	"context"
	"io"
	"sync"
)

// nSlots is how many steps a pipeline holds at once: one being read, one
// being converted, one being written.
const nSlots = 3

// slot holds one step's buffers in a pipeline. Its buffers grow to what
// the largest step needs and are then reused, like the worker's own.
type slot struct {
	k    int64 // the step the slot holds
	bufs [3][]byte
	out  []byte // what the writer writes: set by the conversion
}

// Slot buffers, by role.
const (
	slotIn = iota
	slotIn2
	slotOut
)

// buf returns buffer i of the slot with length n, growing it when needed.
func (s *slot) buf(i int, n int64) []byte {
	if int64(cap(s.bufs[i])) < n {
		s.bufs[i] = make([]byte, n)
	}
	return s.bufs[i][:n]
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
// goroutines have ended. A single step runs on the calling goroutine
// alone. st is an interface, not closures, so that a tensor of one step
// allocates nothing.
func (wk *worker) stream(w io.Writer, steps int64, st stepper, c *Counts) error {
	if steps <= 0 {
		return nil
	}
	if steps == 1 {
		s := &wk.slots[0]
		s.k, s.out = 0, nil
		if err := wk.stop(); err != nil {
			return err
		}
		if err := st.readStep(wk, s); err != nil {
			return err
		}
		if err := st.convStep(wk, s, c); err != nil {
			return err
		}
		_, err := w.Write(s.out)
		return err
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
				if _, err := w.Write(s.out); err != nil {
					cancel(err)
				}
			}
			free <- s
		}
	}()
	for s := range toConv {
		if ctx.Err() == nil {
			if err := st.convStep(wk, s, c); err != nil {
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
	return context.Cause(ctx)
}
