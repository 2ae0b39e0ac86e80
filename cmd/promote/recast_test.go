package main

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
	"github.com/promote-dev/promote/tensor"
)

func f32s(xs ...float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func writeST(t *testing.T, path string, tensors []safetensors.Named, meta map[string]string) {
	t.Helper()
	if err := safetensors.WriteFile(path, tensors, meta); err != nil {
		t.Fatal(err)
	}
}

func readST(t *testing.T, path string) (map[string]*tensor.Tensor, map[string]string) {
	t.Helper()
	ts, meta, err := safetensors.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]*tensor.Tensor{}
	for _, n := range ts {
		m[n.Name] = n.Tensor
	}
	return m, meta
}

// convertAll is the expected result: the whole buffer through convert.
func convertAll(t *testing.T, x *tensor.Tensor, to dtype.DType) []byte {
	t.Helper()
	n, _ := tensor.NumElements(x.Shape)
	dst := make([]byte, n*int64(convert.ElemBytes(to)))
	if err := convert.Buffer(dst, to, x.Data, x.DType, convert.Default(), convert.Options{}); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestRecastEndToEnd: f32 tensors become bf16 with the values convert
// gives, the integer, bool and bf16 tensors are copied byte for byte, the
// metadata is kept, and the file is the one the reference writer lays out
// for the converted tensors. -chunk 1 makes the large tensor cross chunk
// boundaries.
func TestRecastEndToEnd(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.safetensors"), filepath.Join(dir, "out.safetensors")
	r := rand.New(rand.NewPCG(3, 4))
	big := make([]float32, 300_000) // 1.2 MB: two chunks of 1 MiB
	for i := range big {
		big[i] = float32(r.NormFloat64()) * 100
	}
	big[0], big[1], big[2] = float32(math.Inf(-1)), float32(math.NaN()), 1e-40
	tensors := []safetensors.Named{
		{Name: "model.embed.weight", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{1000, 300}, Data: f32s(big...)}},
		{Name: "model.norm.bias", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{3}, Data: f32s(1, -0.5, 3.14159)}},
		{Name: "ids", Tensor: &tensor.Tensor{DType: dtype.I64, Shape: []int64{2}, Data: []byte{1, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}}},
		{Name: "mask", Tensor: &tensor.Tensor{DType: dtype.Bool, Shape: []int64{3}, Data: []byte{1, 0, 1}}},
		{Name: "already", Tensor: &tensor.Tensor{DType: dtype.BF16, Shape: []int64{1}, Data: []byte{0x80, 0x3f}}},
		{Name: "empty", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{0, 4}, Data: nil}},
	}
	meta := map[string]string{"format": "pt", "note": "kept"}
	writeST(t, in, tensors, meta)
	before, _ := os.ReadFile(in)

	stdout, stderr, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", out, "-chunk", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stdout != "" || strings.Contains(stderr, "\r") || !strings.Contains(stderr, "3 converted f32 -> bf16, 3 copied") {
		t.Errorf("stdout %q, stderr %q", stdout, stderr)
	}
	if after, _ := os.ReadFile(in); !bytes.Equal(before, after) {
		t.Error("the input changed")
	}
	got, gotMeta := readST(t, out)
	if len(gotMeta) != 2 || gotMeta["note"] != "kept" {
		t.Errorf("metadata %v", gotMeta)
	}
	var want []safetensors.Named
	for _, n := range tensors {
		x := got[n.Name]
		if x == nil {
			t.Fatalf("%s missing", n.Name)
		}
		w := n.Tensor
		if n.Tensor.DType == dtype.F32 {
			w = &tensor.Tensor{DType: dtype.BF16, Shape: n.Tensor.Shape, Data: convertAll(t, n.Tensor, dtype.BF16)}
		}
		if x.DType != w.DType || !bytes.Equal(x.Data, w.Data) {
			t.Errorf("%s: got %v %d bytes, want %v %d bytes", n.Name, x.DType, len(x.Data), w.DType, len(w.Data))
		}
		want = append(want, safetensors.Named{Name: n.Name, Tensor: w})
	}
	if b := got["model.norm.bias"].Data; !bytes.Equal(b, []byte{0x80, 0x3f, 0x00, 0xbf, 0x49, 0x40}) {
		t.Errorf("bias = % x, want 1, -0.5, 3.140625 in bf16", b)
	}
	var ref bytes.Buffer
	if err := safetensors.Encode(&ref, want, meta); err != nil {
		t.Fatal(err)
	}
	if file, _ := os.ReadFile(out); !bytes.Equal(file, ref.Bytes()) {
		t.Error("the output is not the reference writer's layout of the converted tensors")
	}
}

