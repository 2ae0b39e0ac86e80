// Command genckpt writes a synthetic quantized checkpoint for benchmarks
// and manual trials: a directory of shards with an index and config.json,
// laid out as DeepSeek-V3 ships FP8 (block scales), as vLLM ships
// per-tensor FP8, as gpt-oss ships MXFP4, as DeepSeek-V4 ships its
// packed FP4 routed experts (v4) or its FP8 projections with E8M0 tile
// scales (v4dense), or as ModelOpt ships NVFP4 (nvfp4).
//
//	go run ./checkpoint/internal/genckpt -o DIR [-gib 4] [-shards 8] [-layout deepseek|tensor|mxfp4|v4|v4dense|nvfp4]
//
// The values are random (no NaN patterns), the scales random positive
// powers of two times a random f32 significand, so every conversion
// rounds as real checkpoints do.
package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

type spec struct {
	name  string
	dt    dtype.DType
	shape []int64
	fill  func(r *rand.ChaCha8, b []byte)
}

func main() {
	out := flag.String("o", "", "the output directory (must not exist)")
	gib := flag.Float64("gib", 4, "GiB of quantized weight data")
	shards := flag.Int("shards", 8, "shards")
	layout := flag.String("layout", "deepseek", "deepseek (FP8, 128x128 block scales), tensor (FP8, per-tensor scales), mxfp4 (gpt-oss), v4 (DeepSeek-V4 FP4 experts), v4dense (DeepSeek-V4 FP8 with E8M0 tiles) or nvfp4 (ModelOpt)")
	flag.Parse()
	if *out == "" || *shards < 1 {
		fmt.Fprintln(os.Stderr, "usage: genckpt -o DIR [-gib N] [-shards N] [-layout deepseek|tensor|mxfp4|v4|v4dense|nvfp4]")
		os.Exit(2)
	}
	if err := run(*out, int64(*gib*(1<<30)), *shards, *layout); err != nil {
		fmt.Fprintln(os.Stderr, "genckpt:", err)
		os.Exit(1)
	}
}

// fp8 fills bytes with random e4m3fn patterns, avoiding NaN (S.1111.111).
func fp8(r *rand.ChaCha8, b []byte) {
	r.Read(b)
	for i, x := range b {
		if x&0x7f == 0x7f {
			b[i] = x &^ 1
		}
	}
}

// scales fills f32 scales of various magnitudes.
func scales(r *rand.ChaCha8, b []byte) {
	var w [8]byte
	for i := 0; i+4 <= len(b); i += 4 {
		r.Read(w[:])
		m := binary.LittleEndian.Uint32(w[:]) & 0x7fffff
		e := uint32(binary.LittleEndian.Uint32(w[4:])%16) + 127 - 14
		binary.LittleEndian.PutUint32(b[i:], e<<23|m)
	}
}

// e8m0 fills MXFP4 scales around 2^0.
func e8m0(r *rand.ChaCha8, b []byte) {
	r.Read(b)
	for i, x := range b {
		b[i] = 127 - 8 + x%12
	}
}

func random(r *rand.ChaCha8, b []byte) { r.Read(b) }

// e4m3Scales fills NVFP4 block scales: positive E4M3 patterns from 2^-3
// to about 2^3 (no NaN, no sign).
func e4m3Scales(r *rand.ChaCha8, b []byte) {
	r.Read(b)
	for i, x := range b {
		b[i] = 0x20 + x%0x30
	}
}

func isScale(name string) bool {
	return strings.HasSuffix(name, "_scale_inv") || strings.HasSuffix(name, "_scale") || strings.HasSuffix(name, "_scales") ||
		strings.HasSuffix(name, ".scale") || strings.HasSuffix(name, "_scale_2")
}

func bf16Ones(_ *rand.ChaCha8, b []byte) {
	for i := 0; i+2 <= len(b); i += 2 {
		binary.LittleEndian.PutUint16(b[i:], 0x3f80)
	}
}

