package checkpoint

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
	"github.com/promote-dev/promote/tensor"
)

// v4Config is config.json as DeepSeek-V4 ships it, quantization-wise.
func v4ConfigJSON() map[string]any {
	return map[string]any{
		"architectures": []string{"DeepseekV4ForCausalLM"},
		"expert_dtype":  "fp4",
		"quantization_config": map[string]any{
			"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
			"scale_fmt": "ue8m0", "weight_block_size": []int{128, 128},
		},
		"torch_dtype": "bfloat16",
	}
}

// e8m0Bytes returns n E8M0 exponents around 127 (2^-20 to 2^9).
func e8m0Bytes(r *rand.Rand, n int64) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(107 + r.IntN(30))
	}
	return b
}

// deepSeekV4Like writes a small checkpoint laid out as DeepSeek-V4 ships
// it: a dense F8_E4M3 projection with F8_E8M0 X.scale over 128×128 tiles
// (partial last tiles), routed experts packed FP4 in I8 with F8_E8M0
// scales per 32 values (one in mtp.*), a shared expert in FP8, a bf16
// norm, two shards, an index and config.json.
func deepSeekV4Like(t testing.TB, dir string, r *rand.Rand) {
	t.Helper()
	avoid := []byte{0x7f, 0xff}
	wq := tt("layers.0.attn.wq_b.weight", dtype.F8E4M3FN, []int64{130, 200}, randBytes(r, 130*200, avoid...))
	wqS := tt("layers.0.attn.wq_b.scale", dtype.F8E8M0FNU, []int64{2, 2}, e8m0Bytes(r, 4))
	sh := tt("layers.0.ffn.shared_experts.w1.weight", dtype.F8E4M3FN, []int64{128, 128}, randBytes(r, 128*128, avoid...))
	shS := tt("layers.0.ffn.shared_experts.w1.scale", dtype.F8E8M0FNU, []int64{1, 1}, e8m0Bytes(r, 1))
	var experts []safetensors.Named
	for _, name := range []string{"layers.0.ffn.experts.0.w1", "layers.0.ffn.experts.0.w2", "layers.0.ffn.experts.1.w3", "mtp.0.ffn.experts.3.w1"} {
		experts = append(experts,
			tt(name+".weight", dtype.I8, []int64{6, 48}, randBytes(r, 6*48)), // 96 values a row
			tt(name+".scale", dtype.F8E8M0FNU, []int64{6, 3}, e8m0Bytes(r, 18)))
	}
	norm := tt("layers.0.attn_norm.weight", dtype.BF16, []int64{200}, bf16Bytes(make([]float64, 200)))
	writeSharded(t, dir, map[string][]safetensors.Named{
		"model-00001-of-00002.safetensors": append([]safetensors.Named{wq, norm, shS}, experts[:4]...),
		"model-00002-of-00002.safetensors": append([]safetensors.Named{wqS, sh}, experts[4:]...),
	}, v4ConfigJSON())
}

// wantFP4 computes a packed FP4 weight's values element by element:
// code of the low nibble first, times 2^(scale-127), rounded once; code 8
// is +0 when posZero (DeepSeek's table).
func wantFP4(t *testing.T, w, s *tensor.Tensor, to dtype.DType, posZero bool) []byte {
	t.Helper()
	blocks := &tensor.Tensor{DType: dtype.U8, Data: w.Data}
	out := wantMX(t, blocks, s, to, false)
	if posZero {
		ob := int64(len(out)) / (2 * int64(len(w.Data)))
		for i := range 2 * int64(len(w.Data)) {
			nib := w.Data[i/2] & 15
			if i%2 == 1 {
				nib = w.Data[i/2] >> 4
			}
			if nib == 8 {
				clear(out[i*ob : (i+1)*ob])
			}
		}
	}
	return out
}

