package checkpoint

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// nvfp4Tensors lays out one NVFP4 weight as a layout ships it: packed
// bytes w [rows, 8·G], E4M3 scales s [rows, G], global scale g.
func nvfp4Tensors(layout, base string, rows int64, w, s []byte, g float32) []safetensors.Named {
	G := int64(len(s)) / rows
	gs := f32Bytes([]float32{g})
	if layout == "modelopt" {
		return []safetensors.Named{
			tt(base+".weight", dtype.U8, []int64{rows, 8 * G}, w),
			tt(base+".weight_scale", dtype.F8E4M3FN, []int64{rows, G}, s),
			tt(base+".weight_scale_2", dtype.F32, []int64{}, gs),
			tt(base+".input_scale", dtype.F32, []int64{}, f32Bytes([]float32{0.5})),
		}
	}
	return []safetensors.Named{
		tt(base+".weight_packed", dtype.U8, []int64{rows, 8 * G}, w),
		tt(base+".weight_scale", dtype.F8E4M3FN, []int64{rows, G}, s),
		tt(base+".weight_global_scale", dtype.F32, []int64{1}, gs),
		tt(base+".input_global_scale", dtype.F32, []int64{1}, f32Bytes([]float32{2})),
	}
}

// TestNVFP4Vectors: testdata/nvfp4.tsv pins, for ModelOpt's and
// compressed-tensors' layouts, the nibble order, the sign of code 8, the
// global scale's direction (multiplies, divides) and each reference's f32
// rounding order, byte by byte.
func TestNVFP4Vectors(t *testing.T) {
	groups := readFP4Vectors(t, "testdata/nvfp4.tsv", 9, 32) // "global layout to mode"
	if len(groups) != 48 {
		t.Fatalf("%d groups", len(groups))
	}
	for key, rows := range groups {
		k := strings.Fields(key)
		gbits, _ := strconv.ParseUint(k[0], 0, 32)
		to, _ := dtype.Parse(k[2])
		mode, _ := ParseMode(k[3])
		n := int64(len(rows))
		w, s := vectorBlocks(rows, 8)
		dir := t.TempDir()
		in := filepath.Join(dir, "in.safetensors")
		writeFile(t, in, nvfp4Tensors(k[1], "m.proj", n, w, s, math.Float32frombits(uint32(gbits))), nil)
		out := filepath.Join(dir, "out.safetensors")
		if _, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{To: to, Mode: mode}); err != nil {
			t.Fatal(err)
		}
		got := readAll(t, out)["m.proj.weight"]
		ob := int64(elemBytes(to))
		for i, r := range rows {
			row := got.Data[int64(i)*16*ob:]
			a, b := le(row[:ob]), le(row[ob:2*ob])
			if a != r.first || b != r.second {
				t.Errorf("%s: packed %#02x scale %#02x: got %#x %#x, want %#x %#x", key, r.packed, r.scale, a, b, r.first, r.second)
			}
		}
	}
}

func elemBytes(d dtype.DType) int { return int(fileBits(d) / 8) }

func le(b []byte) uint64 {
	var x [8]byte
	copy(x[:], b)
	return binary.LittleEndian.Uint64(x[:])
}

