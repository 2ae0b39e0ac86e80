package checkpoint

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"unsafe"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/bytesize"
)

// MXFP4 as gpt-oss ships it: *_blocks, u8 of shape [P..., G, 16], two
// f4e2m1fn values a byte, the first in the low nibble; *_scales, u8 (or
// F8_E8M0) of shape [P..., G], one e8m0 exponent per 32 values (the
// value is 2^(byte-127); 0xff is NaN). Sources: transformers'
// convert_moe_packed_tensors (src/transformers/integrations/mxfp4.py:
// sub[:, 0::2] = lut[blk & 0x0F], sub[:, 1::2] = lut[blk >> 4], then
// torch.ldexp(sub, scales - 127)); OCP Microscaling Formats (MX) v1.0,
// §5 (E8M0 scale, 32-element blocks) and §5.3.3 (E2M1).
//
// Layout: transformers reshapes the values to [P..., G*32] and, for the
// experts' [E, R, G, 16] blocks, returns out.transpose(1, 2): the
// dequantized gate_up_proj of gpt-oss is [E, H, 2I], the shape of
// GptOssExperts' bf16 parameter. promote writes that layout for
// NAME_blocks with two leading dimensions, [R, G*32] with one; gpt-oss's
// own original checkpoint (NAME.blocks, read by gpt_oss/torch/weights.py)
// keeps [P..., G*32] without transposing.

// mxTable holds the results of one scale: two per byte.
type mxTable struct {
	pair     [256]uint64 // the results of the low and the high nibble
	cls      [16]class
	rel      [16]float64
	allExact bool
}

// fill makes t the table of the 16 values in buf, of dtype from, converted
// to the target to of ob bytes: each code's class against its exact value,
// the results of a byte's two codes, and, for two-byte results, split as
// the fp4 LUT kernels read it. MXFP4's and NVFP4's tables both come from it.
func (t *mxTable) fill(buf []byte, from, to dtype.DType, ob int, exact *[16]float64, split *[32]byte) {
	out := make([]byte, 16*ob)
	_ = convert.Buffer(out, to, buf[:16*convert.ElemBytes(from)], from, convert.Default(), convert.Options{Threads: 1})
	ys := make([]float64, 16)
	decodeInto(ys, out, to)
	t.allExact = true
	rng := rangeOf(to)
	var res [16]uint64
	for k := range 16 {
		t.cls[k], t.rel[k] = rng.classify(exact[k], ys[k])
		t.allExact = t.allExact && t.cls[k] == classExact
		if ob == 2 {
			res[k] = uint64(binary.LittleEndian.Uint16(out[2*k:]))
		} else {
			res[k] = uint64(binary.LittleEndian.Uint32(out[4*k:]))
		}
	}
	sh := uint(8 * ob)
	for b := range 256 {
		t.pair[b] = res[b&15] | res[b>>4]<<sh
	}
	if ob == 2 {
		for k := range 16 {
			split[k], split[16+k] = byte(res[k]), byte(res[k]>>8)
		}
	}
}

// mxTables builds and caches the table of each scale byte.
type mxTables struct {
	to   dtype.DType
	mode Mode
	ob   int
	// posZero decodes code 8 (-0) as +0, as DeepSeek's FP4_TABLE does.
	posZero bool
	t       [255]*mxTable
	// split holds, for two-byte results, each built table as fp4LUT16
	// reads it: the 16 results' low bytes, then their high bytes.
	split [256][32]byte
}

// get returns the table of scale byte e (not 0xff).
func (m *mxTables) get(e byte) *mxTable {
	if t := m.t[e]; t != nil {
		return t
	}
	fp4 := append([]float64(nil), table(dtype.F4E2M1FN)[:16]...)
	if m.posZero {
		fp4[8] = 0
	}
	scale := math.Ldexp(1, int(e)-127)
	var in [16]float64
	var from dtype.DType
	buf := make([]byte, 16*8)
	if m.mode == Reference && m.to != dtype.F32 {
		// transformers: the FP4 value from a table of the target dtype
		// (exact), times pow(2.0, e - 127) as f32, in f32.
		from = dtype.F32
		for k := range 16 {
			binary.LittleEndian.PutUint32(buf[4*k:], math.Float32bits(float32(fp4[k])*float32(scale)))
		}
	} else {
		from = dtype.F64
		for k := range 16 {
			binary.LittleEndian.PutUint64(buf[8*k:], math.Float64bits(fp4[k]*scale))
		}
	}
	for k := range 16 {
		in[k] = fp4[k] * scale
	}
	t := &mxTable{}
	t.fill(buf, from, m.to, m.ob, &in, &m.split[e])
	m.t[e] = t
	return t
}

