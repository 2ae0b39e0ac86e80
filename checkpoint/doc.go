// Package checkpoint converts model checkpoints as models ship them:
// .safetensors files, directories of shards with a
// model.safetensors.index.json, FP8 weights with block, per-channel or
// per-tensor scales, MXFP4 weights. It streams: tensors are read,
// converted and written in chunks, shards in parallel, so memory stays
// under Options.Memory whatever the model's size; within a shard the
// three overlap (while one chunk converts, the next is read and the one
// before written).
//
// Open a checkpoint, then:
//
//   - Recast converts chosen tensors to one dtype with package convert's
//     exact conversions (one rounding, a named Policy).
//   - Dequant turns FP8 and MXFP4 weights back into bf16, f16 or f32, in
//     Exact mode (value × scale rounded once) or Reference mode (each
//     ecosystem's computation, bit for bit); see Mode.
//   - Quant quantizes bf16, f16 or f32 weights to FP8 e4m3fn (per tensor
//     or per block scales) or MXFP4 (e8m0 scales per OCP MX v1.0).
//
// Each returns a Report: per tensor and in total, how many values came
// out exact, rounded, overflowed or NaN, and the largest relative error.
//
// # Layouts
//
// FP8, DeepSeek-V3 (inference/fp8_cast_bf16.py, inference/kernel.py):
// X.weight f8e4m3fn [M, N] with X.weight_scale_inv f32 [ceil(M/128),
// ceil(N/128)]; a value's result is weight × scale_inv of its block (the
// name says inverse, the value multiplies). config.json:
// quantization_config {"quant_method": "fp8", "fmt": "e4m3",
// "activation_scheme": "dynamic", "weight_block_size": [128, 128]}.
// transformers (FineGrainedFP8Config, src/transformers/integrations/
// finegrained_fp8.py) reads the same, and expert tensors as
// NAME_scale_inv; vLLM (vllm/model_executor/layers/quantization/fp8.py)
// reads weight_scale_inv for block scales and X.weight_scale (one f32)
// for per-tensor ones, with X.input_scale for static activation scales;
// compressed-tensors checkpoints hold X.weight_scale per tensor [1], per
// channel [M, 1] or per block.
//
// MXFP4, gpt-oss in transformers' names: NAME_blocks u8 [P..., G, 16]
// (two f4e2m1fn values a byte, the first in the low nibble) and
// NAME_scales u8 [P..., G] (e8m0: 2^(byte-127)), one scale per 32
// values; dequantized, the experts are [E, 32·G, R], the transpose
// transformers' convert_moe_packed_tensors returns
// (src/transformers/integrations/mxfp4.py). config.json:
// {"quant_method": "mxfp4", "modules_to_not_convert": [...]}.
//
// DeepSeek-V4 (inference/convert.py of deepseek-ai/DeepSeek-V4-Flash):
// X.weight f8e4m3fn [M, N] with X.scale F8_E8M0 [ceil(M/128),
// ceil(N/128)]; routed experts layers.L.ffn.experts.E.w{1,2,3}.weight
// (and mtp.*) packed FP4 in I8 [M, K/2], low nibble first, with
// X.scale F8_E8M0 [M, K/32]. config.json: "expert_dtype": "fp4" and
// quantization_config {"scale_fmt": "ue8m0", "weight_block_size":
// [128, 128], ...}.
//
// NVFP4 (ModelOpt, compressed-tensors): see nvfp4.go for each layout's
// tensors, config and computation.
//
// # Guarantees
//
// The output has the input's shape: a file gives a file, a directory or
// an index a directory, with the same shards (or, with
// Options.MaxShardSize, new ones) and a rewritten index whose weight_map
// and metadata.total_size are right, and the directory's other files
// copied (config.json rewritten where the quantization changes). It is
// built in a temporary file or directory beside the destination and
// renamed into place only when every file is written (synced unless
// Options.NoSync): an error or a cancelled context leaves the destination
// as it was. The input is only read. Bad input is refused with an error
// naming the file, the tensor and the fault.
package checkpoint
