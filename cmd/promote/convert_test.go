package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/npy"
	"github.com/promote-dev/promote/tensor"
)

// writeNPY writes a tensor to dir/name and returns the path.
func writeNPY(t *testing.T, dir, name string, d dtype.DType, shape []int64, data []byte, opts ...npy.Option) string {
	t.Helper()
	x, err := tensor.New(d, shape, data)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := npy.WriteFile(p, x, opts...); err != nil {
		t.Fatal(err)
	}
	return p
}

func le64(v ...int64) []byte {
	b := []byte{}
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return b
}

func lef32(v ...float32) []byte {
	b := []byte{}
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func lef64(v ...float64) []byte {
	b := []byte{}
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
	}
	return b
}

func readNPY(t *testing.T, p string) *tensor.Tensor {
	t.Helper()
	x, err := npy.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestConvertEndToEnd(t *testing.T) {
	in := t.TempDir()
	a := writeNPY(t, in, "a.npy", dtype.I64, []int64{3}, le64(0, 1, -2))
	b := writeNPY(t, in, "b.npy", dtype.F32, []int64{2}, lef32(1.5, 2.5))
	before, _ := os.ReadFile(a)
	out := filepath.Join(t.TempDir(), "new", "dir")

	stdout, stderr, code := runPromote(t, "", "convert", a, b, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"numpy: i64[3] with f32[2] -> f64\n", "\nrule ", "\nsource: ", "a.npy: f64[3] (converted from i64)", "b.npy: f64[2] (converted from f32)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if x := readNPY(t, filepath.Join(out, "a.npy")); x.String() != "f64[3]" || !bytes.Equal(x.Data, lef64(0, 1, -2)) {
		t.Errorf("a converted to %v %x", x, x.Data)
	}
	if x := readNPY(t, filepath.Join(out, "b.npy")); x.String() != "f64[2]" || !bytes.Equal(x.Data, lef64(1.5, 2.5)) {
		t.Errorf("b converted to %v %x", x, x.Data)
	}
	if after, _ := os.ReadFile(a); !bytes.Equal(before, after) {
		t.Error("the input changed")
	}
}

// TestConvertOpenVINORank0: a 0-d array is a scalar to R7, and the
// policy decides what 300 becomes in u8.
func TestConvertOpenVINORank0(t *testing.T) {
	in := t.TempDir()
	s := writeNPY(t, in, "s.npy", dtype.I64, []int64{}, le64(300))
	u := writeNPY(t, in, "u.npy", dtype.U8, []int64{4}, []byte{1, 2, 3, 4})
	for _, tc := range []struct {
		policy string
		want   byte
	}{{"default", 44}, {"saturate", 255}} {
		out := t.TempDir()
		stdout, stderr, code := runPromote(t, "", "convert", "-rules", "openvino", "-set", "promote_unsafe=true",
			"-set", "pytorch_scalar_promotion=true", "-policy", tc.policy, s, u, "-o", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.policy, code, stderr)
		}
		if !strings.Contains(stdout, "-> u8\nrule R7: ") || !strings.Contains(stdout, "u.npy: u8[4] (unchanged)") {
			t.Errorf("%s: output:\n%s", tc.policy, stdout)
		}
		if x := readNPY(t, filepath.Join(out, "s.npy")); x.String() != "u8[]" || x.Data[0] != tc.want {
			t.Errorf("%s: 300 became %v %v, want %d", tc.policy, x, x.Data, tc.want)
		}
	}
}

func TestConvertRawVoidInput(t *testing.T) {
	in := t.TempDir()
	a := writeNPY(t, in, "a.npy", dtype.BF16, []int64{1}, []byte{0x80, 0x3f}, npy.RawVoid())
	b := writeNPY(t, in, "b.npy", dtype.F16, []int64{1}, []byte{0x00, 0x3c})
	out := t.TempDir()
	if _, stderr, code := runPromote(t, "", "convert", a, b, "-o", out); code != 1 || !strings.Contains(stderr, "raw bytes") || !strings.Contains(stderr, a) {
		t.Errorf("raw void without -as: exit %d, %s", code, stderr)
	}
	stdout, stderr, code := runPromote(t, "", "convert", "-as", "bfloat16", "-rules", "kernel-float", a, b, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "bf16[1] with f16[1] -> f32") {
		t.Errorf("output:\n%s", stdout)
	}
	if x := readNPY(t, filepath.Join(out, "a.npy")); !bytes.Equal(x.Data, lef32(1)) {
		t.Errorf("bf16 1.0 became %v %x", x, x.Data)
	}
}