// TestDequantDeepSeekV4: both layouts dequantize, in both modes and to
// each target, to the element-wise computation; the shards and index
// follow the input, the scales are dropped, and config.json loses
// quantization_config and expert_dtype.
func TestDequantDeepSeekV4(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	deepSeekV4Like(t, in, rand.New(rand.NewPCG(4, 1)))
	src := readAll(t, in)
	for _, o := range []Options{{ChunkSize: 1000, Threads: 2}, {}} {
		for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
			for _, mode := range []Mode{Exact, Reference} {
				t.Run(fmt.Sprintf("%d/%v/%v", o.ChunkSize, to, mode), func(t *testing.T) {
					out := filepath.Join(t.TempDir(), "out")
					rep, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{Options: o, To: to, Mode: mode})
					if err != nil {
						t.Fatal(err)
					}
					got := readAll(t, out)
					for name, x := range src {
						switch {
						case strings.HasSuffix(name, ".scale"):
							if got[name] != nil {
								t.Errorf("scale %s kept", name)
							}
						case x.DType == dtype.F8E4M3FN:
							s := src[strings.TrimSuffix(name, ".weight")+".scale"]
							if want := wantDequant(t, x, s, [2]int64{128, 128}, to, mode); !bytes.Equal(got[name].Data, want) {
								t.Errorf("%s: %d bytes differ", name, countDiff(got[name].Data, want))
							}
						case x.DType == dtype.I8:
							s := src[strings.TrimSuffix(name, ".weight")+".scale"]
							g := got[name]
							if g.DType != to || !equalShape(g.Shape, []int64{6, 96}) {
								t.Fatalf("%s: %v %v", name, g.DType, g.Shape)
							}
							if want := wantFP4(t, x, s, to, mode == Reference); !bytes.Equal(g.Data, want) {
								t.Errorf("%s: %d bytes differ", name, countDiff(g.Data, want))
							}
						default:
							if !bytes.Equal(got[name].Data, x.Data) {
								t.Errorf("%s changed", name)
							}
						}
					}
					var ix struct {
						WeightMap map[string]string `json:"weight_map"`
					}
					b, _ := os.ReadFile(filepath.Join(out, "model.safetensors.index.json"))
					if err := json.Unmarshal(b, &ix); err != nil || ix.WeightMap["mtp.0.ffn.experts.3.w1.weight"] != "model-00002-of-00002.safetensors" || len(ix.WeightMap) != 7 {
						t.Errorf("index %v (%v)", ix.WeightMap, err)
					}
					cfg, _ := os.ReadFile(filepath.Join(out, "config.json"))
					if bytes.Contains(cfg, []byte("expert_dtype")) || bytes.Contains(cfg, []byte("quantization_config")) {
						t.Errorf("config.json still claims a quantization:\n%s", cfg)
					}
					if !strings.Contains(rep.Summary(), "expert_dtype removed") {
						t.Errorf("summary: %s", rep.Summary())
					}
				})
			}
		}
	}
}

// TestDeepSeekV4FP4Vectors: testdata/deepseek_v4_fp4.tsv pins the nibble
// order (the low nibble is the first value), the E8M0 scale and the sign
// of code 8 in each mode, byte by byte.
func TestDeepSeekV4FP4Vectors(t *testing.T) {
	groups := readFP4Vectors(t, "testdata/deepseek_v4_fp4.tsv", 7, 16) // "to mode" -> rows
	if len(groups) != 4 {
		t.Fatalf("%d target/mode groups", len(groups))
	}
	for key, rows := range groups {
		to, _ := dtype.Parse(strings.Fields(key)[0])
		mode, _ := ParseMode(strings.Fields(key)[1])
		n := int64(len(rows))
		w, s := vectorBlocks(rows, 16)
		dir := t.TempDir()
		in := filepath.Join(dir, "in")
		writeSharded(t, in, map[string][]safetensors.Named{"model.safetensors": {
			tt("layers.0.ffn.experts.0.w1.weight", dtype.I8, []int64{n, 16}, w),
			tt("layers.0.ffn.experts.0.w1.scale", dtype.F8E8M0FNU, []int64{n, 1}, s),
		}}, v4ConfigJSON())
		out := filepath.Join(dir, "out")
		if _, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{To: to, Mode: mode}); err != nil {
			t.Fatal(err)
		}
		got := readAll(t, out)["layers.0.ffn.experts.0.w1.weight"].Data
		for i, r := range rows {
			row := got[int64(i)*32*2:]
			a, b := uint64(binary.LittleEndian.Uint16(row)), uint64(binary.LittleEndian.Uint16(row[2:]))
			if a != r.first || b != r.second {
				t.Errorf("%s: packed %#02x scale %#02x: got %#04x %#04x, want %#04x %#04x", key, r.packed, r.scale, a, b, r.first, r.second)
			}
		}
	}
}

