package checkpoint

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// NVFP4 (NVIDIA's 4-bit format): E2M1 values packed two a byte, the first
// in the low nibble, an F8_E4M3 scale per 16 values along the last
// dimension, and a per-tensor f32 global scale. Two checkpoint layouts:
//
//   - ModelOpt (NVIDIA/Model-Optimizer, modelopt/torch/quantization/
//     qtensor/nvfp4_tensor.py, commit 211c6b34, NVFP4QTensor.dequantize):
//     X.weight U8 [M, K/2], X.weight_scale F8_E4M3 [M, K/16],
//     X.weight_scale_2 F32 [] (multiplies), X.input_scale F32;
//     hf_quant_config.json {"quantization": {"quant_algo": "NVFP4",
//     "group_size": 16, "exclude_modules": [...]}}. Its computation:
//     e2m1_values[code] (f32; code 8 is +0, the table's 0), times
//     (weight_scale.to(f32) × weight_scale_2) rounded to f32, the f32
//     product cast to the target. Unpacking: unpacked[..., 0::2] =
//     input & 0x0F, unpacked[..., 1::2] = input >> 4 (low nibble first).
//   - compressed-tensors (vllm-project/compressed-tensors, compressors/
//     quantized_compressors/fp4_quantized.py, commit 0c9d5c7e,
//     NVFP4PackedCompressor.decompress_weight, and quantization/lifecycle/
//     forward.py, commit 01dd1a58, _dequantize): X.weight_packed U8
//     [M, K/2], X.weight_scale F8_E4M3 [M, K/16], X.weight_global_scale
//     F32 [1] (divides), X.input_global_scale F32 [1]; quantization_config
//     {"quant_method": "compressed-tensors", "format":
//     "nvfp4-pack-quantized", "ignore": [...]}. Its computation:
//     unpack_fp4_from_uint8 gives kE2M1[code & 7] × (-1 if code & 8)
//     (code 8 is -0) in bf16, low nibble first; the scale to bf16
//     (exact); scale / global_scale in f32 (the global scale is a 1-D
//     f32 tensor, so the quotient promotes to f32); value × quotient in
//     f32; the product cast to bf16, the dtype decompress_weight returns.
//
// Exact mode rounds value × scale × weight_scale_2 (ModelOpt) or value ×
// scale / weight_global_scale (compressed-tensors) once into the target,
// code 8 -0; Reference mode is each computation above, then (for
// compressed-tensors, whose result is bf16) cast to the target.

// nvLayout names an NVFP4 checkpoint layout.
type nvLayout uint8

const (
	nvModelOpt nvLayout = iota + 1
	nvCompressed
)

func (l nvLayout) String() string {
	if l == nvModelOpt {
		return "ModelOpt"
	}
	return "compressed-tensors"
}

// nvPlan is one NVFP4 weight found: packed values, block scales, global
// scale, and the name the wide weight takes.
type nvPlan struct {
	layout         nvLayout
	w, s, g        *Tensor
	name           string
	inputScaleName string
}

// findNVFP4 returns the NVFP4 weight whose packed tensor is t, if t is
// one: ModelOpt's X.weight (U8) with X.weight_scale (F8_E4M3) and
// X.weight_scale_2, or compressed-tensors' X.weight_packed with
// X.weight_scale and X.weight_global_scale.
func findNVFP4(c *Checkpoint, t *Tensor) (*nvPlan, bool) {
	if t.DType != dtype.U8 && t.DType != dtype.I8 && t.DType != dtype.F4E2M1FN {
		return nil, false
	}
	get := func(name string) *Tensor {
		if i, ok := c.find(name); ok {
			return &c.tensors[i]
		}
		return nil
	}
	if base, ok := strings.CutSuffix(t.Name, ".weight_packed"); ok {
		s, g := get(base+".weight_scale"), get(base+".weight_global_scale")
		if s != nil && g != nil {
			return &nvPlan{layout: nvCompressed, w: t, s: s, g: g, name: base + ".weight", inputScaleName: base + ".input_global_scale"}, true
		}
	}
	if base, ok := strings.CutSuffix(t.Name, ".weight"); ok {
		s, g := get(base+".weight_scale"), get(base+".weight_scale_2")
		if s != nil && g != nil {
			return &nvPlan{layout: nvModelOpt, w: t, s: s, g: g, name: t.Name, inputScaleName: base + ".input_scale"}, true
		}
	}
	return nil, false
}

