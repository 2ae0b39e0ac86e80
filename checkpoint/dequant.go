package checkpoint

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// Dequant turns a quantized checkpoint back into a wide one: FP8 weights
// with block, per-channel or per-tensor scales (X.weight with
// X.weight_scale_inv or X.weight_scale) and MXFP4 weights (NAME_blocks
// with NAME_scales, as gpt-oss ships them; NAME.blocks with NAME.scales
// in gpt-oss's original layout) and DeepSeek-V4's layouts (X.weight FP8
// with an F8_E8M0 X.scale per 128×128 tile; routed experts packed FP4 in
// I8 with an F8_E8M0 X.scale per 32 values, decided by config.json's
// expert_dtype and quantization_config.scale_fmt; see deepseek_v4.go)
// and NVFP4 weights (ModelOpt's X.weight with X.weight_scale and
// X.weight_scale_2, compressed-tensors' X.weight_packed with
// X.weight_scale and X.weight_global_scale; see nvfp4.go) become bf16,
// f16 or f32 tensors named as the wide model names them; the scale
// tensors are dropped, and so are input_scale tensors unless
// KeepInputScale; every other tensor is copied as it is. config.json
// loses its quantization_config (and expert_dtype) and its torch_dtype
// follows the target; ModelOpt's hf_quant_config.json is not copied. See Mode for how values round, and
// Recast for where the output goes and what is guaranteed.
//
// Bad input is refused before anything is written, with the file, the
// tensor and the fault: an FP8 weight without a scale tensor, a scale
// tensor of a shape that does not fit its weight and block size (partial
// last blocks are accepted), a scale tensor whose weight is missing, a
// NaN, zero, negative or infinite scale (found while streaming, which
// stops the run and leaves the destination untouched), and a
// checkpoint whose config.json contradicts its tensors (packed FP4
// experts without expert_dtype "fp4", FP8 experts with it, a scale dtype
// other than F8_E8M0 under scale_fmt "ue8m0").
func Dequant(ctx context.Context, c *Checkpoint, out string, o DequantOptions) (*Report, error) {
	if err := o.normalize(); err != nil {
		return nil, err
	}
	p, err := planDequant(c, o)
	if err != nil {
		return nil, err
	}
	return execute(ctx, p, out, o.Writer, o.Options)
}

// blockSize decides the FP8 block size: config.json's weight_block_size,
// the option, or 128×128, refusing the two when they disagree.
func blockSize(c *Checkpoint, opt [2]int64) ([2]int64, string, error) {
	q, err := readQuantConfig(c.config)
	if err != nil {
		return opt, "", fmt.Errorf("checkpoint: %s: %w", c.path, err)
	}
	if q != nil && q.WeightBlockSize != nil {
		b := q.WeightBlockSize
		if len(b) != 2 || b[0] <= 0 || b[1] <= 0 {
			return opt, "", fmt.Errorf("checkpoint: %s: config.json: quantization_config.weight_block_size %v is not two positive integers", c.path, b)
		}
		cb := [2]int64{b[0], b[1]}
		if opt != [2]int64{} && opt != cb {
			return opt, "", fmt.Errorf("checkpoint: the block size %dx%d disagrees with config.json's weight_block_size [%d, %d]; leave it out to use the config's", opt[0], opt[1], cb[0], cb[1])
		}
		return cb, "config.json", nil
	}
	if opt != [2]int64{} {
		if opt[0] <= 0 || opt[1] <= 0 {
			return opt, "", fmt.Errorf("checkpoint: block size %dx%d: want positive sizes", opt[0], opt[1])
		}
		return opt, "option", nil
	}
	return [2]int64{128, 128}, "default", nil
}

