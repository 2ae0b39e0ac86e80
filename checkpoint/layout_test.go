package checkpoint

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// TestLayOut: a shard's outputs come out in the reference writer's
// order, with the size of the file safetensors.Encode writes, and a name
// used twice is refused, within one dtype and across dtypes.
func TestLayOut(t *testing.T) {
	mk := func(specs ...safetensors.Spec) *outShard {
		s := &outShard{name: "x.safetensors", meta: map[string]string{"format": "pt"}}
		for _, sp := range specs {
			s.outputs = append(s.outputs, &output{id: &Tensor{Name: sp.Name, DType: sp.DType, Shape: sp.Shape}, dt: sp.DType})
		}
		return s
	}
	specs := []safetensors.Spec{
		{Name: "b", DType: dtype.F32, Shape: []int64{2, 3}},
		{Name: "a", DType: dtype.BF16, Shape: []int64{5}},
		{Name: "c", DType: dtype.I64, Shape: []int64{}},
		{Name: "a2", DType: dtype.F32, Shape: []int64{1}},
		{Name: "d", DType: dtype.F4E2M1FN, Shape: []int64{4}},
	}
	s := mk(specs...)
	if err := s.layOut(); err != nil {
		t.Fatal(err)
	}
	h, err := safetensors.Layout(specs, s.meta)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := h.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(len(enc)) + h.DataSize(); s.size != want || s.dataSize != h.DataSize() {
		t.Errorf("size %d, data %d; want %d, %d", s.size, s.dataSize, want, h.DataSize())
	}
	for i, ti := range h.Tensors {
		if s.outputs[i].id.Name != ti.Name {
			t.Fatalf("output %d is %q, the header's is %q", i, s.outputs[i].id.Name, ti.Name)
		}
	}
	var buf bytes.Buffer
	outs := s.outputs
	if _, _, err := safetensors.WriteHeader(&buf, len(outs), func(i int) safetensors.Spec { return outs[i].spec() }, s.meta); err != nil || !bytes.Equal(buf.Bytes(), enc) {
		t.Errorf("streamed header differs from Encode's (%v)", err)
	}
	for _, dup := range [][]safetensors.Spec{
		{{Name: "a", DType: dtype.F32}, {Name: "b", DType: dtype.F32}, {Name: "a", DType: dtype.F32}},
		{{Name: "a", DType: dtype.F32}, {Name: "z", DType: dtype.BF16}, {Name: "a", DType: dtype.BF16}},
		{{Name: "m", DType: dtype.I8}, {Name: "a", DType: dtype.F32}, {Name: "m", DType: dtype.BF16}, {Name: "q", DType: dtype.F32}},
	} {
		if err := mk(dup...).layOut(); err == nil || !strings.Contains(err.Error(), `"a"`) && !strings.Contains(err.Error(), `"m"`) {
			t.Errorf("%v: error %v, want one naming the tensor used twice", dup, err)
		}
	}
}

// TestExactWriter: a producer writing past its tensor's size is stopped.
func TestExactWriter(t *testing.T) {
	var buf bytes.Buffer
	w := &exactWriter{w: &buf, name: "t", left: 4}
	if _, err := w.Write([]byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte{4, 5}); err == nil || !strings.Contains(err.Error(), `"t"`) {
		t.Errorf("writing past the size: error %v", err)
	}
	if w.left != 1 || buf.Len() != 3 {
		t.Errorf("left %d, wrote %d; want 1 and 3", w.left, buf.Len())
	}
}

// TestPermute: permute puts xs in the order perm gives, for random
// permutations of several sizes (fixed points and long cycles included).
func TestPermute(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{0, 1, 2, 3, 10, 257} {
		for range 20 {
			perm := make([]int32, n)
			for i, j := range r.Perm(n) {
				perm[i] = int32(j)
			}
			xs := make([]TensorReport, n)
			for i := range xs {
				xs[i].Name = fmt.Sprint(i)
			}
			want := make([]string, n)
			for k, j := range perm {
				want[k] = xs[j].Name
			}
			permute(xs, slices.Clone(perm))
			for k := range xs {
				if xs[k].Name != want[k] {
					t.Fatalf("n %d, perm %v: position %d holds %s, want %s", n, perm, k, xs[k].Name, want[k])
				}
			}
		}
	}
}
