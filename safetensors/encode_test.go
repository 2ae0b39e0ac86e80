package safetensors

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

func f32Bytes(xs ...float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// specBytes builds a file by hand from the specification: the 8-byte
// little-endian length, the JSON, the space padding, the buffer.
func specBytes(json string, pad int, data []byte) []byte {
	var b []byte
	b = binary.LittleEndian.AppendUint64(b, uint64(len(json)+pad))
	b = append(b, json...)
	b = append(b, bytes.Repeat([]byte(" "), pad)...)
	return append(b, data...)
}

func encode(t *testing.T, tensors []Named, meta map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, tensors, meta); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func f32Tensor(shape []int64, xs ...float32) *tensor.Tensor {
	return &tensor.Tensor{DType: dtype.F32, Shape: shape, Data: f32Bytes(xs...)}
}

// TestEncodeMatchesReference checks Encode against the byte arrays the
// reference implementation's own tests assert for its writer
// (safetensors/src/tensor.rs: test_serialization,
// test_serialization_forced_alignement, test_empty), written out here
// field by field.
func TestEncodeMatchesReference(t *testing.T) {
	attn := f32Tensor([]int64{1, 2, 3}, 0, 1, 2, 3, 4, 5)
	attn0 := f32Tensor([]int64{1, 1, 2, 3}, 0, 1, 2, 3, 4, 5)
	cases := []struct {
		name    string
		tensors []Named
		meta    map[string]string
		want    []byte
		file    string
	}{
		{"serialization", []Named{{"attn.0", attn}}, nil,
			// 64 bytes of JSON, already a multiple of 8: no padding.
			specBytes(`{"attn.0":{"dtype":"F32","shape":[1,2,3],"data_offsets":[0,24]}}`, 0,
				[]byte{0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64, 0, 0, 160, 64}),
			"ref_attn.safetensors"},
		{"forced alignment", []Named{{"attn0", attn0}}, nil,
			// 65 bytes of JSON padded with 7 spaces to 72.
			specBytes(`{"attn0":{"dtype":"F32","shape":[1,1,2,3],"data_offsets":[0,24]}}`, 7,
				[]byte{0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64, 0, 0, 160, 64}),
			"ref_attn0_aligned.safetensors"},
		{"empty", nil, nil,
			[]byte{8, 0, 0, 0, 0, 0, 0, 0, '{', '}', ' ', ' ', ' ', ' ', ' ', ' '},
			"ref_empty.safetensors"},
		{"empty with metadata", nil, map[string]string{"framework": "pt"},
			specBytes(`{"__metadata__":{"framework":"pt"}}`, 5, nil),
			"ref_empty_metadata.safetensors"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := encode(t, c.tensors, c.meta)
			if !bytes.Equal(got, c.want) {
				t.Errorf("Encode:\n got %q\nwant %q", got, c.want)
			}
			if binary.LittleEndian.Uint64(got)%8 != 0 {
				t.Errorf("header length %d is not a multiple of 8", binary.LittleEndian.Uint64(got))
			}
			file, err := os.ReadFile(filepath.Join("testdata", c.file))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(file, c.want) {
				t.Errorf("testdata/%s differs from the reference bytes", c.file)
			}
		})
	}
}

