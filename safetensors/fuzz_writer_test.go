package safetensors

import (
	"bytes"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/promote-dev/promote/tensor"
)

// fuzzBytes hands out a fuzz input's bytes one at a time, then zeros.
type fuzzBytes struct{ b []byte }

func (f *fuzzBytes) next() byte {
	if len(f.b) == 0 {
		return 0
	}
	c := f.b[0]
	f.b = f.b[1:]
	return c
}

// str returns a string of up to max bytes taken as they are (possibly
// not printable ASCII, possibly not UTF-8).
func (f *fuzzBytes) str(max int) string {
	n := min(int(f.next())%(max+1), len(f.b))
	s := string(f.b[:n])
	f.b = f.b[n:]
	return s
}

// fuzzTensors builds the tensors and metadata a fuzz input describes:
// up to 7 tensors of any format dtype, rank 0 to 3 with dimensions 0 to
// 4, names of up to 3 bytes (so repeats happen), data filled from the
// input; up to 2 metadata entries.
func fuzzTensors(in []byte) ([]Named, map[string]string) {
	f := &fuzzBytes{in}
	var ts []Named
	for range int(f.next()) % 8 {
		info := formatDTypes[int(f.next())%len(formatDTypes)]
		shape := make([]int64, int(f.next())%4)
		for i := range shape {
			shape[i] = int64(f.next() % 5)
		}
		name := f.str(3)
		n, _ := tensor.NumElements(shape)
		size := (n*int64(info.bits) + 7) / 8
		data := make([]byte, size)
		for i := range data {
			data[i] = f.next()
		}
		ts = append(ts, Named{name, &tensor.Tensor{DType: info.dt, Shape: shape, Data: data}})
	}
	var meta map[string]string
	if k := int(f.next()) % 4; k > 0 {
		meta = map[string]string{}
		for range k - 1 {
			meta[f.str(3)] = f.str(5)
		}
	}
	return ts, meta
}

// FuzzWriterRoundTrip writes what a fuzzed description says and reads
// it back: Encode either refuses it for a reason the description shows
// (a repeated or unprintable name, a sub-byte tensor that does not fill
// whole bytes, metadata that is not UTF-8) or writes a file that reads
// back with the same tensors, data and metadata, in the reference
// writer's order, whose header re-encodes to the same bytes, and which
// the streaming Writer fed in arbitrary pieces reproduces byte for byte.
func FuzzWriterRoundTrip(f *testing.F) {
	f.Add([]byte{2, 17, 2, 3, 4, 1, 'w', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 1, 1, 'b', 7, 2, 1, 'k', 1, 'v'}, []byte{3, 1, 200})
	f.Add([]byte{3, 1, 1, 3, 1, 'a', 0xff, 1, 1, 2, 1, 'b', 9, 0, 0, 1, 'c', 0}, []byte{1})
	f.Add([]byte{2, 0, 0, 1, 'x', 1, 4, 0, 1, 'x', 1, 0}, []byte(nil))
	f.Add([]byte{1, 2, 1, 4, 1, 'y', 1, 2, 3, 2, 1, 0xc3, 1, 'v'}, []byte{5})
	f.Fuzz(func(t *testing.T, desc, pieces []byte) {
		ts, meta := fuzzTensors(desc)
		var buf bytes.Buffer
		err := Encode(&buf, ts, meta)
		if err != nil {
			if reason := whyRefused(ts, meta); reason == "" {
				t.Fatalf("Encode refused a valid description: %v", err)
			}
			return
		}
		if reason := whyRefused(ts, meta); reason != "" {
			t.Fatalf("Encode accepted a description with %s", reason)
		}
		file := buf.Bytes()
		sf, err := NewReader(bytes.NewReader(file), int64(len(file)), "fuzz")
		if err != nil {
			t.Fatalf("written file does not read: %v", err)
		}
		if len(sf.Tensors) != len(ts) || !sameMeta(sf.Metadata, meta) {
			t.Fatalf("read %d tensors, metadata %v; wrote %d, %v", len(sf.Tensors), sf.Metadata, len(ts), meta)
		}
		for _, w := range ts {
			got, err := sf.ReadTensor(w.Name)
			if err != nil {
				t.Fatalf("tensor %q: %v", w.Name, err)
			}
			if got.DType != w.Tensor.DType || !slices.Equal(got.Shape, w.Tensor.Shape) || !bytes.Equal(got.Data, w.Tensor.Data) {
				t.Fatalf("tensor %q: read %v %x, wrote %v %x", w.Name, got, got.Data, w.Tensor, w.Tensor.Data)
			}
		}
		// The reference writer's order: dtype position descending, then name.
		for i := 1; i < len(sf.Tensors); i++ {
			a, b := sf.Tensors[i-1], sf.Tensors[i]
			if ra, rb := rankOf[a.DType], rankOf[b.DType]; ra < rb || ra == rb && a.Name >= b.Name {
				t.Fatalf("tensors %q (%v) then %q (%v): not the reference writer's order", a.Name, a.DType, b.Name, b.DType)
			}
		}
		enc, err := sf.Header.Encode()
		if err != nil || !bytes.Equal(enc, file[:sf.DataOffset()]) {
			t.Fatalf("the header re-encodes differently (%v):\n%q\n%q", err, enc, file[:sf.DataOffset()])
		}
		// The streaming Writer, fed the data in fuzzed pieces.
		var stream bytes.Buffer
		sw, err := NewWriter(&stream, &sf.Header)
		if err != nil {
			t.Fatal(err)
		}
		data := file[sf.DataOffset():]
		for p := 0; len(data) > 0; p++ {
			n := len(data)
			if len(pieces) > 0 {
				n = min(n, int(pieces[p%len(pieces)])%9+1)
			}
			if _, err := sw.Write(data[:n]); err != nil {
				t.Fatalf("streaming write: %v", err)
			}
			data = data[n:]
		}
		if err := sw.Close(); err != nil {
			t.Fatalf("streaming close: %v", err)
		}
		if !bytes.Equal(stream.Bytes(), file) {
			t.Fatalf("the streamed file differs from Encode's")
		}
		if _, err := sw.Write([]byte{0}); err == nil {
			t.Fatalf("a byte past the end was accepted")
		}
	})
}

// whyRefused says what in a description the format cannot hold, or "".
func whyRefused(ts []Named, meta map[string]string) string {
	seen := map[string]bool{}
	for _, w := range ts {
		if checkName(w.Name) != nil || w.Name == metadataKey {
			return "an unprintable or reserved name"
		}
		if seen[w.Name] {
			return "a repeated name"
		}
		seen[w.Name] = true
		n, _ := tensor.NumElements(w.Tensor.Shape)
		if _, err := ByteSize(w.Tensor.DType, n); err != nil {
			return "a tensor that does not fill whole bytes"
		}
	}
	for k, v := range meta {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return "metadata that is not UTF-8"
		}
	}
	return ""
}

func sameMeta(a, b map[string]string) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