// planNVFP4 checks an NVFP4 weight and plans its dequantization, reading
// its global scale now so that a zero, NaN or infinite one is refused
// before anything is written.
func planNVFP4(c *Checkpoint, n *nvPlan, to dtype.DType, mode Mode) (*output, error) {
	w, s, g := n.w, n.s, n.g
	file := c.file(w)
	switch {
	case s.DType != dtype.F8E4M3FN:
		return nil, fmt.Errorf("%s: scale tensor %q of NVFP4 weight %q is %v; NVFP4 block scales are F8_E4M3%s",
			c.file(s), s.Name, w.Name, s.DType, dtypeHintE4M3(s.DType))
	case g.DType != dtype.F32:
		return nil, fmt.Errorf("%s: global scale %q of NVFP4 weight %q is %v; want F32", c.file(g), g.Name, w.Name, g.DType)
	case g.elems() != 1:
		return nil, fmt.Errorf("%s: global scale %q of NVFP4 weight %q has shape %s; want one value ([] or [1])", c.file(g), g.Name, w.Name, shapeText(g.Shape))
	case len(w.Shape) < 1:
		return nil, fmt.Errorf("%s: NVFP4 weight %q is a scalar; want [..., K/2] bytes", file, w.Name)
	}
	bytesPerRow, err := fp4Blocks(file, w, "NVFP4", 16, "F8_E4M3")
	if err != nil {
		return nil, err
	}
	lead := w.Shape[:len(w.Shape)-1]
	G := bytesPerRow / 8
	want := append(append([]int64{}, lead...), G)
	if !equalShape(s.Shape, want) {
		return nil, fmt.Errorf("%s: scale tensor %q has shape %s, which does not fit NVFP4 weight %q of shape %s (%d values a row); want %s (one scale per 16 values)",
			c.file(s), s.Name, shapeText(s.Shape), w.Name, shapeText(w.Shape), 2*bytesPerRow, shapeText(want))
	}
	var gb [4]byte
	if err := c.readAt(g, gb[:], 0); err != nil {
		return nil, err
	}
	gv := math.Float32frombits(binary.LittleEndian.Uint32(gb[:]))
	if gv == 0 || gv != gv || math.IsInf(float64(gv), 0) || gv < 0 {
		what := "zero"
		switch {
		case gv != gv:
			what = "NaN"
		case math.IsInf(float64(gv), 0):
			what = "infinite"
		case gv < 0:
			what = fmt.Sprintf("negative (%g)", gv)
		}
		return nil, fmt.Errorf("%s: global scale %q of NVFP4 weight %q is %s; it must be finite and positive", c.file(g), g.Name, w.Name, what)
	}
	shape := append(append([]int64{}, lead...), 16*G)
	d := &nvDequant{w: w, s: s, groups: w.elems() * fileBits(w.DType) / 64, layout: n.layout, global: gv, to: to, mode: mode}
	rep := &TensorReport{Name: n.name, Action: Dequantized, From: LabelNVFP4, To: DTypeLabel(to), Shape: shape,
		Scales: fmt.Sprintf("%s (e4m3 per 16), %s (%s)", s.Name, g.Name, n.layout)}
	return &output{id: &Tensor{Name: n.name, DType: to, Shape: shape, Shard: w.Shard, shard: w.shard}, dt: to, prod: d, rep: rep}, nil
}

func dtypeHintE4M3(d dtype.DType) string {
	if d == dtype.F32 {
		return " (f32 scales here would be a per-tensor FP8 layout, not NVFP4)"
	}
	return ""
}

// nvDequant dequantizes one NVFP4 weight: groups of 8 bytes (16 values),
// one F8_E4M3 scale byte each.
type nvDequant struct {
	w, s   *Tensor
	groups int64
	layout nvLayout
	global float32
	to     dtype.DType
	mode   Mode
}

// nvTables builds and caches the results of the 16 codes under each scale
// byte, as a table of byte pairs.
type nvTables struct {
	p  *nvDequant
	ob int
	t  [256]*nvTable
	// split holds two-byte results as fp4LUT8 reads them (see mxTables).
	split [256][32]byte
}

// nvTable is an mxTable with how many times each code came out under
// its scale: tallied once at the end, not value by value (a global scale
// of 24 significant bits makes most products round, and classifying
// each value cost four times the conversion).
type nvTable struct {
	mxTable
	n    [16]int64  // codes seen
	nb   [256]int64 // bytes seen (both codes at once), folded into n
	fast nvCount    // the counts without n and nb, when on
}

