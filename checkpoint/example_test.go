package checkpoint_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/promote-dev/promote/checkpoint"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
	"github.com/promote-dev/promote/tensor"
)

// fp8File writes a one-weight FP8 checkpoint as DeepSeek-V3 lays one out:
// w.weight f8e4m3fn [2, 4] (1, 2, 3, 4, -1, 1.5, 0, 448) with one f32
// scale, 0.1, in w.weight_scale_inv.
func fp8File(dir string) string {
	path := filepath.Join(dir, "fp8.safetensors")
	scale := binary.LittleEndian.AppendUint32(nil, math.Float32bits(0.1))
	err := safetensors.WriteFile(path, []safetensors.Named{
		{Name: "w.weight", Tensor: &tensor.Tensor{DType: dtype.F8E4M3FN, Shape: []int64{2, 4},
			Data: []byte{0x38, 0x40, 0x44, 0x48, 0xb8, 0x3c, 0x00, 0x7e}}},
		{Name: "w.weight_scale_inv", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{1, 1}, Data: scale}},
	}, nil)
	if err != nil {
		panic(err)
	}
	return path
}

// Dequantize an FP8 checkpoint to bf16 and read what rounding did.
func Example() {
	dir, _ := os.MkdirTemp("", "checkpoint")
	defer os.RemoveAll(dir)

	c, err := checkpoint.Open(fp8File(dir))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	out := filepath.Join(dir, "bf16.safetensors")
	rep, err := checkpoint.Dequant(context.Background(), c, out, checkpoint.DequantOptions{To: dtype.BF16})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range rep.Tensors {
		fmt.Printf("%s %s (%s): %s\n", t.Action, t.Name, t.From, t.Scales)
	}
	fmt.Printf("%d values: %d exact, %d rounded, largest relative error %.2g\n",
		rep.Total.Values, rep.Total.Exact, rep.Total.Rounded, rep.Total.MaxRelError)
	// Output:
	// dequantized w.weight (f8e4m3fn): w.weight_scale_inv (per-tensor)
	// dropped w.weight_scale_inv (f32): scales of w.weight
	// 8 values: 1 exact, 7 rounded, largest relative error 0.0026
}

// Exact and reference modes differ where the f32 product lands on a bf16
// tie: DeepSeek's weight_dequant rounds twice.
func ExampleMode() {
	dir, _ := os.MkdirTemp("", "checkpoint")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tie.safetensors")
	scale := binary.LittleEndian.AppendUint32(nil, 0x3f804ec5) // 1.0024038553237915
	safetensors.WriteFile(path, []safetensors.Named{
		{Name: "w.weight", Tensor: &tensor.Tensor{DType: dtype.F8E4M3FN, Shape: []int64{1, 1}, Data: []byte{0x3d}}}, // 1.625
		{Name: "w.weight_scale_inv", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{1, 1}, Data: scale}},
	}, nil)
	c, _ := checkpoint.Open(path)
	defer c.Close()
	for _, m := range []checkpoint.Mode{checkpoint.Exact, checkpoint.Reference} {
		out := filepath.Join(dir, m.String()+".safetensors")
		if _, err := checkpoint.Dequant(context.Background(), c, out, checkpoint.DequantOptions{Mode: m}); err != nil {
			fmt.Println(err)
			return
		}
		ts, _, _ := safetensors.ReadFile(out)
		fmt.Printf("%s: %#04x\n", m, binary.LittleEndian.Uint16(ts[0].Tensor.Data))
	}
	// Output:
	// exact: 0x3fd1
	// reference: 0x3fd0
}

