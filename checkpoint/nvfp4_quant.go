package checkpoint

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/bytesize"
)

// NVFP4 quantization writes one of two layouts (see nvfp4.go).
//
// ModelOpt's: X.weight U8 [..., K/2] (low nibble first), X.weight_scale
// F8_E4M3 [..., K/16], X.weight_scale_2 F32 []. The scales are ModelOpt's
// (NVFP4QTensor.get_weights_scaling_factor_2 and
// get_weights_scaling_factor, nvfp4_tensor.py@211c6b34), in f32:
// weight_scale_2 = amax / (6·448) over the tensor; per block of 16,
// scale = amax_block / f32(6 · weight_scale_2), 1 for a block of zeros,
// at least 2^-9 (E4M3's smallest subnormal), rounded to nearest even into
// F8_E4M3; each value x / f32(scale · weight_scale_2) in f32, rounded to
// nearest even into E2M1 (saturating at ±6). ModelOpt's _cast_fp4 rounds
// the ties 2.5 and 3.5 to 3 where nearest-even gives 2 and 4; otherwise
// the codes are the ones ModelOpt writes. A tensor whose values are all
// zero gets weight_scale_2 = 1 (ModelOpt's formula would divide 0 by 0).
//
// compressed-tensors' (llm-compressor's NVFP4A16 scheme, read by
// compressed-tensors' NVFP4PackedCompressor and vLLM's W4A16 FP4 path):
// X.weight_packed U8 [..., K/2], X.weight_scale F8_E4M3 [..., K/16],
// X.weight_global_scale F32 [1] = 448·6 / amax (compressed-tensors'
// generate_gparam, utils/helpers.py); per block, scale = f32(global ·
// f32(amax_block / 6)) into F8_E4M3 as above; each value x /
// f32(scale / global) in f32, rounded to nearest even into E2M1.
//
// NaN has no E2M1 code: it is written as 0 and counted NaN; ±Inf
// saturates to ±6 and is counted overflowed. Activation scales need
// calibration data and are not written.

// nvQuant produces one of the three tensors of a weight's NVFP4 form.
type nvQuant struct {
	src  *Tensor
	k    int64 // values a row
	rows int64 // rows over all leading dimensions
	part int   // 0 the packed values, 1 the block scales, 2 the global scale
	ct   bool  // compressed-tensors' layout (the global scale divides)
	amax *amaxOnce
}

// nvGlobal returns the tensor's global scale from its amax, in f32:
// ModelOpt's weight_scale_2 (amax / 2688) or compressed-tensors'
// weight_global_scale (2688 / amax); 1 for a tensor of zeros.
func nvGlobal(amax float64, ct bool) float32 {
	if amax == 0 {
		return 1
	}
	if ct {
		return float32(float32(6*448) / float32(amax))
	}
	return float32(float32(amax) / float32(6*448))
}

// nvGroup quantizes 16 values with global scale g: it returns the scale
// byte and writes 8 code bytes to blk, tallying into t.
func nvGroup(xs []float64, blk []byte, g float32, ct bool, t *quantTally) byte {
	sb := nvScale(xs, g, ct)
	sv := table(dtype.F8E4M3FN)[sb]
	d := float32(float32(sv) * g) // the dequantizing multiplier
	if ct {
		d = float32(float32(sv) / g)
	}
	fp4 := table(dtype.F4E2M1FN)
	var ys [16]float64
	for i := 0; i < 16; i += 2 {
		var c [2]byte
		for j := range 2 {
			x := xs[i+j]
			if math.IsNaN(x) {
				c[j] = 0
				continue
			}
			c[j] = fp4Code(float64(float32(float32(x) / d)))
		}
		blk[i/2] = c[0] | c[1]<<4
		ys[i], ys[i+1] = fp4[c[0]]*float64(d), fp4[c[1]]*float64(d)
	}
	t.addRun(xs, ys[:], 7*float64(d))
	return sb
}

// nvScale returns the F8_E4M3 scale byte of a block of 16 values: its
// largest finite magnitude / f32(6 · g) in f32 (ModelOpt), or g · f32(amax
// / 6) (compressed-tensors), 1 for a block of zeros, at least 2^-9, at
// most 448.
func nvScale(xs []float64, g float32, ct bool) byte {
	amax := finiteAmax(xs)
	s := float32(float32(amax) / float32(6*g))
	if ct {
		s = float32(g * float32(float32(amax)/6))
	}
	if s == 0 {
		s = 1
	}
	return e4m3Code(float64(min(max(s, 0x1p-9), 448)))
}

