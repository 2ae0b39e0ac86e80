package npy

import (
	"bytes"
	"os"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

func fuzzSeeds(f *testing.F) {
	f.Add(rawFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", f32le(1, 2)))
	f.Add(rawFile(1, "{'descr': '>c8', 'fortran_order': True, 'shape': (1, 2), }", make([]byte, 16)))
	f.Add(rawFile(2, "{'descr': '|b1', 'fortran_order': False, 'shape': (), }", []byte{3}))
	f.Add(rawFile(3, "{'descr': 'int4', 'fortran_order': True, 'shape': (2, 2), }", []byte{1, 2, 3, 4}))
	f.Add(rawFile(1, "{'descr': '<V2', 'fortran_order': False, 'shape': (1,), }", []byte{0x80, 0x3f}))
	f.Add(rawFile(1, "{\"shape\":(3L,),'fortran_order':False,\"descr\":\"<f1\"}", []byte{1, 2, 3}))
	f.Add([]byte(magic + "\x01\x00\xff\xff{"))
}

// FuzzReadHeader: the header parser never panics, and a header it
// accepts has a non-negative shape and a data offset inside the input.
func FuzzReadHeader(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := ReadHeader(bytes.NewReader(b))
		if err != nil {
			return
		}
		if h.DataOffset > int64(len(b)) {
			t.Fatalf("data offset %d past the %d-byte input", h.DataOffset, len(b))
		}
		for _, d := range h.Shape {
			if d < 0 {
				t.Fatalf("negative dimension in %v", h.Shape)
			}
		}
	})
}

// FuzzRead: Read never panics; a tensor it returns is well formed, and
// writing it and reading it back gives the same tensor.
func FuzzRead(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		x, err := read(b, ReadAs(dtype.BF16))
		if err != nil {
			x, err = read(b)
		}
		if err != nil {
			return
		}
		if err := x.Check(); err != nil {
			t.Fatalf("Read returned a malformed tensor: %v", err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, x); err != nil {
			t.Fatalf("writing back %v: %v", x, err)
		}
		y, err := read(buf.Bytes())
		if err != nil {
			t.Fatalf("reading back %v: %v", x, err)
		}
		if y.String() != x.String() || !bytes.Equal(y.Data, x.Data) {
			t.Fatalf("round trip changed %v %x into %v %x", x, x.Data, y, y.Data)
		}
	})
}

// FuzzReadNPZ: ReadNPZ never panics on any bytes; an archive it accepts
// writes back (stored) and reads again to the same arrays. Sizes are
// bounded to a megabyte so the fuzzer stays fast.
func FuzzReadNPZ(f *testing.F) {
	for _, name := range []string{"numpy_savez", "numpy_savez_compressed", "numpy_positional", "numpy_object"} {
		b, err := os.ReadFile("testdata/" + name + ".npz")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		o := options{maxNPZBytes: 1 << 20}
		arrays, err := readNPZ(bytes.NewReader(b), int64(len(b)), o, npzLimits{members: 64, directory: 1 << 16, search: endSearch})
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteNPZ(&buf, arrays); err != nil {
			t.Fatalf("accepted arrays do not write: %v", err)
		}
		back, err := ReadNPZ(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatalf("written archive does not read: %v", err)
		}
		if len(back) != len(arrays) {
			t.Fatalf("%d arrays back, %d written", len(back), len(arrays))
		}
		for i := range arrays {
			a, b := arrays[i], back[i]
			if a.Name != b.Name || a.Tensor.String() != b.Tensor.String() || !bytes.Equal(a.Tensor.Data, b.Tensor.Data) {
				t.Fatalf("array %d: %q %v became %q %v", i, a.Name, a.Tensor, b.Name, b.Tensor)
			}
		}
	})
}
