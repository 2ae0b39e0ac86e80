package checkpoint

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// copyProducer writes a tensor's bytes unchanged.
type copyProducer struct{ t *Tensor }

func (p copyProducer) write(wk *worker, w io.Writer, _ *Counts) error {
	return wk.stream(w, ceilDiv(p.t.bytes(), wk.chunk), p, nil)
}

func (p copyProducer) readStep(wk *worker, s *slot) error {
	off := s.k * wk.chunk
	return s.input(wk, 0, p.t, off, min(wk.chunk, p.t.bytes()-off))
}

func (p copyProducer) convStep(wk *worker, s *slot, _ *Counts) error {
	s.out = s.in[0]
	return nil
}

// convertProducer recasts a tensor to another dtype with package convert,
// chunk by chunk, and tallies each value.
type convertProducer struct {
	t *Tensor
	// The target is shared by every tensor of a plan: a plan may recast
	// a million tiny tensors, each with a producer of 16 bytes.
	*recastTarget
}

// recastTarget is what a convertProducer converts to.
type recastTarget struct {
	to     dtype.DType
	policy convert.Policy
}

// recastProducer is a convertProducer to the plan's target (the worker's
// recast): a single pointer, which the producer interface holds without
// an allocation or a slice of producers beside the plan's outputs (a plan
// may recast a million tiny tensors).
type recastProducer struct{ t *Tensor }

func (p recastProducer) write(wk *worker, w io.Writer, c *Counts) error {
	if wk.recast == nil {
		return fmt.Errorf("checkpoint: tensor %q: the worker has no recast target", p.t.Name)
	}
	return convertProducer{t: p.t, recastTarget: wk.recast}.write(wk, w, c)
}

// fileBits is the width of one element of d in a .safetensors file
// (bool takes a byte).
func fileBits(d dtype.DType) int64 {
	if d == dtype.Bool {
		return 8
	}
	return int64(d.Bits())
}

func (p convertProducer) write(wk *worker, w io.Writer, c *Counts) error {
	t := p.t
	cs := &wk.conv
	*cs = convertSteps{p: p, total: t.elems(), rng: rangeOf(p.to), exactSrc: exactInF64(t.DType)}
	cs.sb, cs.db = fileBits(t.DType), fileBits(p.to)
	cs.se, cs.de = int64(convert.ElemBytes(t.DType)), int64(convert.ElemBytes(p.to))
	parts, _ := partsOf(t.DType)
	dparts, _ := partsOf(p.to)
	cs.parts = max(parts, dparts)
	// Elements per step: the chunk in the widest of the buffers, a
	// multiple of 8 so sub-byte chunks are whole bytes.
	per := max(cs.se, cs.de, 8*int64(cs.parts))
	cs.step = max(8, wk.chunk/per/8*8)
	return wk.stream(w, ceilDiv(cs.total, cs.step), cs, c)
}

// convertSteps is a convertProducer's tensor worked out for its steps;
// the worker holds it (worker.conv), so that streaming a tensor
// allocates nothing.
type convertSteps struct {
	p              convertProducer
	sb, db, se, de int64 // bits in the file, bytes in convert's buffers
	parts          int
	total, step    int64 // elements
	rng            targetRange
	exactSrc       bool
}

// span returns the first element and the element count of step k.
func (cs *convertSteps) span(k int64) (first, n int64) {
	first = k * cs.step
	return first, min(cs.step, cs.total-first)
}

func (cs *convertSteps) readStep(wk *worker, s *slot) error {
	first, n := cs.span(s.k)
	return s.input(wk, 0, cs.p.t, first*cs.sb/8, (n*cs.sb+7)/8)
}

func (cs *convertSteps) convStep(wk *worker, s *slot, c *Counts) error {
	first, n := cs.span(s.k)
	out, err := cs.convert(wk, s, c, s.in[0], first, n)
	s.out = out
	return err
}

