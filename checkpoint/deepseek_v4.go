package checkpoint

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// DeepSeek-V4 (Flash, Pro, 4.1) ships two quantized layouts, told apart
// by config.json and the tensors' dtypes:
//
//   - Dense projections: X.weight F8_E4M3 [M, N] with X.scale F8_E8M0
//     [ceil(M/bm), ceil(N/bn)] (bm×bn from quantization_config.
//     weight_block_size, 128×128), and quantization_config.scale_fmt
//     "ue8m0". The value is weight × 2^(scale-127). DeepSeek's own
//     inference/convert.py (deepseek-ai/DeepSeek-V4-Flash, the wo_a
//     branch of its post-processing) computes weight.float() ×
//     scale.float() and casts the f32 product to bf16; promote's FP8
//     Reference mode is that computation, and since an FP8 value times a
//     power of two is exact in f32 it equals Exact mode.
//   - Routed experts (layers.L.ffn.experts.E.w{1,2,3}.weight, also mtp.*):
//     packed FP4 E2M1 in an I8 container [M, K/2], two values a byte, the
//     first in the low nibble, with X.scale F8_E8M0 [M, K/32], one per 32
//     input values; config.json's expert_dtype is "fp4". DeepSeek's
//     convert.py decodes with FP4_TABLE = [0, 0.5, 1, 1.5, 2, 3, 4, 6,
//     0, -0.5, ..., -6] (code 8 is +0, not -0), low nibble first
//     (x & 0x0F, then x >> 4), and multiplies by scale.float() in f32.
//     Reference mode does the same; Exact mode keeps code 8's -0. An F4
//     tensor (safetensors' logical-element convention: shape [M, K], K/2
//     bytes a row) is read the same way.
//
// Loaders have shipped garbage from this layout (an E8M0 byte read as a
// float, an FP8 checkpoint sent down the FP4 path because expert_dtype
// was absent), so promote decides from both and refuses contradictions.

// v4Config is the part of config.json that names DeepSeek-V4's layouts.
type v4Config struct {
	ExpertDType string // top-level expert_dtype: "fp4", "fp8", "int8" or ""
	ScaleFmt    string // quantization_config.scale_fmt: "ue8m0" or ""
	hasExpert   bool   // expert_dtype is present
}

func readV4Config(config []byte) (v4Config, error) {
	var v v4Config
	if config == nil {
		return v, nil
	}
	var c struct {
		ExpertDType *string `json:"expert_dtype"`
		Q           *struct {
			ScaleFmt string `json:"scale_fmt"`
		} `json:"quantization_config"`
	}
	if err := json.Unmarshal(config, &c); err != nil {
		return v, fmt.Errorf("config.json: %v", err)
	}
	if c.ExpertDType != nil {
		v.ExpertDType, v.hasExpert = strings.ToLower(*c.ExpertDType), true
	}
	if c.Q != nil {
		v.ScaleFmt = strings.ToLower(c.Q.ScaleFmt)
	}
	return v, nil
}

// dotScaleOf returns X.scale for a weight named X.weight (DeepSeek-V4's
// name for a scale, where V3 said X.weight_scale_inv).
func dotScaleOf(c *Checkpoint, name string) (*Tensor, bool) {
	base, ok := strings.CutSuffix(name, ".weight")
	if !ok {
		return nil, false
	}
	if i, ok := c.find(base + ".scale"); ok {
		return &c.tensors[i], true
	}
	return nil, false
}

// isRoutedExpert: a routed expert's weight (…experts.E.w1.weight), not a
// shared expert's.
func isRoutedExpert(name string) bool {
	return strings.Contains(name, "experts.") && !strings.Contains(name, "shared_experts.")
}

// isPackedFP4 reports whether t may be DeepSeek-V4's packed FP4: an I8
// or U8 container, or safetensors' F4, with an X.scale beside it.
func isPackedFP4(c *Checkpoint, t *Tensor) (*Tensor, bool) {
	switch t.DType {
	case dtype.I8, dtype.U8, dtype.F4E2M1FN:
	default:
		return nil, false
	}
	s, ok := dotScaleOf(c, t.Name)
	if !ok || t.DType != dtype.F4E2M1FN && !isRoutedExpert(t.Name) {
		return nil, false
	}
	return s, true
}

// checkV4Scale refuses a scale whose dtype contradicts config.json's
// scale_fmt: "ue8m0" takes F8_E8M0 scales only (an E8M0 exponent stored
// as an f32 is read as a number 2^127 times too large or small).
func checkV4Scale(c *Checkpoint, cfg v4Config, w, s *Tensor) error {
	if cfg.ScaleFmt == "ue8m0" && s.DType != dtype.F8E8M0FNU {
		return fmt.Errorf("%s: scale tensor %q of %q is %v, but config.json's quantization_config.scale_fmt is \"ue8m0\": the scales should be F8_E8M0 (an E8M0 exponent stored as %v would be read as a number, not a power of two)",
			c.file(s), s.Name, w.Name, s.DType, s.DType)
	}
	if cfg.ScaleFmt != "" && cfg.ScaleFmt != "ue8m0" && s.DType == dtype.F8E8M0FNU {
		return fmt.Errorf("%s: scale tensor %q of %q is F8_E8M0, but config.json's quantization_config.scale_fmt is %q", c.file(s), s.Name, w.Name, cfg.ScaleFmt)
	}
	return nil
}

