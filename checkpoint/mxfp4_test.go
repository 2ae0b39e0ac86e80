package checkpoint

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

// gptOSSLike writes a checkpoint laid out as gpt-oss ships MXFP4 in
// transformers' names: experts' gate_up_proj_blocks [E, R, G, 16] with
// gate_up_proj_scales [E, R, G], a 2-D NAME_blocks, gpt-oss's original
// NAME.blocks, and a bf16 attention weight.
func gptOSSLike(t testing.TB, dir string, r *rand.Rand, e, rows, g int64) {
	t.Helper()
	sc := func(n int64) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(100 + r.IntN(50)) // 2^-27 to 2^22
		}
		return b
	}
	ts := []safetensors.Named{
		tt("model.layers.0.mlp.experts.gate_up_proj_blocks", dtype.U8, []int64{e, rows, g, 16}, randBytes(r, e*rows*g*16)),
		tt("model.layers.0.mlp.experts.gate_up_proj_scales", dtype.U8, []int64{e, rows, g}, sc(e*rows*g)),
		tt("model.layers.0.mlp.experts.gate_up_proj_bias", dtype.BF16, []int64{e, rows}, randBytes(r, 2*e*rows)),
		tt("model.layers.0.proj_blocks", dtype.U8, []int64{rows, g, 16}, randBytes(r, rows*g*16)),
		tt("model.layers.0.proj_scales", dtype.F8E8M0FNU, []int64{rows, g}, sc(rows*g)),
		tt("block.0.mlp.mlp1_weight.blocks", dtype.U8, []int64{e, rows, g, 16}, randBytes(r, e*rows*g*16)),
		tt("block.0.mlp.mlp1_weight.scales", dtype.U8, []int64{e, rows, g}, sc(e*rows*g)),
		tt("model.layers.0.self_attn.q_proj.weight", dtype.BF16, []int64{8, 32}, randBytes(r, 2*8*32)),
	}
	writeSharded(t, dir, map[string][]safetensors.Named{"model-00001-of-00001.safetensors": ts}, map[string]any{
		"quantization_config": map[string]any{"quant_method": "mxfp4", "modules_to_not_convert": []string{"model.layers.*.self_attn"}},
		"torch_dtype":         "bfloat16",
	})
}

// wantMX computes the dequantized values element by element: fp4 value
// of the nibble (low first) times 2^(scale-127), rounded once, laid out
// [P..., 32G], transposed to [E, 32G, R] when transpose.
func wantMX(t *testing.T, blocks, scales *tensor.Tensor, to dtype.DType, transpose bool) []byte {
	t.Helper()
	f4 := dtype.F4E2M1FN.Format()
	n := int64(len(blocks.Data)) * 2
	vals := make([]float64, n)
	for i := range n {
		b := blocks.Data[i/2]
		nib := b & 15
		if i%2 == 1 {
			nib = b >> 4
		}
		vals[i] = f4.Float64(uint64(nib)) * math.Ldexp(1, int(scales.Data[i/32])-127)
	}
	if transpose {
		E, R := blocks.Shape[0], blocks.Shape[1]
		K := 32 * blocks.Shape[2]
		tr := make([]float64, n)
		for e := range E {
			for r := range R {
				for k := range K {
					tr[(e*K+k)*R+r] = vals[(e*R+r)*K+k]
				}
			}
		}
		vals = tr
	}
	ob := convert.ElemBytes(to)
	out := make([]byte, 0, n*int64(ob))
	for _, v := range vals {
		y, _, err := convert.Scalar(to, dtype.F64, convert.Pattern{Re: math.Float64bits(v)}, convert.Default())
		if err != nil {
			t.Fatal(err)
		}
		out = binary.LittleEndian.AppendUint64(out, y.Re)[:len(out)+ob]
	}
	return out
}