// fold tallies every table's counts into c.
func (m *nvTables) fold(c *Counts) {
	for _, t := range m.t {
		if t == nil {
			continue
		}
		if t.fast.on {
			t.foldCount(c)
			continue
		}
		for b, n := range t.nb {
			t.n[b&15] += n
			t.n[b>>4] += n
		}
		for k, n := range t.n {
			if n > 0 {
				c.tally(t.cls[k], n, t.rel[k])
			}
		}
	}
}

// value returns code k's exact value under scale byte e, and the input
// the target conversion rounds (in dtype from, as bits).
func (m *nvTables) get(e byte) (*nvTable, error) {
	if t := m.t[e]; t != nil {
		return t, nil
	}
	p := m.p
	fp4 := table(dtype.F4E2M1FN)
	sv := table(dtype.F8E4M3FN)[e]
	if sv != sv {
		return nil, errNaNScale
	}
	g := float64(p.global)
	var exact [16]float64
	buf := make([]byte, 16*8)
	from := dtype.F64
	for k := range 16 {
		v := fp4[k]
		if p.layout == nvModelOpt {
			exact[k] = v * sv * g // at most 2 + 4 + 24 significant bits: exact
		} else {
			exact[k] = v * sv / g
		}
	}
	switch {
	case p.mode == Reference && p.layout == nvModelOpt:
		// e2m1_values (code 8 is +0) × f32(scale.to(f32) × weight_scale_2),
		// in f32, then cast.
		from = dtype.F32
		ps := float32(float32(sv) * p.global)
		for k := range 16 {
			v := float32(fp4[k])
			if k == 8 {
				v = 0
			}
			binary.LittleEndian.PutUint32(buf[4*k:], math.Float32bits(float32(v*ps)))
		}
	case p.mode == Reference:
		// kE2M1[code & 7] × ±1 (code 8 is -0) × f32(scale / global) in f32,
		// cast to bf16; the bf16 result then goes to the target.
		q := float32(float32(sv) / p.global)
		f32 := make([]byte, 16*4)
		for k := range 16 {
			binary.LittleEndian.PutUint32(f32[4*k:], math.Float32bits(float32(float32(fp4[k])*q)))
		}
		bf := make([]byte, 16*2)
		_ = convert.Buffer(bf, dtype.BF16, f32, dtype.F32, convert.Default(), convert.Options{Threads: 1})
		from = dtype.BF16
		copy(buf, bf)
	case p.layout == nvModelOpt:
		for k := range 16 {
			binary.LittleEndian.PutUint64(buf[8*k:], math.Float64bits(exact[k]))
		}
	default:
		// v × s / g rounded once: the quotient to 53 bits, rounded to odd,
		// rounds correctly again to any target of 24 bits or fewer.
		for k := range 16 {
			binary.LittleEndian.PutUint64(buf[8*k:], math.Float64bits(quoRoundOdd(fp4[k]*sv, g)))
		}
	}
	t := &nvTable{}
	t.fill(buf, from, p.to, m.ob, &exact, &m.split[e])
	t.initCount()
	m.t[e] = t
	return t, nil
}

// fp4Blocks is the bytes a row of the FP4 weight w holds (two codes a
// byte; an F4 weight's last dimension counts values), checked to fill
// whole blocks of block values, one scale (of dtype scale) each; kind
// names the format in errors. NVFP4 and DeepSeek-V4's FP4 both check
// their weights with it.
func fp4Blocks(file string, w *Tensor, kind string, block int64, scale string) (int64, error) {
	last := w.Shape[len(w.Shape)-1]
	bytesPerRow := last
	if w.DType == dtype.F4E2M1FN {
		if last%2 != 0 {
			return 0, fmt.Errorf("%s: F4 weight %q has shape %s: %d values a row do not fill whole bytes", file, w.Name, shapeText(w.Shape), last)
		}
		bytesPerRow = last / 2
	}
	if bytesPerRow%(block/2) != 0 {
		return 0, fmt.Errorf("%s: %s weight %q has shape %s: %d values a row are not whole blocks of %d (one %s scale per %d values)", file, kind, w.Name, shapeText(w.Shape), 2*bytesPerRow, block, scale, block)
	}
	return bytesPerRow, nil
}

var errNaNScale = fmt.Errorf("NaN scale")

// quoRoundOdd returns a / b rounded to 53 bits toward zero, with the last
// bit set when the quotient was inexact (round to odd).
func quoRoundOdd(a, b float64) float64 {
	if a == 0 {
		return a / b
	}
	x := new(big.Float).SetPrec(256).Quo(new(big.Float).SetFloat64(a), new(big.Float).SetFloat64(b))
	f, acc := new(big.Float).SetMode(big.ToZero).SetPrec(53).Set(x).Float64()
	if acc != big.Exact && !math.IsInf(f, 0) && f != 0 {
		f = math.Float64frombits(math.Float64bits(f) | 1)
	}
	return f
}