// TestRecastOnly: -only int converts integers and leaves floats and bool;
// -only all converts bool and complex too.
func TestRecastOnly(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.safetensors")
	writeST(t, in, []safetensors.Named{
		{Name: "f", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{2}, Data: f32s(1.5, -2)}},
		{Name: "i", Tensor: &tensor.Tensor{DType: dtype.I32, Shape: []int64{2}, Data: []byte{7, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff}}},
		{Name: "b", Tensor: &tensor.Tensor{DType: dtype.Bool, Shape: []int64{2}, Data: []byte{1, 0}}},
		{Name: "c", Tensor: &tensor.Tensor{DType: dtype.C64, Shape: []int64{1}, Data: f32s(3, 4)}},
	}, nil)
	cases := []struct {
		only string
		want map[string]dtype.DType
	}{
		{"float", map[string]dtype.DType{"f": dtype.F16, "i": dtype.I32, "b": dtype.Bool, "c": dtype.C64}},
		{"int", map[string]dtype.DType{"f": dtype.F32, "i": dtype.F16, "b": dtype.Bool, "c": dtype.C64}},
		{"all", map[string]dtype.DType{"f": dtype.F16, "i": dtype.F16, "b": dtype.F16, "c": dtype.F16}},
	}
	for _, c := range cases {
		out := filepath.Join(dir, c.only+".safetensors")
		if _, stderr, code := runPromote(t, "", "recast", "-to", "F16", "-only", c.only, in, "-o", out); code != 0 {
			t.Fatalf("-only %s: exit %d: %s", c.only, code, stderr)
		}
		got, meta := readST(t, out)
		if meta != nil {
			t.Errorf("metadata %v appeared", meta)
		}
		for name, d := range c.want {
			if got[name].DType != d {
				t.Errorf("-only %s: %s is %v, want %v", c.only, name, got[name].DType, d)
			}
		}
		if c.only == "all" {
			// i32 -2 -> f16 0xc000; bool true -> 0x3c00; c64 3+4i -> 3 (imaginary part dropped).
			if !bytes.Equal(got["i"].Data, []byte{0x00, 0x47, 0x00, 0xc0}) || !bytes.Equal(got["b"].Data, []byte{0x00, 0x3c, 0, 0}) || !bytes.Equal(got["c"].Data, []byte{0x00, 0x42}) {
				t.Errorf("i % x, b % x, c % x", got["i"].Data, got["b"].Data, got["c"].Data)
			}
		}
	}
}

// TestRecastSubByte: to F4 (packed two a byte) and back.
func TestRecastSubByte(t *testing.T) {
	dir := t.TempDir()
	in, f4, back := filepath.Join(dir, "in.safetensors"), filepath.Join(dir, "f4.safetensors"), filepath.Join(dir, "back.safetensors")
	writeST(t, in, []safetensors.Named{
		{Name: "w", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{2, 3}, Data: f32s(0.5, 1, 1.5, 2, -6, 100)}},
	}, map[string]string{"k": "v"})
	if _, stderr, code := runPromote(t, "", "recast", "-to", "f4e2m1fn", in, "-o", f4); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, _ := readST(t, f4)
	// 0.5=1 1=2 1.5=3 2=4 -6=0xf, 100 saturates to 6=7 (f4 has no inf), low nibble first.
	if w := got["w"]; w.DType != dtype.F4E2M1FN || !bytes.Equal(w.Data, []byte{0x21, 0x43, 0x7f}) {
		t.Fatalf("w = %v % x", w.DType, w.Data)
	}
	if _, stderr, code := runPromote(t, "", "recast", "-to", "f32", f4, "-o", back); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, _ = readST(t, back)
	if !bytes.Equal(got["w"].Data, f32s(0.5, 1, 1.5, 2, -6, 6)) {
		t.Errorf("back = % x", got["w"].Data)
	}

	// Three elements cannot be stored as F4: an error naming the tensor, no file.
	odd := filepath.Join(dir, "odd.safetensors")
	writeST(t, odd, []safetensors.Named{{Name: "v", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{3}, Data: f32s(1, 2, 3)}}}, nil)
	out := filepath.Join(dir, "odd4.safetensors")
	_, stderr, code := runPromote(t, "", "recast", "-to", "f4e2m1fn", odd, "-o", out)
	if code != 1 || !strings.Contains(stderr, `"v"`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output file was left")
	}
}

