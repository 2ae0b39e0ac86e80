package checkpoint

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
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

// patternOf reads element i of a buffer of dtype d (convert's layout).
func patternOf(b []byte, d dtype.DType, i int64) uint64 {
	eb := int64(convert.ElemBytes(d))
	var p uint64
	for k := eb - 1; k >= 0; k-- {
		p = p<<8 | uint64(b[i*eb+k])
	}
	return p
}

// wantDequant computes, element by element and without tables, what an
// FP8 weight with block scales dequantizes to: the exact product rounded
// once (exact), or the f32 product rounded again (reference).
func wantDequant(t *testing.T, w, s *tensor.Tensor, block [2]int64, to dtype.DType, mode Mode) []byte {
	t.Helper()
	rows, cols := w.Shape[len(w.Shape)-2], w.Shape[len(w.Shape)-1]
	sc := s.Shape[len(s.Shape)-1]
	wf, sf := w.DType.Format(), s.DType.Format()
	ob := int64(convert.ElemBytes(to))
	out := make([]byte, 0, numel(w.Shape)*ob)
	for i := range numel(w.Shape) {
		r, c := i/cols%rows, i%cols
		e := i / (rows * cols)
		si := (e*ceilDiv(rows, block[0])+r/block[0])*sc + c/block[1]
		x := wf.Float64(uint64(w.Data[i]))
		sv := sf.Float64(patternOf(s.Data, s.DType, si))
		var y convert.Pattern
		var err error
		if mode == Reference && to != dtype.F32 {
			p := float32(x) * float32(sv)
			y, _, err = convert.Scalar(to, dtype.F32, convert.Pattern{Re: uint64(math.Float32bits(p))}, convert.Default())
		} else {
			y, _, err = convert.Scalar(to, dtype.F64, convert.Pattern{Re: math.Float64bits(x * sv)}, convert.Default())
		}
		if err != nil {
			t.Fatal(err)
		}
		out = binary.LittleEndian.AppendUint64(out, y.Re)[:len(out)+int(ob)]
	}
	return out
}

// TestDequantDeepSeek: a checkpoint laid out as DeepSeek-V3's dequantizes
// in both modes to what the element-wise computation gives, in the same
// shards, with the scales dropped, the index rewritten, config.json's
// quantization_config removed and the other files copied.
func TestDequantDeepSeek(t *testing.T) {
	// Small chunks and two threads: blocks cross chunks and chunks are
	// split across goroutines. One thread: steps are converted and
	// written in pieces, which cross blocks (4096) or not (1 MiB: whole
	// tensors, many rows of a block column at a time).
	for _, o := range []Options{{ChunkSize: 1000, Threads: 2}, {ChunkSize: 4096, Threads: 1}, {ChunkSize: 1 << 20, Threads: 1}} {
		for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
			for _, mode := range []Mode{Exact, Reference} {
				t.Run(fmt.Sprintf("%d/%d/%v/%v", o.ChunkSize, o.Threads, to, mode), func(t *testing.T) {
					testDequantDeepSeek(t, o, to, mode)
				})
			}
		}
	}
}