func (p *nvDequant) write(wk *worker, w io.Writer, c *Counts) error {
	ob := int64(convert.ElemBytes(p.to))
	tabs := make([]*nvTables, max(1, wk.threads))
	for i := range tabs {
		tabs[i] = &nvTables{p: p, ob: int(ob)}
	}
	defer func() {
		for _, t := range tabs {
			t.fold(c)
		}
	}()
	step := max(1, wk.chunk/(16*ob))
	return wk.stream(w, ceilDiv(p.groups, step), &nvSteps{groupSteps: groupSteps{blocks: p.w, scales: p.s, bpg: 8, total: p.groups, step: step}, p: p, tabs: tabs, ob: ob}, nil)
}

type nvSteps struct {
	groupSteps
	p    *nvDequant
	tabs []*nvTables // one per thread
	ob   int64
}

func (r *nvSteps) convStep(wk *worker, s *slot, _ *Counts) error {
	ob := r.ob
	g0, n := r.span(s.k)
	blk, sc := s.in[0], s.in[1]
	dst := s.buf(slotOut, 16*ob*n)
	err := wk.parallel(n, 1, func(k int, lo, hi int64) error {
		return r.groups(wk, r.tabs[k], dst[16*ob*lo:16*ob*hi], blk[8*lo:8*hi], sc[lo:hi], g0+lo)
	})
	s.out = dst
	return err
}

// convPieces is convStep on one goroutine, writing each piece of the
// step's output to w as soon as it is converted (see piecer): an 8 MiB
// step converted whole and then written made write(2) read it back from
// memory, not from the cache.
func (r *nvSteps) convPieces(wk *worker, s *slot, _ *Counts, w io.Writer) error {
	ob := r.ob
	g0, n := r.span(s.k)
	blk, sc := s.in[0], s.in[1]
	piece := max(1, min(pieceBytes, wk.chunk/4)/(16*ob))
	dst := s.buf(slotOut, 16*ob*min(n, piece))
	for lo := int64(0); lo < n; lo += piece {
		hi := min(n, lo+piece)
		out := dst[:16*ob*(hi-lo)]
		if err := r.groups(wk, r.tabs[0], out, blk[8*lo:8*hi], sc[lo:hi], g0+lo); err != nil {
			return err
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
	}
	return nil
}

// groups converts the groups of blk (8 bytes each) under their scale
// bytes sc into dst with tabs, and counts them; g0 is the first's index
// in the tensor, for errors.
func (r *nvSteps) groups(wk *worker, tabs *nvTables, dst, blk, sc []byte, g0 int64) error {
	p, ob := r.p, r.ob
	n := int64(len(sc))
	if ob == 2 && hasFP4LUT && n > 0 {
		for g := range n {
			t := tabs.t[sc[g]] // built: no call
			if t == nil {
				var err error
				if t, err = tabs.get(sc[g]); err != nil {
					return fmt.Errorf("%s: scale tensor %q: the scale at %s is NaN; scales must be finite",
						wk.ck.file(p.s), p.s.Name, indexText(g0+g, p.s.Shape))
				}
			}
			t.see(binary.LittleEndian.Uint64(blk[8*g : 8*g+8]))
		}
		_ = dst[32*n-1]
		_ = blk[8*n-1]
		fp4LUT8(&dst[0], &blk[0], &sc[0], &tabs.split, int(n))
		return nil
	}
	for g := range n {
		t, err := tabs.get(sc[g])
		if err != nil {
			return fmt.Errorf("%s: scale tensor %q: the scale at %s is NaN; scales must be finite",
				wk.ck.file(p.s), p.s.Name, indexText(g0+g, p.s.Shape))
		}
		in := (*[8]byte)(blk[8*g : 8*g+8])
		if ob == 2 {
			out := (*[32]byte)(dst[32*g : 32*g+32])
			for i, b := range in {
				binary.LittleEndian.PutUint32(out[4*i:], uint32(t.pair[b]))
			}
		} else {
			out := (*[64]byte)(dst[64*g : 64*g+64])
			for i, b := range in {
				binary.LittleEndian.PutUint64(out[8*i:], t.pair[b])
			}
		}
		t.see(binary.LittleEndian.Uint64(in[:]))
	}
	return nil
}
