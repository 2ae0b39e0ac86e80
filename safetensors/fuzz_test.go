package safetensors

import (
	"bytes"
	"os"
	"testing"
)

// FuzzParseHeader feeds arbitrary header bytes to the parser: it must
// return a header or an error, never panic, and a header it accepts must
// encode and parse back to the same tensors.
func FuzzParseHeader(f *testing.F) {
	for _, name := range []string{"ref_attn", "ref_attn0_aligned", "ref_empty", "ref_empty_metadata", "ref_mixed"} {
		b, err := os.ReadFile("testdata/" + name + ".safetensors")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[8:], int64(-1))
	}
	f.Add([]byte(`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"a":{}}`), int64(4))
	f.Add([]byte(`{"__metadata__":{"k":"v"},"b":{"dtype":"F4","shape":[2,0],"data_offsets":[0,0],"x":[]}}`), int64(0))
	f.Fuzz(func(t *testing.T, b []byte, dataSize int64) {
		h, err := ParseHeader(b, dataSize)
		if err != nil {
			return
		}
		enc, err := h.Encode()
		if err != nil {
			t.Fatalf("accepted header does not encode: %v", err)
		}
		back, err := ParseHeader(enc[8:], dataSize)
		if err != nil {
			t.Fatalf("re-encoded header does not parse: %v\n%q", err, enc)
		}
		if len(back.Tensors) != len(h.Tensors) || len(back.Metadata) != len(h.Metadata) {
			t.Fatalf("round trip changed the header")
		}
		for i := range h.Tensors {
			a, b := h.Tensors[i], back.Tensors[i]
			if a.Name != b.Name || a.DType != b.DType || a.Begin != b.Begin || a.End != b.End || len(a.Shape) != len(b.Shape) {
				t.Fatalf("tensor %d: %+v became %+v", i, a, b)
			}
		}
	})
}

// FuzzNewReader feeds whole files: no panic, and an accepted file's
// tensors can all be read.
func FuzzNewReader(f *testing.F) {
	for _, name := range []string{"ref_attn", "ref_empty_metadata", "ref_mixed"} {
		b, err := os.ReadFile("testdata/" + name + ".safetensors")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sf, err := NewReader(bytes.NewReader(b), int64(len(b)), "fuzz")
		if err != nil {
			return
		}
		for _, ti := range sf.Tensors {
			if _, err := sf.ReadTensor(ti.Name); err != nil {
				t.Fatalf("accepted file: tensor %q: %v", ti.Name, err)
			}
		}
	})
}
