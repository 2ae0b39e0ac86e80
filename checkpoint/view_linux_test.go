//go:build linux

package checkpoint

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// truncatingSteps maps its input, then truncates the file before the
// conversion touches it.
type truncatingSteps struct {
	t    *Tensor
	path string
	sum  byte
}

func (ts *truncatingSteps) readStep(wk *worker, s *slot) error {
	if err := s.input(wk, 0, ts.t, 0, ts.t.bytes()); err != nil {
		return err
	}
	if len(s.maps) == 0 {
		return errors.New("the input was not mapped")
	}
	return os.Truncate(ts.path, 64)
}

func (ts *truncatingSteps) convStep(wk *worker, s *slot, _ *Counts) error {
	in := s.in[0]
	sums := make([]byte, 2)
	err := wk.parallel(int64(len(in)), 64, func(k int, lo, hi int64) error {
		for _, b := range in[lo:hi] {
			sums[k] += b
		}
		return nil
	})
	ts.sum = sums[0] + sums[1]
	s.out = in[:0]
	return err
}

// TestMappedInputTruncated: an input file truncated while its mapping is
// in use gives an error naming the file, not a crash, whether the
// conversion touches it on the converting goroutine or split across
// threads.
func TestMappedInputTruncated(t *testing.T) {
	for _, threads := range []int{1, 2} {
		path := filepath.Join(t.TempDir(), "in.safetensors")
		data := make([]byte, 4<<20)
		for i := range data {
			data[i] = byte(i)
		}
		if err := safetensors.WriteFile(path, []safetensors.Named{tt("w", dtype.F32, []int64{1 << 20}, data)}, nil); err != nil {
			t.Fatal(err)
		}
		c, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		w, ok := c.Lookup("w")
		if !ok {
			t.Fatal("no tensor w")
		}
		wk := &worker{ctx: bg, ck: c, threads: threads, chunk: 1 << 30}
		err = wk.stream(&failWriter{n: 10}, 1, &truncatingSteps{t: &w, path: path}, nil)
		c.Close()
		if !errors.Is(err, errFault) || !strings.Contains(err.Error(), path) {
			t.Errorf("%d threads: err = %v", threads, err)
		}
	}
}

// copyingSteps maps step 0's input and passes it on unread to the writer
// (as a copy does), truncating the file first; step 1 is empty.
type copyingSteps struct {
	t    *Tensor
	path string
}

func (cs *copyingSteps) readStep(wk *worker, s *slot) error {
	if s.k > 0 {
		s.in[0] = nil
		return nil
	}
	if err := s.input(wk, 0, cs.t, 0, cs.t.bytes()); err != nil {
		return err
	}
	if len(s.maps) == 0 {
		return errors.New("the input was not mapped")
	}
	return nil
}

func (cs *copyingSteps) convStep(wk *worker, s *slot, _ *Counts) error {
	if s.k == 0 {
		if err := os.Truncate(cs.path, 64); err != nil {
			return err
		}
	}
	s.out = s.in[0]
	return nil
}

// TestMappedInputTruncatedWhileWritten: a mapped input that reaches the
// writer unread (a tensor copied as it is) and is truncated meanwhile
// gives the error too, from the step loop of one thread and from the
// pipeline's writer goroutine.
func TestMappedInputTruncatedWhileWritten(t *testing.T) {
	for _, threads := range []int{1, 2} {
		path := filepath.Join(t.TempDir(), "in.safetensors")
		data := make([]byte, 4<<20)
		if err := safetensors.WriteFile(path, []safetensors.Named{tt("w", dtype.F32, []int64{1 << 20}, data)}, nil); err != nil {
			t.Fatal(err)
		}
		c, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		w, _ := c.Lookup("w")
		wk := &worker{ctx: bg, ck: c, threads: threads, chunk: 1 << 30}
		var out bytes.Buffer // copies what it is given: touches the mapping
		err = wk.stream(&out, 2, &copyingSteps{t: &w, path: path}, nil)
		c.Close()
		if !errors.Is(err, errFault) || !strings.Contains(err.Error(), path) {
			t.Errorf("%d threads: err = %v", threads, err)
		}
	}
}