// mxDequant dequantizes one *_blocks / *_scales pair.
type mxDequant struct {
	blocks, scales *Tensor
	name           string
	lead           []int64 // P
	groups         int64   // G
	transpose      bool    // [E, R, G*32] written as [E, G*32, R]
	to             dtype.DType
	mode           Mode
	posZero        bool // code 8 decodes to +0 (DeepSeek's reference)
}

// dequantGroups writes the values of groups [0, len(scales)) into dst
// (row-major, 32 values a group) and tallies them.
func dequantGroups(tabs *mxTables, dst, blocks, scales []byte, c *Counts, file, name string, g0 int64) error {
	ob := tabs.ob
	if ob == 2 && hasFP4LUT && len(scales) > 0 {
		// The tables and the tally first, then every group's results at
		// once, 16 codes an instruction.
		for g, e := range scales {
			if e == 0xff {
				return fmt.Errorf("%s: scale tensor %q: the scale of block %d is NaN (0xff); scales must be finite", file, name, g0+int64(g))
			}
			t := tabs.t[e] // built: no call (e is not 0xff here)
			if t == nil {
				t = tabs.get(e)
			}
			if t.allExact {
				c.Values += 32
				c.Exact += 32
				continue
			}
			for _, b := range blocks[16*g : 16*g+16] {
				c.tally(t.cls[b&15], 1, t.rel[b&15])
				c.tally(t.cls[b>>4], 1, t.rel[b>>4])
			}
		}
		_ = dst[64*len(scales)-1]
		_ = blocks[16*len(scales)-1]
		fp4LUT16(&dst[0], &blocks[0], &scales[0], &tabs.split, len(scales))
		return nil
	}
	var d32 []uint32
	var d64 []uint64
	if littleEndian && ob == 2 {
		d32 = u32s(dst)
	} else if littleEndian {
		d64 = unsafe.Slice((*uint64)(unsafe.Pointer(&dst[0])), len(dst)/8)
	}
	for g, e := range scales {
		if e == 0xff {
			return fmt.Errorf("%s: scale tensor %q: the scale of block %d is NaN (0xff); scales must be finite", file, name, g0+int64(g))
		}
		t := tabs.get(e)
		blk := blocks[16*g : 16*g+16]
		// Fixed-size arrays: the loops compile without bounds checks.
		switch {
		case d32 != nil:
			out, in := (*[16]uint32)(d32[16*g:16*g+16]), (*[16]byte)(blk)
			for k := range 16 {
				out[k] = uint32(t.pair[in[k]])
			}
		case d64 != nil:
			out, in := (*[16]uint64)(d64[16*g:16*g+16]), (*[16]byte)(blk)
			for k := range 16 {
				out[k] = t.pair[in[k]]
			}
		case ob == 2:
			out := dst[32*ob*g:]
			for k, b := range blk {
				binary.LittleEndian.PutUint32(out[4*k:], uint32(t.pair[b]))
			}
		default:
			out := dst[32*ob*g:]
			for k, b := range blk {
				binary.LittleEndian.PutUint64(out[8*k:], t.pair[b])
			}
		}
		if t.allExact {
			c.Values += 32
			c.Exact += 32
			continue
		}
		for _, b := range blk {
			c.tally(t.cls[b&15], 1, t.rel[b&15])
			c.tally(t.cls[b>>4], 1, t.rel[b>>4])
		}
	}
	return nil
}

