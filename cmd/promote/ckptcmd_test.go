package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
	"github.com/promote-dev/promote/tensor"
)

// fp8Dir writes a sharded FP8 checkpoint: two weights with 128×128 block
// scales (partial blocks), one per shard, an index, config.json.
func fp8Dir(t *testing.T, dir string) string {
	t.Helper()
	in := filepath.Join(dir, "fp8")
	os.Mkdir(in, 0o755)
	w := bytes.Repeat([]byte{0x38, 0x41, 0xb0, 0x12}, 130*40)
	shards := map[string][]safetensors.Named{
		"model-00001-of-00002.safetensors": {
			{Name: "a.weight", Tensor: &tensor.Tensor{DType: dtype.F8E4M3FN, Shape: []int64{130, 160}, Data: w}},
			{Name: "a.weight_scale_inv", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{2, 2}, Data: lef32(0.5, 0.25, 3, 0.1)}},
		},
		"model-00002-of-00002.safetensors": {
			{Name: "b.weight", Tensor: &tensor.Tensor{DType: dtype.F8E4M3FN, Shape: []int64{160, 130}, Data: w}},
			{Name: "b.weight_scale_inv", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{2, 2}, Data: lef32(1, 2, 4, 8)}},
			{Name: "norm.weight", Tensor: &tensor.Tensor{DType: dtype.BF16, Shape: []int64{4}, Data: make([]byte, 8)}},
		},
	}
	wm := map[string]string{}
	for name, ts := range shards {
		writeST(t, filepath.Join(in, name), ts, map[string]string{"format": "pt"})
		for _, x := range ts {
			wm[x.Name] = name
		}
	}
	ix, _ := json.Marshal(map[string]any{"metadata": map[string]any{"total_size": 0}, "weight_map": wm})
	os.WriteFile(filepath.Join(in, "model.safetensors.index.json"), ix, 0o644)
	os.WriteFile(filepath.Join(in, "config.json"), []byte(`{"quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}, "torch_dtype": "bfloat16"}`), 0o644)
	return in
}

