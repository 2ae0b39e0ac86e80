package main

import (
	"flag"

	"github.com/promote-dev/promote/checkpoint"
	"github.com/promote-dev/promote/dtype"
)

func init() {
	register(&command{
		name:  "dequant",
		usage: "[-to bf16|f16|f32] [-mode exact|reference] [-block N|RxC] [-keep-input-scale] [-mem SIZE] [-max-shard-size SIZE] [-json] [-check] IN -o OUT",
		short: "dequantize an FP8, MXFP4 or NVFP4 checkpoint to bf16, f16 or f32 (IN -o OUT)",
		long: `Dequant turns a quantized checkpoint back into a wide one, on the CPU,
streaming:

  FP8 with block scales (DeepSeek-V3: X.weight f8e4m3fn with
  X.weight_scale_inv f32 over 128x128 blocks; the block size comes from
  config.json's quantization_config.weight_block_size, else -block; partial
  last blocks are handled), per-channel or per-tensor scales (vLLM,
  compressed-tensors: X.weight_scale);
  MXFP4 (gpt-oss: NAME_blocks u8, two f4e2m1fn values a byte, low nibble
  first, with NAME_scales e8m0, one per 32 values), written as
  transformers' bf16 gpt-oss holds it (experts [E, H, 2I]);
  DeepSeek-V4: X.weight f8e4m3fn with X.scale F8_E8M0 per 128x128 tile,
  and routed experts (layers.L.ffn.experts.E.w1.weight, mtp.*) packed FP4
  in I8, low nibble first, with X.scale F8_E8M0 per 32 values, as
  config.json's expert_dtype "fp4" and scale_fmt "ue8m0" say (a
  contradiction between config.json and the tensors is an error);
  NVFP4: ModelOpt (X.weight u8, two e2m1 a byte, low nibble first, with
  X.weight_scale f8e4m3fn per 16 values times X.weight_scale_2 f32) and
  compressed-tensors (X.weight_packed, X.weight_scale, divided by
  X.weight_global_scale); hf_quant_config.json is not copied.

The scale tensors are dropped, and so are input_scale tensors (activation
scales, unused once the weights are wide) unless -keep-input-scale; other
tensors are copied; config.json loses quantization_config and its
torch_dtype follows -to.

-mode exact (the default) rounds the product value x scale once into the
target. -mode reference computes as the ecosystem does, bit for bit: FP8 as
DeepSeek's weight_dequant and transformers' Fp8Dequantize (an f32 multiply,
then a cast to the target: two roundings); MXFP4 as transformers'
convert_moe_packed_tensors (a table of the target dtype, then torch.ldexp,
computed in f32: the same values as exact); DeepSeek-V4 as its
convert.py (FP4 code 8 decodes to +0 there, to -0 in exact mode);
NVFP4 as ModelOpt's NVFP4QTensor.dequantize (code 8 +0, the two scales
multiplied in f32, then the value) or compressed-tensors'
decompress_weight (code 8 -0, scale / global in f32, the product in f32,
rounded to bf16, then to -to).

A missing scale tensor, a scale of the wrong shape, a NaN, zero, negative
or infinite scale, or a scale tensor without its weight is an error naming
the file, the tensor and the fault.
` + guarantees,
		operands:     operandSpec{min: 1, max: 1, what: "input"},
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			var cf ckptFlags
			to := fs.String("to", "bf16", "the target `dtype`: bf16, f16 or f32")
			mode := fs.String("mode", "exact", "exact (one rounding of value x scale) or reference (the ecosystem's computation)")
			block := fs.String("block", "", "the FP8 block size `N or RxC` when config.json does not give it (default 128)")
			keep := fs.Bool("keep-input-scale", false, "keep input_scale tensors instead of dropping them")
			cf.declare(fs)
			return func(e *env, ins []string) error {
				return runDequant(e, ins[0], &cf, *to, *mode, *block, *keep)
			}
		},
	})
}

func runDequant(e *env, in string, cf *ckptFlags, to, mode, block string, keep bool) error {
	target, err := dtype.Parse(to)
	if err != nil || (target != dtype.BF16 && target != dtype.F16 && target != dtype.F32) {
		return usagef("-to %s: want bf16, f16 or f32", quoteArg(to))
	}
	m, err := checkpoint.ParseMode(mode)
	if err != nil {
		return usagef("-mode %s: want exact or reference", quoteArg(mode))
	}
	b, err := parseBlock(block)
	if err != nil {
		return err
	}
	o, err := cf.options(e, in)
	if err != nil {
		return err
	}
	c, err := openInput(in)
	if err != nil {
		return err
	}
	defer c.Close()
	rep, err := checkpoint.Dequant(e.ctx, c, cf.out, checkpoint.DequantOptions{Options: o, To: target, Mode: m, Block: b, KeepInputScale: keep})
	return cf.finish(e, "dequant", rep, err)
}