// TestDequantF4Experts: experts stored as safetensors' F4 (shape in
// logical elements, [M, K], K/2 bytes a row) dequantize as the I8
// container of the same bytes does.
func TestDequantF4Experts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	w, s := randBytes(r, 4*32), e8m0Bytes(r, 4*2)
	outs := map[dtype.DType][]byte{}
	for _, d := range []dtype.DType{dtype.I8, dtype.F4E2M1FN} {
		shape := []int64{4, 32}
		if d == dtype.F4E2M1FN {
			shape = []int64{4, 64}
		}
		dir := t.TempDir()
		writeSharded(t, filepath.Join(dir, "in"), map[string][]safetensors.Named{"m.safetensors": {
			tt("layers.1.ffn.experts.2.w2.weight", d, shape, w),
			tt("layers.1.ffn.experts.2.w2.scale", dtype.F8E8M0FNU, []int64{4, 2}, s),
		}}, v4ConfigJSON())
		if _, err := Dequant(bg, mustOpen(t, filepath.Join(dir, "in")), filepath.Join(dir, "out"), DequantOptions{}); err != nil {
			t.Fatal(err)
		}
		x := readAll(t, filepath.Join(dir, "out"))["layers.1.ffn.experts.2.w2.weight"]
		if !equalShape(x.Shape, []int64{4, 64}) {
			t.Fatalf("%v: shape %v", d, x.Shape)
		}
		outs[d] = x.Data
	}
	if !bytes.Equal(outs[dtype.I8], outs[dtype.F4E2M1FN]) {
		t.Error("F4 and I8 containers of the same bytes differ")
	}
}

