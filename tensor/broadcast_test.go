package tensor

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

func TestBroadcastShapes(t *testing.T) {
	tests := []struct {
		in      [][]int64
		want    []int64
		wantErr string
	}{
		{nil, []int64{}, ""},
		{[][]int64{{}}, []int64{}, ""},
		{[][]int64{{}, {3}}, []int64{3}, ""},
		{[][]int64{{2, 3}, {3}}, []int64{2, 3}, ""},
		{[][]int64{{2, 1}, {1, 3}}, []int64{2, 3}, ""},
		{[][]int64{{8, 1, 6, 1}, {7, 1, 5}}, []int64{8, 7, 6, 5}, ""},
		{[][]int64{{5, 4}, {1}}, []int64{5, 4}, ""},
		{[][]int64{{15, 3, 5}, {15, 1, 5}, {3, 1}}, []int64{15, 3, 5}, ""},
		{[][]int64{{0}, {1}}, []int64{0}, ""},
		{[][]int64{{1, 0}, {5, 1}}, []int64{5, 0}, ""},
		{[][]int64{{3}, {4}}, nil, "shapes [3] and [4] cannot be broadcast together: size 3 and size 4 at axis -1"},
		{[][]int64{{2, 1}, {8, 4, 3}}, nil, "shapes [2 1] and [8 4 3] cannot be broadcast together: size 2 and size 4 at axis -2"},
		{[][]int64{{0}, {3}}, nil, "size 0 and size 3"},
		{[][]int64{{2, 3}, {1}, {4, 3}}, nil, "shapes [2 3] and [4 3]"},
		{[][]int64{{-1}}, nil, "negative"},
	}
	for _, tc := range tests {
		got, err := BroadcastShapes(tc.in...)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("BroadcastShapes%v error = %v, want one containing %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !equalShape(got, tc.want) {
			t.Errorf("BroadcastShapes%v = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestBroadcastTo(t *testing.T) {
	u8 := func(shape []int64, v ...byte) *Tensor { return mustNew(t, dtype.U8, shape, v) }
	tests := []struct {
		in    *Tensor
		shape []int64
		want  []byte
	}{
		{u8([]int64{}, 7), []int64{2, 2}, []byte{7, 7, 7, 7}},
		{u8([]int64{3}, 1, 2, 3), []int64{2, 3}, []byte{1, 2, 3, 1, 2, 3}},
		{u8([]int64{2, 1}, 1, 2), []int64{2, 3}, []byte{1, 1, 1, 2, 2, 2}},
		{u8([]int64{2, 1, 2}, 1, 2, 3, 4), []int64{2, 3, 2}, []byte{1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4}},
		{u8([]int64{1, 2}, 5, 6), []int64{3, 1, 2}, []byte{5, 6, 5, 6, 5, 6}},
		{u8([]int64{2}, 1, 2), []int64{2}, []byte{1, 2}},
		{u8([]int64{1}, 9), []int64{0}, []byte{}},
		{u8([]int64{1}, 9), []int64{5, 0}, []byte{}},
	}
	for _, tc := range tests {
		got, err := BroadcastTo(tc.in, tc.shape)
		if err != nil {
			t.Errorf("BroadcastTo(%v, %v): %v", tc.in, tc.shape, err)
			continue
		}
		if !equalShape(got.Shape, tc.shape) || !bytes.Equal(got.Data, tc.want) {
			t.Errorf("BroadcastTo(%v, %v) = %v %v, want %v", tc.in, tc.shape, got, got.Data, tc.want)
		}
	}
	// Wider and sub-byte elements.
	f := mustNew(t, dtype.F32, []int64{2, 1}, f32s(1, 2))
	got, err := BroadcastTo(f, []int64{2, 2})
	if err != nil || !bytes.Equal(got.Data, f32s(1, 1, 2, 2)) {
		t.Errorf("f32 broadcast: %v %x", err, got.Data)
	}
	q := mustNew(t, dtype.U4, []int64{3}, []byte{0x21, 0x03})
	got, err = BroadcastTo(q, []int64{3, 3})
	if err != nil || !bytes.Equal(got.Data, []byte{0x21, 0x13, 0x32, 0x21, 0x03}) {
		t.Errorf("u4 broadcast: %v %x", err, got.Data)
	}
	for _, bad := range []struct {
		in    *Tensor
		shape []int64
	}{
		{u8([]int64{3}, 1, 2, 3), []int64{2}},
		{u8([]int64{3}, 1, 2, 3), []int64{}},
		{u8([]int64{2, 1}, 1, 2), []int64{3, 1}},
		{u8([]int64{1}, 1), []int64{-2}},
		{u8([]int64{1}, 1), []int64{1 << 40, 1 << 40}},
	} {
		if _, err := BroadcastTo(bad.in, bad.shape); err == nil {
			t.Errorf("BroadcastTo(%v, %v) gave no error", bad.in, bad.shape)
		}
	}
}

// TestBroadcastToMatchesIndexing checks BroadcastTo against element
// indexing for many shape pairs.
func TestBroadcastToMatchesIndexing(t *testing.T) {
	dims := []int64{1, 2, 3}
	var shapes [][]int64
	shapes = append(shapes, []int64{})
	for _, a := range dims {
		shapes = append(shapes, []int64{a})
		for _, b := range dims {
			shapes = append(shapes, []int64{a, b})
			for _, c := range dims {
				shapes = append(shapes, []int64{a, b, c})
			}
		}
	}
	for _, in := range shapes {
		for _, to := range shapes {
			out, err := BroadcastShapes(in, to)
			if err != nil || !equalShape(out, to) {
				continue // not broadcastable to "to"
			}
			n, _ := NumElements(in)
			data := make([]byte, 2*n)
			for i := range data {
				data[i] = byte(i)
			}
			x := mustNew(t, dtype.I16, in, data)
			got, err := BroadcastTo(x, to)
			if err != nil {
				t.Fatalf("%v to %v: %v", in, to, err)
			}
			m, _ := NumElements(to)
			for k := int64(0); k < m; k++ {
				// Index of output element k in the input.
				rem, src, stride := k, int64(0), int64(1)
				for ax := len(to) - 1; ax >= 0; ax-- {
					i := rem % to[ax]
					rem /= to[ax]
					if j := ax - (len(to) - len(in)); j >= 0 {
						if in[j] != 1 {
							src += i * stride
						}
						stride *= in[j]
					}
				}
				if got.Data[2*k] != data[2*src] || got.Data[2*k+1] != data[2*src+1] {
					t.Fatalf("%v to %v: element %d wrong", in, to, k)
				}
			}
		}
	}
}

func TestKernelFloatExtent(t *testing.T) {
	tests := []struct {
		in      []int64
		want    int64
		wantErr string
	}{
		{[]int64{3, 3}, 3, ""},
		{[]int64{1, 4}, 4, ""},
		{[]int64{4, 1}, 4, ""},
		{[]int64{1, 1}, 1, ""},
		{[]int64{5}, 5, ""},
		{[]int64{1, 4, 1}, 4, ""},
		{[]int64{4, 1, 4}, 4, ""},
		{[]int64{2, 3}, 0, "lengths 2 and 3"},
		{[]int64{1, 2, 3}, 0, "lengths 2 and 3"},
		{[]int64{}, 0, "no operands"},
		{[]int64{-1, 1}, 0, "negative"},
	}
	for _, tc := range tests {
		got, err := KernelFloatExtent(tc.in...)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("KernelFloatExtent%v error = %v, want one containing %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("KernelFloatExtent%v = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

func TestKernelFloatBroadcast(t *testing.T) {
	s := mustNew(t, dtype.F32, []int64{}, f32s(2))
	v := mustNew(t, dtype.F32, []int64{3}, f32s(1, 2, 3))
	out, err := KernelFloatBroadcast(s, v)
	if err != nil {
		t.Fatal(err)
	}
	if !equalShape(out[0].Shape, []int64{3}) || !bytes.Equal(out[0].Data, f32s(2, 2, 2)) || out[1] != v {
		t.Errorf("scalar with vec<3>: %v %v", out[0], out[1])
	}
	w := mustNew(t, dtype.F32, []int64{2}, f32s(1, 2))
	if _, err := KernelFloatBroadcast(v, w); err == nil || !strings.Contains(err.Error(), "lengths 3 and 2") {
		t.Errorf("vec<3> with vec<2>: %v", err)
	}
	m := mustNew(t, dtype.F32, []int64{1, 1}, f32s(1))
	if _, err := KernelFloatBroadcast(v, m); err == nil {
		t.Error("a rank-2 tensor was vectorised")
	}
}

func FuzzBroadcastShapes(f *testing.F) {
	f.Add([]byte{2, 3, 0, 3})
	f.Add([]byte{8, 1, 6, 1, 0, 7, 1, 5})
	f.Fuzz(func(t *testing.T, b []byte) {
		// Shapes are runs of small dimensions separated by 0xff.
		var shapes [][]int64
		cur := []int64{}
		for _, x := range b {
			if x == 0xff {
				shapes = append(shapes, cur)
				cur = []int64{}
				continue
			}
			if len(cur) < 6 {
				cur = append(cur, int64(x%5))
			}
		}
		shapes = append(shapes, cur)
		out, err := BroadcastShapes(shapes...)
		if err != nil {
			return
		}
		// Every input broadcasts to the result, and the result is
		// symmetric in the order of the inputs.
		for _, s := range shapes {
			if o, err := BroadcastShapes(s, out); err != nil || !equalShape(o, out) {
				t.Fatalf("%v does not broadcast to %v: %v %v", s, out, o, err)
			}
		}
		rev := make([][]int64, len(shapes))
		for i, s := range shapes {
			rev[len(shapes)-1-i] = s
		}
		if o, err := BroadcastShapes(rev...); err != nil || fmt.Sprint(o) != fmt.Sprint(out) {
			t.Fatalf("order matters: %v vs %v (%v)", o, out, err)
		}
	})
}