// Quantize the bf16 weights of a checkpoint to FP8 with 128×128 block
// scales, dry run: everything is computed and reported, nothing written.
func ExampleQuant() {
	dir, _ := os.MkdirTemp("", "checkpoint")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "model.safetensors")
	w := make([]byte, 2*64*64)
	for i := range 64 * 64 {
		binary.LittleEndian.PutUint16(w[2*i:], uint16(math.Float32bits(float32(i%7)-3)>>16))
	}
	safetensors.WriteFile(path, []safetensors.Named{
		{Name: "layer.weight", Tensor: &tensor.Tensor{DType: dtype.BF16, Shape: []int64{64, 64}, Data: w}},
		{Name: "norm.weight", Tensor: &tensor.Tensor{DType: dtype.BF16, Shape: []int64{64}, Data: w[:128]}},
	}, nil)
	c, _ := checkpoint.Open(path)
	defer c.Close()
	rep, err := checkpoint.Quant(context.Background(), c, filepath.Join(dir, "fp8.safetensors"), checkpoint.QuantOptions{
		To: dtype.F8E4M3FN, Scale: checkpoint.PerBlock, Options: checkpoint.Options{DryRun: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range rep.Tensors {
		fmt.Println(t.Action, t.Name, t.Shape)
	}
	fmt.Println(rep.Total.Exact, "of", rep.Total.Values, "values exact")
	_, err = os.Stat(filepath.Join(dir, "fp8.safetensors"))
	fmt.Println("written:", !os.IsNotExist(err))
	// Output:
	// scale layer.weight_scale_inv [1 1]
	// copied norm.weight [64]
	// quantized layer.weight [64 64]
	// 585 of 4096 values exact
	// written: false
}

// Recast a checkpoint directory (shards, index, config.json) to f16,
// repacking it into shards of at most 1 MB.
func ExampleRecast() {
	dir, _ := os.MkdirTemp("", "checkpoint")
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "model")
	os.Mkdir(in, 0o755)
	for i, name := range []string{"a", "b", "c"} {
		data := make([]byte, 4*200_000)
		safetensors.WriteFile(filepath.Join(in, fmt.Sprintf("part%d.safetensors", i)), []safetensors.Named{
			{Name: name, Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{200_000}, Data: data}},
		}, nil)
	}
	os.WriteFile(filepath.Join(in, "config.json"), []byte(`{"torch_dtype": "float32"}`), 0o644)
	c, _ := checkpoint.Open(in)
	defer c.Close()
	rep, err := checkpoint.Recast(context.Background(), c, filepath.Join(dir, "f16"), checkpoint.RecastOptions{
		To: dtype.F16, Options: checkpoint.Options{MaxShardSize: 1e6}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range rep.Shards {
		fmt.Println(s.Name, s.Tensors)
	}
	fmt.Println(rep.Index, "|", rep.Config)
	// Output:
	// model-00001-of-00002.safetensors 2
	// model-00002-of-00002.safetensors 1
	// model.safetensors.index.json | torch_dtype set to float16
}

// Dequantize a DeepSeek-V4 routed expert: packed FP4 in I8 (two values a
// byte, low nibble first) with an F8_E8M0 scale per 32 values, as
// config.json's expert_dtype says. Code 8 (-0) decodes to +0 in
// DeepSeek's own table, which reference mode follows.
func ExampleDequant_deepSeekV4() {
	dir, _ := os.MkdirTemp("", "checkpoint")
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "v4")
	os.Mkdir(in, 0o755)
	w := make([]byte, 16) // one row of 32 values: 0.5, 1, -6, -0, then zeros
	w[0], w[1] = 0x21, 0x8f
	err := safetensors.WriteFile(filepath.Join(in, "model.safetensors"), []safetensors.Named{
		{Name: "layers.0.ffn.experts.0.w1.weight", Tensor: &tensor.Tensor{DType: dtype.I8, Shape: []int64{1, 16}, Data: w}},
		{Name: "layers.0.ffn.experts.0.w1.scale", Tensor: &tensor.Tensor{DType: dtype.F8E8M0FNU, Shape: []int64{1, 1}, Data: []byte{128}}}, // 2
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	os.WriteFile(filepath.Join(in, "config.json"), []byte(`{"expert_dtype": "fp4", "quantization_config": {"quant_method": "fp8", "scale_fmt": "ue8m0", "weight_block_size": [128, 128]}}`), 0o644)
	for _, mode := range []checkpoint.Mode{checkpoint.Exact, checkpoint.Reference} {
		c, err := checkpoint.Open(in)
		if err != nil {
			fmt.Println(err)
			return
		}
		out := filepath.Join(dir, mode.String())
		if _, err := checkpoint.Dequant(context.Background(), c, out, checkpoint.DequantOptions{To: dtype.F32, Mode: mode}); err != nil {
			fmt.Println(err)
			return
		}
		c.Close()
		ts, _, err := safetensors.ReadFile(filepath.Join(out, "model.safetensors"))
		if err != nil {
			fmt.Println(err)
			return
		}
		x := ts[0].Tensor
		fmt.Printf("%s: %s %v", mode, ts[0].Name, x.Shape)
		for i := range 4 {
			fmt.Printf(" %v", math.Float32frombits(binary.LittleEndian.Uint32(x.Data[4*i:])))
		}
		fmt.Println()
	}
	// Output:
	// exact: layers.0.ffn.experts.0.w1.weight [1 32] 1 2 -12 -0
	// reference: layers.0.ffn.experts.0.w1.weight [1 32] 1 2 -12 0
}