// TestDequantNVFP4Checkpoint: a ModelOpt directory dequantizes with its
// input scales dropped, the excluded (wide) modules copied, config.json's
// quantization_config removed and hf_quant_config.json not copied; a
// compressed-tensors one names its weights X.weight again.
func TestDequantNVFP4Checkpoint(t *testing.T) {
	for _, layout := range []string{"modelopt", "compressed"} {
		t.Run(layout, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in")
			w := bytes.Repeat([]byte{0x21, 0x8f, 0x7a, 0x53}, 4*8) // [8, 16]: 32 values a row
			s := bytes.Repeat([]byte{0x38, 0x40}, 8)               // [8, 2]
			ts := append(nvfp4Tensors(layout, "model.layers.0.mlp.up_proj", 8, w, s, 0.25),
				tt("lm_head.weight", dtype.BF16, []int64{2, 2}, bf16Bytes([]float64{1, 2, 3, 4})))
			qc := map[string]any{"quant_method": "modelopt", "quant_algo": "NVFP4"}
			if layout == "compressed" {
				qc = map[string]any{"quant_method": "compressed-tensors", "format": "nvfp4-pack-quantized", "ignore": []string{"lm_head"}}
			}
			writeSharded(t, in, map[string][]safetensors.Named{"model.safetensors": ts}, map[string]any{"quantization_config": qc, "torch_dtype": "bfloat16"})
			if layout == "modelopt" {
				writeJSON(t, filepath.Join(in, "hf_quant_config.json"), map[string]any{"quantization": map[string]any{"quant_algo": "NVFP4", "group_size": 16, "exclude_modules": []string{"lm_head"}}})
			}
			out := filepath.Join(dir, "out")
			rep, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := readAll(t, out)
			if len(got) != 2 || got["model.layers.0.mlp.up_proj.weight"] == nil || got["lm_head.weight"] == nil {
				t.Fatalf("tensors: %v", keys(got))
			}
			x := got["model.layers.0.mlp.up_proj.weight"]
			if !equalShape(x.Shape, []int64{8, 32}) || x.DType != dtype.BF16 {
				t.Errorf("shape %v %v", x.Shape, x.DType)
			}
			// 0x21: 0.5 then 1, times 1 (0x38) and the global 0.25: ×0.25
			// for ModelOpt, ×4 for compressed-tensors.
			want := []float64{0.125, 0.25}
			if layout == "compressed" {
				want = []float64{2, 4}
			}
			if !bytes.Equal(x.Data[:4], bf16Bytes(want)) {
				t.Errorf("first values % x, want % x", x.Data[:4], bf16Bytes(want))
			}
			if _, err := os.Stat(filepath.Join(out, "hf_quant_config.json")); err == nil {
				t.Error("hf_quant_config.json copied")
			}
			cfg, _ := os.ReadFile(filepath.Join(out, "config.json"))
			if bytes.Contains(cfg, []byte("quantization_config")) {
				t.Errorf("config.json: %s", cfg)
			}
			if !strings.Contains(rep.Summary(), "nvfp4") {
				t.Errorf("summary: %s", rep.Summary())
			}
		})
	}
}

