package safetensors

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// sortedSpecs returns specs in Layout's order.
func sortedSpecs(specs []Spec) []Spec {
	out := slices.Clone(specs)
	slices.SortStableFunc(out, CompareLayout)
	return out
}

// encodeSpecs is what WriteHeader must reproduce: Layout, then Encode.
func encodeSpecs(t *testing.T, specs []Spec, meta map[string]string) ([]byte, int64) {
	t.Helper()
	h, err := Layout(specs, meta)
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b, h.DataSize()
}

func writeSpecs(specs []Spec, meta map[string]string) ([]byte, int64, int64, error) {
	var buf bytes.Buffer
	n, data, err := WriteHeader(&buf, len(specs), func(i int) Spec { return specs[i] }, meta)
	return buf.Bytes(), n, data, err
}

// TestWriteHeaderMatchesEncode: the streamed header is Encode's, byte for
// byte, and HeaderSize says its length.
func TestWriteHeaderMatchesEncode(t *testing.T) {
	mixed := []Spec{
		{"z.bias", dtype.F32, []int64{3}},
		{"a.w", dtype.BF16, []int64{2, 2}},
		{"step", dtype.I64, []int64{}},
		{"q", dtype.F4E2M1FN, []int64{4}},
		{`quote"back\slash`, dtype.U8, []int64{0}},
		{"empty", dtype.F16, []int64{0, 5}},
	}
	cases := []struct {
		name  string
		specs []Spec
		meta  map[string]string
	}{
		{"none", nil, nil},
		{"none, empty metadata", nil, map[string]string{}},
		{"mixed", mixed, nil},
		{"mixed with metadata", mixed, map[string]string{"format": "pt", "b": "ü\"\n"}},
		{"model 3000", modelSpecs(3000), map[string]string{"format": "pt"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			specs := sortedSpecs(c.specs)
			want, wantData := encodeSpecs(t, specs, c.meta)
			got, n, data, err := writeSpecs(specs, c.meta)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) || n != int64(len(want)) || data != wantData {
				t.Errorf("WriteHeader wrote %d bytes (data %d), Encode %d (data %d)\n got %q\nwant %q", n, data, len(want), wantData, cut(got), cut(want))
			}
			size, err := HeaderSize(len(specs), func(i int) Spec { return specs[i] }, c.meta)
			if err != nil || size != int64(len(want)) {
				t.Errorf("HeaderSize = %d, %v; want %d", size, err, len(want))
			}
		})
	}
}

func cut(b []byte) []byte { return b[:min(len(b), 300)] }

// TestWriteHeaderRefuses: Layout's rules, and its order, are checked
// before anything is written.
func TestWriteHeaderRefuses(t *testing.T) {
	cases := []struct {
		name  string
		specs []Spec
		fault error
	}{
		{"out of order", []Spec{{"b", dtype.F32, nil}, {"a", dtype.F32, nil}}, ErrOffsets},
		{"dtype order", []Spec{{"a", dtype.F16, nil}, {"b", dtype.F32, nil}}, ErrOffsets},
		{"twice", []Spec{{"a", dtype.F32, nil}, {"a", dtype.F32, nil}}, ErrDuplicate},
		{"twice, two dtypes", []Spec{{"a", dtype.F32, nil}, {"c", dtype.F32, nil}, {"b", dtype.F16, nil}, {"c", dtype.F16, nil}}, ErrDuplicate},
		{"unprintable", []Spec{{"a\n", dtype.F32, nil}}, ErrName},
		{"reserved", []Spec{{"__metadata__", dtype.F32, nil}}, ErrName},
		{"unstored dtype", []Spec{{"a", dtype.C128, nil}}, ErrDType},
		{"half a byte", []Spec{{"a", dtype.F4E2M1FN, []int64{3}}}, ErrSize},
		{"overflowing shape", []Spec{{"a", dtype.F32, []int64{1 << 40, 1 << 40}}}, ErrShape},
		{"negative dimension", []Spec{{"a", dtype.F32, []int64{-1}}}, ErrShape},
		{"past 2^63 bytes", []Spec{{"a", dtype.U8, []int64{1 << 62}}, {"b", dtype.U8, []int64{1 << 62}}}, ErrSize},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _, _, err := writeSpecs(c.specs, nil)
			if !errors.Is(err, c.fault) || len(got) != 0 {
				t.Errorf("err %v (want %v), %d bytes written", err, c.fault, len(got))
			}
			if _, err := HeaderSize(len(c.specs), func(i int) Spec { return c.specs[i] }, nil); !errors.Is(err, c.fault) {
				t.Errorf("HeaderSize: %v, want %v", err, c.fault)
			}
		})
	}
	if _, _, _, err := writeSpecs(nil, map[string]string{"k": "\xff"}); err == nil {
		t.Error("metadata that is not UTF-8 was written")
	}
}

