package safetensors

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

// TestDTypeTable: every format dtype maps to a distinct catalogue dtype
// and back; the list is the reference's, in its order.
func TestDTypeTable(t *testing.T) {
	want := []string{"BOOL", "F4", "F6_E2M3", "F6_E3M2", "U8", "I8", "F8_E5M2", "F8_E4M3",
		"F8_E8M0", "F8_E4M3FNUZ", "F8_E5M2FNUZ", "I16", "U16", "F16", "BF16", "I32", "U32",
		"F32", "C64", "F64", "I64", "U64"}
	got := DTypes()
	if len(got) != len(want) {
		t.Fatalf("%d dtypes, want %d", len(got), len(want))
	}
	for i, name := range want {
		d, err := DTypeOf(name)
		if err != nil || d != got[i] {
			t.Errorf("DTypeOf(%q) = %v, %v; DTypes()[%d] = %v", name, d, err, i, got[i])
		}
		if back, ok := Name(d); !ok || back != name {
			t.Errorf("Name(%v) = %q, %v; want %q", d, back, ok, name)
		}
		if bitsOf(d) != d.Bits() && d != dtype.Bool {
			t.Errorf("%s: %d bits in the file, the catalogue says %d", name, bitsOf(d), d.Bits())
		}
	}
	fixed := map[string]dtype.DType{"F8_E4M3": dtype.F8E4M3FN, "F8_E8M0": dtype.F8E8M0FNU, "F4": dtype.F4E2M1FN, "C64": dtype.C64, "BOOL": dtype.Bool}
	for name, d := range fixed {
		if got, _ := DTypeOf(name); got != d {
			t.Errorf("DTypeOf(%q) = %v, want %v", name, got, d)
		}
	}
	for _, bad := range []string{"f32", "F8_E4M3FN", "INT4", "C128", ""} {
		if _, err := DTypeOf(bad); err == nil {
			t.Errorf("DTypeOf(%q) accepted", bad)
		}
	}
	for _, d := range dtype.All() {
		_, ok := Name(d)
		if ok != Supported(d) {
			t.Errorf("Supported(%v) disagrees with Name", d)
		}
	}
}

// TestReadReferenceFiles reads the files the reference writer would
// write, with their values.
func TestReadReferenceFiles(t *testing.T) {
	tensors, meta, err := ReadFile("testdata/ref_attn.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	if meta != nil || len(tensors) != 1 || tensors[0].Name != "attn.0" {
		t.Fatalf("got %+v, %v", tensors, meta)
	}
	x := tensors[0].Tensor
	if x.DType != dtype.F32 || len(x.Shape) != 3 || x.Shape[2] != 3 || !bytes.Equal(x.Data, f32Bytes(0, 1, 2, 3, 4, 5)) {
		t.Errorf("attn.0 = %+v", x)
	}
	_, meta, err = ReadFile("testdata/ref_empty_metadata.safetensors")
	if err != nil || meta["framework"] != "pt" || len(meta) != 1 {
		t.Errorf("metadata %v, %v", meta, err)
	}
	f, err := Open("testdata/ref_mixed.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.DataOffset()%8 != 0 || f.Metadata["format"] != "pt" {
		t.Errorf("data at %d, metadata %v", f.DataOffset(), f.Metadata)
	}
	wantOrder := []string{"b", "a", "c", "d", "e"}
	for i, ti := range f.Tensors {
		if ti.Name != wantOrder[i] {
			t.Errorf("tensor %d is %q, want %q", i, ti.Name, wantOrder[i])
		}
	}
	e, err := f.ReadTensor("e")
	if err != nil || e.DType != dtype.F4E2M1FN || !bytes.Equal(e.Data, []byte{0x21, 0x43}) {
		t.Errorf("e = %+v, %v", e, err)
	}
	// Section streams the same bytes.
	b, _ := f.Lookup("a")
	got, err := io.ReadAll(f.Section(b))
	if err != nil || !bytes.Equal(got, f32Bytes(1.5, -2)) {
		t.Errorf("Section(a) = %v, %v", got, err)
	}
}

// randomTensor makes a tensor of d with n elements of random bytes (bool
// 0/1).
func randomTensor(r *rand.Rand, d dtype.DType, shape ...int64) *tensor.Tensor {
	n, _ := tensor.NumElements(shape)
	size, err := ByteSize(d, n)
	if err != nil {
		panic(err)
	}
	data := make([]byte, size)
	for i := range data {
		data[i] = byte(r.Uint32())
		if d == dtype.Bool {
			data[i] &= 1
		}
	}
	return &tensor.Tensor{DType: d, Shape: shape, Data: data}
}

// TestRoundTripEveryDType writes a file holding a tensor of every format
// dtype (and shapes of rank 0 to 3, empty ones included) and reads it
// back unchanged, metadata included.
func TestRoundTripEveryDType(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var tensors []Named
	for _, d := range DTypes() {
		name, _ := Name(d)
		tensors = append(tensors,
			Named{name + ".r2", randomTensor(r, d, 4, 6)},
			Named{name + ".r3", randomTensor(r, d, 2, 0, 8)},
		)
		if d.Bits() >= 8 {
			tensors = append(tensors, Named{name + ".r0", randomTensor(r, d)})
		}
	}
	meta := map[string]string{"format": "pt", "note": "héllo\n"}
	path := filepath.Join(t.TempDir(), "all.safetensors")
	if err := WriteFile(path, tensors, meta); err != nil {
		t.Fatal(err)
	}
	back, backMeta, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(backMeta) != 2 || backMeta["note"] != meta["note"] {
		t.Errorf("metadata %v", backMeta)
	}
	byName := map[string]*tensor.Tensor{}
	for _, n := range back {
		byName[n.Name] = n.Tensor
	}
	for _, want := range tensors {
		got := byName[want.Name]
		if got == nil {
			t.Errorf("%s missing", want.Name)
			continue
		}
		if got.DType != want.Tensor.DType || len(got.Shape) != len(want.Tensor.Shape) || !bytes.Equal(got.Data, want.Tensor.Data) {
			t.Errorf("%s: got %v%v, want %v%v", want.Name, got.DType, got.Shape, want.Tensor.DType, want.Tensor.Shape)
		}
	}
	// Writing what was read gives the same bytes.
	first, _ := os.ReadFile(path)
	if again := encode(t, back, backMeta); !bytes.Equal(first, again) {
		t.Errorf("rewriting the file changed its bytes")
	}
}