// testDequantDeepSeek is one case of TestDequantDeepSeek.
func testDequantDeepSeek(t *testing.T, o Options, to dtype.DType, mode Mode) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	deepSeekLike(t, in, rand.New(rand.NewPCG(1, 2)))
	src := readAll(t, in)
	c := mustOpen(t, in)
	rep, err := Dequant(bg, c, out, DequantOptions{To: to, Mode: mode, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	got := readAll(t, out)
	for _, w := range []string{"model.layers.0.self_attn.q_proj.weight", "model.layers.0.mlp.down_proj.weight"} {
		want := wantDequant(t, src[w], src[w+"_scale_inv"], [2]int64{128, 128}, to, mode)
		if g := got[w]; g.DType != to || !bytes.Equal(g.Data, want) {
			t.Errorf("%s: %v, %d bytes differ from the element-wise result", w, g.DType, countDiff(g.Data, want))
		}
		if _, ok := got[w+"_scale_inv"]; ok {
			t.Errorf("%s_scale_inv kept", w)
		}
	}
	for _, n := range []string{"model.embed_tokens.weight", "model.layers.0.input_layernorm.weight", "model.layers.0.mlp.gate.weight"} {
		if !bytes.Equal(got[n].Data, src[n].Data) {
			t.Errorf("%s not copied byte for byte", n)
		}
	}
	if len(got) != 5 {
		t.Errorf("%d tensors, want 5", len(got))
	}
	// Same shards; the index lists every tensor in its shard.
	var ix struct {
		Metadata  map[string]int64  `json:"metadata"`
		WeightMap map[string]string `json:"weight_map"`
	}
	b, _ := os.ReadFile(filepath.Join(out, "model.safetensors.index.json"))
	if err := json.Unmarshal(b, &ix); err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, x := range got {
		total += int64(len(x.Data))
	}
	if ix.Metadata["total_size"] != total || len(ix.WeightMap) != 5 ||
		ix.WeightMap["model.layers.0.mlp.down_proj.weight"] != "model-00002-of-00002.safetensors" {
		t.Errorf("index %s", b)
	}
	cfg, _ := os.ReadFile(filepath.Join(out, "config.json"))
	if strings.Contains(string(cfg), "quantization_config") || !strings.Contains(string(cfg), `"hidden_size": 200`) {
		t.Errorf("config.json:\n%s", cfg)
	}
	if tok, _ := os.ReadFile(filepath.Join(out, "tokenizer.json")); string(tok) != `{"version":"1.0"}` {
		t.Errorf("tokenizer.json %q", tok)
	}
	if rep.Total.Values != 300*200+256*384 || rep.Total.NaN != 0 {
		t.Errorf("report totals %+v", rep.Total)
	}
	// The planted double rounding (see deepSeekLike).
	if to == dtype.BF16 {
		first := binary.LittleEndian.Uint16(got["model.layers.0.self_attn.q_proj.weight"].Data)
		want := map[Mode]uint16{Exact: 0x3fd1, Reference: 0x3fd0}[mode]
		if first != want {
			t.Errorf("element [0,0] = %#04x, want %#04x", first, want)
		}
	}
}

func countDiff(a, b []byte) int {
	if len(a) != len(b) {
		return -1
	}
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// TestFastLUT: the fast table build gives the generic build's table, for
// every target and mode, over scales across the fast path's range and
// past its edges (where it must decline).
func TestFastLUT(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
		for _, mode := range []Mode{Exact, Reference} {
			b := newLUTBuilder(dtype.F8E4M3FN, to, mode)
			fast := 0
			for i := range 3000 {
				s := math.Ldexp(1+r.Float64(), r.IntN(300)-150)
				if i < 30 {
					s = float64(float32(s)) // also scales that are exactly f32
				}
				s = float64(float32(s))
				if s == 0 || math.IsInf(s, 0) {
					continue
				}
				var want, got lut
				b.slowBuild(&want, s)
				if !b.fastBuild(&got, s) {
					continue
				}
				fast++
				if got.fr.on {
					// The fast report leaves cls and rel unset: check
					// it counts as the histogram would.
					got.cls, got.rel = want.cls, want.rel
					for p := range 256 {
						if e4m3Parts[p].fixed {
							continue
						}
						if got.fr.k != want.cls[p] || got.fr.rel[e4m3Parts[p].m] != want.rel[p] {
							t.Fatalf("%v %v scale %g pattern %#02x: fast report %v %g, generic %v %g", to, mode, s, p,
								got.fr.k, got.fr.rel[e4m3Parts[p].m], want.cls[p], want.rel[p])
						}
					}
					if got.fr.zeroK != want.cls[0] || got.fr.nanK != want.cls[0x7f] {
						t.Fatalf("%v %v scale %g: fast report ±0 %v NaN %v, generic %v %v", to, mode, s, got.fr.zeroK, got.fr.nanK, want.cls[0], want.cls[0x7f])
					}
				}
				if got.out16 != want.out16 || got.out32 != want.out32 || got.cls != want.cls || got.rel != want.rel {
					for p := range 256 {
						if got.out16[p] != want.out16[p] || got.out32[p] != want.out32[p] || got.cls[p] != want.cls[p] || got.rel[p] != want.rel[p] {
							t.Fatalf("%v %v scale %g pattern %#02x: fast %#x/%#x %v %g, generic %#x/%#x %v %g", to, mode, s, p,
								got.out16[p], got.out32[p], got.cls[p], got.rel[p], want.out16[p], want.out32[p], want.cls[p], want.rel[p])
						}
					}
				}
			}
			if fast < 100 {
				t.Errorf("%v %v: the fast path took only %d scales", to, mode, fast)
			}
		}
	}
}

// TestDequantEmptyWeights: FP8 weights with an empty dimension (no rows,
// or rows of no columns), block-scaled and per-tensor, dequantize to
// empty tensors of the same shape, on one thread and two.
func TestDequantEmptyWeights(t *testing.T) {
	var buf bytes.Buffer
	err := safetensors.Encode(&buf, []safetensors.Named{
		tt("a.weight", dtype.F8E4M3FN, []int64{4, 0}, nil),
		tt("a.weight_scale_inv", dtype.F32, []int64{1, 0}, nil),
		tt("b.weight", dtype.F8E4M3FN, []int64{0, 256}, nil),
		tt("b.weight_scale_inv", dtype.F32, []int64{0, 2}, nil),
		tt("c.weight", dtype.F8E4M3FN, []int64{3, 0}, nil),
		tt("c.weight_scale", dtype.F32, []int64{}, f32Bytes([]float32{0.5})),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{1, 2} {
		c, err := OpenReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "in.safetensors")
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		rep, err := Dequant(bg, c, "out.safetensors", DequantOptions{To: dtype.BF16, Options: Options{Writer: &out, Threads: threads}})
		if err != nil {
			t.Fatalf("%d threads: %v", threads, err)
		}
		f, err := safetensors.NewReader(bytes.NewReader(out.Bytes()), int64(out.Len()), "out")
		if err != nil {
			t.Fatal(err)
		}
		h := f.Header
		if got := len(h.Tensors); got != 3 {
			t.Errorf("%d threads: %d tensors, want 3", threads, got)
		}
		for _, x := range h.Tensors {
			if x.DType != dtype.BF16 || x.End != x.Begin {
				t.Errorf("%d threads: %s: %v, %d bytes", threads, x.Name, x.DType, x.End-x.Begin)
			}
		}
		if rep.Total.Values != 0 {
			t.Errorf("%d threads: %d values", threads, rep.Total.Values)
		}
	}
}
