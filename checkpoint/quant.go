package checkpoint

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// Quant quantizes a wide checkpoint: to FP8 e4m3fn with f32 scales, per
// tensor (amax/448, vLLM's layout: X.weight_scale of shape []) or per
// block (DeepSeek-V3's: X.weight_scale_inv of shape [ceil(M/128),
// ceil(N/128)]), or to MXFP4 (gpt-oss's layout: NAME_blocks and
// NAME_scales, e8m0 scales per OCP MX v1.0; see mxQuant), or to NVFP4
// (ModelOpt's layout; see nvfp4_quant.go). The tensors
// quantized are chosen by QuantOptions.Only and Skip; the others are
// copied. config.json gets the quantization_config those loaders read.
// See Recast for where the output goes and what is guaranteed.
func Quant(ctx context.Context, c *Checkpoint, out string, o QuantOptions) (*Report, error) {
	if err := o.normalize(); err != nil {
		return nil, err
	}
	p, err := planQuant(c, o)
	if err != nil {
		return nil, err
	}
	return execute(ctx, p, out, o.Writer, o.Options)
}

// quantSources are the dtypes quantization reads: their values have at
// most 24 significant bits, which the single-rounding argument of
// fp8Quant needs.
func quantSource(d dtype.DType) bool {
	return d == dtype.BF16 || d == dtype.F16 || d == dtype.F32
}

// eligible says whether t can be quantized to the target, and why not.
func eligible(t *Tensor, to dtype.DType) (bool, string) {
	switch {
	case !quantSource(t.DType):
		return false, fmt.Sprintf("it is %v (promote quantizes bf16, f16 and f32)", t.DType)
	case len(t.Shape) < 2:
		return false, fmt.Sprintf("its rank is %d (weights of rank 2 or more are quantized)", len(t.Shape))
	case to == dtype.F4E2M1FN && len(t.Shape) > 3:
		return false, "MXFP4's layouts are [R, K] and gpt-oss's experts [E, K, R]"
	case to == dtype.F4E2M1FN && len(t.Shape) == 2 && t.Shape[1]%32 != 0:
		return false, fmt.Sprintf("its last dimension %d is not a multiple of 32 (MXFP4 blocks hold 32 values)", t.Shape[1])
	case to == dtype.F4E2M1FN && len(t.Shape) == 3 && t.Shape[1]%32 != 0:
		return false, fmt.Sprintf("its dimension 1 (%d) is not a multiple of 32 (an expert tensor [E, K, R] is blocked along K, as gpt-oss stores it)", t.Shape[1])
	}
	return true, ""
}

// eligibleNV says whether t can be quantized to NVFP4, and why not.
func eligibleNV(t *Tensor) (bool, string) {
	switch {
	case !quantSource(t.DType):
		return false, fmt.Sprintf("it is %v (promote quantizes bf16, f16 and f32)", t.DType)
	case len(t.Shape) < 2:
		return false, fmt.Sprintf("its rank is %d (weights of rank 2 or more are quantized)", len(t.Shape))
	case t.Shape[len(t.Shape)-1]%16 != 0:
		return false, fmt.Sprintf("its last dimension %d is not a multiple of 16 (NVFP4 blocks hold 16 values)", t.Shape[len(t.Shape)-1])
	}
	return true, ""
}