// TestReferenceMixed: several dtypes are ordered by the dtype's position
// in the reference's list, highest first (I64 > F32 > BF16 > U8 > F4),
// whatever order they are given in; metadata comes first.
func TestReferenceMixed(t *testing.T) {
	want, err := os.ReadFile("testdata/ref_mixed.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	i64 := binary.LittleEndian.AppendUint64(nil, uint64(math.MaxUint64-2)) // -3
	tensors := []Named{
		{"e", &tensor.Tensor{DType: dtype.F4E2M1FN, Shape: []int64{2, 2}, Data: []byte{0x21, 0x43}}},
		{"d", &tensor.Tensor{DType: dtype.U8, Shape: []int64{3}, Data: []byte{1, 2, 3}}},
		{"a", f32Tensor([]int64{2}, 1.5, -2)},
		{"c", &tensor.Tensor{DType: dtype.BF16, Shape: []int64{2}, Data: []byte{0x80, 0x3f, 0x00, 0xbf}}},
		{"b", &tensor.Tensor{DType: dtype.I64, Shape: []int64{1}, Data: i64}},
	}
	got := encode(t, tensors, map[string]string{"format": "pt"})
	wantJSON := `{"__metadata__":{"format":"pt"},` +
		`"b":{"dtype":"I64","shape":[1],"data_offsets":[0,8]},` +
		`"a":{"dtype":"F32","shape":[2],"data_offsets":[8,16]},` +
		`"c":{"dtype":"BF16","shape":[2],"data_offsets":[16,20]},` +
		`"d":{"dtype":"U8","shape":[3],"data_offsets":[20,23]},` +
		`"e":{"dtype":"F4","shape":[2,2],"data_offsets":[23,25]}}`
	data := append(append(append(append(i64, f32Bytes(1.5, -2)...), 0x80, 0x3f, 0x00, 0xbf), 1, 2, 3), 0x21, 0x43)
	hand := specBytes(wantJSON, (8-len(wantJSON)%8)%8, data)
	if !bytes.Equal(hand, want) {
		t.Fatalf("testdata/ref_mixed.safetensors differs from the hand-built bytes")
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Encode:\n got %q\nwant %q", got, want)
	}
}

// TestLayoutOrderFollowsDeclarationNotWidth: C64 is declared before F64,
// so F64 tensors come first although both are 64 bits wide; names break
// ties in byte order (upper case before lower case).
func TestLayoutOrderFollowsDeclarationNotWidth(t *testing.T) {
	specs := []Spec{
		{"z", dtype.C64, []int64{1}}, {"y", dtype.F64, []int64{1}}, {"b", dtype.U64, nil},
		{"a", dtype.I64, nil}, {"B", dtype.I64, nil}, {"q", dtype.Bool, []int64{0}},
		{"f", dtype.F8E5M2FNUZ, nil}, {"g", dtype.F8E4M3FNUZ, nil}, {"h", dtype.F8E8M0FNU, nil},
	}
	h, err := Layout(specs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range h.Tensors {
		got = append(got, x.Name)
	}
	want := []string{"b", "B", "a", "y", "z", "f", "g", "h", "q"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if h.Tensors[0].Begin != 0 || h.Tensors[len(want)-1].End != 8+8+8+8+8+1+1+1+0 {
		t.Errorf("offsets %+v", h.Tensors)
	}
}

// TestEncodeEscapes: strings are escaped as serde_json escapes them.
func TestEncodeEscapes(t *testing.T) {
	meta := map[string]string{"k": "q\"b\\s/\b\f\n\r\t\x01\x1f\x7f<é>"}
	h, err := Layout(nil, meta)
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Encode()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"__metadata__":{"k":"q\"b\\s/\b\f\n\r\t\u0001\u001f` + "\x7f<é>" + `"}}`
	if got := string(bytes.TrimRight(b[8:], " ")); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	back, err := ParseHeader(b[8:], 0)
	if err != nil {
		t.Fatal(err)
	}
	if back.Metadata["k"] != meta["k"] {
		t.Errorf("metadata came back as %q", back.Metadata["k"])
	}
}

// TestEncodeMetadataSorted: the reference writes metadata in hash-map
// order; Encode sorts the keys so its output is deterministic.
func TestEncodeMetadataSorted(t *testing.T) {
	h, _ := Layout(nil, map[string]string{"b": "2", "a": "1", "c": "3"})
	b, err := h.Encode()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"__metadata__":{"a":"1","b":"2","c":"3"}}`
	if got := string(bytes.TrimRight(b[8:], " ")); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestEncodeEmptyMetadataKept: an empty metadata map is written as {},
// distinct from no map at all.
func TestEncodeEmptyMetadataKept(t *testing.T) {
	got := encode(t, nil, map[string]string{})
	if want := specBytes(`{"__metadata__":{}}`, 5, nil); !bytes.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	f, err := NewReader(bytes.NewReader(got), int64(len(got)), "m")
	if err != nil {
		t.Fatal(err)
	}
	if f.Metadata == nil || len(f.Metadata) != 0 {
		t.Errorf("metadata read back as %#v", f.Metadata)
	}
}

func TestLayoutRefuses(t *testing.T) {
	cases := []struct {
		name  string
		specs []Spec
	}{
		{"duplicate", []Spec{{"a", dtype.F32, nil}, {"a", dtype.I8, nil}}},
		{"non-ASCII name", []Spec{{"é", dtype.F32, nil}}},
		{"metadata key as name", []Spec{{"__metadata__", dtype.F32, nil}}},
		{"unsupported dtype", []Spec{{"a", dtype.I4, nil}}},
		{"f8e4m3 is not F8_E4M3", []Spec{{"a", dtype.F8E4M3, nil}}},
		{"odd F4 count", []Spec{{"a", dtype.F4E2M1FN, []int64{3}}}},
		{"F6 count not a multiple of 4", []Spec{{"a", dtype.F6E3M2FN, []int64{2}}}},
		{"negative dimension", []Spec{{"a", dtype.F32, []int64{-1}}}},
		{"overflow", []Spec{{"a", dtype.F64, []int64{1 << 31, 1 << 31}}}},
	}
	for _, c := range cases {
		if _, err := Layout(c.specs, nil); err == nil {
			t.Errorf("%s: Layout accepted %+v", c.name, c.specs)
		}
	}
}
