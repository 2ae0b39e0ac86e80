package npy

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

func le(size int, vals ...uint64) []byte {
	var b []byte
	for _, v := range vals {
		switch size {
		case 1:
			b = append(b, byte(v))
		case 2:
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		case 4:
			b = binary.LittleEndian.AppendUint32(b, uint32(v))
		case 8:
			b = binary.LittleEndian.AppendUint64(b, v)
		}
	}
	return b
}

func f32bits(xs ...float32) []uint64 {
	out := make([]uint64, len(xs))
	for i, x := range xs {
		out[i] = uint64(math.Float32bits(x))
	}
	return out
}

// fixtureArrays are the arrays testdata/npz_fixtures.py saves with
// np.savez and np.savez_compressed, in C order and little-endian.
var fixtureArrays = []struct {
	name  string
	dt    dtype.DType
	shape []int64
	data  []byte
}{
	{"weight", dtype.F32, []int64{2, 3}, le(4, f32bits(0, 0.25, 0.5, 0.75, 1, 1.25)...)},
	{"big_endian", dtype.F64, []int64{2}, le(8, math.Float64bits(1.5), math.Float64bits(-2))},
	{"fortran", dtype.I16, []int64{2, 3}, le(2, 0, 1, 2, 3, 4, 5)},
	{"flags", dtype.Bool, []int64{3}, []byte{1, 0, 1}},
	{"scalar", dtype.I64, []int64{}, le(8, uint64(0xfffffffffffffff9))},
	{"empty", dtype.U8, []int64{0, 3}, []byte{}},
}

// TestReadNPZFixtures reads archives NumPy 1.24 wrote (np.savez stores,
// np.savez_compressed deflates, positional arrays are arr_N), and
// refuses the one holding a pickled object array, naming the member.
func TestReadNPZFixtures(t *testing.T) {
	for _, file := range []string{"numpy_savez.npz", "numpy_savez_compressed.npz"} {
		arrays, err := ReadNPZFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if len(arrays) != len(fixtureArrays) {
			t.Fatalf("%s: %d arrays, want %d", file, len(arrays), len(fixtureArrays))
		}
		for i, want := range fixtureArrays {
			got := arrays[i]
			if got.Name != want.name || got.Tensor.DType != want.dt || !slices.Equal(got.Tensor.Shape, want.shape) || !bytes.Equal(got.Tensor.Data, want.data) {
				t.Errorf("%s: array %d = %q %v %x, want %q %v%v %x", file, i, got.Name, got.Tensor, got.Tensor.Data, want.name, want.dt, want.shape, want.data)
			}
		}
	}
	arrays, err := ReadNPZFile("testdata/numpy_positional.npz")
	if err != nil || len(arrays) != 2 || arrays[0].Name != "arr_0" || arrays[1].Name != "arr_1" ||
		!bytes.Equal(arrays[0].Tensor.Data, le(2, 1, 2)) || arrays[1].Tensor.DType != dtype.F16 || !bytes.Equal(arrays[1].Tensor.Data, le(2, 0x4200)) {
		t.Errorf("numpy_positional.npz: %v %v", arrays, err)
	}
	_, err = ReadNPZFile("testdata/numpy_object.npz")
	if err == nil || !strings.Contains(err.Error(), `member "objects.npy"`) || !strings.Contains(err.Error(), "Python objects") || !strings.Contains(err.Error(), "numpy_object.npz") {
		t.Errorf("object array: %v", err)
	}
}

// TestNPZRoundTrip writes arrays of every storable dtype stored and
// deflated, and reads them back in the order given.
func TestNPZRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var arrays []Array
	for i, d := range storable() {
		arrays = append(arrays, Array{Name: "a" + d.String(), Tensor: randomTensor(t, r, d, []int64{int64(i % 3), 3})})
	}
	slices.Reverse(arrays) // not sorted: the order given must be kept
	for _, opts := range [][]Option{nil, {Deflate()}} {
		var buf bytes.Buffer
		if err := WriteNPZ(&buf, arrays, opts...); err != nil {
			t.Fatal(err)
		}
		back, err := ReadNPZ(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		if len(back) != len(arrays) {
			t.Fatalf("%d arrays back, wrote %d", len(back), len(arrays))
		}
		for i, a := range arrays {
			b := back[i]
			if b.Name != a.Name || b.Tensor.DType != a.Tensor.DType || !slices.Equal(b.Tensor.Shape, a.Tensor.Shape) || !bytes.Equal(b.Tensor.Data, a.Tensor.Data) {
				t.Errorf("array %d: %q %v back, wrote %q %v", i, b.Name, b.Tensor, a.Name, a.Tensor)
			}
		}
		zr, _ := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		want := zip.Store
		if len(opts) > 0 {
			want = zip.Deflate
		}
		for _, f := range zr.File {
			if f.Method != want {
				t.Errorf("member %s: method %d, want %d", f.Name, f.Method, want)
			}
		}
	}
}

