package checkpoint

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
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

// wideModel writes a bf16 checkpoint with Linear weights (one with a
// partial last block), a 3-D expert tensor, norms, an embedding and a
// head, and config.json without quantization.
func wideModel(t testing.TB, dir string, r *rand.Rand) {
	t.Helper()
	val := func(n int64) []byte {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = r.NormFloat64() * math.Ldexp(1, r.IntN(6)-8)
		}
		xs[0] = 0
		return bf16Bytes(xs)
	}
	a := []safetensors.Named{
		tt("model.embed_tokens.weight", dtype.BF16, []int64{16, 64}, val(16*64)),
		tt("model.layers.0.self_attn.q_proj.weight", dtype.BF16, []int64{200, 160}, val(200*160)),
		tt("model.layers.0.input_layernorm.weight", dtype.BF16, []int64{64}, val(64)),
	}
	zeros := make([]byte, 2*64*96) // a block of zeros keeps scale 1
	b := []safetensors.Named{
		tt("model.layers.0.mlp.down_proj.weight", dtype.BF16, []int64{64, 96}, zeros),
		tt("model.layers.0.mlp.experts.gate_up_proj", dtype.BF16, []int64{2, 64, 48}, val(2*64*48)),
		tt("lm_head.weight", dtype.BF16, []int64{16, 64}, val(16*64)),
	}
	writeSharded(t, dir, map[string][]safetensors.Named{
		"model-00001-of-00002.safetensors": a, "model-00002-of-00002.safetensors": b,
	}, map[string]any{"architectures": []string{"LlamaForCausalLM"}, "torch_dtype": "bfloat16"})
}

// wantFP8 quantizes element by element: x / scale rounded once to
// e4m3fn, saturating.
func wantFP8(t *testing.T, x *tensor.Tensor, scaleOf func(i int64) float64) []byte {
	t.Helper()
	f := x.DType.Format()
	out := make([]byte, numel(x.Shape))
	for i := range out {
		v := f.Float64(patternOf(x.Data, x.DType, int64(i))) / scaleOf(int64(i))
		y, _, err := convert.Scalar(dtype.F8E4M3FN, dtype.F64, convert.Pattern{Re: math.Float64bits(v)}, saturating)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = byte(y.Re)
	}
	return out
}

// blockScales computes amax/448 per block as f32 (1 for zeros).
func blockScales(x *tensor.Tensor, bm, bn int64) []float64 {
	rows, cols := x.Shape[len(x.Shape)-2], x.Shape[len(x.Shape)-1]
	lead := numel(x.Shape) / (rows * cols)
	sr, sc := ceilDiv(rows, bm), ceilDiv(cols, bn)
	f := x.DType.Format()
	s := make([]float64, lead*sr*sc)
	for i := range numel(x.Shape) {
		e, r, c := i/(rows*cols), i/cols%rows, i%cols
		k := (e*sr+r/bm)*sc + c/bn
		s[k] = math.Max(s[k], math.Abs(f.Float64(patternOf(x.Data, x.DType, i))))
	}
	for k, a := range s {
		s[k] = 1
		if a > 0 {
			s[k] = float64(float32(a / 448))
		}
	}
	return s
}

func f32sOf(b []byte) []float64 {
	out := make([]float64, len(b)/4)
	for i := range out {
		out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
	}
	return out
}