// TestNVFP4Malformed: faults of NVFP4 tensors are refused naming file,
// tensor and fault, before anything is written.
func TestNVFP4Malformed(t *testing.T) {
	w, s := make([]byte, 16), []byte{0x38, 0x38}
	edit := func(layout string, f func(ts []safetensors.Named)) []safetensors.Named {
		ts := nvfp4Tensors(layout, "p", 2, w, s, 1)
		f(ts)
		return ts
	}
	cases := []struct {
		name string
		ts   []safetensors.Named
		want []string
	}{
		{"zero global scale", edit("modelopt", func(ts []safetensors.Named) { ts[2].Tensor.Data = f32Bytes([]float32{0}) }),
			[]string{"m.safetensors", `"p.weight_scale_2"`, "zero"}},
		{"NaN global scale", edit("compressed", func(ts []safetensors.Named) { ts[2].Tensor.Data = f32Bytes([]float32{float32(math.NaN())}) }),
			[]string{`"p.weight_global_scale"`, "NaN"}},
		{"infinite global scale", edit("compressed", func(ts []safetensors.Named) {
			ts[2].Tensor.Data = f32Bytes([]float32{float32(math.Inf(1))})
		}), []string{`"p.weight_global_scale"`, "infinite"}},
		{"block scales of the wrong shape", edit("modelopt", func(ts []safetensors.Named) {
			ts[1].Tensor.Shape, ts[1].Tensor.Data = []int64{2, 2}, make([]byte, 4)
		}), []string{`"p.weight_scale"`, "[2,2]", "want [2,1]", "16 values a row"}},
		{"f32 block scales", edit("modelopt", func(ts []safetensors.Named) {
			ts[1].Tensor.DType, ts[1].Tensor.Data = dtype.F32, make([]byte, 8)
		}), []string{`"p.weight_scale"`, "f32", "F8_E4M3"}},
		{"a row not whole blocks", edit("compressed", func(ts []safetensors.Named) {
			ts[0].Tensor.Shape = []int64{4, 4}
			ts[1].Tensor.Shape = []int64{4, 1}
			ts[1].Tensor.Data = make([]byte, 4)
		}), []string{`"p.weight_packed"`, "8 values a row", "blocks of 16"}},
		{"NaN block scale", edit("modelopt", func(ts []safetensors.Named) { ts[1].Tensor.Data = []byte{0x38, 0x7f} }),
			[]string{`"p.weight_scale"`, "[1,0]", "NaN"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { dequantRefuses(t, c.ts, nil, c.want) })
	}
}

// TestQuantNVFP4: a hand-made weight quantizes to the codes, scales and
// global scale ModelOpt's formulas give (ties to even: 0.25 to 0, 2.5 to
// 2, 3.5 to 4), in ModelOpt's layout; dequantized back, the values are
// the inputs (every input is on the grid).
func TestQuantNVFP4(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	xs := make([]float64, 32)
	copy(xs, []float64{448 * 0.5, 448, 448 * 1.5, 448 * 2, 448 * 3, 448 * 4, 448 * 6, -448 * 6})
	copy(xs[16:], []float64{6, 0.25, 0.75, 2.5, 3.5, 5, -0.5, 0})
	writeSharded(t, in, map[string][]safetensors.Named{"model.safetensors": {
		tt("model.layers.0.mlp.up_proj.weight", dtype.BF16, []int64{1, 32}, bf16Bytes(xs)),
		tt("model.norm.weight", dtype.BF16, []int64{1, 32}, bf16Bytes(xs)),
	}}, map[string]any{"torch_dtype": "bfloat16"})
	q := filepath.Join(dir, "q")
	if _, err := Quant(bg, mustOpen(t, in), q, QuantOptions{NVFP4: true}); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, q)
	w, s, g := got["model.layers.0.mlp.up_proj.weight"], got["model.layers.0.mlp.up_proj.weight_scale"], got["model.layers.0.mlp.up_proj.weight_scale_2"]
	if w == nil || s == nil || g == nil || got["model.norm.weight"].DType != dtype.BF16 {
		t.Fatalf("tensors %v", keys(got))
	}
	wantW := []byte{0x21, 0x43, 0x65, 0xf7, 0, 0, 0, 0, 0x07, 0x42, 0x66, 0x09, 0, 0, 0, 0}
	if w.DType != dtype.U8 || !equalShape(w.Shape, []int64{1, 16}) || !bytes.Equal(w.Data, wantW) {
		t.Errorf("weight %v %v % x, want % x", w.DType, w.Shape, w.Data, wantW)
	}
	if s.DType != dtype.F8E4M3FN || !equalShape(s.Shape, []int64{1, 2}) || !bytes.Equal(s.Data, []byte{0x7e, 0x38}) {
		t.Errorf("scales %v %v % x", s.DType, s.Shape, s.Data)
	}
	if g.DType != dtype.F32 || len(g.Shape) != 0 || !bytes.Equal(g.Data, f32Bytes([]float32{1})) {
		t.Errorf("global %v %v % x", g.DType, g.Shape, g.Data)
	}
	cfg, _ := os.ReadFile(filepath.Join(q, "config.json"))
	for _, want := range []string{`"quant_method": "modelopt"`, `"quant_algo": "NVFP4"`, `"group_size": 16`, `"model.norm"`} {
		if !bytes.Contains(cfg, []byte(want)) {
			t.Errorf("config.json lacks %s:\n%s", want, cfg)
		}
	}
	hq, err := os.ReadFile(filepath.Join(q, "hf_quant_config.json"))
	if err != nil || !bytes.Contains(hq, []byte(`"quant_algo": "NVFP4"`)) || !bytes.Contains(hq, []byte(`"model.norm"`)) {
		t.Errorf("hf_quant_config.json (%v):\n%s", err, hq)
	}
	back := filepath.Join(dir, "back")
	if _, err := Dequant(bg, mustOpen(t, q), back, DequantOptions{Mode: Reference}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(back, "hf_quant_config.json")); err == nil {
		t.Error("hf_quant_config.json survived dequantization")
	}
	ws := []float64{448 * 0.5, 448, 448 * 1.5, 448 * 2, 448 * 3, 448 * 4, 448 * 6, -448 * 6}
	want := make([]float64, 32)
	copy(want, ws)
	copy(want[16:], []float64{6, 0, 1, 2, 4, 4, -0.5, 0})
	if b := readAll(t, back)["model.layers.0.mlp.up_proj.weight"]; !bytes.Equal(b.Data, bf16Bytes(want)) {
		t.Errorf("round trip % x\nwant % x", b.Data, bf16Bytes(want))
	}
}