// TestWriteNPZFile: the file is written atomically, a bad array list
// leaves the old file as it was, and the errors name the file.
func TestWriteNPZFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.npz")
	x, _ := tensor.New(dtype.U8, []int64{2}, []byte{1, 2})
	if err := WriteNPZFile(path, []Array{{"x", x}}, Deflate()); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]Array{
		{{"x", x}, {"x", x}},
		{{"../x", x}},
		{{"x", &tensor.Tensor{DType: dtype.U8, Shape: []int64{3}, Data: []byte{1}}}},
		{{"x", &tensor.Tensor{DType: dtype.Dynamic}}},
	} {
		if err := WriteNPZFile(path, bad); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("WriteNPZFile(%v) = %v, want an error naming %s", bad, err, path)
		}
	}
	back, err := ReadNPZFile(path)
	if err != nil || len(back) != 1 || back[0].Name != "x" || !bytes.Equal(back[0].Tensor.Data, x.Data) {
		t.Errorf("after failed writes: %v, %v", back, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only out.npz", len(ents))
	}
	if err := WriteNPZFile(dir, []Array{{"x", x}}); err == nil || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("writing over a directory: %v", err)
	}
}

// member describes one zip entry of a hand-made archive: raw bytes
// written under a header that may lie.
type member struct {
	name     string
	method   uint16
	data     []byte // the .npy bytes, compressed here when method is Deflate
	lieSize  int64  // when nonzero, the uncompressed size the header claims
	lieCRC   bool
	flags    uint16
	lieCompr int64 // when nonzero, the compressed size the header claims
}

