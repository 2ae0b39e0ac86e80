package checkpoint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// fakeSteps is a stepper whose step k reads the byte k and writes it
// twice; it fails (or cancels the run) at a chosen step and stage.
type fakeSteps struct {
	failRead, failConv int64 // the step that fails, -1: none
	cancelAt           int64 // the step whose conversion cancels the run
	cancel             context.CancelCauseFunc
	converted          []int64
}

var errInjected = errors.New("injected")

func (f *fakeSteps) readStep(wk *worker, s *slot) error {
	if s.k == f.failRead {
		return fmt.Errorf("read step %d: %w", s.k, errInjected)
	}
	s.buf(slotIn, 1)[0] = byte(s.k)
	return nil
}

func (f *fakeSteps) convStep(wk *worker, s *slot, c *Counts) error {
	f.converted = append(f.converted, s.k)
	if s.k == f.failConv {
		return fmt.Errorf("conv step %d: %w", s.k, errInjected)
	}
	if s.k == f.cancelAt {
		f.cancel(errInjected)
	}
	in := s.bufs[slotIn][0]
	out := s.buf(slotOut, 2)
	out[0], out[1] = in, in
	c.Values++
	s.out = out
	return nil
}

// failWriter accepts n writes, then fails.
type failWriter struct {
	bytes.Buffer
	n int
}

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n == 0 {
		return 0, errInjected
	}
	w.n--
	return w.Buffer.Write(p)
}

// TestStream: the pipeline (and the sequential loop a one-thread worker
// runs) writes every step in order, and stops at the first failure of
// any stage or a cancellation, with that error, having written only
// whole steps before it and left no goroutine behind.
func TestStream(t *testing.T) {
	const steps = 200
	tests := []struct {
		name                         string
		failRead, failConv, cancelAt int64
		writes                       int
		wantErr                      bool
	}{
		{"all", -1, -1, -1, steps, false},
		{"one step", -1, -1, -1, steps, false},
		{"read fails first", 0, -1, -1, steps, true},
		{"read fails", 57, -1, -1, steps, true},
		{"conversion fails", -1, 0, -1, steps, true},
		{"conversion fails later", -1, 120, -1, steps, true},
		{"write fails", -1, -1, -1, 33, true},
		{"write fails at once", -1, -1, -1, 0, true},
		{"cancelled", -1, -1, 80, steps, true},
	}
	before := runtime.NumGoroutine()
	for _, tc := range tests {
		n := int64(steps)
		if tc.name == "one step" {
			n = 1
		}
		for try := range 20 { // the stages race: try several interleavings
			ctx, cancel := context.WithCancelCause(bg)
			f := &fakeSteps{failRead: tc.failRead, failConv: tc.failConv, cancelAt: tc.cancelAt, cancel: cancel}
			// One thread runs the steps in turn, two overlap them.
			wk := &worker{ctx: ctx, threads: 1 + try%2, chunk: 1}
			w := &failWriter{n: tc.writes}
			var c Counts
			err := wk.stream(w, n, f, &c)
			cancel(nil)
			if tc.wantErr != (err != nil) || err != nil && !errors.Is(err, errInjected) {
				t.Fatalf("%s: err = %v", tc.name, err)
			}
			got := w.Bytes()
			if len(got)%2 != 0 {
				t.Fatalf("%s: %d bytes written: a step half written", tc.name, len(got))
			}
			for i := range len(got) / 2 {
				if got[2*i] != byte(i) || got[2*i+1] != byte(i) {
					t.Fatalf("%s: step %d written as %v", tc.name, i, got[2*i:2*i+2])
				}
			}
			for i, k := range f.converted {
				if k != int64(i) {
					t.Fatalf("%s: conversions out of order: %v", tc.name, f.converted)
				}
			}
			if !tc.wantErr && (int64(len(got)) != 2*n || c.Values != n) {
				t.Fatalf("%s: %d bytes, %d values for %d steps", tc.name, len(got), c.Values, n)
			}
		}
	}
	// The goroutines have ended (wait a little for the runtime to
	// reclaim them).
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines before, %d after", before, runtime.NumGoroutine())
}

// TestStreamedRecastMatchesOneStep: recast and dequant streamed in many
// small steps (read, convert and write overlapping) give the bytes and
// the report of one step per tensor.
func TestStreamedRecastMatchesOneStep(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var buf bytes.Buffer
	err := safetensors.Encode(&buf, []safetensors.Named{
		tt("a", dtype.F32, []int64{100004}, randBytes(r, 4*100004)),
		tt("b", dtype.I8, []int64{70002}, randBytes(r, 70002)),
		tt("c", dtype.F16, []int64{3, 33334}, randBytes(r, 2*3*33334)),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := OpenReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "in.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []dtype.DType{dtype.BF16, dtype.F8E4M3FN, dtype.F4E2M1FN} {
		run := func(chunk int64, threads int) ([]byte, *Report) {
			var out bytes.Buffer
			rep, err := Recast(bg, c, "out.safetensors", RecastOptions{To: to, Select: func(Tensor) bool { return true }, Options: Options{Writer: &out, ChunkSize: chunk, Threads: threads}})
			if err != nil {
				t.Fatal(err)
			}
			return out.Bytes(), rep
		}
		whole, wrep := run(1<<30, 1)
		for _, threads := range []int{1, 2} {
			got, rep := run(4096, threads)
			if !bytes.Equal(got, whole) {
				t.Errorf("%v, %d threads: streamed output differs in %d bytes", to, threads, countDiff(got, whole))
			}
			if rep.Total != wrep.Total {
				t.Errorf("%v, %d threads: report %+v, want %+v", to, threads, rep.Total, wrep.Total)
			}
		}
	}
}
