package checkpoint

import (
	"fmt"
	"io"
	"path"
	"runtime"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/bytesize"
)

// DefaultMemory is the default bound on the buffers a conversion holds,
// whatever the model's size.
const DefaultMemory = 256 << 20

// MinMemory is the smallest Memory accepted: a few chunks of 64 KiB.
const MinMemory = 4 << 20

// MaxThreads is the most goroutines a conversion uses (Options.Threads is
// clamped to it): shards and chunks are I/O-bound well below it, and more
// goroutines only contend (-threads 100000 took 20 times as long as the
// default on 1.5 GiB).
const MaxThreads = 1024

// Options are the settings the three conversions share.
type Options struct {
	// Memory bounds the bytes of buffers every worker together holds
	// (chunks, tables, the stripes a transposition needs); 0 means
	// DefaultMemory. Tensors are streamed in chunks, so the model's size
	// does not matter; a single unit of work that cannot be split below
	// the bound (the rows of one 128-row block of a very wide weight being
	// quantized) is an error naming the tensor.
	Memory int64
	// Threads is how many shards are converted at once, and how many
	// goroutines share a chunk when fewer shards than threads remain; 0
	// means runtime.GOMAXPROCS(0); more than MaxThreads means MaxThreads.
	Threads int
	// MaxShardSize, when positive, packs the output's tensors, in input
	// order, into shards of at most this many bytes of tensor data (a
	// tensor larger than that gets a shard of its own), named
	// PREFIX-0000i-of-0000n.safetensors, with an index. Zero keeps the
	// input's sharding: each output shard holds what came from the input
	// shard of the same name.
	MaxShardSize int64
	// DryRun reads and converts everything and reports, but writes
	// nothing: no temporary file, no output.
	DryRun bool
	// NoSync skips fsync of the output before it is renamed into place.
	// Syncing makes the output durable once the call returns; skipping it
	// is faster, and a crash soon after may then leave empty files.
	NoSync bool
	// Progress, when set, is called now and then with the output bytes
	// written so far and the total, from one goroutine at a time.
	Progress func(done, total int64)
	// ChunkSize, when positive, is the bytes of output each read-convert-
	// write step handles (a tuning and testing knob); 0 derives it from
	// Memory.
	ChunkSize int64
	// Started, when set, is called once the output's temporary file or
	// directory exists, before any data is written.
	Started func()
	// Writer, when not nil, receives the output as one .safetensors
	// stream, every tensor in one file, instead of files at the output
	// path (which then only names it in messages); side files and the
	// index are not written.
	Writer io.Writer
}

// normalize fills in defaults and checks o.
func (o *Options) normalize() error {
	if o.Memory == 0 {
		o.Memory = DefaultMemory
	}
	if o.Memory < MinMemory {
		return fmt.Errorf("checkpoint: memory bound %s is below the minimum of %s", bytesize.Text(o.Memory), bytesize.Text(MinMemory))
	}
	if o.Threads <= 0 {
		o.Threads = runtime.GOMAXPROCS(0)
	}
	o.Threads = min(o.Threads, MaxThreads)
	if o.MaxShardSize < 0 {
		return fmt.Errorf("checkpoint: negative shard size %d", o.MaxShardSize)
	}
	if o.ChunkSize < 0 {
		return fmt.Errorf("checkpoint: negative chunk size %d", o.ChunkSize)
	}
	return nil
}

// Mode is how a dequantization rounds.
type Mode int

const (
	// Exact rounds the product value × scale once into the target: the
	// product of an FP8 or FP4 value and an f32, bf16, f16 or e8m0 scale
	// is exact in float64 (at most 4 + 24 significant bits), and
	// package convert rounds that float64 to the target to nearest even.
	Exact Mode = iota
	// Reference computes as the ecosystem does, bit for bit. FP8 (block,
	// per-channel or per-tensor scales): the weight widened to f32, times
	// the scale as f32 (rounded to nearest even), then the f32 product
	// converted to the target, rounding again: DeepSeek-V3's
	// weight_dequant (inference/kernel.py: x.to(float32) * s, stored to a
	// bfloat16 tensor) and transformers' Fp8Dequantize
	// (src/transformers/integrations/finegrained_fp8.py: both operands
	// .to(torch.float32), multiplied, the result cast to the model's
	// dtype) compute this. MXFP4: each FP4 value looked up in a table of
	// the target dtype, then torch.ldexp by the scale's exponent, which
	// PyTorch computes as value × pow(2.0, e) in f32 and casts back
	// (transformers' convert_moe_packed_tensors in
	// src/transformers/integrations/mxfp4.py, from gpt-oss); for every
	// scale but NaN that product is exact, so Reference equals Exact.
	// That is PyTorch 2.14's ldexp; PyTorch 2.6 rounds the power of two
	// to float16 first when the target is f16 (2^16 and above become inf,
	// 2^-25 and below 0), which Reference does not follow (both verified
	// against the live libraries, TestReferenceModeTorch).
	// NaN results are NaN in both modes; their bit patterns are the
	// policy's (PyTorch's depend on its vectorised path: 0x7fc0 or 0xffff
	// for bf16).
	Reference
)

// String returns "exact" or "reference".
func (m Mode) String() string {
	if m == Reference {
		return "reference"
	}
	return "exact"
}

