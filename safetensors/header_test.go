package safetensors

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestLookup: a parsed header and a laid-out one find every tensor by
// name through their index; a header assembled by hand, or one whose
// Tensors were changed, still answers right by scanning.
func TestLookup(t *testing.T) {
	parsed, err := ParseHeader(modelHeader(t, 100), -1)
	if err != nil {
		t.Fatal(err)
	}
	laid, err := Layout(modelSpecs(100), nil)
	if err != nil {
		t.Fatal(err)
	}
	byHand := &Header{Tensors: append([]TensorInfo{}, laid.Tensors...)}
	changed, _ := Layout(modelSpecs(100), nil)
	changed.Tensors[0], changed.Tensors[1] = changed.Tensors[1], changed.Tensors[0]
	grown, _ := Layout(modelSpecs(100), nil)
	grown.Tensors = append(grown.Tensors, TensorInfo{Name: "extra", DType: dtype.U8})

	for _, c := range []struct {
		name string
		h    *Header
	}{{"parsed", parsed}, {"laid out", laid}, {"by hand", byHand}, {"reordered", changed}, {"grown", grown}} {
		if len(c.h.Tensors) < 100 {
			t.Fatalf("%s: %d tensors", c.name, len(c.h.Tensors))
		}
		for i, want := range c.h.Tensors {
			got, ok := c.h.Lookup(want.Name)
			if !ok || got.Name != want.Name || got.Begin != want.Begin || got.End != want.End || got.DType != want.DType {
				t.Fatalf("%s: Lookup(%q) = %+v, %v; want tensor %d %+v", c.name, want.Name, got, ok, i, want)
			}
		}
		if _, ok := c.h.Lookup("model.layers.999.absent"); ok {
			t.Errorf("%s: found an absent tensor", c.name)
		}
	}
	if _, ok := laid.index.positions(laid)["model.layers.0.input_layernorm.weight"]; !ok {
		t.Errorf("Layout built no index")
	}
}

// TestParseHeaderAllocations guards the header parser's cost: a few
// allocations per tensor at most (its name, a share of the list, the
// index and the shape arrays), not one per JSON token as a token-based
// decoder makes (about 70 per tensor).
func TestParseHeaderAllocations(t *testing.T) {
	const n = 1000
	hb := modelHeader(t, n)
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := ParseHeader(hb, -1); err != nil {
			t.Fatal(err)
		}
	})
	if perTensor := allocs / n; perTensor > 2 {
		t.Errorf("ParseHeader makes %.2f allocations per tensor, want at most 2", perTensor)
	}
}

// TestUnknownFieldNesting: an unknown field's value may nest as deeply as
// encoding/json allows (10000) and no deeper, and skipping it is
// iterative, so a deeper value is an error, never a stack overflow.
func TestUnknownFieldNesting(t *testing.T) {
	entry := func(depth int) []byte {
		return []byte(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1],"x":` +
			strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}}`)
	}
	if _, err := ParseHeader(entry(maxNesting), 1); err != nil {
		t.Errorf("depth %d: %v", maxNesting, err)
	}
	_, err := ParseHeader(entry(maxNesting+1), 1)
	if !errors.Is(err, ErrHeaderJSON) || !strings.Contains(err.Error(), "nested more than 10000") {
		t.Errorf("depth %d: %v", maxNesting+1, err)
	}
	if _, err := ParseHeader(entry(1_000_000)[:500_000], 1); !errors.Is(err, ErrHeaderJSON) {
		t.Errorf("a million open brackets: %v", err)
	}
}

// TestShapesDoNotShareCapacity: shapes are slices of shared arrays, so
// appending to one must not overwrite the next.
func TestShapesDoNotShareCapacity(t *testing.T) {
	h, err := ParseHeader(modelHeader(t, 20), -1)
	if err != nil {
		t.Fatal(err)
	}
	next := append([]int64{}, h.Tensors[1].Shape...)
	_ = append(h.Tensors[0].Shape, 99, 99, 99)
	for i, d := range h.Tensors[1].Shape {
		if d != next[i] {
			t.Fatalf("appending to one shape changed the next: %v, was %v", h.Tensors[1].Shape, next)
		}
	}
}

// TestShapesAcrossChunks: shapes are read into shared arrays of
// dimChunk dimensions; shapes that straddle the end of one, or are
// longer than one, come out whole and right.
func TestShapesAcrossChunks(t *testing.T) {
	var specs []Spec
	for i := range 3000 {
		rank := i % 5 // mostly short, a few longer than half a chunk
		if i%500 == 499 {
			rank = dimChunk/2 + i%7
		}
		shape := make([]int64, rank)
		for j := range shape {
			shape[j] = 1
		}
		if rank > 0 {
			shape[rank-1] = int64(i%3 + 1)
		}
		specs = append(specs, Spec{Name: fmt.Sprintf("t%04d", i), DType: dtype.U8, Shape: shape})
	}
	specs = append(specs, Spec{Name: "long", DType: dtype.U8, Shape: make([]int64, 3*dimChunk)})
	h, err := Layout(specs, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseHeader(b[8:], -1)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		ti, ok := got.Lookup(s.Name)
		if !ok || !slices.Equal(ti.Shape, s.Shape) {
			t.Fatalf("tensor %s: shape %v, wrote %v", s.Name, ti.Shape, s.Shape)
		}
	}
}
