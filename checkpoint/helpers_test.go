package checkpoint

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"math"
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

// tt makes a named tensor.
func tt(name string, d dtype.DType, shape []int64, data []byte) safetensors.Named {
	return safetensors.Named{Name: name, Tensor: &tensor.Tensor{DType: d, Shape: shape, Data: data}}
}

func numel(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// randBytes returns n random bytes, avoiding the patterns in avoid.
func randBytes(r *rand.Rand, n int64, avoid ...byte) []byte {
	b := make([]byte, n)
	for i := range b {
	again:
		b[i] = byte(r.UintN(256))
		for _, a := range avoid {
			if b[i] == a {
				goto again
			}
		}
	}
	return b
}

func f32Bytes(xs []float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// bf16Bytes rounds float64 values to bf16 by truncation of f32 (fine for
// test data: any bf16 pattern is a value).
func bf16Bytes(xs []float64) []byte {
	b := make([]byte, 2*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(math.Float32bits(float32(x))>>16))
	}
	return b
}

// randScales returns n positive f32 scales of various magnitudes.
func randScales(r *rand.Rand, n int64) []byte {
	xs := make([]float32, n)
	for i := range xs {
		xs[i] = float32(math.Ldexp(1+r.Float64(), r.IntN(30)-20))
	}
	return f32Bytes(xs)
}

func writeFile(t testing.TB, path string, ts []safetensors.Named, meta map[string]string) {
	t.Helper()
	if err := safetensors.WriteFile(path, ts, meta); err != nil {
		t.Fatal(err)
	}
}

func writeJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeSharded writes shards (file name -> tensors) and an index.
func writeSharded(t testing.TB, dir string, shards map[string][]safetensors.Named, config any) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	wm := map[string]string{}
	var total int64
	for name, ts := range shards {
		writeFile(t, filepath.Join(dir, name), ts, map[string]string{"format": "pt"})
		for _, x := range ts {
			wm[x.Name] = name
			total += int64(len(x.Tensor.Data))
		}
	}
	writeJSON(t, filepath.Join(dir, "model.safetensors.index.json"), map[string]any{
		"metadata": map[string]any{"total_size": total}, "weight_map": wm})
	if config != nil {
		writeJSON(t, filepath.Join(dir, "config.json"), config)
	}
}

// readAll reads every tensor of a checkpoint (file, directory or index).
func readAll(t testing.TB, path string) map[string]*tensor.Tensor {
	t.Helper()
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	out := map[string]*tensor.Tensor{}
	for _, x := range c.Tensors() {
		data := make([]byte, x.bytes())
		if err := c.readAt(&x, data, 0); err != nil {
			t.Fatal(err)
		}
		out[x.Name] = &tensor.Tensor{DType: x.DType, Shape: x.Shape, Data: data}
	}
	return out
}

func mustOpen(t testing.TB, path string) *Checkpoint {
	t.Helper()
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

var bg = context.Background()

// deepSeekLike writes a small checkpoint laid out as DeepSeek-V3 ships
// its FP8 weights: two shards and an index, f8e4m3fn weights with f32
// weight_scale_inv over 128×128 blocks (one weight's scales in the other
// shard, partial last blocks), bf16 norms and embeddings, config.json
// with quantization_config, a tokenizer file.
func deepSeekLike(t testing.TB, dir string, r *rand.Rand) {
	t.Helper()
	avoid := []byte{0x7f, 0xff} // e4m3fn NaN
	q := tt("model.layers.0.self_attn.q_proj.weight", dtype.F8E4M3FN, []int64{300, 200}, randBytes(r, 300*200, avoid...))
	// The first block's scale, 0x3f804ec5, rounds 1.625 (0x3d) twice in
	// Reference mode: 1.625·s is just past a bf16 tie, the f32 product is
	// on it (exact 1.6328125, reference 1.625).
	qs := tt("model.layers.0.self_attn.q_proj.weight_scale_inv", dtype.F32, []int64{3, 2}, randScales(r, 6))
	binary.LittleEndian.PutUint32(qs.Tensor.Data, 0x3f804ec5)
	q.Tensor.Data[0] = 0x3d
	down := tt("model.layers.0.mlp.down_proj.weight", dtype.F8E4M3FN, []int64{256, 384}, randBytes(r, 256*384, avoid...))
	downS := tt("model.layers.0.mlp.down_proj.weight_scale_inv", dtype.F32, []int64{2, 3}, randScales(r, 6))
	norm := tt("model.layers.0.input_layernorm.weight", dtype.BF16, []int64{200}, bf16Bytes(make([]float64, 200)))
	emb := tt("model.embed_tokens.weight", dtype.BF16, []int64{10, 200}, randBytes(r, 2*10*200))
	gate := tt("model.layers.0.mlp.gate.weight", dtype.BF16, []int64{8, 384}, randBytes(r, 2*8*384))
	writeSharded(t, dir, map[string][]safetensors.Named{
		"model-00001-of-00002.safetensors": {q, norm, emb, downS},
		"model-00002-of-00002.safetensors": {qs, down, gate},
	}, map[string]any{
		"architectures": []string{"DeepseekV3ForCausalLM"},
		"hidden_size":   200,
		"quantization_config": map[string]any{
			"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8", "weight_block_size": []int{128, 128},
		},
		"torch_dtype": "bfloat16",
	})
	if err := os.WriteFile(filepath.Join(dir, "tokenizer.json"), []byte(`{"version":"1.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
}

// dequantRefuses writes ts as a one-shard checkpoint (with config.json
// from config unless it is nil) and checks that Dequant refuses it with
// an error holding each of want, leaving nothing but the input behind.
func dequantRefuses(t *testing.T, ts []safetensors.Named, config any, want []string) {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	writeSharded(t, in, map[string][]safetensors.Named{"m.safetensors": ts}, config)
	_, err := Dequant(bg, mustOpen(t, in), filepath.Join(dir, "out"), DequantOptions{})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left in the directory: %d entries", len(ents))
	}
}

// fp4Vector is one row of an FP4 vector file: a byte of two codes, its
// scale byte, and the bits of the first two values they dequantize to.
type fp4Vector struct {
	packed, scale byte
	first, second uint64
}

// readFP4Vectors reads the FP4 vector file path, rows of cols columns:
// packed, scale, the columns that key a group, the two results' bits (of
// at most bits bits) and the source, which may not be empty. The rows
// come grouped by their key columns joined with spaces. The NVFP4 and
// DeepSeek-V4 FP4 vectors are both read with it.
func readFP4Vectors(t *testing.T, path string, cols, bits int) map[string][]fp4Vector {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	groups := map[string][]fp4Vector{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' || strings.HasPrefix(line, "packed\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != cols || c[cols-1] == "" {
			t.Fatalf("bad row (want %d columns, a source last): %q", cols, line)
		}
		var v [4]uint64
		for i, k := range []int{0, 1, cols - 3, cols - 2} {
			if v[i], err = strconv.ParseUint(c[k], 0, bits); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		}
		key := strings.Join(c[2:cols-3], " ")
		groups[key] = append(groups[key], fp4Vector{byte(v[0]), byte(v[1]), v[2], v[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return groups
}

// vectorBlocks lays rows out as blocks of bpg bytes, each its row's
// packed byte repeated, and their scales, one byte a row.
func vectorBlocks(rows []fp4Vector, bpg int) (w, s []byte) {
	w, s = make([]byte, 0, bpg*len(rows)), make([]byte, len(rows))
	for i, r := range rows {
		w = append(w, bytes.Repeat([]byte{r.packed}, bpg)...)
		s[i] = r.scale
	}
	return w, s
}