// TestDequantNVFP4Streamed: a ModelOpt NVFP4 weight of random bytes and
// scales, cut into small chunks over two threads, dequantizes to the
// element-wise exact product (value × scale × weight_scale_2, rounded
// once) for each target.
func TestDequantNVFP4Streamed(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	const rows, k = 37, 96
	w := randBytes(r, rows*k/2)
	s := randBytes(r, rows*k/16)
	for i := range s {
		s[i] = 0x08 + s[i]%0x70 // positive, finite, subnormals included
	}
	g := float32(0.0123)
	dir := t.TempDir()
	in := filepath.Join(dir, "in.safetensors")
	writeFile(t, in, nvfp4Tensors("modelopt", "p", rows, w, s, g), nil)
	f4, e4 := dtype.F4E2M1FN.Format(), dtype.F8E4M3FN.Format()
	for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
		out := filepath.Join(dir, to.String()+".safetensors")
		if _, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{To: to, Options: Options{ChunkSize: 1000, Threads: 2}}); err != nil {
			t.Fatal(err)
		}
		got := readAll(t, out)["p.weight"].Data
		ob := elemBytes(to)
		var want []byte
		for i := range int64(rows * k) {
			code := w[i/2] & 15
			if i%2 == 1 {
				code = w[i/2] >> 4
			}
			x := f4.Float64(uint64(code)) * e4.Float64(uint64(s[i/16])) * float64(g)
			y, _, err := convert.Scalar(to, dtype.F64, convert.Pattern{Re: math.Float64bits(x)}, convert.Default())
			if err != nil {
				t.Fatal(err)
			}
			want = binary.LittleEndian.AppendUint64(want, y.Re)[:len(want)+ob]
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%v: %d bytes differ", to, countDiff(got, want))
		}
	}
}

// TestE4M3Code: e4m3Code agrees with package convert's f64 to F8_E4M3
// rounding over every f32 in its range at a stride, and at each code and
// midpoint.
func TestE4M3Code(t *testing.T) {
	check := func(s float64) {
		y, _, err := convert.Scalar(dtype.F8E4M3FN, dtype.F64, convert.Pattern{Re: math.Float64bits(s)}, convert.Default())
		if err != nil {
			t.Fatal(err)
		}
		if got := e4m3Code(s); uint64(got) != y.Re {
			t.Fatalf("e4m3Code(%g) = %#02x, convert %#02x", s, got, y.Re)
		}
	}
	e4 := dtype.F8E4M3FN.Format()
	for c := uint64(1); c <= 0x7e; c++ {
		check(e4.Float64(c))
		if c < 0x7e {
			check((e4.Float64(c) + e4.Float64(c+1)) / 2)
		}
	}
	for b := math.Float32bits(0x1p-9); b <= math.Float32bits(448); b += 997 {
		check(float64(math.Float32frombits(b)))
	}
}