// TestWriteHeaderWriteError: the writer's error comes back.
func TestWriteHeaderWriteError(t *testing.T) {
	specs := sortedSpecs(modelSpecs(2000))
	_, _, err := WriteHeader(failWriter{}, len(specs), func(i int) Spec { return specs[i] }, nil)
	if !errors.Is(err, errFail) {
		t.Errorf("err %v, want %v", err, errFail)
	}
}

var errFail = errors.New("disk full")

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

// TestWriteHeaderAllocations guards the streaming: a header of any length
// costs a handful of allocations, none per tensor.
func TestWriteHeaderAllocations(t *testing.T) {
	specs := sortedSpecs(modelSpecs(20_000))
	at := func(i int) Spec { return specs[i] }
	meta := map[string]string{"format": "pt"}
	allocs := testing.AllocsPerRun(3, func() {
		if _, _, err := WriteHeader(io.Discard, len(specs), at, meta); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 20 {
		t.Errorf("WriteHeader of %d tensors made %.0f allocations, want at most 20", len(specs), allocs)
	}
}

// TestIndex: Index finds what Lookup finds, at its position.
func TestIndex(t *testing.T) {
	h, err := Layout(modelSpecs(50), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, ti := range h.Tensors {
		if j, ok := h.Index(ti.Name); !ok || j != i {
			t.Errorf("Index(%q) = %d, %v; want %d", ti.Name, j, ok, i)
		}
	}
	if _, ok := h.Index("absent"); ok {
		t.Error("Index found an absent tensor")
	}
	byHand := &Header{Tensors: h.Tensors}
	if j, ok := byHand.Index(h.Tensors[7].Name); !ok || j != 7 {
		t.Errorf("Index without an index map = %d, %v; want 7", j, ok)
	}
}

// FuzzWriteHeader: for every description Layout accepts, WriteHeader of
// the same specs in Layout's order writes what Encode writes; for every
// one it refuses, WriteHeader refuses too.
func FuzzWriteHeader(f *testing.F) {
	f.Add([]byte{2, 17, 2, 3, 4, 1, 'w', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 1, 1, 'b', 7, 2, 1, 'k', 1, 'v'})
	f.Add([]byte{2, 0, 0, 1, 'x', 1, 4, 0, 1, 'x', 1, 0})
	f.Add([]byte{1, 2, 1, 4, 1, 'y', 1, 2, 3, 2, 1, 0xc3, 1, 'v'})
	f.Fuzz(func(t *testing.T, desc []byte) {
		ts, meta := fuzzTensors(desc)
		specs := make([]Spec, len(ts))
		for i, x := range ts {
			specs[i] = Spec{x.Name, x.Tensor.DType, x.Tensor.Shape}
		}
		h, lerr := Layout(specs, meta)
		var want []byte
		if lerr == nil {
			want, lerr = h.Encode()
		}
		sorted := sortedSpecs(specs)
		got, _, _, err := writeSpecs(sorted, meta)
		switch {
		case lerr != nil && err == nil:
			t.Fatalf("Layout/Encode refused (%v), WriteHeader wrote %q", lerr, got)
		case lerr == nil && err != nil:
			t.Fatalf("WriteHeader refused (%v), Encode wrote %q", err, want)
		case lerr == nil && !bytes.Equal(got, want):
			t.Fatalf("WriteHeader wrote\n%q\nEncode\n%q", got, want)
		}
	})
}