// TestRecastRefusesToOverwriteInput: the same path, or a hard link to
// the input, is refused and the input stays intact.
func TestRecastRefusesToOverwriteInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.safetensors")
	writeST(t, in, []safetensors.Named{{Name: "a", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{1}, Data: f32s(1)}}}, nil)
	before, _ := os.ReadFile(in)
	link := filepath.Join(dir, "link.safetensors")
	if err := os.Link(in, link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{in, link, filepath.Join(dir, ".", "in.safetensors")} {
		_, stderr, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", out)
		if code != 2 || !strings.Contains(stderr, "is the input") {
			t.Errorf("-o %s: exit %d, stderr %q", out, code, stderr)
		}
	}
	if after, _ := os.ReadFile(in); !bytes.Equal(before, after) {
		t.Error("the input changed")
	}
}

// TestRecastBadInput: a malformed input is an error naming the file and
// the fault; no output file is left.
func TestRecastBadInput(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "bad.safetensors"), filepath.Join(dir, "out.safetensors")
	os.WriteFile(in, []byte{200, 0, 0, 0, 0, 0, 0, 0, '{', '}'}, 0o644)
	_, stderr, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", out)
	if code != 1 || !strings.Contains(stderr, in) || !strings.Contains(stderr, "truncated") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runPromote(t, "", "recast", "-to", "bf16", filepath.Join(dir, "missing"), "-o", out)
	if code != 1 || !strings.Contains(stderr, "missing") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("directory holds %d entries", len(ents))
	}
}

func TestRecastUsage(t *testing.T) {
	in := filepath.Join("..", "..", "safetensors", "testdata", "ref_mixed.safetensors")
	out := filepath.Join(t.TempDir(), "o.safetensors")
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{in, "-o", out}, "-to"},
		{[]string{"-to", "bf16", in}, "-o"},
		{[]string{"-to", "bf16", "-o", out}, "one input"},
		{[]string{"-to", "i4", in, "-o", out}, "cannot store i4"},
		{[]string{"-to", "f80", in, "-o", out}, "cannot store f80 (it stores bool"},
		{[]string{"-to", "c160", in, "-o", out}, "cannot store c160"},
		{[]string{"-to", "float99", in, "-o", out}, "float99"},
		{[]string{"-to", "bf16", "-only", "some", in, "-o", out}, "-only"},
		{[]string{"-to", "bf16", "-policy", "nope", in, "-o", out}, "nope"},
		{[]string{"-to", "bf16", "-x", in, "-o", out}, "flag provided but not defined: -x"},
		{[]string{"-to", "bf16", "-chunk", "2000", in, "-o", out}, "-chunk"},
	}
	for _, c := range cases {
		_, stderr, code := runPromote(t, "", append([]string{"recast"}, c.args...)...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if code != 2 || len(lines) != 3 || !strings.HasPrefix(lines[0], "promote recast: ") || !strings.Contains(lines[0], c.msg) ||
			!strings.HasPrefix(lines[1], "usage: promote recast ") {
			t.Errorf("%v: exit %d, stderr %q; want the message, then the usage line", c.args, code, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output file was written")
	}
}