// convPieces is convStep on one goroutine, converting, tallying and
// writing the step a piece at a time (see piecer).
func (cs *convertSteps) convPieces(wk *worker, s *slot, c *Counts, w io.Writer) error {
	first, n := cs.span(s.k)
	// Whole bytes of packed sub-byte elements: a multiple of 8.
	piece := max(8, min(pieceBytes, wk.chunk/4)/max(cs.se, cs.de)/8*8)
	for lo := int64(0); lo < n; lo += piece {
		m := min(piece, n-lo)
		raw := s.in[0][lo*cs.sb/8 : (lo*cs.sb+m*cs.sb+7)/8]
		out, err := cs.convert(wk, s, c, raw, first+lo, m)
		if err != nil {
			return err
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
	}
	return nil
}

// convert converts and tallies the n elements from element first, held
// in raw (as the file has them), and returns the bytes to write, in the
// slot's buffers.
func (cs *convertSteps) convert(wk *worker, s *slot, c *Counts, raw []byte, first, n int64) ([]byte, error) {
	p, t := cs.p, cs.p.t
	se, de := cs.se, cs.de
	src := raw
	if cs.sb < 8 {
		src = unpackBits(wk.buf(bufTmp, n), raw, uint(cs.sb))
	}
	dst := s.buf(slotOut, n*de)
	var err error
	if wk.threads <= 1 || n < 1<<16 {
		// What parallel would do, without the closure it allocates.
		err = convert.Buffer(dst[:n*de], p.to, src[:n*se], t.DType, p.policy, convert.Options{Threads: 1})
	} else {
		err = wk.parallel(n, 64, func(_ int, lo, hi int64) error {
			return convert.Buffer(dst[lo*de:hi*de], p.to, src[lo*se:hi*se], t.DType, p.policy, convert.Options{Threads: 1})
		})
	}
	if err != nil {
		return nil, fmt.Errorf("%s: tensor %q, chunk from element %d: %v", wk.ck.file(t), t.Name, first, err)
	}
	// What rounding did.
	if err := p.tally(wk, c, src, dst, n, cs.parts, cs.rng, cs.exactSrc); err != nil {
		return nil, err
	}
	if cs.db < 8 {
		// Packed into the slot (the tally uses the worker's buffers): the
		// writer writes it while the next step converts.
		return packBits(s.buf(slotIn2, (n*cs.db+7)/8), dst, uint(cs.db)), nil
	}
	return dst, nil
}

// viaF32 reports whether float32 holds every value of d: the real float
// formats of at most 32 bits, whose results tallyF32 compares.
func viaF32(d dtype.DType) bool {
	return d.IsFloat() && convert.ElemBytes(d) <= 4 && dtype.Holds(d, dtype.F32)
}

// tally classifies each converted value against its source value.
func (p convertProducer) tally(wk *worker, c *Counts, src, dst []byte, n int64, parts int, rng targetRange, exactSrc bool) error {
	t := p.t
	se := int64(convert.ElemBytes(t.DType))
	if viaF32(t.DType) && viaF32(p.to) {
		// Both sides widened to f32 (exactly) and compared as patterns,
		// split across the worker's threads.
		xs := src
		if t.DType != dtype.F32 {
			xs = wk.buf(bufTmp2, 4*n)
			if err := convert.Buffer(xs, dtype.F32, src, t.DType, convert.Default(), convert.Options{Threads: wk.threads}); err != nil {
				return err
			}
		}
		if wk.threads <= 1 || n < 1<<16 {
			// One piece: no goroutines, nothing allocated.
			if p.to == dtype.BF16 {
				tallyBF16(c, xs[:4*n], dst[:2*n], rng.ovf)
				return nil
			}
		}
		counts := make([]Counts, max(1, wk.threads))
		if p.to == dtype.BF16 {
			wk.parallel(n, 64, func(k int, lo, hi int64) error {
				tallyBF16(&counts[k], xs[4*lo:4*hi], dst[2*lo:2*hi], rng.ovf)
				return nil
			})
		} else {
			ys := wk.buf(bufScale, 4*n)
			if err := convert.Buffer(ys, dtype.F32, dst, p.to, convert.Default(), convert.Options{Threads: wk.threads}); err != nil {
				return err
			}
			wk.parallel(n, 64, func(k int, lo, hi int64) error {
				tallyF32(&counts[k], xs[4*lo:4*hi], ys[4*lo:4*hi], rng.ovf)
				return nil
			})
		}
		for _, k := range counts {
			c.add(k)
		}
		return nil
	}
	// Otherwise both sides decoded to float64.
	xs, ys := wk.floats(0, n*int64(parts)), wk.floats(1, n*int64(parts))
	decodeAs(xs, src, t.DType, parts)
	decodeAs(ys, dst, p.to, parts)
	if parts == 1 && (!exactSrc || !exactInF64(p.to)) {
		// A 64-bit integer on either side: float64 rounds, so decide
		// exactness by converting back and comparing patterns.
		back := wk.buf(bufTmp2, n*se)
		if err := convert.Buffer(back, t.DType, dst, p.to, p.policy, convert.Options{Threads: 1}); err != nil {
			return fmt.Errorf("%s: tensor %q: %v", wk.ck.file(t), t.Name, err)
		}
		for i := range n {
			if string(back[i*se:(i+1)*se]) == string(src[i*se:(i+1)*se]) {
				ys[i] = xs[i] // the same value: exact
			} else if xs[i] == ys[i] {
				ys[i] = math.Nextafter(ys[i], math.Inf(1)) // different values that look alike in float64
			}
		}
	}
	tallyPairs(c, xs, ys, parts, rng)
	return nil
}

// tallyF32 classifies results ys against values xs, both f32 patterns
// (little-endian bytes). Equal patterns are exact. A rounded value in
// the binade of its source (or rounded up to the next power of two) is
// handled in integers: the patterns' difference is the error in ulps of
// x, and x's significand m (with its implicit bit) the value in those
// ulps, so the relative error is d/m, compared across elements by cross
// multiplication (both below 2^24) and divided once at the end; the
// rest (infinities, NaN, overflow, results in other binades) as float64
// values. Both give the same largest error: each quotient of exact
// values rounds once, and rounding keeps order.
func tallyF32(c *Counts, xs, ys []byte, ovf float64) {
	tallyWords(c, xs, ys, ovf, 4)
}

// tallyBF16 is tallyF32 with bf16 results, whose f32 pattern is the
// bf16 pattern shifted left 16.
func tallyBF16(c *Counts, xs, ys []byte, ovf float64) {
	tallyWords(c, xs, ys, ovf, 2)
}

// tallyWords is tallyF32 for results of yw bytes (4: f32 patterns, 2:
// bf16 patterns).
func tallyWords(c *Counts, xs, ys []byte, ovf float64, yw int) {
	var exact, rounded, nan, over int64
	maxRel := c.MaxRelError
	var bd, bm uint64 = 0, 1 // the largest d/m seen in integers
	ovfBits := math.Float32bits(float32(ovf))
	if ovf > math.MaxFloat32 {
		ovfBits = 0x7f800000
	}
	var xb []uint32
	// The results as f32 patterns: bf16 words (y16) or f32 words (y32);
	// two typed slices, not an interface, which would allocate per call.
	var y16 []uint16
	var y32 []uint32
	switch {
	case littleEndian && yw == 2:
		xb, y16 = u32s(xs), u16s(ys)
	case littleEndian:
		xb, y32 = u32s(xs), u32s(ys)
	default:
		xb = make([]uint32, len(xs)/4)
		y := make([]uint32, len(xs)/4)
		for i := range xb {
			xb[i] = binary.LittleEndian.Uint32(xs[4*i:])
			if yw == 2 {
				y[i] = uint32(binary.LittleEndian.Uint16(ys[2*i:])) << 16
			} else {
				y[i] = binary.LittleEndian.Uint32(ys[4*i:])
			}
		}
		y32 = y
	}
	// thr: a normal x (m >= 2^23) whose result is at most thr patterns
	// away cannot beat the largest error so far, d/m <= thr/2^23 <= bd/bm.
	var thr uint64
	for i := 0; i < len(xb); i++ {
		var e, r int64
		if y16 != nil {
			i, e, r = fastRun16(xb, y16, i, thr, ovfBits)
		} else {
			i, e, r = fastRun32(xb, y32, i, thr, ovfBits)
		}
		exact += e
		rounded += r
		if i == len(xb) {
			break
		}
		x := xb[i]
		var y uint32
		if y16 != nil {
			y = uint32(y16[i]) << 16
		} else {
			y = y32[i]
		}
		ax, ay := x&0x7fffffff, y&0x7fffffff
		if x == y && ax <= 0x7f800000 { // equal and not NaN
			exact++
			continue
		}
		d := uint64(ay) - uint64(ax)
		if ay < ax {
			d = uint64(ax) - uint64(ay)
		}
		ex, ey := ax>>23, ay>>23
		if ex < 0xff && ey < 0xff && ax < ovfBits && ax != 0 && (ey == ex || ey == ex+1 && ay&0x7fffff == 0) {
			rounded++
			m := uint64(ax & 0x7fffff)
			if ex != 0 {
				m |= 1 << 23
			}
			if d*bm > bd*m {
				bd, bm = d, m
				thr = bd << 23 / bm
			}
			continue
		}
		xf, yf := float64(math.Float32frombits(x)), float64(math.Float32frombits(y))
		switch {
		case xf != xf:
			nan++
		case xf == yf: // ±0
			exact++
		case math.IsInf(xf, 0) || math.IsInf(yf, 0) || yf != yf || math.Abs(xf) >= ovf:
			over++
		default:
			rounded++
			if r := math.Abs(yf-xf) / math.Abs(xf); r > maxRel {
				maxRel = r
			}
		}
	}
	if bd > 0 {
		maxRel = math.Max(maxRel, float64(bd)/float64(bm))
	}
	c.Values += int64(len(xb))
	c.Exact += exact
	c.Rounded += rounded
	c.NaN += nan
	c.Overflowed += over
	c.MaxRelError = maxRel
}

// fastRun counts, from element i on, the exact results and the rounded
// ones that cannot be the largest error so far (see tallyF32), and
// returns the index of the first element that is neither (len(xb) at the
// end). It is the loop most elements take: one copy per result width
// with the shift a constant, the rounded count derived from the others,
// and the threshold cut to 32 bits (a difference of two patterns below
// 2^31 exceeds it exactly when it exceeds the full one), so that its live
// values stay in registers (the generic form spilled them).
func fastRun16(xb []uint32, yb []uint16, i int, thr uint64, ovfBits uint32) (int, int64, int64) {
	start, exact := i, int64(0)
	t := uint32(min(thr, 1<<32-1))
	yb = yb[:len(xb)]
	if uint64(t) < 1<<23 && uint64(t)+uint64(ovfBits) <= 0x7f800000 {
		// A normal x below overflow, ax in [2^23, ovfBits), and a result
		// within t patterns of it has ay in (0, 0x7f800000): finite and
		// not zero without a test. And z = x - y is ax - ay when the
		// signs agree, while with signs that differ |z| is at least
		// 2^31 - |ax - ay| > 2^23 > t for such an x: one test of |z|
		// <= t (z+t <= 2t unsigned) checks both.
		t2, lim := 2*t, ovfBits-1<<23
		xs := xb[i:]
		ys := yb[i:len(xb)]
		ys = ys[:len(xs)] // the same length: no bounds checks below
		// 16 elements a step where the CPU has AVX-512, as far as whole
		// steps pass; the loop below takes on from the first that does
		// not, and the tail.
		j, e := fastRun16Vec(xs, ys, t, t2, lim)
		exact += int64(e)
		for ; j < len(xs); j++ {
			x := xs[j]
			z := x - uint32(ys[j])<<16
			if z == 0 {
				if x&0x7fffffff > 0x7f800000 {
					break // NaN
				}
				exact++
				continue
			}
			if z+t > t2 || x&0x7fffffff-1<<23 >= lim {
				break
			}
		}
		i += j
		return i, exact, int64(i-start) - exact
	}
	for ; i < len(xb); i++ {
		x, y := xb[i], uint32(yb[i])<<16
		if !fastOne(x, y, t, ovfBits, &exact) {
			break
		}
	}
	return i, exact, int64(i-start) - exact
}

// fastRun32 is fastRun16 for f32 results: the vector steps under the
// same conditions (the reasoning there does not depend on the result's
// low bits), then one element at a time.
func fastRun32(xb, yb []uint32, i int, thr uint64, ovfBits uint32) (int, int64, int64) {
	start, exact := i, int64(0)
	t := uint32(min(thr, 1<<32-1))
	yb = yb[:len(xb)]
	if uint64(t) < 1<<23 && uint64(t)+uint64(ovfBits) <= 0x7f800000 {
		j, e := fastRun32Vec(xb[i:], yb[i:], t, 2*t, ovfBits-1<<23)
		i += j
		exact += int64(e)
	}
	for ; i < len(xb); i++ {
		if !fastOne(xb[i], yb[i], t, ovfBits, &exact) {
			break
		}
	}
	return i, exact, int64(i-start) - exact
}

// fastOne takes one element for fastRun: it reports whether the element
// is exact (counted in *exact) or rounded with an error of at most thr
// patterns, from x normal below overflow to y finite and not zero.
func fastOne(x, y, thr, ovfBits uint32, exact *int64) bool {
	ax, ay := x&0x7fffffff, y&0x7fffffff
	if x == y {
		if ax > 0x7f800000 {
			return false // NaN
		}
		*exact++
		return true
	}
	d := ay - ax
	if ay < ax {
		d = ax - ay
	}
	// One unsigned comparison each.
	return d <= thr && ax-1<<23 < ovfBits-1<<23 && ay-1 < 0x7f7fffff
}

// decodeAs decodes buf (dtype d) into parts values per element; a real
// dtype against a complex one decodes with a zero imaginary part.
func decodeAs(dst []float64, buf []byte, d dtype.DType, parts int) {
	own, _ := partsOf(d)
	if own == parts {
		decodeInto(dst, buf, d)
		return
	}
	n := len(dst) / parts
	decodeInto(dst[:n], buf, d)
	for i := n - 1; i >= 0; i-- {
		dst[2*i], dst[2*i+1] = dst[i], 0
	}
}

// unpackBits spreads elements of w bits, packed least significant bits
// first (the file's layout for F4 and F6), to one byte each (convert's
// layout), and returns dst.
func unpackBits(dst, src []byte, w uint) []byte {
	mask := uint16(1)<<w - 1
	for i := range dst {
		bit := uint(i) * w
		k, sh := bit/8, bit%8
		v := uint16(src[k])
		if sh+w > 8 {
			v |= uint16(src[k+1]) << 8
		}
		dst[i] = byte(v >> sh & mask)
	}
	return dst
}

// packBits packs the low w bits of each byte of src densely, least
// significant bits first, into dst, and returns dst.
func packBits(dst, src []byte, w uint) []byte {
	clear(dst)
	mask := uint16(1)<<w - 1
	for i, b := range src {
		bit := uint(i) * w
		k, sh := bit/8, bit%8
		v := (uint16(b) & mask) << sh
		dst[k] |= byte(v)
		if sh+w > 8 {
			dst[k+1] |= byte(v >> 8)
		}
	}
	return dst
}