func planDequant(c *Checkpoint, o DequantOptions) (*plan, error) {
	to := o.To
	if to == dtype.Invalid {
		to = dtype.BF16
	}
	switch to {
	case dtype.BF16, dtype.F16, dtype.F32:
	default:
		return nil, fmt.Errorf("checkpoint: dequantize to %v: want bf16, f16 or f32", to)
	}
	block, _, err := blockSize(c, o.Block)
	if err != nil {
		return nil, err
	}
	v4, err := readV4Config(c.config)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %s: %w", c.path, err)
	}
	p := &plan{op: "dequant", to: to, mode: o.Mode.String(), ck: c}
	consumed := map[string]string{} // scale tensor -> the weight it scales
	planned := map[string]bool{}    // weights dequantized
	var kvScales, keptWide int
	wideTypes := map[string]bool{}
	// NVFP4 first: its block scales are F8_E4M3, which the FP8 case
	// below would take for weights.
	for i := range c.tensors {
		t := &c.tensors[i]
		n, ok := findNVFP4(c, t)
		if !ok {
			continue
		}
		d, err := planNVFP4(c, n, to, o.Mode)
		if err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
		consumed[n.s.Name], consumed[n.g.Name] = t.Name, t.Name
		planned[t.Name] = true
		p.outputs = append(p.outputs, d)
	}
	for i := range c.tensors {
		t := &c.tensors[i]
		if planned[t.Name] || consumed[t.Name] != "" {
			continue
		}
		switch {
		case isFP8(t.DType):
			s, ok := scaleOf(c, t)
			if !ok {
				s, ok = dotScaleOf(c, t.Name)
			}
			if !ok {
				return nil, fmt.Errorf("checkpoint: %s: weight %q is %v but has no scale tensor (%q or %q)",
					t.Shard, t.Name, t.DType, t.Name+scaleSuffixes[0], t.Name+scaleSuffixes[1])
			}
			if !scaleDTypeOK(s.DType) {
				return nil, fmt.Errorf("checkpoint: %s: scale tensor %q is %v; scales are f32, bf16, f16 or e8m0", s.Shard, s.Name, s.DType)
			}
			if v4.ExpertDType == "fp4" && isRoutedExpert(t.Name) {
				return nil, fmt.Errorf("checkpoint: %s: routed expert %q is %v, but config.json's expert_dtype is \"fp4\" (packed FP4 in I8); the checkpoint contradicts itself",
					t.Shard, t.Name, t.DType)
			}
			if err := checkV4Scale(c, v4, t, s); err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
			g, err := fitGrid(t.Name, t.Shape, s.Name, s.Shape, block)
			if err != nil {
				if g2, ok := fitV4Tiles(t, s); ok {
					g, err = g2, nil
				}
			}
			if err != nil {
				return nil, fmt.Errorf("checkpoint: %s: %w", s.Shard, err)
			}
			consumed[s.Name] = t.Name
			planned[t.Name] = true
			rep := &TensorReport{Name: t.Name, Action: Dequantized, From: DTypeLabel(t.DType), To: DTypeLabel(to),
				Shape: t.Shape, Scales: s.Name + " (" + g.String() + ")"}
			p.outputs = append(p.outputs, &output{id: t, dt: to,
				prod: &fp8Dequant{w: t, s: s, g: g, to: to, mode: o.Mode}, rep: rep})
		case isMXBlocks(t):
			base, scalesName := blocksBase(t.Name)
			si, ok := c.find(scalesName)
			if !ok {
				return nil, fmt.Errorf("checkpoint: %s: MXFP4 blocks %q have no scale tensor %q", t.Shard, t.Name, scalesName)
			}
			s := &c.tensors[si]
			d, err := planMX(t, s, base, to, o.Mode)
			if err != nil {
				return nil, fmt.Errorf("checkpoint: %s: %w", t.Shard, err)
			}
			consumed[s.Name] = t.Name
			planned[t.Name] = true
			p.outputs = append(p.outputs, d)
		default:
			s, ok := isPackedFP4(c, t)
			if !ok {
				continue
			}
			d, err := planFP4Experts(c, v4, t, s, to, o.Mode)
			if err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
			consumed[s.Name] = t.Name
			planned[t.Name] = true
			p.outputs = append(p.outputs, d)
		}
	}
	if len(p.outputs) == 0 {
		return nil, fmt.Errorf("checkpoint: %s holds no FP8 weight with scales, no MXFP4 blocks and no packed FP4 experts: nothing to dequantize", c.path)
	}
	// The other tensors: scales consumed are dropped, orphan scales
	// refused, input scales dropped unless kept, the rest copied.
	for i := range c.tensors {
		t := &c.tensors[i]
		if planned[t.Name] {
			continue
		}
		drop := func(why string) {
			p.dropped = append(p.dropped, TensorReport{Name: t.Name, Action: Dropped, From: DTypeLabel(t.DType), Shape: t.Shape, Scales: why})
		}
		switch {
		case consumed[t.Name] != "":
			drop("scales of " + consumed[t.Name])
			continue
		case strings.HasSuffix(t.Name, "_scale_inv") || isScales(t.Name) && (t.DType == dtype.U8 || t.DType == dtype.F8E8M0FNU):
			return nil, fmt.Errorf("checkpoint: %s: scale tensor %q has no weight to scale (%q is missing or not quantized)", t.Shard, t.Name, weightOfScale(t.Name))
		case strings.HasSuffix(t.Name, ".scale") && t.DType == dtype.F8E8M0FNU:
			w := strings.TrimSuffix(t.Name, ".scale") + ".weight"
			if i, ok := c.find(w); ok {
				return nil, fmt.Errorf("checkpoint: %s: scale tensor %q scales %q, which is %v: promote dequantizes F8_E4M3 weights and packed FP4 routed experts with E8M0 scales, not this", t.Shard, t.Name, w, c.tensors[i].DType)
			}
			return nil, fmt.Errorf("checkpoint: %s: scale tensor %q has no weight to scale (%q is missing)", t.Shard, t.Name, w)
		case isInputScale(t.Name) && !o.KeepInputScale:
			drop("activation scale, unused once the weights are wide")
			continue
		case isKVScale(t.Name):
			kvScales++
		case t.DType.IsFloat() && t.DType != to:
			keptWide++
			wideTypes[t.DType.String()] = true
		}
		p.outputs = append(p.outputs, &output{id: t, dt: t.DType, prod: copyProducer{t},
			rep: &TensorReport{Name: t.Name, Action: Copied, From: DTypeLabel(t.DType), Shape: t.Shape}})
	}
	// Outputs in input order, so that repacked shards follow the input.
	order := map[string]int{}
	for i, t := range c.tensors {
		order[t.Name] = i
	}
	src := func(o *output) int {
		if d, ok := o.prod.(*fp8Dequant); ok {
			return order[d.w.Name]
		}
		if d, ok := o.prod.(*mxDequant); ok {
			return order[d.blocks.Name]
		}
		if d, ok := o.prod.(*nvDequant); ok {
			return order[d.w.Name]
		}
		return order[o.id.Name]
	}
	sort.SliceStable(p.outputs, func(i, j int) bool { return src(p.outputs[i]) < src(p.outputs[j]) })

	if kvScales > 0 {
		p.notes = append(p.notes, fmt.Sprintf("kept %d KV-cache scale tensor(s) (k_scale, v_scale): an engine running an FP8 KV cache reads them", kvScales))
	}
	if keptWide > 0 {
		p.notes = append(p.notes, fmt.Sprintf("%d other floating tensor(s) (%s) were copied as they are; promote recast converts them if one dtype is wanted",
			keptWide, strings.Join(sortedKeys(wideTypes), ", ")))
	}
	if c.config != nil {
		set := dtypeMembers(c.config, to.String())
		b, err := editConfig(c.config, set, "quantization_config", "expert_dtype")
		if err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
		p.config = b
		p.configNote = "quantization_config removed"
		if v4.hasExpert {
			p.configNote += "; expert_dtype removed"
		}
		for _, m := range set {
			p.configNote += "; " + m.key + " set to " + torchDTypeName(to.String())
		}
	}
	if slices.Contains(c.extras, hfQuantConfig) {
		p.dropSide = append(p.dropSide, hfQuantConfig)
		p.notes = append(p.notes, hfQuantConfig+" (ModelOpt's quantization record) not copied: the weights are no longer quantized")
	}
	return p, nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// isMXBlocks reports whether t is MXFP4 blocks: u8 named NAME_blocks