// archive builds a zip from members with archive/zip's raw writer, so the
// sizes and checksums in the headers can be made to lie.
func archive(t *testing.T, ms ...member) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range ms {
		body := m.data
		if m.method == zip.Deflate {
			var c bytes.Buffer
			fw, _ := flate.NewWriter(&c, flate.BestCompression)
			fw.Write(m.data)
			fw.Close()
			body = c.Bytes()
		}
		fh := &zip.FileHeader{Name: m.name, Method: m.method, Flags: m.flags,
			CRC32: crc32.ChecksumIEEE(m.data), CompressedSize64: uint64(len(body)), UncompressedSize64: uint64(len(m.data))}
		if m.lieCRC {
			fh.CRC32 ^= 1
		}
		if m.lieSize != 0 {
			fh.UncompressedSize64 = uint64(m.lieSize)
		}
		if m.lieCompr != 0 {
			fh.CompressedSize64 = uint64(m.lieCompr)
		}
		w, err := zw.CreateRaw(fh)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(body)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func npyBytes(t *testing.T, d dtype.DType, shape []int64, data []byte) []byte {
	t.Helper()
	x, err := tensor.New(d, shape, data)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, x); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReadNPZRefuses: hostile and malformed archives get an error naming
// the member and the fault, never a panic or an allocation the archive's
// bytes do not back.
func TestReadNPZRefuses(t *testing.T) {
	small := npyBytes(t, dtype.U8, []int64{4}, []byte{1, 2, 3, 4})
	zeros := npyBytes(t, dtype.U8, []int64{1 << 20}, make([]byte, 1<<20)) // 1 MiB of zeros deflates to about 1 KiB
	cases := []struct {
		name string
		file []byte
		opts []Option
		want string
	}{
		{"not a zip", []byte("PK\x03\x04 not really"), nil, "not a readable .npz"},
		{"parent dir", archive(t, member{name: "../x.npy", data: small}), nil, `"../x.npy": the array name "../x" holds '/'`},
		{"absolute", archive(t, member{name: "/etc/x.npy", data: small}), nil, "is a path, not a plain name"},
		{"subdir", archive(t, member{name: "a/b.npy", data: small}), nil, "is a path"},
		{"backslash", archive(t, member{name: `a\b.npy`, data: small}), nil, "is a path"},
		{"dot dot", archive(t, member{name: "...npy", data: small}), nil, `".." is not a plain name`},
		{"empty name", archive(t, member{name: ".npy", data: small}), nil, "empty"},
		{"control", archive(t, member{name: "a\nb.npy", data: small}), nil, "control character"},
		{"not npy", archive(t, member{name: "readme.txt", data: small}), nil, "not NAME.npy"},
		{"directory entry", archive(t, member{name: "dir/", data: nil}), nil, "not NAME.npy"},
		{"twice", archive(t, member{name: "a.npy", data: small}, member{name: "a.npy", data: small}), nil, `"a.npy" appears twice`},
		{"bzip2", archive(t, member{name: "a.npy", method: 12, data: small}), nil, "compression method 12"},
		{"encrypted", archive(t, member{name: "a.npy", data: small, flags: 1}), nil, "encrypted"},
		{"stored sizes differ", archive(t, member{name: "a.npy", data: small, lieSize: 1 << 40}), nil, "sizes differ"},
		{"stored past the end", archive(t, member{name: "a.npy", data: small, lieSize: 1 << 30, lieCompr: 1 << 30}), nil, "run past the end"},
		{"bad crc", archive(t, member{name: "a.npy", data: small, lieCRC: true}), nil, "checksum"},
		{"bad crc deflated", archive(t, member{name: "a.npy", method: zip.Deflate, data: small, lieCRC: true}), nil, "checksum"},
		// A deflated member that inflates to more than it claims: the
		// zip reader stops at the claim.
		{"bomb past its claim", archive(t, member{name: "z.npy", method: zip.Deflate, data: zeros, lieSize: 4096}), nil, "z.npy"},
		// One that claims a gigabyte but holds a header alone: more than
		// its compressed bytes can inflate to, refused before reading.
		{"claim past deflate", archive(t, member{name: "z.npy", method: zip.Deflate, data: header("|u1", []int64{1 << 30}), lieSize: 128 + 1<<30}), nil, `"z.npy": deflated, it claims 1073741952 bytes from`},
		// One whose claim deflate could give, but which holds a header
		// alone: refused when the bytes run out. (The zip reader drops
		// the bytes that arrive with a premature end.)
		{"claim past its bytes", archive(t, member{name: "z.npy", method: zip.Deflate, data: header("|u1", []int64{1 << 16}), lieSize: 128 + 1<<16}), nil, `"z.npy": not a .npy file: too short for the magic string and version (end of file)`},
		// Honest, but larger than the caller allows.
		{"over MaxNPZBytes", archive(t, member{name: "z.npy", method: zip.Deflate, data: zeros}), []Option{MaxNPZBytes(1 << 19)}, "past the bound of 524288"},
		{"over MaxNPZBytes in total", archive(t, member{name: "a.npy", data: zeros}, member{name: "b.npy", method: zip.Deflate, data: zeros}), []Option{MaxNPZBytes(3 << 19)}, `member "b.npy": the members' uncompressed size reaches 2097408`},
		{"bad npy", archive(t, member{name: "a.npy", data: []byte("not numpy")}), nil, `member "a.npy": not a .npy file`},
		{"npy longer than member", archive(t, member{name: "a.npy", data: small[:len(small)-1]}), nil, "data truncated"},
	}
	for _, c := range cases {
		_, err := ReadNPZ(bytes.NewReader(c.file), int64(len(c.file)), c.opts...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: the error spans lines: %q", c.name, err)
		}
	}
}

// TestReadNPZBounds: the member count and the directory's size are
// bounded (shrunk here so the test stays small).
func TestReadNPZBounds(t *testing.T) {
	small := npyBytes(t, dtype.U8, []int64{1}, []byte{1})
	var ms []member
	for i := range 20 {
		ms = append(ms, member{name: "a" + string(rune('a'+i)) + ".npy", data: small})
	}
	file := archive(t, ms...)
	opts := options{}
	if _, err := readNPZ(bytes.NewReader(file), int64(len(file)), opts, npzLimits{members: 20, directory: 1 << 20, search: endSearch}); err != nil {
		t.Errorf("20 members under a bound of 20: %v", err)
	}
	if _, err := readNPZ(bytes.NewReader(file), int64(len(file)), opts, npzLimits{members: 19, directory: 1 << 20, search: endSearch}); err == nil || !strings.Contains(err.Error(), "20 members, more than the bound of 19") {
		t.Errorf("20 members under a bound of 19: %v", err)
	}
	if _, err := readNPZ(bytes.NewReader(file), int64(len(file)), opts, npzLimits{members: 20, directory: 64, search: 1024}); err == nil || !strings.Contains(err.Error(), "directory is larger than 64 bytes") {
		t.Errorf("a directory over its bound: %v", err)
	}
}

// TestReadNPZClaimCostsNoMemory: a deflated member whose header claims a
// gigabyte from a kilobyte of compressed bytes, more than deflate can
// give, is refused before anything is allocated for it.
func TestReadNPZClaimCostsNoMemory(t *testing.T) {
	const claim = 1 << 30
	data := append(header("|u1", []int64{claim}), make([]byte, 1<<20)...)
	file := archive(t, member{name: "big.npy", method: zip.Deflate, data: data, lieSize: 128 + claim})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadNPZ(bytes.NewReader(file), int64(len(file)))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), `member "big.npy"`) || !strings.Contains(err.Error(), "more than deflate can give") {
		t.Errorf("error %v, want one naming the member and the ratio", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("reading allocated %d bytes for a %d-byte archive claiming %d", got, len(file), claim)
	}
}