func TestConvertFailures(t *testing.T) {
	in := t.TempDir()
	a := writeNPY(t, in, "a.npy", dtype.I32, []int64{2}, make([]byte, 8))
	b := writeNPY(t, in, "b.npy", dtype.U32, []int64{2}, make([]byte, 8))
	other := t.TempDir()
	b2 := writeNPY(t, other, "a.npy", dtype.F32, []int64{1}, lef32(1))
	bad := filepath.Join(in, "bad.npy")
	os.WriteFile(bad, []byte("\x93NUMPY\x01\x00\xff\x00{"), 0o644)
	out := filepath.Join(t.TempDir(), "out")
	file := filepath.Join(t.TempDir(), "s.safetensors") // an existing regular file
	os.WriteFile(file, []byte("x"), 0o644)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"one input", []string{a, "-o", out}, 2, "want two input files"},
		{"no -o", []string{a, b}, 2, "-o DIR is required"},
		{"over an input", []string{a, b, "-o", in}, 2, "would overwrite the input"},
		{"same base names", []string{a, b2, "-o", out}, 2, "give them different base names"},
		{"bad policy", []string{"-policy", "nope", a, b, "-o", out}, 2, "unknown policy"},
		{"bad rules", []string{"-rules", "nope", a, b, "-o", out}, 2, "unknown rule set"},
		{"bad -as", []string{"-as", "f33", a, b, "-o", out}, 2, "f33"},
		{"bad setting", []string{"-rules", "openvino", "-set", "x=1", a, b, "-o", out}, 2, "x"},
		{"-o a regular file", []string{a, b, "-o", file}, 2, "s.safetensors\" is a regular file, not a directory"},
		{"-o under a regular file", []string{a, b, "-o", filepath.Join(file, "sub")}, 2, "is a file, not a directory"},
		{"missing input", []string{a, filepath.Join(in, "none.npy"), "-o", out}, 1, "none.npy"},
		{"malformed input", []string{a, bad, "-o", out}, 1, "bad.npy: truncated header"},
		{"refusal", []string{"-rules", "openvino", a, b, "-o", out}, 1, "rule R8"},
		{"not a NumPy dtype", []string{"-as", "bf16", writeNPY(t, other, "v.npy", dtype.BF16, []int64{1}, make([]byte, 2), npy.RawVoid()), b, "-o", out}, 1, "bf16"},
	}
	for _, tc := range tests {
		_, stderr, code := runPromote(t, "", append([]string{"convert"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q", tc.name, code, stderr, tc.code, tc.want)
		}
		if strings.Count(strings.TrimSuffix(stderr, "\n"), "\n") > 0 && tc.code == 1 {
			t.Errorf("%s: a multi-line error: %q", tc.name, stderr)
		}
		if tc.code != 0 {
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s: the output directory was created", tc.name)
			}
		}
		os.RemoveAll(out)
	}
}

func writeNPZ(t *testing.T, dir, name string, arrays ...npy.Array) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := npy.WriteNPZFile(p, arrays); err != nil {
		t.Fatal(err)
	}
	return p
}

func arr(t *testing.T, name string, d dtype.DType, shape []int64, data []byte) npy.Array {
	t.Helper()
	x, err := tensor.New(d, shape, data)
	if err != nil {
		t.Fatal(err)
	}
	return npy.Array{Name: name, Tensor: x}
}

// TestConvertNPZ: every array of an .npz archive is promoted to the
// common dtype of all of them (NumPy: i64, f32 and bool give f64), and
// the archive is written back with the same names in the same order,
// deflated with -deflate; an .npz beside an .npy counts all arrays.
func TestConvertNPZ(t *testing.T) {
	in := t.TempDir()
	z := writeNPZ(t, in, "weights.npz",
		arr(t, "w", dtype.I64, []int64{2}, le64(3, -1)),
		arr(t, "b", dtype.F32, []int64{1}, lef32(0.5)),
		arr(t, "m", dtype.Bool, []int64{2}, []byte{1, 0}))
	out := filepath.Join(t.TempDir(), "out")
	stdout, stderr, code := runPromote(t, "", "convert", "-deflate", z, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"numpy: i64[2] with f32[1] with bool[2] -> f64\n", "wrote " + filepath.Join(out, "weights.npz") + ": 3 arrays of f64 (w converted from i64, b converted from f32, m converted from bool)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	got, err := npy.ReadNPZFile(filepath.Join(out, "weights.npz"))
	if err != nil {
		t.Fatal(err)
	}
	wants := map[string][]byte{"w": lef64(3, -1), "b": lef64(0.5), "m": lef64(1, 0)}
	if len(got) != 3 || got[0].Name != "w" || got[1].Name != "b" || got[2].Name != "m" {
		t.Fatalf("arrays %v", got)
	}
	for _, a := range got {
		if a.Tensor.DType != dtype.F64 || !bytes.Equal(a.Tensor.Data, wants[a.Name]) {
			t.Errorf("%s = %v % x", a.Name, a.Tensor, a.Tensor.Data)
		}
	}
	zr, err := zip.OpenReader(filepath.Join(out, "weights.npz"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Method != zip.Deflate {
			t.Errorf("%s stored with -deflate", f.Name)
		}
	}
	zr.Close()

	// With an .npy: f16 and the archive's arrays; kernel-float's fold.
	h := writeNPY(t, in, "h.npy", dtype.F16, []int64{1}, []byte{0, 0x3c})
	z2 := writeNPZ(t, in, "two.npz", arr(t, "x", dtype.F32, []int64{1}, lef32(2)), arr(t, "y", dtype.F16, []int64{1}, []byte{0, 0x40}))
	stdout, stderr, code = runPromote(t, "", "convert", "-rules", "kernel-float", h, z2, "-o", out)
	if code != 0 || !strings.Contains(stdout, "f16[1] with f32[1] with f16[1] -> f32") {
		t.Errorf("exit %d, %s%s", code, stdout, stderr)
	}
	if x := readNPY(t, filepath.Join(out, "h.npy")); x.DType != dtype.F32 {
		t.Errorf("h.npy %v", x)
	}
	// OpenVINO takes exactly two inputs: three arrays are its refusal,
	// and nothing is written.
	out2 := filepath.Join(t.TempDir(), "none")
	_, stderr, code = runPromote(t, "", "convert", "-rules", "openvino", z, "-o", out2)
	if code != 1 || !strings.Contains(stderr, "3 arrays") {
		t.Errorf("openvino, 3 arrays: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out2); err == nil {
		t.Error("an output directory was created")
	}
	// A single array is nothing to promote.
	one := writeNPZ(t, in, "one.npz", arr(t, "x", dtype.F32, []int64{1}, lef32(2)))
	if _, stderr, code := runPromote(t, "", "convert", one, "-o", out2); code != 1 || !strings.Contains(stderr, "nothing to promote") {
		t.Errorf("one array: exit %d, %q", code, stderr)
	}
}