func (p *mxDequant) write(wk *worker, w io.Writer, c *Counts) error {
	ob := int64(convert.ElemBytes(p.to))
	tabs := make([]*mxTables, max(1, wk.threads))
	for i := range tabs {
		tabs[i] = &mxTables{to: p.to, mode: p.mode, ob: int(ob), posZero: p.posZero}
	}
	counts := make([]Counts, len(tabs))
	defer func() {
		for _, k := range counts {
			c.add(k)
		}
	}()
	if p.transpose {
		return p.writeTransposed(wk, w, tabs, counts, ob)
	}
	total := p.blocks.elems() / 16 // groups
	step := max(1, wk.chunk/(32*ob))
	return wk.stream(w, ceilDiv(total, step), &mxSteps{groupSteps: groupSteps{blocks: p.blocks, scales: p.scales, bpg: 16, total: total, step: step}, p: p, tabs: tabs, counts: counts, ob: ob}, nil)
}

// mxSteps is an mxDequant's tensor streamed in steps of groups, in file
// order.
type mxSteps struct {
	groupSteps
	p      *mxDequant
	tabs   []*mxTables // one per thread
	counts []Counts    // one per thread
	ob     int64
}

// groupSteps reads a block-scaled tensor in steps of step groups, of
// total, each group bpg bytes of codes with one scale byte: MXFP4's and
// NVFP4's streams both read through it.
type groupSteps struct {
	blocks, scales   *Tensor
	bpg, total, step int64 // step and total in groups
}

// span is the first group of step k and how many it holds.
func (r *groupSteps) span(k int64) (g0, n int64) {
	g0 = k * r.step
	return g0, min(r.step, r.total-g0)
}

func (r *groupSteps) readStep(wk *worker, s *slot) error {
	g0, n := r.span(s.k)
	if err := s.input(wk, 0, r.blocks, r.bpg*g0, r.bpg*n); err != nil {
		return err
	}
	return s.input(wk, 1, r.scales, g0, n)
}

func (r *mxSteps) convStep(wk *worker, s *slot, _ *Counts) error {
	p, ob := r.p, r.ob
	g0, n := r.span(s.k)
	blk, sc := s.in[0], s.in[1]
	dst := s.buf(slotOut, 32*ob*n)
	err := wk.parallel(n, 1, func(k int, lo, hi int64) error {
		return dequantGroups(r.tabs[k], dst[32*ob*lo:32*ob*hi], blk[16*lo:16*hi], sc[lo:hi], &r.counts[k], wk.ck.file(p.scales), p.scales.Name, g0+lo)
	})
	s.out = dst
	return err
}

// writeTransposed writes [E, R, K] values as [E, K, R], K = 32·G: for
// each expert, stripes of output rows (whole groups of K), each
// dequantized as [R, kw] and transposed. A stripe is the whole expert
// when it fits half the worker's memory (one read); otherwise it holds
// as many groups as a chunk does, read row by row.
func (p *mxDequant) writeTransposed(wk *worker, w io.Writer, tabs []*mxTables, counts []Counts, ob int64) error {
	E, R, G := p.lead[0], p.lead[1], p.groups
	perGroup := R * (32*ob*(1+nSlots) + 17*nSlots) // tmp, and out, blocks and scales in each slot
	gw := G
	if perGroup*G > wk.budget/2 {
		gw = max(1, wk.chunk/(R*32*ob))
		if perGroup*gw > wk.budget {
			return fmt.Errorf("%s: tensor %q: one group of %d rows needs %s, past the memory bound of %s per worker; raise -mem",
				wk.ck.file(p.blocks), p.name, R, bytesize.Text(perGroup), bytesize.Text(wk.budget))
		}
	}
	perExpert := ceilDiv(G, gw)
	st := &mxTSteps{p: p, tabs: tabs, counts: counts, ob: ob, gw: gw, perExpert: perExpert, loaded: -1}
	// Stripes take a few groups of every row of an expert, scattered
	// through its blocks: read the expert's blocks and scales whole (17
	// bytes a group, a sixteenth of its output) when they fit beside
	// the stripes, rather than with two reads a row for every stripe.
	st.whole = gw < G && R*G*17+perGroup*gw <= wk.budget
	if st.whole {
		// From the expert in memory, a stripe costs no reads: narrow
		// stripes keep the dequantized values, their transpose and the
		// copy the kernel makes of it in the core's cache (512 KiB of
		// output), where a chunk's worth ran from memory.
		gw = min(gw, max(1, (512<<10)/(R*32*ob)))
		st.gw, st.perExpert = gw, ceilDiv(G, gw)
	}
	return wk.stream(w, E*st.perExpert, st, nil)
}