// TestQuantNVFP4CompressedTensors: the same hand-made weight in
// compressed-tensors' layout (weight_packed, weight_scale, a dividing
// weight_global_scale of shape [1]) with the NVFP4A16 config vLLM reads;
// dequantized back in reference mode it gives the grid values. A global
// scale that is not 1 (amax 5376: 0.5) exercises the division.
func TestQuantNVFP4CompressedTensors(t *testing.T) {
	for _, mult := range []float64{1, 2} {
		dir := t.TempDir()
		in := filepath.Join(dir, "in")
		xs := make([]float64, 32)
		copy(xs, []float64{448 * 0.5, 448, 448 * 1.5, 448 * 2, 448 * 3, 448 * 4, 448 * 6, -448 * 6})
		copy(xs[16:], []float64{6, 0.25, 0.75, 2.5, 3.5, 5, -0.5, 0})
		for i := range xs {
			xs[i] *= mult
		}
		writeSharded(t, in, map[string][]safetensors.Named{"model.safetensors": {
			tt("model.layers.0.mlp.up_proj.weight", dtype.BF16, []int64{1, 32}, bf16Bytes(xs)),
		}}, map[string]any{"torch_dtype": "bfloat16"})
		q := filepath.Join(dir, "q")
		if _, err := Quant(bg, mustOpen(t, in), q, QuantOptions{NVFP4: true, CompressedTensors: true}); err != nil {
			t.Fatal(err)
		}
		got := readAll(t, q)
		w, s, g := got["model.layers.0.mlp.up_proj.weight_packed"], got["model.layers.0.mlp.up_proj.weight_scale"], got["model.layers.0.mlp.up_proj.weight_global_scale"]
		if w == nil || s == nil || g == nil || got["model.layers.0.mlp.up_proj.weight"] != nil {
			t.Fatalf("tensors %v", keys(got))
		}
		wantW := []byte{0x21, 0x43, 0x65, 0xf7, 0, 0, 0, 0, 0x07, 0x42, 0x66, 0x09, 0, 0, 0, 0}
		if !bytes.Equal(w.Data, wantW) || !bytes.Equal(s.Data, []byte{0x7e, 0x38}) {
			t.Errorf("x%g: weight % x scales % x", mult, w.Data, s.Data)
		}
		if !equalShape(g.Shape, []int64{1}) || !bytes.Equal(g.Data, f32Bytes([]float32{float32(1 / mult)})) {
			t.Errorf("x%g: global %v % x", mult, g.Shape, g.Data)
		}
		cfg, _ := os.ReadFile(filepath.Join(q, "config.json"))
		for _, want := range []string{`"quant_method": "compressed-tensors"`, `"format": "nvfp4-pack-quantized"`, `"strategy": "tensor_group"`, `"input_activations": null`} {
			if !bytes.Contains(cfg, []byte(want)) {
				t.Errorf("config.json lacks %s:\n%s", want, cfg)
			}
		}
		if _, err := os.Stat(filepath.Join(q, "hf_quant_config.json")); err == nil {
			t.Error("hf_quant_config.json written for compressed-tensors")
		}
		back := filepath.Join(dir, "back")
		if _, err := Dequant(bg, mustOpen(t, q), back, DequantOptions{Mode: Reference}); err != nil {
			t.Fatal(err)
		}
		want := make([]float64, 32)
		copy(want, xs[:8])
		copy(want[16:], []float64{6 * mult, 0, 1 * mult, 2 * mult, 4 * mult, 4 * mult, -0.5 * mult, 0})
		if b := readAll(t, back)["model.layers.0.mlp.up_proj.weight"]; !bytes.Equal(b.Data, bf16Bytes(want)) {
			t.Errorf("x%g: round trip % x\nwant % x", mult, b.Data, bf16Bytes(want))
		}
	}
}