// TestStreamingWriter writes tensor data in pieces that cross tensor
// boundaries and checks the writer's bookkeeping.
func TestStreamingWriter(t *testing.T) {
	h, err := Layout([]Spec{{"a", dtype.F32, []int64{3}}, {"b", dtype.U8, []int64{5}}, {"z", dtype.I16, []int64{0}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := NewWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	if next, _ := w.Next(); next.Name != "a" {
		t.Errorf("first tensor %q", next.Name)
	}
	data := []byte("0123456789abcdefg") // 12 + 5 bytes
	for _, piece := range [][]byte{data[:5], data[5:13], data[13:]} {
		if _, err := w.Write(piece); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := w.Next(); ok {
		t.Error("tensors left after all bytes")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte{1}); err == nil {
		t.Error("a byte past the end was accepted")
	}
	f, err := NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "mem")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := f.ReadTensor("b")
	if string(b.Data) != "cdefg" {
		t.Errorf("b = %q", b.Data)
	}

	// Short and misnamed writes are errors.
	w, _ = NewWriter(io.Discard, h)
	if err := w.WriteTensor("b", make([]byte, 5)); err == nil {
		t.Error("WriteTensor out of order accepted")
	}
	if err := w.WriteTensor("a", make([]byte, 11)); err == nil {
		t.Error("WriteTensor of the wrong size accepted")
	}
	w.Write(make([]byte, 4))
	if err := w.Close(); err == nil {
		t.Error("Close with bytes missing accepted")
	}
}

// TestFileWriterFailureLeavesNothing: an aborted or incomplete write
// leaves no file and no temporary file, and an existing file at the path
// stays as it was.
func TestFileWriterFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.safetensors")
	h, _ := Layout([]Spec{{"a", dtype.F32, []int64{2}}}, nil)

	fw, err := Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(make([]byte, 4)) // half the data
	if err := fw.Commit(); err == nil {
		t.Fatal("Commit of an incomplete file succeeded")
	}
	assertDir(t, dir)

	os.WriteFile(path, []byte("old"), 0o644)
	os.Chmod(path, 0o644) // whatever the umask: a replaced file keeps it
	fw, _ = Create(path, h)
	fw.Write(make([]byte, 8))
	fw.Abort()
	assertDir(t, dir, "out.safetensors")
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("the existing file changed to %q", b)
	}

	// A failed WriteFile (bad tensor) leaves the old file too.
	err = WriteFile(path, []Named{{"x", &tensor.Tensor{DType: dtype.F32, Shape: []int64{2}, Data: make([]byte, 7)}}}, nil)
	if err == nil {
		t.Error("WriteFile with short data succeeded")
	}
	assertDir(t, dir, "out.safetensors")

	fw, _ = Create(path, h)
	fw.WriteTensor("a", make([]byte, 8))
	if err := fw.Commit(); err != nil {
		t.Fatal(err)
	}
	fw.Abort() // after Commit: nothing
	assertDir(t, dir, "out.safetensors")
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	if _, err := Open(path); err != nil {
		t.Error(err)
	}
}

func assertDir(t *testing.T, dir string, want ...string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if len(got) != len(want) || len(want) > 0 && got[0] != want[0] {
		t.Errorf("directory holds %v, want %v", got, want)
	}
}

// TestReadAtBounds: ReadAt refuses reads outside the tensor.
func TestReadAtBounds(t *testing.T) {
	f, err := Open("testdata/ref_mixed.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, _ := f.Lookup("a")
	if err := f.ReadAt(a, make([]byte, 4), 6); err == nil {
		t.Error("read past the tensor's end accepted")
	}
	p := make([]byte, 4)
	if err := f.ReadAt(a, p, 4); err != nil || !bytes.Equal(p, f32Bytes(-2)) {
		t.Errorf("ReadAt = %v, %v", p, err)
	}
	if _, err := f.ReadTensor("nope"); err == nil {
		t.Error("missing tensor read")
	}
	var fe *FormatError
	if errors.As(err, &fe) {
		t.Error("a missing tensor is not a format error")
	}
}

// TestCreateRefusesSpecialFiles: Create replaces only regular files, and
// its errors name the path given, not a temporary file.
func TestCreateRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	h, _ := Layout([]Spec{{"a", dtype.U8, []int64{2}}}, nil)
	for _, p := range []string{dir, "/dev/null", filepath.Join(dir, "missing", "x.safetensors")} {
		_, err := Create(p, h)
		if err == nil || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), "promote-tmp") {
			t.Errorf("Create(%q) = %v, want an error naming it", p, err)
		}
	}
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode().IsRegular() {
		t.Errorf("/dev/null was replaced: %v %v", st, err)
	}
	// A Writer error names the file too.
	path := filepath.Join(dir, "out.safetensors")
	fw, err := Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	defer fw.Abort()
	if err := fw.WriteTensor("b", []byte{1, 2}); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("WriteTensor of the wrong tensor: %v, want an error naming %s", err, path)
	}
}