// planFP4Experts checks a DeepSeek-V4 packed FP4 weight and its E8M0
// scale and plans its dequantization: w [lead..., M, B] bytes (I8, U8)
// or [lead..., M, K] values (F4), s [lead..., M, K/32]; the output
// [lead..., M, K] under w's name.
func planFP4Experts(c *Checkpoint, cfg v4Config, w, s *Tensor, to dtype.DType, mode Mode) (*output, error) {
	file := c.file(w)
	switch {
	case w.DType != dtype.F4E2M1FN && !cfg.hasExpert:
		return nil, fmt.Errorf("%s: tensor %q is %v with an E8M0 scale %q beside it, as DeepSeek-V4's packed FP4 experts are, but config.json has no expert_dtype to say so; add \"expert_dtype\": \"fp4\" if the experts are FP4 (promote will not guess a layout)",
			file, w.Name, w.DType, s.Name)
	case w.DType != dtype.F4E2M1FN && cfg.ExpertDType != "fp4":
		return nil, fmt.Errorf("%s: tensor %q is %v with an E8M0 scale %q (packed FP4), but config.json's expert_dtype is %q; the checkpoint contradicts itself",
			file, w.Name, w.DType, s.Name, cfg.ExpertDType)
	case s.DType != dtype.F8E8M0FNU && s.DType != dtype.U8:
		return nil, fmt.Errorf("%s: scale tensor %q of FP4 weight %q is %v; FP4 scales are E8M0 exponents (F8_E8M0, or U8)%s",
			c.file(s), s.Name, w.Name, s.DType, dtypeHint(s.DType, 1))
	case len(w.Shape) < 2:
		return nil, fmt.Errorf("%s: FP4 weight %q has shape %s; want [..., M, K/2] bytes (two values a byte)", file, w.Name, shapeText(w.Shape))
	}
	if err := checkV4Scale(c, cfg, w, s); err != nil {
		return nil, err
	}
	bytesPerRow, err := fp4Blocks(file, w, "FP4", 32, "E8M0")
	if err != nil {
		return nil, err
	}
	lead := w.Shape[:len(w.Shape)-1]
	G := bytesPerRow / 16
	want := append(append([]int64{}, lead...), G)
	if !equalShape(s.Shape, want) {
		return nil, fmt.Errorf("%s: scale tensor %q has shape %s, which does not fit FP4 weight %q of shape %s (%d values a row); want %s (one E8M0 scale per 32 values)%s",
			c.file(s), s.Name, shapeText(s.Shape), w.Name, shapeText(w.Shape), 2*bytesPerRow, shapeText(want), shapeHint(s, want))
	}
	// The blocks seen as MXFP4's [lead..., G, 16] bytes: the same memory.
	blocks := *w
	blocks.Shape = append(append([]int64{}, lead...), G, 16)
	blocks.DType = dtype.U8
	scales := *s
	d := &mxDequant{blocks: &blocks, scales: &scales, name: w.Name, lead: lead, groups: G, to: to, mode: mode,
		posZero: mode == Reference}
	shape := append(append([]int64{}, lead...), 32*G)
	rep := &TensorReport{Name: w.Name, Action: Dequantized, From: LabelMXFP4, To: DTypeLabel(to), Shape: shape,
		Scales: s.Name + " (e8m0 per 32)"}
	return &output{id: &Tensor{Name: w.Name, DType: to, Shape: shape, Shard: w.Shard, shard: w.shard}, dt: to, prod: d, rep: rep}, nil
}

// dtypeHint names the likely fault of a scale of the wrong width: an f32
// scale stored where a one-byte exponent belongs, or the reverse.
func dtypeHint(d dtype.DType, wantBytes int64) string {
	if fileBits(d)/8 != wantBytes {
		return fmt.Sprintf(" (%v takes %d bytes a scale, an E8M0 exponent one)", d, fileBits(d)/8)
	}
	return ""
}

// shapeHint explains a scale's last dimension that is four times, or a
// quarter of, what the weight needs: f32 bytes under a one-byte dtype, or
// one-byte exponents under f32.
func shapeHint(s *Tensor, want []int64) string {
	if len(s.Shape) == 0 || len(s.Shape) != len(want) {
		return ""
	}
	got, w := s.Shape[len(s.Shape)-1], want[len(want)-1]
	switch {
	case got == 4*w && fileBits(s.DType) == 8:
		return fmt.Sprintf(" (four times the scales: f32 bytes stored as %v?)", s.DType)
	case 4*got == w && fileBits(s.DType) == 32:
		return " (a quarter of the scales: one-byte E8M0 exponents stored as f32?)"
	}
	return ""
}

// fitV4Tiles fits a DeepSeek-V4 tile scale (X.scale, F8_E8M0) whose grid
// is not the configured block size's: DeepSeek-V4.1 stores some
// projections (wo_a) in 32×32 tiles while config.json says 128×128.
// DeepSeek's convert.py derives the tile from the shapes, asserting that
// they divide exactly and that the tile is 32×32 or 128×128
// (out_block_size = weight.size(0) // scale.size(0), likewise for the
// columns); this accepts exactly that and nothing looser.
func fitV4Tiles(w, s *Tensor) (*grid, bool) {
	if s.DType != dtype.F8E8M0FNU || !strings.HasSuffix(s.Name, ".scale") || len(w.Shape) != 2 || len(s.Shape) != 2 {
		return nil, false
	}
	m, n, sm, sn := w.Shape[0], w.Shape[1], s.Shape[0], s.Shape[1]
	if sm <= 0 || sn <= 0 || m%sm != 0 || n%sn != 0 {
		return nil, false
	}
	b := [2]int64{m / sm, n / sn}
	if b != [2]int64{32, 32} && b != [2]int64{128, 128} {
		return nil, false
	}
	g, err := fitGrid(w.Name, w.Shape, s.Name, s.Shape, b)
	return g, err == nil
}