// (transformers' gpt-oss names) or NAME.blocks (gpt-oss's original).
func isMXBlocks(t *Tensor) bool {
	return t.DType == dtype.U8 && (strings.HasSuffix(t.Name, "_blocks") || strings.HasSuffix(t.Name, ".blocks"))
}

func isScales(name string) bool {
	return strings.HasSuffix(name, "_scales") || strings.HasSuffix(name, ".scales")
}

// blocksBase returns the wide tensor's name and the scales' name.
func blocksBase(name string) (base, scales string) {
	base = name[:len(name)-len("_blocks")]
	sep := name[len(base) : len(base)+1]
	return base, base + sep + "scales"
}

// weightOfScale names the weight a scale tensor would belong to.
func weightOfScale(name string) string {
	for _, suf := range []string{"_scale_inv", "_scales", ".scales"} {
		if b, ok := strings.CutSuffix(name, suf); ok {
			if suf == "_scale_inv" {
				return b
			}
			return b + suf[:1] + "blocks"
		}
	}
	return name
}

// isInputScale: a static activation scale (vLLM's input_scale,
// transformers' activation_scale, compressed-tensors' NVFP4
// input_global_scale).
func isInputScale(name string) bool {
	return strings.HasSuffix(name, ".input_scale") || strings.HasSuffix(name, ".activation_scale") || strings.HasSuffix(name, ".input_global_scale")
}

