package npy

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

// rawFile builds a .npy file with the given version, header dict text
// (padded and ended by a newline) and data.
func rawFile(major byte, dict string, data []byte) []byte {
	h := dict + "\n"
	b := []byte(magic)
	b = append(b, major, 0)
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(h)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(h)))
	}
	b = append(b, h...)
	return append(b, data...)
}

func read(b []byte, opts ...Option) (*tensor.Tensor, error) {
	return Read(bytes.NewReader(b), int64(len(b)), opts...)
}

func storable() []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		// A dtype neither NumPy nor ml_dtypes names (Triton's f8e4m3b15)
		// has no .npy descr; Write refuses it (TestWriteRefusesUnnamed).
		if _, err := descrOf(d, options{}); d.Bits() > 0 && err == nil {
			out = append(out, d)
		}
	}
	return out
}

func TestWriteRefusesUnnamed(t *testing.T) {
	x := randomTensor(t, rand.New(rand.NewPCG(1, 2)), dtype.F8E4M3B15, []int64{2})
	var buf bytes.Buffer
	if err := Write(&buf, x); err == nil || !strings.Contains(err.Error(), "f8e4m3b15 cannot be stored") {
		t.Errorf("Write(f8e4m3b15) = %v, want a refusal naming the dtype", err)
	}
}

// randomTensor fills a tensor of d with random elements (bool 0/1,
// sub-byte elements in range).
func randomTensor(t *testing.T, r *rand.Rand, d dtype.DType, shape []int64) *tensor.Tensor {
	t.Helper()
	n, _ := tensor.NumElements(shape)
	var elems []byte
	if d.Bits() < 8 {
		elems = make([]byte, n)
		for i := range elems {
			elems[i] = byte(r.IntN(1 << d.Bits()))
		}
	} else {
		elems = make([]byte, n*int64(d.StorageBits()/8))
		for i := range elems {
			elems[i] = byte(r.IntN(256))
		}
		elems = zeroPadding(elems, d, false) // f80's padding holds no value
		if d == dtype.Bool {
			for i := range elems {
				elems[i] &= 1
			}
		}
	}
	x, err := tensor.FromElements(d, shape, elems)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

var shapes = [][]int64{{}, {0}, {1}, {5}, {2, 3}, {2, 3, 4}, {3, 0, 2}}

func TestRoundTripEveryDType(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, d := range storable() {
		for _, shape := range shapes {
			x := randomTensor(t, r, d, shape)
			for _, raw := range []bool{false, true} {
				var buf bytes.Buffer
				var wopts, ropts []Option
				if raw {
					wopts = []Option{RawVoid()}
					ropts = []Option{ReadAs(d)}
				}
				if err := Write(&buf, x, wopts...); err != nil {
					t.Fatalf("%v%v: %v", d, shape, err)
				}
				if buf.Len()%64 != len(x.Data)%64 && d.Bits() >= 8 {
					t.Errorf("%v%v: data does not start at a multiple of 64", d, shape)
				}
				y, err := read(buf.Bytes(), ropts...)
				if err != nil {
					t.Fatalf("%v%v raw=%v: %v", d, shape, raw, err)
				}
				if y.DType != d || y.String() != x.String() || !bytes.Equal(y.Data, x.Data) {
					t.Errorf("%v%v raw=%v: read back %v %x, want %x", d, shape, raw, y, y.Data, x.Data)
				}
			}
		}
	}
}

func TestHeaderBytes(t *testing.T) {
	x, _ := tensor.New(dtype.F32, []int64{3}, make([]byte, 12))
	var buf bytes.Buffer
	if err := Write(&buf, x); err != nil {
		t.Fatal(err)
	}
	dict := "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"
	want := "\x93NUMPY\x01\x00v\x00" + dict + strings.Repeat(" ", 128-10-len(dict)-1) + "\n"
	got := buf.String()[:128]
	if got != want {
		t.Errorf("header\n%q\nwant\n%q", got, want)
	}
	for _, tc := range []struct {
		d     dtype.DType
		shape []int64
		descr string
		raw   bool
	}{
		{dtype.Bool, []int64{}, "'|b1'", false},
		{dtype.I8, []int64{2, 3}, "'|i1'", false},
		{dtype.U64, []int64{1}, "'<u8'", false},
		{dtype.C128, []int64{1}, "'<c16'", false},
		{dtype.BF16, []int64{1}, "'bfloat16'", false},
		{dtype.BF16, []int64{1}, "'|V2'", true},
		{dtype.I4, []int64{1}, "'int4'", false},
		{dtype.F8E4M3FN, []int64{1}, "'|V1'", true},
		{dtype.C32, []int64{1}, "'|V4'", true},
	} {
		x, _ := tensor.Zeros(tc.d, tc.shape)
		var buf bytes.Buffer
		var opts []Option
		if tc.raw {
			opts = append(opts, RawVoid())
		}
		if err := Write(&buf, x, opts...); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), "'descr': "+tc.descr+",") {
			t.Errorf("%v: header %q lacks descr %s", tc.d, buf.String()[10:80], tc.descr)
		}
	}
}

