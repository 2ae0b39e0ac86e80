package main

import (
	"flag"
	"strings"

	"github.com/promote-dev/promote/checkpoint"
	"github.com/promote-dev/promote/dtype"
)

func init() {
	register(&command{
		name:  "quant",
		usage: "-to f8e4m3fn|mxfp4|nvfp4 [-layout modelopt|compressed-tensors] [-scale tensor|block] [-block N|RxC] [-only PAT] [-skip PAT] [-scale-name NAME] [-mem SIZE] [-max-shard-size SIZE] [-json] [-check] IN -o OUT",
		short: "quantize a checkpoint to FP8 e4m3fn, MXFP4 or NVFP4 with their scales (IN -o OUT)",
		long: `Quant quantizes the weights of a bf16, f16 or f32 checkpoint:

  -to f8e4m3fn: each weight with f32 scales, per block of -block (default
  128x128, DeepSeek-V3's layout: X.weight_scale_inv of shape
  [ceil(M/128), ceil(N/128)]; partial last blocks kept) or per tensor
  (-scale tensor, vLLM's layout: X.weight_scale of shape []). Each scale is
  amax/448 rounded to f32; each value is x/scale rounded once to nearest
  even, saturating at +-448. -scale-name weight_scale_inv names per-tensor
  scales as transformers reads them.
  -to mxfp4: gpt-oss's layout, NAME_blocks (u8, two f4e2m1fn values a
  byte, low nibble first) and NAME_scales (e8m0 as u8), one scale per 32
  values along the last dimension (along dimension 1 for a 3-D expert
  tensor [E, K, R], stored transposed as gpt-oss stores it): the scale is
  2^(floor(log2(amax)) - 2) per the OCP MX v1.0 spec, the values rounded to
  nearest even, saturating at +-6.
  -to nvfp4: ModelOpt's layout, X.weight (u8, two e2m1 values a byte, low
  nibble first), X.weight_scale (f8e4m3fn, one per 16 values along the
  last dimension) and X.weight_scale_2 (f32 [], amax/(6*448)), with
  ModelOpt's scale formulas in f32 and the values rounded to nearest even
  (ModelOpt rounds the ties 2.5 and 3.5 up to 3); config.json gets
  quant_method "modelopt", quant_algo "NVFP4", the wide modules under
  ignore, and a directory output ModelOpt's hf_quant_config.json. No
  input_scale is written: activation scales need calibration.
  -to nvfp4 -layout compressed-tensors: compressed-tensors' layout as
  llm-compressor's NVFP4A16 scheme writes it, X.weight_packed,
  X.weight_scale and X.weight_global_scale (f32 [1], 448*6/amax, which
  divides), with the quantization_config compressed-tensors and vLLM read
  (format nvfp4-pack-quantized, weights 4-bit float tensor_group 16, no
  activation quantization).

-only PAT quantizes just the tensors matching a pattern (repeatable or
comma-separated; * matches any run of characters, dots included); -skip
PAT leaves matches wide (default: *embed* *lm_head* *norm* *.gate.weight
*router* *bias, and for mxfp4 also *attn*; -skip none quantizes
everything eligible). Tensors quantized are floating, of rank 2 or more,
and fit the format's blocks. config.json gets the quantization_config
transformers and vLLM read, listing the modules left wide.
` + guarantees,
		operands:     operandSpec{min: 1, max: 1, what: "input"},
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			var cf ckptFlags
			var only, skip patterns
			to := fs.String("to", "", "the format: f8e4m3fn, mxfp4 or nvfp4")
			layout := fs.String("layout", "modelopt", "NVFP4's checkpoint `layout`: modelopt or compressed-tensors")
			scale := fs.String("scale", "block", "FP8 scale granularity: tensor or block")
			block := fs.String("block", "", "the FP8 block size `N or RxC` (default 128)")
			scaleName := fs.String("scale-name", "", "the FP8 scale tensors' `name`: weight_scale (default for -scale tensor) or weight_scale_inv (default for -scale block)")
			fs.Var(&only, "only", "quantize only tensors matching this `pattern` (repeatable)")
			fs.Var(&skip, "skip", "leave tensors matching this `pattern` wide (repeatable; replaces the default list; none for an empty list)")
			cf.declare(fs)
			return func(e *env, ins []string) error {
				return runQuant(e, ins[0], &cf, *to, *layout, *scale, *block, *scaleName, only, skip)
			}
		},
	})
}

func runQuant(e *env, in string, cf *ckptFlags, to, layout, scale, block, scaleName string, only, skip patterns) error {
	var target dtype.DType
	var nvfp4 bool
	switch strings.ToLower(to) {
	case "":
		return usagef("-to is required: f8e4m3fn, mxfp4 or nvfp4")
	case "mxfp4", "f4e2m1fn", "fp4":
		target = dtype.F4E2M1FN
	case "nvfp4":
		target, nvfp4 = dtype.F4E2M1FN, true
	default:
		d, err := dtype.Parse(to)
		if err != nil || d != dtype.F8E4M3FN {
			return usagef("-to %s: want f8e4m3fn, mxfp4 or nvfp4", quoteArg(to))
		}
		target = d
	}
	var ct bool
	switch layout {
	case "modelopt":
	case "compressed-tensors":
		ct = true
	default:
		return usagef("-layout %s: want modelopt or compressed-tensors", quoteArg(layout))
	}
	if ct && !nvfp4 {
		return usagef("-layout compressed-tensors is an NVFP4 layout: use it with -to nvfp4")
	}
	var kind checkpoint.ScaleKind
	switch scale {
	case "tensor":
		kind = checkpoint.PerTensor
	case "block":
		kind = checkpoint.PerBlock
	default:
		return usagef("-scale %s: want tensor or block", quoteArg(scale))
	}
	b, err := parseBlock(block)
	if err != nil {
		return err
	}
	if scaleName != "" && scaleName != "weight_scale" && scaleName != "weight_scale_inv" {
		return usagef("-scale-name %s: want weight_scale or weight_scale_inv", quoteArg(scaleName))
	}
	if err := checkpoint.CheckPatterns(only); err != nil {
		return usagef("-only: %s", err)
	}
	if err := checkpoint.CheckPatterns(skip); err != nil {
		return usagef("-skip: %s", err)
	}
	var skipList []string
	switch {
	case len(skip) == 1 && skip[0] == "none":
		skipList = []string{}
	case len(skip) > 0:
		skipList = skip
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
	rep, err := checkpoint.Quant(e.ctx, c, cf.out, checkpoint.QuantOptions{Options: o, To: target, Scale: kind, Block: b,
		Only: only, Skip: skipList, ScaleName: scaleName, NVFP4: nvfp4, CompressedTensors: ct})
	return cf.finish(e, "quant", rep, err)
}