// e4m3Code rounds s, positive and at most 448, to nearest even into
// F8_E4M3 (OCP FP8 E4M3: bias 7, three mantissa bits, subnormals in
// steps of 2^-9 below 2^-6) and returns its code.
func e4m3Code(s float64) byte {
	if s < 0x1p-6 {
		return byte(math.RoundToEven(s * 512)) // 8 is 2^-6, code 0x08
	}
	f, e := math.Frexp(s) // s = f·2^e, f in [0.5, 1)
	k := math.RoundToEven((2*f - 1) * 8)
	e-- // s = (1 + k/8)·2^e
	if k == 8 {
		k, e = 0, e+1
	}
	return byte((e+7)<<3) | byte(k)
}

func (p *nvQuant) write(wk *worker, w io.Writer, c *Counts) error {
	amax, err := p.amax.get(wk, p.src)
	if err != nil {
		return err
	}
	g2 := nvGlobal(amax, p.ct)
	if p.part == 2 {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(g2))
		_, err := w.Write(b[:])
		return err
	}
	eb := int64(convert.ElemBytes(p.src.DType))
	groups := p.k / 16
	var scratch Counts
	if c == nil || p.part != 0 {
		c = &scratch
	}
	rowBytes := p.k * (eb + 8 + 8)
	if rowBytes > wk.budget {
		return fmt.Errorf("%s: tensor %q: one row of %d values needs %s, past the memory bound of %s per worker; raise -mem",
			wk.ck.file(p.src), p.src.Name, p.k, bytesize.Text(rowBytes), bytesize.Text(wk.budget))
	}
	step := max(1, wk.chunk/(8*p.k))
	t := quantTally{one: true}
	defer t.fold(c)
	for r0 := int64(0); r0 < p.rows; r0 += step {
		if err := wk.stop(); err != nil {
			return err
		}
		nr := min(step, p.rows-r0)
		raw := wk.buf(bufIn, nr*p.k*eb)
		if err := wk.ck.readAt(p.src, raw, r0*p.k*eb); err != nil {
			return err
		}
		xs := wk.floats(0, nr*p.k)
		decodeInto(xs, raw, p.src.DType)
		ng := nr * groups
		blocks := wk.buf(bufOut, ng*8)
		scales := wk.buf(bufScale, ng)
		out := scales
		if p.part == 1 { // the scales alone: no codes to round
			for gi := range ng {
				scales[gi] = nvScale(xs[gi*16:gi*16+16], g2, p.ct)
			}
		} else {
			for gi := range ng {
				scales[gi] = nvGroup(xs[gi*16:gi*16+16], blocks[gi*8:gi*8+8], g2, p.ct, &t)
			}
			out = blocks
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
	}
	return nil
}

// planNVQuant plans the packed values, the block scales and the global
// scale of wide weight t [..., K], K a multiple of 16: X.weight,
// X.weight_scale and X.weight_scale_2 (ModelOpt), or X.weight_packed,
// X.weight_scale and X.weight_global_scale (compressed-tensors, ct).
func planNVQuant(c *Checkpoint, t *Tensor, ct bool) ([]*output, error) {
	base := t.Name
	if b, ok := cutWeight(t.Name); ok {
		base = b
	}
	wname, sname, gname := t.Name, base+".weight_scale", base+".weight_scale_2"
	gshape := []int64{}
	if ct {
		wname, gname, gshape = base+".weight_packed", base+".weight_global_scale", []int64{1}
	}
	for _, n := range []string{wname, sname, gname} {
		if _, clash := c.find(n); clash && n != t.Name {
			return nil, fmt.Errorf("checkpoint: %s: tensor %q exists; it would hold part of %q quantized", t.Shard, n, t.Name)
		}
	}
	k := t.Shape[len(t.Shape)-1]
	lead := t.Shape[:len(t.Shape)-1]
	rows := int64(1)
	for _, d := range lead {
		rows *= d
	}
	amax := &amaxOnce{}
	wshape := append(append([]int64{}, lead...), k/2)
	sshape := append(append([]int64{}, lead...), k/16)
	mk := func(part int) *nvQuant { return &nvQuant{src: t, k: k, rows: rows, part: part, ct: ct, amax: amax} }
	rep := &TensorReport{Name: t.Name, Action: Quantized, From: DTypeLabel(t.DType), To: LabelNVFP4, Shape: t.Shape,
		Scales: sname + " (e4m3 per 16), " + gname}
	return []*output{
		{id: &Tensor{Name: wname, DType: dtype.U8, Shape: wshape, Shard: t.Shard, shard: t.shard}, dt: dtype.U8, prod: mk(0), rep: rep},
		{id: &Tensor{Name: sname, DType: dtype.F8E4M3FN, Shape: sshape, Shard: t.Shard, shard: t.shard}, dt: dtype.F8E4M3FN, prod: mk(1),
			rep: &TensorReport{Name: sname, Action: Scale, From: DTypeLabel(t.DType), To: DTypeLabel(dtype.F8E4M3FN), Shape: sshape, Scales: "of " + t.Name}},
		{id: &Tensor{Name: gname, DType: dtype.F32, Shape: gshape, Shard: t.Shard, shard: t.shard}, dt: dtype.F32, prod: mk(2),
			rep: &TensorReport{Name: gname, Action: Scale, From: DTypeLabel(t.DType), To: DTypeLabel(dtype.F32), Shape: gshape, Scales: "of " + t.Name}},
	}, nil
}