func planQuant(c *Checkpoint, o QuantOptions) (*plan, error) {
	nv := o.NVFP4
	if nv && o.To != dtype.Invalid && o.To != dtype.F4E2M1FN {
		return nil, fmt.Errorf("checkpoint: NVFP4 with To %v: NVFP4 values are f4e2m1fn", o.To)
	}
	if o.CompressedTensors && !nv {
		return nil, fmt.Errorf("checkpoint: the compressed-tensors layout is NVFP4's: set NVFP4 too")
	}
	if nv {
		o.To = dtype.F4E2M1FN
	}
	mx := o.To == dtype.F4E2M1FN && !nv
	if o.To != dtype.F8E4M3FN && !mx && !nv {
		return nil, fmt.Errorf("checkpoint: quantize to %v: want f8e4m3fn or mxfp4 (f4e2m1fn)", o.To)
	}
	if err := CheckPatterns(o.Only); err != nil {
		return nil, fmt.Errorf("checkpoint: -only %w", err)
	}
	if err := CheckPatterns(o.Skip); err != nil {
		return nil, fmt.Errorf("checkpoint: -skip %w", err)
	}
	q, err := readQuantConfig(c.config)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %s: %w", c.path, err)
	}
	if q != nil {
		return nil, fmt.Errorf("checkpoint: %s is already quantized (config.json's quantization_config: quant_method %q); dequantize it first", c.path, q.QuantMethod)
	}
	skip := o.Skip
	if skip == nil {
		skip = DefaultSkip(o.To)
		if nv { // ModelOpt quantizes attention too
			skip = DefaultSkip(dtype.F8E4M3FN)
		}
	}
	block := o.Block
	if block == [2]int64{} {
		block = [2]int64{128, 128}
	}
	if block[0] <= 0 || block[1] <= 0 {
		return nil, fmt.Errorf("checkpoint: block size %dx%d: want positive sizes", block[0], block[1])
	}
	scaleName := o.ScaleName
	if scaleName == "" {
		scaleName = "weight_scale"
		if o.Scale == PerBlock {
			scaleName = "weight_scale_inv"
		}
	}
	if scaleName != "weight_scale" && scaleName != "weight_scale_inv" {
		return nil, fmt.Errorf("checkpoint: scale name %q: want weight_scale or weight_scale_inv", scaleName)
	}
	suffix := strings.TrimPrefix(scaleName, "weight")

	p := &plan{op: "quant", to: o.To, ck: c}
	if mx {
		p.to = dtype.F4E2M1FN
	}
	if nv {
		p.to, p.toName = dtype.F4E2M1FN, "nvfp4"
	}
	var keptWide []string // modules left wide, for modules_to_not_convert
	quantized := 0
	for i := range c.tensors {
		t := &c.tensors[i]
		copyOut := &output{id: t, dt: t.DType, prod: copyProducer{t},
			rep: &TensorReport{Name: t.Name, Action: Copied, From: DTypeLabel(t.DType), Shape: t.Shape}}
		ok, why := eligible(t, p.to)
		if nv {
			ok, why = eligibleNV(t)
		}
		chosen := (len(o.Only) == 0 || matchAny(o.Only, t.Name)) && !matchAny(skip, t.Name)
		if chosen && !ok && len(o.Only) > 0 && t.DType.IsFloat() {
			return nil, fmt.Errorf("checkpoint: %s: tensor %q matches -only but cannot be quantized: %s", t.Shard, t.Name, why)
		}
		if !chosen || !ok {
			if t.DType.IsFloat() && len(t.Shape) >= 2 && strings.HasSuffix(t.Name, ".weight") {
				keptWide = append(keptWide, strings.TrimSuffix(t.Name, ".weight"))
			}
			p.outputs = append(p.outputs, copyOut)
			continue
		}
		quantized++
		if nv {
			outs, err := planNVQuant(c, t, o.CompressedTensors)
			if err != nil {
				return nil, err
			}
			p.outputs = append(p.outputs, outs...)
			continue
		}
		if mx {
			outs, err := planMXQuant(c, t)
			if err != nil {
				return nil, err
			}
			p.outputs = append(p.outputs, outs...)
			continue
		}
		outs, err := planFP8Quant(c, t, o.Scale, block, suffix)
		if err != nil {
			return nil, err
		}
		p.outputs = append(p.outputs, outs...)
	}
	if quantized == 0 {
		return nil, fmt.Errorf("checkpoint: %s: no tensor to quantize (none is a bf16, f16 or f32 weight of rank 2 or more that the patterns choose)", c.path)
	}
	if c.config != nil {
		qc, err := quantConfigJSON(o, mx, block, keptWide)
		if nv {
			qc, err = nvQuantConfigJSON(keptWide)
			if o.CompressedTensors {
				qc, err = ctQuantConfigJSON(keptWide)
			}
		}
		if err != nil {
			return nil, err
		}
		b, err := editConfig(c.config, []member{{"quantization_config", qc}})
		if err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
		p.config = b
		p.configNote = "quantization_config set: " + string(qc)
		if nv && !o.CompressedTensors {
			hq, err := hfQuantConfigJSON(keptWide)
			if err != nil {
				return nil, err
			}
			p.newSide = map[string][]byte{hfQuantConfig: hq}
			p.configNote += "; " + hfQuantConfig + " written"
		}
	}
	return p, nil
}

// planFP8Quant plans a weight and its f32 scale tensor.
func planFP8Quant(c *Checkpoint, t *Tensor, kind ScaleKind, block [2]int64, suffix string) ([]*output, error) {
	sname := t.Name + suffix
	if _, clash := c.find(sname); clash {
		return nil, fmt.Errorf("checkpoint: %s: tensor %q exists; it would be the scale of %q", t.Shard, sname, t.Name)
	}
	var g *grid
	var sshape []int64
	if kind == PerTensor {
		g, _ = fitGrid(t.Name, t.Shape, sname, nil, block)
		sshape = []int64{}
	} else {
		rows, cols := t.Shape[len(t.Shape)-2], t.Shape[len(t.Shape)-1]
		sshape = append(append([]int64{}, t.Shape[:len(t.Shape)-2]...), ceilDiv(rows, block[0]), ceilDiv(cols, block[1]))
		var err error
		if g, err = fitGrid(t.Name, t.Shape, sname, sshape, block); err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
		if g.perTensor { // a weight within one block: still block-shaped
			g = &grid{lead: 1, rows: rows, cols: cols, bm: block[0], bn: block[1], sr: 1, sc: 1}
			for _, d := range t.Shape[:len(t.Shape)-2] {
				g.lead *= d
			}
		}
	}
	amax := &amaxOnce{}
	rep := &TensorReport{Name: t.Name, Action: Quantized, From: DTypeLabel(t.DType), To: DTypeLabel(dtype.F8E4M3FN), Shape: t.Shape,
		Scales: sname + " (" + g.String() + ")"}
	return []*output{
		{id: t, dt: dtype.F8E4M3FN, prod: &fp8Quant{src: t, g: g, amax: amax}, rep: rep},
		{id: &Tensor{Name: sname, DType: dtype.F32, Shape: sshape, Shard: t.Shard, shard: t.shard}, dt: dtype.F32, prod: &fp8Quant{src: t, g: g, amax: amax, scaleOnly: true},
			rep: &TensorReport{Name: sname, Action: Scale, From: DTypeLabel(t.DType), To: DTypeLabel(dtype.F32), Shape: sshape, Scales: "of " + t.Name}},
	}, nil
}