// mxTSteps is an mxDequant's tensor streamed transposed: a step is a
// stripe of gw groups of one expert.
type mxTSteps struct {
	p                 *mxDequant
	tabs              []*mxTables // one per thread
	counts            []Counts    // one per thread
	ob, gw, perExpert int64
	// whole: readStep reads each expert's blocks and scales whole into
	// the worker's buffers (loaded is the expert they hold, -1 none)
	// and copies every stripe's rows from there.
	whole  bool
	loaded int64
}

// span returns step k's expert, first group and group count.
func (r *mxTSteps) span(k int64) (e, g0, ng int64) {
	e, g0 = k/r.perExpert, k%r.perExpert*r.gw
	return e, g0, min(r.gw, r.p.groups-g0)
}

func (r *mxTSteps) readStep(wk *worker, s *slot) error {
	p := r.p
	R, G := p.lead[1], p.groups
	e, g0, ng := r.span(s.k)
	blk := s.buf(slotIn, R*ng*16)
	sc := s.buf(slotIn2, R*ng)
	base := e * R * G
	if ng == G {
		if err := wk.ck.readAt(p.blocks, blk, base*16); err != nil {
			return err
		}
		return wk.ck.readAt(p.scales, sc, base)
	}
	if r.whole {
		eblk, esc := wk.readBuf(0, R*G*16), wk.readBuf(1, R*G)
		if r.loaded != e {
			r.loaded = -1
			if err := wk.ck.readAt(p.blocks, eblk, base*16); err != nil {
				return err
			}
			if err := wk.ck.readAt(p.scales, esc, base); err != nil {
				return err
			}
			r.loaded = e
		}
		for row := range R {
			off := row*G + g0
			// A stripe's row is a few 16-byte groups: copied as arrays
			// (inline moves), not with a memmove call each.
			d, s := blk[row*ng*16:(row+1)*ng*16], eblk[off*16:(off+ng)*16]
			for k := int64(0); k < ng*16; k += 16 {
				*(*[16]byte)(d[k : k+16]) = *(*[16]byte)(s[k : k+16])
			}
			copy(sc[row*ng:(row+1)*ng], esc[off:off+ng])
		}
		return nil
	}
	for r := range R {
		off := base + r*G + g0
		if err := wk.ck.readAt(p.blocks, blk[r*ng*16:(r+1)*ng*16], off*16); err != nil {
			return err
		}
		if err := wk.ck.readAt(p.scales, sc[r*ng:(r+1)*ng], off); err != nil {
			return err
		}
	}
	return nil
}

func (r *mxTSteps) convStep(wk *worker, s *slot, _ *Counts) error {
	p, ob := r.p, r.ob
	R, G := p.lead[1], p.groups
	e, g0, ng := r.span(s.k)
	kw := 32 * ng
	blk, sc := s.bufs[slotIn][:R*ng*16], s.bufs[slotIn2][:R*ng]
	base := e * R * G
	tmp := wk.buf(bufTmp, R*kw*ob)
	err := wk.parallel(R, 1, func(k int, lo, hi int64) error {
		return dequantGroups(r.tabs[k], tmp[lo*kw*ob:hi*kw*ob], blk[lo*ng*16:hi*ng*16], sc[lo*ng:hi*ng], &r.counts[k], wk.ck.file(p.scales), p.scales.Name, base+lo*G+g0)
	})
	if err != nil {
		return err
	}
	out := s.buf(slotOut, R*kw*ob)
	transpose(out, tmp, R, kw, ob)
	s.out = out
	return nil
}