// TestDequantCommand: dequant writes the directory, prints the summary
// on standard error, -json the report on standard output; -check writes
// nothing; quant takes the output back.
func TestDequantCommand(t *testing.T) {
	dir := t.TempDir()
	in := fp8Dir(t, dir)
	out := filepath.Join(dir, "bf16")
	stdout, stderr, code := runPromote(t, "", "dequant", "-json", "-mode", "reference", in, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"promote dequant: 5 tensors (2 dequantized f8e4m3fn -> bf16, 2 dropped, 1 copied), reference mode", "promote dequant: values: ", "config.json: quantization_config removed"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	var rep struct {
		Operation string                 `json:"operation"`
		Total     struct{ Values int64 } `json:"total"`
		Index     string                 `json:"index"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || rep.Operation != "dequant" || rep.Total.Values != 2*130*160 || rep.Index != "model.safetensors.index.json" {
		t.Errorf("report %+v, %v:\n%s", rep, err, stdout)
	}
	ents, _ := os.ReadDir(out)
	if len(ents) != 4 {
		t.Errorf("%d files in the output", len(ents))
	}

	// -check: the work, the report, no output.
	_, stderr, code = runPromote(t, "", "dequant", "-check", in)
	if code != 0 || !strings.Contains(stderr, "nothing written (-check)") {
		t.Errorf("-check: exit %d, %s", code, stderr)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("-check wrote: %d entries", len(ents))
	}

	// And back to FP8 with -v: one line per tensor quantized.
	stdout, stderr, code = runPromote(t, "", "quant", "-to", "f8e4m3fn", "-v", out, "-o", filepath.Join(dir, "again"))
	if code != 0 || !strings.Contains(stdout, "quantized   a.weight bf16->f8e4m3fn [130 160]") {
		t.Errorf("quant: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestCheckpointCommandUsage: bad flags are usage errors (exit 2) with the
// message and the usage line; bad input exits 1 naming the fault.
func TestCheckpointCommandUsage(t *testing.T) {
	dir := t.TempDir()
	in := fp8Dir(t, dir)
	out := filepath.Join(dir, "out")
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"dequant", in}, 2, "-o OUT is required"},
		{[]string{"dequant", "-to", "i8", in, "-o", out}, 2, `-to "i8": want bf16, f16 or f32`},
		{[]string{"dequant", "-mode", "fast", in, "-o", out}, 2, `-mode "fast"`},
		{[]string{"dequant", "-block", "0", in, "-o", out}, 2, `-block "0"`},
		{[]string{"dequant", "-block", "64", in, "-o", out}, 1, "disagrees with config.json"},
		{[]string{"dequant", "-mem", "lots", in, "-o", out}, 2, "-mem"},
		{[]string{"dequant", "-mem", "1MiB", in, "-o", out}, 2, "below the minimum"}, // a bad flag value: a usage error
		{[]string{"recast", "-to", "f32", "-mem", "1B", in, "-o", out}, 2, "-mem"},
		{[]string{"recast", "-to", "f32", "-threads", "100000", in, "-o", out}, 2, "-threads 100000: want 1 to 1024"},
		{[]string{"dequant", "-threads", "-1", in, "-o", out}, 2, "-threads -1"},
		{[]string{"quant", "-to", "mxfp4", "-threads", "2000", in, "-o", out}, 2, "-threads 2000"},
		{[]string{"dequant", "-chunk", "2000", in, "-o", out}, 2, "-chunk 2000"},
		{[]string{"dequant", "-max-shard-size", "0", in, "-o", out}, 2, "-max-shard-size"},
		{[]string{"dequant", in, "-o", in}, 2, "is the input"},
		{[]string{"dequant", in, "-o", dir}, 2, "holds the input"},
		{[]string{"quant", in, "-o", out}, 2, "-to is required"},
		{[]string{"quant", "-to", "int4", in, "-o", out}, 2, "want f8e4m3fn, mxfp4 or nvfp4"},
		{[]string{"quant", "-to", "nvfp4", "-layout", "gguf", in, "-o", out}, 2, `-layout "gguf"`},
		{[]string{"quant", "-to", "mxfp4", "-layout", "compressed-tensors", in, "-o", out}, 2, "use it with -to nvfp4"},
		{[]string{"quant", "-to", "mxfp4", "-scale", "row", in, "-o", out}, 2, `-scale "row"`},
		{[]string{"quant", "-to", "mxfp4", "-only", "[", in, "-o", out}, 2, "-only"},
		{[]string{"quant", "-to", "mxfp4", "-scale-name", "s", in, "-o", out}, 2, "-scale-name"},
		{[]string{"quant", "-to", "f8e4m3fn", in, "-o", out}, 1, "already quantized"},
		{[]string{"recast", "-to", "bf16", in, "-o", out}, 1, "use dequant"},
		{[]string{"dequant", filepath.Join(dir, "none"), "-o", out}, 1, "none"},
	}
	for _, c := range cases {
		_, stderr, code := runPromote(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.msg)
		}
		if code == 2 && !strings.Contains(stderr, "usage: promote "+c.args[0]) {
			t.Errorf("%v: no usage line: %q", c.args, stderr)
		}
		if strings.Contains(stderr, "checkpoint: ") {
			t.Errorf("%v: the library's prefix shows: %q", c.args, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output was written")
	}
}

// TestDequantInterrupted: a signal while the output directory is being
// built exits 143 and leaves no output and no temporary directory.
func TestDequantInterrupted(t *testing.T) {
	dir := t.TempDir()
	in := fp8Dir(t, dir)
	out := filepath.Join(dir, "out")
	ctx, cancel := context.WithCancelCause(context.Background())
	testHookWriting = func(context.Context) { cancel(interrupt{syscall.SIGTERM}) }
	defer func() { testHookWriting = nil }()
	var stdout, errb bytes.Buffer
	code := run(&env{ctx: ctx, stdin: strings.NewReader(""), stdout: &stdout, stderr: &errb}, []string{"dequant", in, "-o", out})
	if code != 143 || !strings.Contains(errb.String(), "interrupted by SIGTERM") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %d entries", len(ents))
	}
}

// TestRecastFileRerunIntoShards: a file input repacked into shards gives
// a directory, and running the same command again replaces that
// directory (its own previous output), as it does for a directory input.
func TestRecastFileRerunIntoShards(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "m.safetensors")
	writeST(t, in, []safetensors.Named{
		{Name: "a", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{2}, Data: lef32(1, 2)}},
		{Name: "b", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{2}, Data: lef32(3, 4)}},
	}, nil)
	out := filepath.Join(dir, "out")
	for run := 1; run <= 2; run++ {
		_, stderr, code := runPromote(t, "", "recast", "-to", "bf16", in, "-max-shard-size", "1", "-o", out)
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", run, code, stderr)
		}
	}
	ents, _ := os.ReadDir(out)
	if len(ents) != 3 { // two shards and the index
		t.Errorf("%d entries in the output", len(ents))
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("%d entries beside the output (a leftover?)", len(ents))
	}
	// A directory holding something else is still refused.
	os.WriteFile(filepath.Join(out, "notes.txt"), nil, 0o644)
	if _, stderr, code := runPromote(t, "", "recast", "-to", "bf16", in, "-max-shard-size", "1", "-o", out); code != 1 || !strings.Contains(stderr, "notes.txt") {
		t.Errorf("a foreign file in the output: exit %d, %s", code, stderr)
	}
}