// TestQuantFP8Block: block quantization writes each weight as x/scale
// rounded once and scale_inv = amax/448 per 128×128 block (partial last
// blocks, 3-D experts), leaves embeddings, norms and the head wide, and
// writes DeepSeek's quantization_config; dequantizing the result gives
// back values whose report matches.
func TestQuantFP8Block(t *testing.T) {
	dir := t.TempDir()
	in, out, back := filepath.Join(dir, "in"), filepath.Join(dir, "fp8"), filepath.Join(dir, "back")
	wideModel(t, in, rand.New(rand.NewPCG(9, 10)))
	src := readAll(t, in)
	rep, err := Quant(bg, mustOpen(t, in), out, QuantOptions{To: dtype.F8E4M3FN, Scale: PerBlock, Options: Options{ChunkSize: 4096, Threads: 2}})
	if err != nil {
		t.Fatal(err)
	}
	got := readAll(t, out)
	for _, c := range []struct{ name, scale string }{
		{"model.layers.0.self_attn.q_proj.weight", "model.layers.0.self_attn.q_proj.weight_scale_inv"},
		{"model.layers.0.mlp.down_proj.weight", "model.layers.0.mlp.down_proj.weight_scale_inv"},
		{"model.layers.0.mlp.experts.gate_up_proj", "model.layers.0.mlp.experts.gate_up_proj_scale_inv"},
	} {
		x := src[c.name]
		ws := blockScales(x, 128, 128)
		s := got[c.scale]
		if s == nil || s.DType != dtype.F32 {
			t.Fatalf("%s: %v", c.scale, s)
		}
		if gs := f32sOf(s.Data); !equalFloats(gs, ws) {
			t.Errorf("%s = %v, want %v", c.scale, gs, ws)
		}
		rows, cols := x.Shape[len(x.Shape)-2], x.Shape[len(x.Shape)-1]
		want := wantFP8(t, x, func(i int64) float64 {
			e, r, col := i/(rows*cols), i/cols%rows, i%cols
			return ws[(e*ceilDiv(rows, 128)+r/128)*ceilDiv(cols, 128)+col/128]
		})
		if g := got[c.name]; g.DType != dtype.F8E4M3FN || !bytes.Equal(g.Data, want) {
			t.Errorf("%s: %d bytes differ", c.name, countDiff(g.Data, want))
		}
	}
	for _, n := range []string{"model.embed_tokens.weight", "lm_head.weight", "model.layers.0.input_layernorm.weight"} {
		if got[n].DType != dtype.BF16 {
			t.Errorf("%s quantized", n)
		}
	}
	if z := rep.Tensors; len(z) == 0 {
		t.Fatal("empty report")
	}
	var qc map[string]any
	cfg, _ := os.ReadFile(filepath.Join(out, "config.json"))
	var full struct {
		Q map[string]any `json:"quantization_config"`
	}
	if err := json.Unmarshal(cfg, &full); err != nil {
		t.Fatal(err)
	}
	qc = full.Q
	if qc["quant_method"] != "fp8" || qc["fmt"] != "e4m3" || qc["activation_scheme"] != "dynamic" ||
		!strings.Contains(string(cfg), `"weight_block_size": [`) || !strings.Contains(string(cfg), `"lm_head"`) {
		t.Errorf("config.json:\n%s", cfg)
	}
	// The report counts exactly the values whose q·scale (exact in
	// float64) equals the source value.
	qn := "model.layers.0.self_attn.q_proj.weight"
	xf := src[qn].DType.Format()
	qs := f32sOf(got[qn+"_scale_inv"].Data)
	dec := dtype.F8E4M3FN.Format()
	var exact int64
	for i := range int64(200 * 160) {
		r, col := i/160, i%160
		y := dec.Float64(uint64(got[qn].Data[i])) * qs[(r/128)*2+col/128]
		if xf.Float64(patternOf(src[qn].Data, src[qn].DType, i)) == y {
			exact++
		}
	}
	for _, tr := range rep.Tensors {
		if tr.Name == qn && (tr.Exact != exact || tr.Values != 200*160 || tr.Overflowed != 0) {
			t.Errorf("report %+v; %d values are exact", tr.Counts, exact)
		}
	}
	// And back: the checkpoint dequantizes, block size from config.json.
	if _, err := Dequant(bg, mustOpen(t, out), back, DequantOptions{To: dtype.F32}); err != nil {
		t.Fatal(err)
	}
	if b := readAll(t, back); b[qn] == nil || b[qn].DType != dtype.F32 || b[qn+"_scale_inv"] != nil {
		t.Errorf("round trip: %v", keys(b))
	}
	// The zero weight: scale 1, all exact.
	for _, tr := range rep.Tensors {
		if tr.Name == "model.layers.0.mlp.down_proj.weight" && tr.Exact != tr.Values {
			t.Errorf("zeros: %+v", tr.Counts)
		}
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestQuantFP8PerTensor: one scale per weight, shape [], named as vLLM
// names it, amax over the whole tensor (across chunks); -only chooses.
func TestQuantFP8PerTensor(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	wideModel(t, in, rand.New(rand.NewPCG(11, 12)))
	src := readAll(t, in)
	_, err := Quant(bg, mustOpen(t, in), out, QuantOptions{To: dtype.F8E4M3FN, Scale: PerTensor, Only: []string{"*q_proj*"},
		Options: Options{ChunkSize: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	got := readAll(t, out)
	qn := "model.layers.0.self_attn.q_proj.weight"
	s := got[qn+"_scale"]
	x := src[qn]
	ws := blockScales(x, 1<<20, 1<<20)
	if s == nil || len(s.Shape) != 0 || f32sOf(s.Data)[0] != ws[0] {
		t.Fatalf("scale %v, want %v", s, ws)
	}
	if want := wantFP8(t, x, func(int64) float64 { return ws[0] }); !bytes.Equal(got[qn].Data, want) {
		t.Errorf("%d bytes differ", countDiff(got[qn].Data, want))
	}
	if got["model.layers.0.mlp.down_proj.weight"].DType != dtype.BF16 {
		t.Error("-only did not restrict")
	}
	cfg, _ := os.ReadFile(filepath.Join(out, "config.json"))
	if !strings.Contains(string(cfg), `"weight_block_size": null`) {
		t.Errorf("config.json:\n%s", cfg)
	}
}

// wantMXQuant quantizes [rows, k] groups of 32 per OCP MX v1.0.
func wantMXQuant(t *testing.T, xs []float64) (codes, scales []byte) {
	t.Helper()
	for g := 0; g < len(xs); g += 32 {
		amax := 0.0
		for _, x := range xs[g : g+32] {
			amax = math.Max(amax, math.Abs(x))
		}
		e := -127
		if amax > 0 {
			e = int(math.Floor(math.Log2(amax))) - 2
		}
		scales = append(scales, byte(e+127))
		var c [32]byte
		for i, x := range xs[g : g+32] {
			y, _, err := convert.Scalar(dtype.F4E2M1FN, dtype.F64, convert.Pattern{Re: math.Float64bits(x / math.Ldexp(1, e))}, saturating)
			if err != nil {
				t.Fatal(err)
			}
			c[i] = byte(y.Re)
		}
		for i := 0; i < 32; i += 2 {
			codes = append(codes, c[i]|c[i+1]<<4)
		}
	}
	return codes, scales
}

// TestQuantMXFP4: to gpt-oss's layout (experts transposed), then back:
// the round trip gives the quantized values in the original shapes.
func TestQuantMXFP4(t *testing.T) {
	dir := t.TempDir()
	in, out, back := filepath.Join(dir, "in"), filepath.Join(dir, "mx"), filepath.Join(dir, "back")
	wideModel(t, in, rand.New(rand.NewPCG(13, 14)))
	src := readAll(t, in)
	if _, err := Quant(bg, mustOpen(t, in), out, QuantOptions{To: dtype.F4E2M1FN, Options: Options{ChunkSize: 2048}}); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, out)
	// down_proj [64, 96] (zeros) and the experts [2, 64, 48] -> [2, 48, 2, 16].
	en := "model.layers.0.mlp.experts.gate_up_proj"
	x := src[en]
	f := x.DType.Format()
	tr := make([]float64, 0, numel(x.Shape)) // [E, R, K] from [E, K, R]
	for e := range int64(2) {
		for r := range int64(48) {
			for k := range int64(64) {
				tr = append(tr, f.Float64(patternOf(x.Data, x.DType, (e*64+k)*48+r)))
			}
		}
	}
	codes, scales := wantMXQuant(t, tr)
	b, s := got[en+"_blocks"], got[en+"_scales"]
	if b == nil || !equalShape(b.Shape, []int64{2, 48, 2, 16}) || !equalShape(s.Shape, []int64{2, 48, 2}) {
		t.Fatalf("blocks %v scales %v", b, s)
	}
	if !bytes.Equal(b.Data, codes) || !bytes.Equal(s.Data, scales) {
		t.Errorf("codes differ in %d bytes, scales in %d", countDiff(b.Data, codes), countDiff(s.Data, scales))
	}
	if got["model.layers.0.self_attn.q_proj.weight"].DType != dtype.BF16 {
		t.Error("attention quantized; gpt-oss keeps it wide")
	}
	cfg, _ := os.ReadFile(filepath.Join(out, "config.json"))
	if !strings.Contains(string(cfg), `"quant_method": "mxfp4"`) {
		t.Errorf("config.json:\n%s", cfg)
	}
	if _, err := Dequant(bg, mustOpen(t, out), back, DequantOptions{}); err != nil {
		t.Fatal(err)
	}
	bk := readAll(t, back)
	if g := bk[en]; g == nil || !equalShape(g.Shape, x.Shape) {
		t.Fatalf("round trip shape %v, want %v", g, x.Shape)
	}
	if g := bk["model.layers.0.mlp.down_proj.weight"]; !bytes.Equal(g.Data, src["model.layers.0.mlp.down_proj.weight"].Data) {
		t.Error("zeros did not come back")
	}
}

// TestQuantRefusals: already quantized input, nothing to quantize, an
// -only match that cannot be quantized, a scale name taken.
func TestQuantRefusals(t *testing.T) {
	dir := t.TempDir()
	fp8 := filepath.Join(dir, "fp8")
	deepSeekLike(t, fp8, rand.New(rand.NewPCG(1, 2)))
	wide := filepath.Join(dir, "wide")
	wideModel(t, wide, rand.New(rand.NewPCG(1, 2)))
	clash := filepath.Join(dir, "clash.safetensors")
	writeFile(t, clash, []safetensors.Named{
		tt("a.weight", dtype.BF16, []int64{4, 32}, make([]byte, 256)),
		tt("a.weight_scale_inv", dtype.BF16, []int64{1}, make([]byte, 2)),
	}, nil)
	cases := []struct {
		in   string
		o    QuantOptions
		want string
	}{
		{fp8, QuantOptions{To: dtype.F8E4M3FN}, "already quantized"},
		{wide, QuantOptions{To: dtype.F8E4M3FN, Only: []string{"nothing*"}}, "no tensor to quantize"},
		{wide, QuantOptions{To: dtype.F4E2M1FN, Only: []string{"*layernorm*"}, Skip: []string{}}, "rank is 1"},
		{clash, QuantOptions{To: dtype.F8E4M3FN, Scale: PerBlock}, "would be the scale"},
		{wide, QuantOptions{To: dtype.F16}, "want f8e4m3fn or mxfp4"},
		{wide, QuantOptions{To: dtype.F8E4M3FN, Only: []string{"[bad"}}, "pattern"},
	}
	for _, c := range cases {
		_, err := Quant(bg, mustOpen(t, c.in), filepath.Join(dir, "out"), c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err %v, want %q", c.o, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("an output was written")
	}
}