// TestDeepSeekV4Malformed: each contradiction or fault is refused naming
// the file, the tensor and the fault, and nothing is written.
func TestDeepSeekV4Malformed(t *testing.T) {
	expert := func(wd dtype.DType, wshape []int64, sd dtype.DType, sshape []int64, sdata []byte) []safetensors.Named {
		return []safetensors.Named{
			tt("layers.0.ffn.experts.0.w1.weight", wd, wshape, make([]byte, numel(wshape)*fileBits(wd)/8)),
			tt("layers.0.ffn.experts.0.w1.scale", sd, sshape, sdata),
		}
	}
	ones := func(n int) []byte { return bytes.Repeat([]byte{127}, n) }
	cfg := func(edit func(m map[string]any)) map[string]any {
		m := v4ConfigJSON()
		edit(m)
		return m
	}
	cases := []struct {
		name   string
		ts     []safetensors.Named
		config map[string]any
		want   []string
	}{
		{"no expert_dtype", expert(dtype.I8, []int64{2, 16}, dtype.F8E8M0FNU, []int64{2, 1}, ones(2)),
			cfg(func(m map[string]any) { delete(m, "expert_dtype") }),
			[]string{"m.safetensors", `"layers.0.ffn.experts.0.w1.weight"`, "no expert_dtype"}},
		{"expert_dtype fp8 over packed FP4", expert(dtype.I8, []int64{2, 16}, dtype.F8E8M0FNU, []int64{2, 1}, ones(2)),
			cfg(func(m map[string]any) { m["expert_dtype"] = "fp8" }),
			[]string{`"layers.0.ffn.experts.0.w1.weight"`, `expert_dtype is "fp8"`, "contradicts"}},
		{"expert_dtype fp4 over FP8 experts", expert(dtype.F8E4M3FN, []int64{128, 128}, dtype.F8E8M0FNU, []int64{1, 1}, ones(1)),
			v4ConfigJSON(), []string{`"layers.0.ffn.experts.0.w1.weight"`, "f8e4m3fn", `expert_dtype is "fp4"`}},
		{"E8M0 scale stored as f32", expert(dtype.I8, []int64{2, 16}, dtype.F32, []int64{2, 1}, f32Bytes([]float32{120, 121})),
			v4ConfigJSON(), []string{`"layers.0.ffn.experts.0.w1.scale"`, "f32", "E8M0"}},
		{"dense E8M0 scale stored as f32 under ue8m0", []safetensors.Named{
			tt("layers.0.attn.wq_b.weight", dtype.F8E4M3FN, []int64{130, 70}, make([]byte, 130*70)),
			tt("layers.0.attn.wq_b.scale", dtype.F32, []int64{2, 1}, f32Bytes([]float32{120, 121}))},
			v4ConfigJSON(), []string{`"layers.0.attn.wq_b.scale"`, "f32", `scale_fmt is "ue8m0"`}},
		{"f32 scale bytes stored as F8_E8M0", expert(dtype.I8, []int64{2, 16}, dtype.F8E8M0FNU, []int64{2, 4}, ones(8)),
			v4ConfigJSON(), []string{`"layers.0.ffn.experts.0.w1.scale"`, "[2,4]", "want [2,1]", "f32 bytes stored as f8e8m0fnu"}},
		{"scales of the wrong count", expert(dtype.I8, []int64{2, 32}, dtype.F8E8M0FNU, []int64{2, 1}, ones(2)),
			v4ConfigJSON(), []string{`"layers.0.ffn.experts.0.w1.scale"`, "[2,1]", "want [2,2]", "64 values a row"}},
		{"a row not whole blocks", expert(dtype.I8, []int64{2, 24}, dtype.F8E8M0FNU, []int64{2, 2}, ones(4)),
			v4ConfigJSON(), []string{`"layers.0.ffn.experts.0.w1.weight"`, "48 values a row", "blocks of 32"}},
		{"NaN scale", expert(dtype.I8, []int64{2, 16}, dtype.F8E8M0FNU, []int64{2, 1}, []byte{127, 0xff}),
			v4ConfigJSON(), []string{`"layers.0.ffn.experts.0.w1.scale"`, "NaN"}},
		{"dense tile scale of the wrong grid", []safetensors.Named{
			tt("layers.0.attn.wq_b.weight", dtype.F8E4M3FN, []int64{130, 70}, make([]byte, 130*70)),
			tt("layers.0.attn.wq_b.scale", dtype.F8E8M0FNU, []int64{1, 1}, ones(1))},
			v4ConfigJSON(), []string{`"layers.0.attn.wq_b.scale"`, "[1,1]", "[130,70]", "[2,1] (block 128x128)"}},
		{"an E8M0 scale without its weight", []safetensors.Named{
			tt("norm.weight", dtype.BF16, []int64{2}, make([]byte, 4)),
			tt("layers.0.attn.wq_a.weight", dtype.F8E4M3FN, []int64{2, 2}, make([]byte, 4)),
			tt("layers.0.attn.wq_a.scale", dtype.F8E8M0FNU, []int64{1, 1}, ones(1)),
			tt("layers.0.attn.wq_b.scale", dtype.F8E8M0FNU, []int64{1, 1}, ones(1))},
			v4ConfigJSON(), []string{`"layers.0.attn.wq_b.scale"`, "no weight"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { dequantRefuses(t, c.ts, c.config, c.want) })
	}
}

// TestRecastRefusesPackedFP4: recasting DeepSeek-V4's I8 experts would
// read packed FP4 as integers; recast refuses and names dequant.
func TestRecastRefusesPackedFP4(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	deepSeekV4Like(t, in, rand.New(rand.NewPCG(1, 1)))
	_, err := Recast(bg, mustOpen(t, in), filepath.Join(dir, "out"), RecastOptions{To: dtype.F32, Select: func(Tensor) bool { return true }})
	if err == nil || !strings.Contains(err.Error(), "use dequant") {
		t.Errorf("err = %v", err)
	}
}

// TestF4E8M0Vectors: testdata/f4_e8m0_recast.tsv pins how safetensors'
// F4 (shape in values, low nibble first) and F8_E8M0 read, through a
// recast to f32.
func TestF4E8M0Vectors(t *testing.T) {
	b, err := os.ReadFile("testdata/f4_e8m0_recast.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' || strings.HasPrefix(line, "dtype\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 || c[4] == "" {
			t.Fatalf("line %d: want 5 columns, a source last: %q", i+1, line)
		}
		d, err := safetensors.DTypeOf(c[0])
		if err != nil {
			t.Fatal(err)
		}
		var shape []int64
		if err := json.Unmarshal([]byte(c[1]), &shape); err != nil {
			t.Fatal(err)
		}
		data := make([]byte, len(c[2])/2)
		for k := range data {
			v, _ := strconv.ParseUint(c[2][2*k:2*k+2], 16, 8)
			data[k] = byte(v)
		}
		var want []byte
		for _, h := range strings.Fields(c[3]) {
			v, _ := strconv.ParseUint(h, 16, 32)
			want = binary.LittleEndian.AppendUint32(want, uint32(v))
		}
		dir := t.TempDir()
		in, out := filepath.Join(dir, "in.safetensors"), filepath.Join(dir, "out.safetensors")
		writeFile(t, in, []safetensors.Named{tt("x", d, shape, data)}, nil)
		if _, err := Recast(bg, mustOpen(t, in), out, RecastOptions{To: dtype.F32}); err != nil {
			t.Fatal(err)
		}
		if got := readAll(t, out)["x"]; !bytes.Equal(got.Data, want) || !equalShape(got.Shape, shape) {
			t.Errorf("line %d: %s %v % x: got %v % x, want % x", i+1, c[0], shape, data, got.Shape, got.Data, want)
		}
		rows++
	}
	if rows != 5 {
		t.Errorf("%d rows", rows)
	}
}

// TestDequantV4SmallTiles: DeepSeek-V4.1's wo_a in 32×32 tiles, under a
// config.json that says 128×128, dequantizes by its own tiles, as
// DeepSeek's convert.py derives them from the shapes; a grid that no
// exact tile explains is still refused.
func TestDequantV4SmallTiles(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 2))
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	w := tt("layers.0.attn.wo_a.weight", dtype.F8E4M3FN, []int64{64, 96}, randBytes(r, 64*96, 0x7f, 0xff))
	s := tt("layers.0.attn.wo_a.scale", dtype.F8E8M0FNU, []int64{2, 3}, e8m0Bytes(r, 6))
	writeSharded(t, in, map[string][]safetensors.Named{"m.safetensors": {w, s}}, v4ConfigJSON())
	out := filepath.Join(dir, "out")
	if _, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{Mode: Reference}); err != nil {
		t.Fatal(err)
	}
	want := wantDequant(t, w.Tensor, s.Tensor, [2]int64{32, 32}, dtype.BF16, Reference)
	if got := readAll(t, out)["layers.0.attn.wo_a.weight"].Data; !bytes.Equal(got, want) {
		t.Errorf("%d bytes differ", countDiff(got, want))
	}
	bad := filepath.Join(dir, "bad")
	s.Tensor.Shape, s.Tensor.Data = []int64{3, 3}, e8m0Bytes(r, 9) // 64/3: no tile
	writeSharded(t, bad, map[string][]safetensors.Named{"m.safetensors": {w, s}}, v4ConfigJSON())
	if _, err := Dequant(bg, mustOpen(t, bad), filepath.Join(dir, "out2"), DequantOptions{}); err == nil || !strings.Contains(err.Error(), "[3,3]") {
		t.Errorf("err = %v", err)
	}
}