// isKVScale: a KV-cache scale (vLLM's k_scale, v_scale, kv_scale).
func isKVScale(name string) bool {
	for _, s := range []string{".k_scale", ".v_scale", ".kv_scale", ".q_scale", ".prob_scale"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// planMX checks an MXFP4 pair and plans its output: blocks [P..., G, 16]
// u8, scales [P..., G] u8 or e8m0; the values [P..., 32·G], transposed
// to [E, 32·G, R] for NAME_blocks with P = [E, R] (see produce_mxfp4.go).
func planMX(b, s *Tensor, base string, to dtype.DType, mode Mode) (*output, error) {
	switch {
	case s.DType != dtype.U8 && s.DType != dtype.F8E8M0FNU:
		return nil, fmt.Errorf("MXFP4 scale tensor %q is %v; want u8 or e8m0 exponents", s.Name, s.DType)
	case len(b.Shape) < 2 || b.Shape[len(b.Shape)-1] != 16:
		return nil, fmt.Errorf("MXFP4 blocks %q have shape %s; want [..., G, 16] (16 bytes, 32 values, a block)", b.Name, shapeText(b.Shape))
	}
	lead := b.Shape[:len(b.Shape)-2]
	G := b.Shape[len(b.Shape)-2]
	want := b.Shape[:len(b.Shape)-1]
	if len(s.Shape) != len(want) || !equalShape(s.Shape, want) {
		return nil, fmt.Errorf("MXFP4 scale tensor %q has shape %s, which does not fit blocks %q of shape %s; want %s (one scale a block)",
			s.Name, shapeText(s.Shape), b.Name, shapeText(b.Shape), shapeText(want))
	}
	d := &mxDequant{blocks: b, scales: s, name: base, lead: lead, groups: G, to: to, mode: mode}
	var shape []int64
	switch {
	case strings.HasSuffix(b.Name, ".blocks") || len(lead) == 1:
		shape = append(append([]int64{}, lead...), 32*G)
	case len(lead) == 2:
		d.transpose = true
		shape = []int64{lead[0], 32 * G, lead[1]}
	default:
		return nil, fmt.Errorf("MXFP4 blocks %q have shape %s: transformers' layout has one or two leading dimensions ([R, G, 16] or [E, R, G, 16])", b.Name, shapeText(b.Shape))
	}
	rep := &TensorReport{Name: base, Action: Dequantized, From: LabelMXFP4, To: DTypeLabel(to), Shape: shape,
		Scales: s.Name + " (mx 32)"}
	return &output{id: &Tensor{Name: base, DType: to, Shape: shape, Shard: b.Shard, shard: b.shard}, dt: to, prod: d, rep: rep}, nil
}

func equalShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hfQuantConfig is ModelOpt's record of a checkpoint's quantization,
// beside config.json (quant_algo, group_size, exclude_modules).
const hfQuantConfig = "hf_quant_config.json"