// planMXQuant plans NAME_blocks and NAME_scales: [R, K] blocked along
// K, or an expert tensor [E, K, R] (transformers' gate_up_proj [E, H,
// 2I]) stored transposed, [E, R, K/32, 16], as gpt-oss stores it.
func planMXQuant(c *Checkpoint, t *Tensor) ([]*output, error) {
	bname, sname := t.Name+"_blocks", t.Name+"_scales"
	for _, n := range []string{bname, sname} {
		if _, clash := c.find(n); clash {
			return nil, fmt.Errorf("checkpoint: %s: tensor %q exists; it would hold %q quantized", t.Shard, n, t.Name)
		}
	}
	q := &mxQuant{src: t, lead: 1}
	var lead []int64
	if len(t.Shape) == 2 {
		q.rows, q.k = t.Shape[0], t.Shape[1]
		lead = []int64{q.rows}
	} else {
		q.lead, q.k, q.rows, q.transpose = t.Shape[0], t.Shape[1], t.Shape[2], true
		lead = []int64{q.lead, q.rows}
	}
	g := q.k / 32
	bshape := append(append([]int64{}, lead...), g, 16)
	sshape := append(append([]int64{}, lead...), g)
	sq := *q
	sq.scaleOnly = true
	rep := &TensorReport{Name: t.Name, Action: Quantized, From: DTypeLabel(t.DType), To: LabelMXFP4, Shape: t.Shape,
		Scales: sname + " (mx 32)"}
	return []*output{
		{id: &Tensor{Name: bname, DType: dtype.U8, Shape: bshape, Shard: t.Shard, shard: t.shard}, dt: dtype.U8, prod: q, rep: rep},
		{id: &Tensor{Name: sname, DType: dtype.U8, Shape: sshape, Shard: t.Shard, shard: t.shard}, dt: dtype.U8, prod: &sq,
			rep: &TensorReport{Name: sname, Action: Scale, From: DTypeLabel(t.DType), To: LabelE8M0, Shape: sshape, Scales: "of " + t.Name}},
	}, nil
}

// quantConfigJSON is the quantization_config a quantized output's
// config.json gets, keys sorted as transformers writes them:
//
//   - FP8 block: DeepSeek-V3's {"activation_scheme": "dynamic", "fmt":
//     "e4m3", "quant_method": "fp8", "weight_block_size": [bm, bn]},
//     which transformers (FineGrainedFP8Config) and vLLM (Fp8Config)
//     both load;
//   - FP8 per tensor: {"activation_scheme": "dynamic", "quant_method":
//     "fp8", "weight_block_size": null}: vLLM's per-tensor FP8 (it then
//     reads X.weight_scale); transformers reads per-tensor scales as
//     X.weight_scale_inv (ScaleName);
//   - MXFP4: gpt-oss's {"modules_to_not_convert": [...], "quant_method":
//     "mxfp4"}.
//
// The modules whose weights stay wide are listed under
// modules_to_not_convert (transformers) and, for FP8, ignored_layers
// (vLLM's Fp8Config key).
func quantConfigJSON(o QuantOptions, mx bool, block [2]int64, keptWide []string) (json.RawMessage, error) {
	if keptWide == nil {
		keptWide = []string{}
	}
	var v any
	switch {
	case mx:
		v = struct {
			Modules []string `json:"modules_to_not_convert"`
			Method  string   `json:"quant_method"`
		}{keptWide, "mxfp4"}
	case o.Scale == PerBlock:
		v = struct {
			Scheme  string   `json:"activation_scheme"`
			Fmt     string   `json:"fmt"`
			Ignored []string `json:"ignored_layers"`
			Modules []string `json:"modules_to_not_convert"`
			Method  string   `json:"quant_method"`
			Block   []int64  `json:"weight_block_size"`
		}{"dynamic", "e4m3", keptWide, keptWide, "fp8", block[:]}
	default:
		v = struct {
			Scheme  string   `json:"activation_scheme"`
			Ignored []string `json:"ignored_layers"`
			Modules []string `json:"modules_to_not_convert"`
			Method  string   `json:"quant_method"`
			Block   []int64  `json:"weight_block_size"`
		}{"dynamic", keptWide, keptWide, "fp8", nil}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return b, nil
}