func cutWeight(name string) (string, bool) {
	const suf = ".weight"
	if len(name) > len(suf) && name[len(name)-len(suf):] == suf {
		return name[:len(name)-len(suf)], true
	}
	return "", false
}

// nvQuantConfigJSON is config.json's quantization_config for ModelOpt's
// NVFP4 in the form vLLM's ModelOptQuantConfigBase.from_config reads from
// config.json (vllm/model_executor/layers/quantization/modelopt.py:
// quant_method "modelopt", quant_algo, group_size, the modules left wide
// under "ignore"), with hf_quant_config.json's key exclude_modules too.
func nvQuantConfigJSON(keptWide []string) (json.RawMessage, error) {
	if keptWide == nil {
		keptWide = []string{}
	}
	v := struct {
		Exclude []string `json:"exclude_modules"`
		Group   int      `json:"group_size"`
		Ignore  []string `json:"ignore"`
		KV      *string  `json:"kv_cache_quant_algo"`
		Algo    string   `json:"quant_algo"`
		Method  string   `json:"quant_method"`
	}{keptWide, 16, keptWide, nil, "NVFP4", "modelopt"}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return b, nil
}

// hfQuantConfigJSON is ModelOpt's hf_quant_config.json for an NVFP4
// quantization, as ModelOpt's unified Hugging Face export writes it and
// TensorRT-LLM and vLLM (ModelOptQuantConfigBase.get_config_filenames,
// from_config's "quantization" branch) read it: quant_algo, group_size,
// the modules left wide as exclude_modules, no KV-cache quantization.
func hfQuantConfigJSON(keptWide []string) ([]byte, error) {
	if keptWide == nil {
		keptWide = []string{}
	}
	v := map[string]any{
		"producer": map[string]any{"name": "promote"},
		"quantization": map[string]any{
			"quant_algo": "NVFP4", "group_size": 16, "kv_cache_quant_algo": nil, "exclude_modules": keptWide,
		},
	}
	b, err := json.MarshalIndent(v, "", "    ")
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return append(b, '\n'), nil
}

// ctQuantConfigJSON is config.json's quantization_config for
// compressed-tensors' NVFP4 weight-only scheme (llm-compressor's
// NVFP4A16 preset): one group targeting Linear layers, FP4 weights of 4
// bits, float, symmetric, static, strategy tensor_group, group_size 16,
// no activation quantization; format nvfp4-pack-quantized; the modules
// left wide under ignore. vLLM's CompressedTensorsConfig picks its W4A16
// FP4 scheme for it (weights 4-bit float tensor_group 16, no input
// quantization); compressed-tensors' ModelCompressor decompresses it.
func ctQuantConfigJSON(keptWide []string) (json.RawMessage, error) {
	if keptWide == nil {
		keptWide = []string{}
	}
	weights := map[string]any{
		"actorder": nil, "block_structure": nil, "dynamic": false, "group_size": 16, "num_bits": 4,
		"observer": "minmax", "observer_kwargs": map[string]any{}, "strategy": "tensor_group",
		"symmetric": true, "type": "float",
	}
	v := map[string]any{
		"config_groups": map[string]any{"group_0": map[string]any{
			"format": "nvfp4-pack-quantized", "input_activations": nil, "output_activations": nil,
			"targets": []string{"Linear"}, "weights": weights,
		}},
		"format":              "nvfp4-pack-quantized",
		"ignore":              keptWide,
		"kv_cache_scheme":     nil,
		"quant_method":        "compressed-tensors",
		"quantization_status": "compressed",
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return b, nil
}