func TestLongHeaderUsesVersion2(t *testing.T) {
	// 27000 dimensions of 1 need about 81000 header bytes, over 1.0's
	// 16-bit length. No array NumPy makes has that many (MaxDims), so
	// Write refuses the tensor; the header writer itself still picks
	// version 2.0, and the reader refuses the rank by name.
	shape := make([]int64, 27000)
	for i := range shape {
		shape[i] = 1
	}
	b := append(header("|u1", shape), 0)
	if b[6] != 2 {
		t.Errorf("a %d-byte header was written as version %d", len(b), b[6])
	}
	if len(b)%64 != 1 {
		t.Errorf("data does not start at a multiple of 64 (file of %d bytes)", len(b))
	}
	if _, err := read(b); err == nil || !strings.Contains(err.Error(), "at most 64 dimensions") {
		t.Errorf("reading it back: %v, want the rank refused", err)
	}
}

func f32le(v ...uint32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

func f32be(v ...uint32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.BigEndian.AppendUint32(b, x)
	}
	return b
}

func TestReadForms(t *testing.T) {
	tests := []struct {
		name  string
		file  []byte
		opts  []Option
		dtype dtype.DType
		shape string
		data  []byte
	}{
		{"v1 little-endian", rawFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", f32le(1, 2)),
			nil, dtype.F32, "f32[2]", f32le(1, 2)},
		{"big-endian swapped", rawFile(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", f32be(0x3f800000, 0x40000000)),
			nil, dtype.F32, "f32[2]", f32le(0x3f800000, 0x40000000)},
		{"big-endian complex swaps each part", rawFile(1, "{'descr': '>c8', 'fortran_order': False, 'shape': (1,), }", f32be(1, 2)),
			nil, dtype.C64, "c64[1]", f32le(1, 2)},
		{"big-endian i2", rawFile(1, "{'descr': '>i2', 'fortran_order': False, 'shape': (2,), }", []byte{0x01, 0x02, 0xff, 0xfe}),
			nil, dtype.I16, "i16[2]", []byte{0x02, 0x01, 0xfe, 0xff}},
		{"version 2.0", rawFile(2, "{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }", []byte{1, 2, 3}),
			nil, dtype.U8, "u8[3]", []byte{1, 2, 3}},
		{"version 3.0", rawFile(3, "{'descr': '|i1', 'fortran_order': False, 'shape': (), }", []byte{0xff}),
			nil, dtype.I8, "i8[]", []byte{0xff}},
		{"fortran order transposed", rawFile(1, "{'descr': '|u1', 'fortran_order': True, 'shape': (2, 3), }", []byte{1, 4, 2, 5, 3, 6}),
			nil, dtype.U8, "u8[2,3]", []byte{1, 2, 3, 4, 5, 6}},
		{"fortran 3-d", rawFile(1, "{'descr': '|u1', 'fortran_order': True, 'shape': (2, 2, 2), }", []byte{0, 4, 2, 6, 1, 5, 3, 7}),
			nil, dtype.U8, "u8[2,2,2]", []byte{0, 1, 2, 3, 4, 5, 6, 7}},
		{"fortran big-endian", rawFile(1, "{'descr': '>u2', 'fortran_order': True, 'shape': (2, 2), }", []byte{0, 1, 0, 3, 0, 2, 0, 4}),
			nil, dtype.U16, "u16[2,2]", []byte{1, 0, 2, 0, 3, 0, 4, 0}},
		{"bool normalised", rawFile(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", []byte{0, 1, 7}),
			nil, dtype.Bool, "bool[3]", []byte{0, 1, 1}},
		{"key order, quotes, spacing", rawFile(1, "{\"shape\":(2 ,),'fortran_order':False,\"descr\":\"<i2\"}", []byte{1, 0, 2, 0}),
			nil, dtype.I16, "i16[2]", []byte{1, 0, 2, 0}},
		{"python 2 long", rawFile(1, "{'descr': '|u1', 'fortran_order': False, 'shape': (2L,), }", []byte{1, 2}),
			nil, dtype.U8, "u8[2]", []byte{1, 2}},
		{"native order", rawFile(1, "{'descr': '=u2', 'fortran_order': False, 'shape': (1,), }", []byte{1, 2}),
			nil, dtype.U16, "u16[1]", []byte{1, 2}},
		{"ml_dtypes <f1 is float8_e5m2", rawFile(1, "{'descr': '<f1', 'fortran_order': False, 'shape': (1,), }", []byte{0x3c}),
			nil, dtype.F8E5M2, "f8e5m2[1]", []byte{0x3c}},
		{"ml_dtypes name", rawFile(1, "{'descr': 'bfloat16', 'fortran_order': False, 'shape': (1,), }", []byte{0x80, 0x3f}),
			nil, dtype.BF16, "bf16[1]", []byte{0x80, 0x3f}},
		{"np.save of bfloat16 with ReadAs", rawFile(1, "{'descr': '<V2', 'fortran_order': False, 'shape': (1,), }", []byte{0x80, 0x3f}),
			[]Option{ReadAs(dtype.BF16)}, dtype.BF16, "bf16[1]", []byte{0x80, 0x3f}},
		{"np.save of int4 with ReadAs packs", rawFile(1, "{'descr': '<V1', 'fortran_order': False, 'shape': (3,), }", []byte{0x0f, 0x01, 0xf8}),
			[]Option{ReadAs(dtype.I4)}, dtype.I4, "i4[3]", []byte{0x1f, 0x08}},
		{"ml_dtypes uint2 fortran", rawFile(1, "{'descr': 'uint2', 'fortran_order': True, 'shape': (2, 2), }", []byte{0, 2, 1, 3}),
			nil, dtype.U2, "u2[2,2]", []byte{0xe4}},
		{"ReadAs ignored for a named dtype", rawFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }", f32le(1)),
			[]Option{ReadAs(dtype.BF16)}, dtype.F32, "f32[]", f32le(1)},
	}
	for _, tc := range tests {
		x, err := read(tc.file, tc.opts...)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if x.DType != tc.dtype || x.String() != tc.shape || !bytes.Equal(x.Data, tc.data) {
			t.Errorf("%s: got %v %x, want %s %x", tc.name, x, x.Data, tc.shape, tc.data)
		}
	}
}

func TestReadErrors(t *testing.T) {
	good := "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }"
	hdr := func(dict string) []byte { return rawFile(1, dict, nil) }
	withData := func(dict string, n int) []byte { return rawFile(1, dict, make([]byte, n)) }
	longLen := append([]byte(magic), 1, 0, 0xff, 0xff)
	hugeLen := append([]byte(magic), 2, 0, 0xff, 0xff, 0xff, 0x7f)
	tests := []struct {
		name string
		file []byte
		opts []Option
		want string
	}{
		{"empty", nil, nil, "too short for the magic"},
		{"bad magic", []byte("PK\x03\x04xxxxxxxxxxxx"), nil, "bad magic"},
		{"a safetensors file", []byte("\x02\x00\x00\x00\x00\x00\x00\x00{}"), nil, "the file is a .safetensors file"},
		{"bad version", append([]byte(magic), 4, 0, 0, 0), nil, "unsupported format version 4.0"},
		{"bad minor", append([]byte(magic), 1, 1, 0, 0), nil, "unsupported format version 1.1"},
		{"no header length", []byte(magic + "\x01\x00\x10"), nil, "truncated before the header length"},
		{"header past end", longLen, nil, "truncated header"},
		{"huge header length", hugeLen, nil, "over the 1048576-byte limit"},
		{"truncated data", withData(good, 7), nil, "data truncated: shape [2] of <f4 needs 2 elements of 4 bytes, the file has 7 bytes"},
		{"trailing data", withData(good, 9), nil, "1 bytes after the data"},
		{"overflowing shape", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"), nil, "2^62"},
		{"shape times size overflows", hdr("{'descr': '<c16', 'fortran_order': False, 'shape': (4611686018427387903,), }"), nil, "data truncated"},
		{"dimension too big", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }"), nil, "does not fit in 64 bits"},
		{"negative dimension", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }"), nil, "non-negative integers"},
		{"shape not a tuple", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': [2], }"), nil, "shape must be a tuple"},
		{"shape (n)", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (2), }"), nil, "is an integer, not a tuple"},
		{"unknown descr", hdr("{'descr': '<q9', 'fortran_order': False, 'shape': (), }"), nil, "not have (such as float96"},
		{"garbage descr", hdr("{'descr': 'banana', 'fortran_order': False, 'shape': (), }"), nil, "unknown descr \"banana\""},
		{"float96", hdr("{'descr': '<f12', 'fortran_order': False, 'shape': (), }"), nil, "float96"},
		{"object", hdr("{'descr': '|O', 'fortran_order': False, 'shape': (), }"), nil, "object array: its elements are Python objects"},
		{"datetime64[ns]", hdr("{'descr': '<M8[ns]', 'fortran_order': False, 'shape': (), }"), nil, "date or time"},
		{"timedelta64[s]", hdr("{'descr': '<m8[s]', 'fortran_order': False, 'shape': (), }"), nil, "date or time"},
		{"bytes", hdr("{'descr': '|S', 'fortran_order': False, 'shape': (), }"), nil, "string type"},
		{"order only", hdr("{'descr': '<', 'fortran_order': False, 'shape': (), }"), nil, "unknown descr \"<\""},
		{"object8", hdr("{'descr': '|O8', 'fortran_order': False, 'shape': (), }"), nil, "object array"},
		{"string", hdr("{'descr': '<U5', 'fortran_order': False, 'shape': (), }"), nil, "string type"},
		{"datetime", hdr("{'descr': '<M8', 'fortran_order': False, 'shape': (), }"), nil, "date or time"},
		{"structured", hdr("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (), }"), nil, "structured"},
		{"void without ReadAs", withData("{'descr': '<V2', 'fortran_order': False, 'shape': (1,), }", 2), nil, "raw bytes with no dtype"},
		{"void of the wrong size", withData("{'descr': '|V2', 'fortran_order': False, 'shape': (1,), }", 2), []Option{ReadAs(dtype.F8E4M3FN)}, "items are 2 bytes, f8e4m3fn takes 1"},
		{"missing key", hdr("{'descr': '<f4', 'shape': (), }"), nil, "no \"fortran_order\" key"},
		{"extra key", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}"), nil, "unexpected key \"x\""},
		{"duplicate key", hdr("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (), }"), nil, "appears twice"},
		{"bad bool", hdr("{'descr': '<f4', 'fortran_order': 0, 'shape': (), }"), nil, "True or False"},
		{"unterminated string", hdr("{'descr': '<f4"), nil, "unterminated string"},
		{"not a dict", hdr("descr"), nil, "want '{'"},
		{"no closing brace", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': ()"), nil, "want ',' or '}'"},
		{"text after", hdr("{'descr': '<f4', 'fortran_order': False, 'shape': ()} x"), nil, "after the dictionary"},
		{"non-ASCII in v1", hdr("{'descr': '<f4\xe9', 'fortran_order': False, 'shape': ()}"), nil, "not ASCII"},
	}
	for _, tc := range tests {
		_, err := read(tc.file, tc.opts...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error has a line break: %q", tc.name, err)
		}
	}
}

func TestReadFileNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.npy")
	if err := os.WriteFile(p, []byte("not numpy"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(p)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "bad magic") {
		t.Errorf("error %v, want one naming %s and the fault", err, p)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.npy")); err == nil || !os.IsNotExist(errorsUnwrap(err)) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ReadFile(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
}

func errorsUnwrap(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return err
		}
		err = u.Unwrap()
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.npy")
	x, _ := tensor.New(dtype.U8, []int64{2}, []byte{1, 2})
	if err := WriteFile(p, x); err != nil {
		t.Fatal(err)
	}
	y, err := ReadFile(p)
	if err != nil || !bytes.Equal(y.Data, x.Data) {
		t.Fatalf("read back: %v %v", y, err)
	}
	// A failing write leaves the old file whole and no temporary file.
	bad := &tensor.Tensor{DType: dtype.U8, Shape: []int64{3}, Data: []byte{1}}
	if err := WriteFile(p, bad); err == nil {
		t.Fatal("wrote a malformed tensor")
	}
	if err := WriteFile(filepath.Join(dir, "dyn.npy"), &tensor.Tensor{DType: dtype.Dynamic}); err == nil {
		t.Fatal("wrote a dynamic tensor")
	}
	if err := WriteFile(filepath.Join(dir, "no", "such", "dir.npy"), x); err == nil {
		t.Fatal("wrote into a missing directory")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "out.npy" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want only out.npy", names)
	}
	y, err = ReadFile(p)
	if err != nil || !bytes.Equal(y.Data, x.Data) {
		t.Errorf("the old file changed: %v %v", y, err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != umaskedMode(t) {
		t.Errorf("mode %v, want %v (0666 less the umask)", st.Mode(), umaskedMode(t))
	}
}

// TestWriteFileRefusesSpecialFiles: WriteFile replaces only regular
// files, and its errors name the path given, not a temporary file.
func TestWriteFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	x, _ := tensor.New(dtype.U8, []int64{2}, []byte{1, 2})
	for _, p := range []string{dir, "/dev/null", filepath.Join(dir, "missing", "x.npy")} {
		err := WriteFile(p, x)
		if err == nil || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), "promote-tmp") {
			t.Errorf("WriteFile(%q) = %v, want an error naming it", p, err)
		}
	}
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode().IsRegular() {
		t.Errorf("/dev/null was replaced: %v %v", st, err)
	}
}

// umaskedMode is the mode a new file created 0666 gets here: 0666 less
// the umask, the mode of a new output file.
func umaskedMode(t *testing.T) fs.FileMode {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(t.TempDir(), "probe"), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}