// TestDequantGPTOSS: gpt-oss's MXFP4 tensors dequantize, in both modes
// (which agree for MXFP4), to the element-wise values in transformers'
// layout and names; scales dropped, bf16 tensors copied.
func TestDequantGPTOSS(t *testing.T) {
	for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
		for _, mode := range []Mode{Exact, Reference} {
			t.Run(to.String()+"/"+mode.String(), func(t *testing.T) {
				dir := t.TempDir()
				in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
				gptOSSLike(t, in, rand.New(rand.NewPCG(3, 4)), 3, 40, 3)
				src := readAll(t, in)
				rep, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{To: to, Mode: mode, Options: Options{ChunkSize: 512, Threads: 2}})
				if err != nil {
					t.Fatal(err)
				}
				got := readAll(t, out)
				cases := []struct {
					base, blocks, scales string
					shape                []int64
					transpose            bool
				}{
					{"model.layers.0.mlp.experts.gate_up_proj", "model.layers.0.mlp.experts.gate_up_proj_blocks", "model.layers.0.mlp.experts.gate_up_proj_scales", []int64{3, 96, 40}, true},
					{"model.layers.0.proj", "model.layers.0.proj_blocks", "model.layers.0.proj_scales", []int64{40, 96}, false},
					{"block.0.mlp.mlp1_weight", "block.0.mlp.mlp1_weight.blocks", "block.0.mlp.mlp1_weight.scales", []int64{3, 40, 96}, false},
				}
				for _, c := range cases {
					g := got[c.base]
					if g == nil {
						t.Fatalf("%s missing; got %v", c.base, keys(got))
					}
					want := wantMX(t, src[c.blocks], src[c.scales], to, c.transpose)
					if g.DType != to || !equalShape(g.Shape, c.shape) || !bytes.Equal(g.Data, want) {
						t.Errorf("%s: %v %v, %d bytes differ; want %v %v", c.base, g.DType, g.Shape, countDiff(g.Data, want), to, c.shape)
					}
					if got[c.blocks] != nil || got[c.scales] != nil {
						t.Errorf("%s: blocks or scales kept", c.base)
					}
				}
				if !bytes.Equal(got["model.layers.0.self_attn.q_proj.weight"].Data, src["model.layers.0.self_attn.q_proj.weight"].Data) {
					t.Error("the bf16 weight was not copied")
				}
				if len(got) != 5 {
					t.Errorf("tensors %v", keys(got))
				}
				if to == dtype.F32 && rep.Total.Exact != rep.Total.Values {
					t.Errorf("every MXFP4 value fits f32: %+v", rep.Total)
				}
			})
		}
	}
}

func keys(m map[string]*tensor.Tensor) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestMXTransposeStripes: an expert too large for half the worker's
// memory is dequantized in stripes of groups, read row by row, with the
// same result as the whole-expert path.
func TestMXTransposeStripes(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	gptOSSLike(t, in, rand.New(rand.NewPCG(5, 6)), 2, 24, 7)
	c := mustOpen(t, in)
	b, _ := c.Lookup("model.layers.0.mlp.experts.gate_up_proj_blocks")
	s, _ := c.Lookup("model.layers.0.mlp.experts.gate_up_proj_scales")
	p := &mxDequant{blocks: &b, scales: &s, name: "x", lead: []int64{2, 24}, groups: 7, transpose: true, to: dtype.BF16}
	run := func(budget, chunk int64, threads int) []byte {
		var buf bytes.Buffer
		wk := &worker{ctx: bg, ck: c, threads: threads, chunk: chunk, budget: budget}
		var cnt Counts
		if err := p.write(wk, &buf, &cnt); err != nil {
			t.Fatal(err)
		}
		if cnt.Values != 2*24*7*32 {
			t.Errorf("budget %d: %d values counted", budget, cnt.Values)
		}
		return buf.Bytes()
	}
	whole := run(1<<30, 1<<20, 1)
	perGroup := int64(24 * (32*2*(1+nSlots) + 17*nSlots))
	// Two groups a stripe, the expert's input read whole (it fits beside
	// the stripes), then read two rows at a time (it does not).
	// Two threads: the stripes go through the pipeline, read ahead of
	// their conversion (run with -race).
	for _, budget := range []int64{4 * perGroup, 2*perGroup + 100} {
		for _, threads := range []int{1, 2} {
			striped := run(budget, 24*32*2*2, threads)
			if !bytes.Equal(whole, striped) {
				t.Errorf("budget %d, %d threads: striped result differs in %d bytes", budget, threads, countDiff(whole, striped))
			}
		}
	}
	// A group that does not fit the budget at all is an error naming -mem.
	wk := &worker{ctx: bg, ck: c, threads: 1, chunk: 64, budget: 100}
	if err := p.write(wk, &bytes.Buffer{}, &Counts{}); err == nil || !strings.Contains(err.Error(), "-mem") {
		t.Errorf("tiny budget: %v", err)
	}
}

// TestDequantMXNaNScale: an e8m0 NaN scale (0xff) is an error naming the
// scale tensor; nothing is written.
func TestDequantMXNaNScale(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.safetensors"), filepath.Join(dir, "out.safetensors")
	writeFile(t, in, []safetensors.Named{
		tt("w_blocks", dtype.U8, []int64{2, 1, 16}, make([]byte, 32)),
		tt("w_scales", dtype.U8, []int64{2, 1}, []byte{127, 0xff}),
	}, nil)
	_, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{})
	if err == nil || !strings.Contains(err.Error(), `"w_scales"`) || !strings.Contains(err.Error(), "NaN") {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output was written")
	}
}