// ParseMode reads "exact" or "reference".
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(s) {
	case "exact":
		return Exact, nil
	case "reference", "ref":
		return Reference, nil
	}
	return Exact, fmt.Errorf("mode %q: want exact or reference", s)
}

// RecastOptions set a Recast.
type RecastOptions struct {
	Options
	// To is the target dtype; the format must store it.
	To dtype.DType
	// Select picks the tensors to convert; nil picks the real floating
	// tensors. Tensors not picked, or already of dtype To, are copied.
	Select func(Tensor) bool
	// Policy resolves every lossy case (the zero value is the default).
	Policy convert.Policy
}

// DequantOptions set a Dequant.
type DequantOptions struct {
	Options
	// To is bf16, f16 or f32; the zero value (dtype.Invalid) means bf16.
	To dtype.DType
	// Mode is Exact or Reference.
	Mode Mode
	// Block is the FP8 block size [rows, columns] of the weights with
	// block scales. Zero: config.json's quantization_config
	// weight_block_size, or else 128×128 (DeepSeek-V3's). A Block that
	// disagrees with config.json is an error.
	Block [2]int64
	// KeepInputScale keeps the input_scale tensors (static activation
	// scales) instead of dropping them. A dequantized checkpoint has no
	// quantized layers to use them, so they are dropped by default.
	KeepInputScale bool
}

// ScaleKind is the granularity of FP8 scales a quantization writes.
type ScaleKind int

const (
	// PerTensor writes one f32 scale per weight (shape [], as vLLM's
	// per-tensor FP8 checkpoints hold it).
	PerTensor ScaleKind = iota
	// PerBlock writes one f32 scale per Block of the last two dimensions
	// (DeepSeek-V3's 128×128 layout); partial last blocks are kept.
	PerBlock
)

// QuantOptions set a Quant.
type QuantOptions struct {
	Options
	// To is f8e4m3fn or f4e2m1fn (MXFP4, or NVFP4 with NVFP4 set).
	To dtype.DType
	// NVFP4 quantizes to NVFP4 (E2M1 values, an F8_E4M3 scale per 16, an
	// f32 global scale; see nvfp4_quant.go) instead of MXFP4, in
	// ModelOpt's layout, or compressed-tensors' with CompressedTensors;
	// To may then be left zero.
	NVFP4, CompressedTensors bool
	// Scale is PerTensor or PerBlock (FP8 only; MXFP4 is always one e8m0
	// scale per 32 values).
	Scale ScaleKind
	// Block is the FP8 block size; zero means 128×128.
	Block [2]int64
	// Only, when non-empty, quantizes just the tensors whose name matches
	// one of these patterns (path.Match syntax: * matches any run of
	// characters, dots included). Skip leaves the matches wide; nil means
	// DefaultSkip(To), an empty slice none. A tensor is quantized when it is floating, has rank 2
	// or more (3 for the transposed MXFP4 expert layout counts too), fits
	// the format's blocks, matches Only (when given) and no Skip pattern.
	Only, Skip []string
	// ScaleName names the FP8 scale tensors: "weight_scale" (vLLM's
	// per-tensor name, the default for PerTensor: X.weight gets
	// X.weight_scale) or "weight_scale_inv" (DeepSeek's and transformers'
	// name, the default for PerBlock; transformers also reads per-tensor
	// scales under it). A tensor not named *.weight gets NAME_scale or
	// NAME_scale_inv (transformers' expert tensors). Both hold the same
	// value, the multiplier that dequantizes: amax / 448.
	ScaleName string
}

// DefaultSkip returns the name patterns a quantization to dtype to leaves
// wide unless QuantOptions.Skip is given: embeddings, the output head,
// norms, MoE routers and gates (DeepSeek-V3 keeps mlp.gate.weight in
// bf16; gpt-oss keeps mlp.router wide) and biases; for MXFP4
// (f4e2m1fn) attention too, as gpt-oss's config.json lists
// model.layers.*.self_attn in modules_to_not_convert.
func DefaultSkip(to dtype.DType) []string {
	pats := []string{"*embed*", "*lm_head*", "*norm*", "*.gate.weight", "*router*", "*bias"}
	if to == dtype.F4E2M1FN {
		pats = append(pats, "*attn*")
	}
	return pats
}

// matchAny reports whether name matches one of the patterns.
func matchAny(pats []string, name string) bool {
	for _, p := range pats {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

// CheckPatterns reports the first malformed pattern.
func CheckPatterns(pats []string) error {
	for _, p := range pats {
		if _, err := path.Match(p, ""); err != nil {
			return fmt.Errorf("pattern %q: %v", p, err)
		}
	}
	return nil
}

// ParseSize reads a byte count: a number with an optional unit, decimal
// (KB, MB, GB, TB, as Hugging Face's max_shard_size "5GB") or binary
// (KiB, MiB, GiB, TiB); B or no unit means bytes.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   int64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1},
	}
	mult := int64(1)
	for _, u := range units {
		if len(t) > len(u.suffix) && strings.EqualFold(t[len(t)-len(u.suffix):], u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || f*float64(mult) >= 1<<62 {
		return 0, fmt.Errorf("size %q: want a number with an optional unit (500MB, 5GB, 2GiB)", s)
	}
	return int64(f * float64(mult)), nil
}