func run(dir string, size int64, nshards int, layout string) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	const hidden, inter = 7168, 2048 // DeepSeek-V3's expert shapes
	var tensors []spec
	var config map[string]any
	var bytes int64
	for l := 0; bytes < size; l++ {
		p := fmt.Sprintf("model.layers.%d.", l)
		tensors = append(tensors, spec{p + "input_layernorm.weight", dtype.BF16, []int64{hidden}, bf16Ones})
		switch layout {
		case "deepseek", "tensor":
			for _, w := range []struct {
				name string
				m, n int64
			}{{"mlp.gate_proj", inter, hidden}, {"mlp.up_proj", inter, hidden}, {"mlp.down_proj", hidden, inter}} {
				tensors = append(tensors, spec{p + w.name + ".weight", dtype.F8E4M3FN, []int64{w.m, w.n}, fp8})
				if layout == "deepseek" {
					tensors = append(tensors, spec{p + w.name + ".weight_scale_inv", dtype.F32, []int64{(w.m + 127) / 128, (w.n + 127) / 128}, scales})
				} else {
					tensors = append(tensors, spec{p + w.name + ".weight_scale", dtype.F32, []int64{}, scales})
				}
				bytes += w.m * w.n
			}
		case "mxfp4":
			const experts, h, i = 8, 2880, 2880 // gpt-oss: hidden 2880, intermediate 2880
			tensors = append(tensors,
				spec{p + "mlp.experts.gate_up_proj_blocks", dtype.U8, []int64{experts, 2 * i, h / 32, 16}, random},
				spec{p + "mlp.experts.gate_up_proj_scales", dtype.U8, []int64{experts, 2 * i, h / 32}, e8m0},
				spec{p + "mlp.experts.down_proj_blocks", dtype.U8, []int64{experts, h, i / 32, 16}, random},
				spec{p + "mlp.experts.down_proj_scales", dtype.U8, []int64{experts, h, i / 32}, e8m0})
			bytes += experts * (2*i*h + h*i) / 2
		case "v4":
			const experts = 8
			for e := range experts {
				for _, w := range []struct {
					name string
					m, n int64
				}{{"w1", inter, hidden}, {"w2", hidden, inter}, {"w3", inter, hidden}} {
					q := fmt.Sprintf("layers.%d.ffn.experts.%d.%s.", l, e, w.name)
					tensors = append(tensors,
						spec{q + "weight", dtype.I8, []int64{w.m, w.n / 2}, random},
						spec{q + "scale", dtype.F8E8M0FNU, []int64{w.m, w.n / 32}, e8m0})
					bytes += w.m * w.n / 2
				}
			}
		case "v4dense":
			for _, w := range []struct {
				name string
				m, n int64
			}{{"attn.wq_b", inter, hidden}, {"attn.wo_b", hidden, inter}, {"ffn.shared_experts.w1", inter, hidden}} {
				q := fmt.Sprintf("layers.%d.%s.", l, w.name)
				tensors = append(tensors,
					spec{q + "weight", dtype.F8E4M3FN, []int64{w.m, w.n}, fp8},
					spec{q + "scale", dtype.F8E8M0FNU, []int64{(w.m + 127) / 128, (w.n + 127) / 128}, e8m0})
				bytes += w.m * w.n
			}
		case "nvfp4":
			for _, w := range []struct {
				name string
				m, n int64
			}{{"mlp.gate_proj", inter, hidden}, {"mlp.up_proj", inter, hidden}, {"mlp.down_proj", hidden, inter}} {
				tensors = append(tensors,
					spec{p + w.name + ".weight", dtype.U8, []int64{w.m, w.n / 2}, random},
					spec{p + w.name + ".weight_scale", dtype.F8E4M3FN, []int64{w.m, w.n / 16}, e4m3Scales},
					spec{p + w.name + ".weight_scale_2", dtype.F32, []int64{}, scales})
				bytes += w.m * w.n / 2
			}
		default:
			return fmt.Errorf("layout %q: want deepseek, tensor, mxfp4, v4, v4dense or nvfp4", layout)
		}
	}
	switch layout {
	case "deepseek":
		config = map[string]any{"quantization_config": map[string]any{"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8", "weight_block_size": []int{128, 128}}}
	case "tensor":
		config = map[string]any{"quantization_config": map[string]any{"activation_scheme": "dynamic", "quant_method": "fp8"}}
	case "mxfp4":
		config = map[string]any{"quantization_config": map[string]any{"quant_method": "mxfp4", "modules_to_not_convert": []string{"model.layers.*.self_attn", "lm_head"}}}
	case "v4", "v4dense":
		config = map[string]any{"expert_dtype": "fp4", "quantization_config": map[string]any{"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8", "scale_fmt": "ue8m0", "weight_block_size": []int{128, 128}}}
	case "nvfp4":
		config = map[string]any{"quantization_config": map[string]any{"quant_method": "modelopt", "quant_algo": "NVFP4", "group_size": 16, "ignore": []string{"lm_head"}}}
	}
	config["torch_dtype"] = "bfloat16"
	config["hidden_size"] = hidden

	// Consecutive runs of tensors per shard, each with a weight's scales
	// beside it.
	r := rand.NewChaCha8([32]byte{1})
	wm := map[string]string{}
	var total int64
	per := (len(tensors) + nshards - 1) / nshards
	next := 0
	for s := range nshards {
		lo, hi := next, min((s+1)*per, len(tensors))
		// A weight's scales stay in its shard (DeepSeek's own
		// fp8_cast_bf16.py finds them anywhere; CPU ports often do not).
		for hi < len(tensors) && isScale(tensors[hi].name) {
			hi++
		}
		next = hi
		if lo >= hi {
			break
		}
		name := fmt.Sprintf("model-%05d-of-%05d.safetensors", s+1, nshards)
		specs := make([]safetensors.Spec, 0, hi-lo)
		byName := map[string]spec{}
		for _, t := range tensors[lo:hi] {
			specs = append(specs, safetensors.Spec{Name: t.name, DType: t.dt, Shape: t.shape})
			byName[t.name] = t
			wm[t.name] = name
		}
		h, err := safetensors.Layout(specs, map[string]string{"format": "pt"})
		if err != nil {
			return err
		}
		fw, err := safetensors.Create(filepath.Join(dir, name), h)
		if err != nil {
			return err
		}
		buf := make([]byte, 8<<20)
		for _, t := range h.Tensors {
			fill := byName[t.Name].fill
			for left := t.Bytes(); left > 0; {
				n := min(left, int64(len(buf)))
				n -= n % 16
				if n == 0 {
					n = left
				}
				fill(r, buf[:n])
				if _, err := fw.Write(buf[:n]); err != nil {
					fw.Abort()
					return err
				}
				left -= n
			}
			total += t.Bytes()
		}
		if err := fw.Commit(); err != nil {
			return err
		}
	}
	ix := map[string]any{"metadata": map[string]any{"total_size": total}, "weight_map": wm}
	for name, v := range map[string]any{"model.safetensors.index.json": ix, "config.json": config} {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("%s: %d tensors, %.2f GiB in %d shards (%s)\n", dir, len(tensors), float64(total)/(1<<30), nshards, layout)
	return nil
}
