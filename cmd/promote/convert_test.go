package main

import (
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
