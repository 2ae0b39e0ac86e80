package checkpoint

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// fp8Dequant dequantizes an FP8 weight with its scales: each value times
// the scale of its block, rounded into the target (see Mode).
//
// Every block shares one scale, and an FP8 value has 256 patterns, so a
// block's results come from a 256-entry table built for its scale: the
// exact product (float64: an FP8 significand has at most 4 bits, a scale's
// at most 24) rounded once (Exact), or the f32 product rounded again
// (Reference). The table also knows each entry's class and relative
// error; a per-entry count of the patterns seen turns that into the
// report's counts without a per-value comparison. The lookups run in
// convert's vector table kernel (convert.Table); for e4m3fn tables whose
// values all share one class (nearly every block: see fastReport) the
// counts need no histogram either.
type fp8Dequant struct {
	w, s *Tensor
	g    *grid
	to   dtype.DType
	mode Mode
}

// lut is the table of one scale.
type lut struct {
	out16 [256]uint16 // result patterns, for 2-byte targets
	out32 [256]uint32 // for 4-byte targets
	// hist counts how often each source pattern was seen, in four
	// interleaved copies so that consecutive increments do not wait on
	// each other.
	hist [4][256]uint32
	cls  [256]class
	rel  [256]float64
	// tab holds out16 or out32 for convert's vector lookups.
	tab convert.Table
	fr  fastReport
}

// fold adds the table's counts to c and clears them.
func (l *lut) fold(c *Counts) {
	if l.fr.on {
		l.fr.fold(c)
		return
	}
	for b := range 256 {
		n := l.hist[0][b] + l.hist[1][b] + l.hist[2][b] + l.hist[3][b]
		if n != 0 {
			c.tally(l.cls[b], int64(n), l.rel[b])
		}
	}
	l.hist = [4][256]uint32{}
}

// lutBuilder builds tables for one source dtype, target and mode.
type lutBuilder struct {
	src, to dtype.DType
	mode    Mode
	dec     []float64 // source pattern -> value
	rng     targetRange
	in, out []byte    // convert's buffers for 256 values
	ys      []float64 // decoded results
	// The results of ±0 and NaN, which no scale changes, for fastBuild.
	fixed16  [256]uint16
	fixed32  [256]uint32
	fixedCls [256]class
}

func newLUTBuilder(src, to dtype.DType, mode Mode) *lutBuilder {
	b := &lutBuilder{
		src: src, to: to, mode: mode, dec: table(src), rng: rangeOf(to),
		in: make([]byte, 256*8), out: make([]byte, 256*convert.ElemBytes(to)), ys: make([]float64, 256),
	}
	var l lut
	b.slowBuild(&l, 1)
	b.fixed16, b.fixed32, b.fixedCls = l.out16, l.out32, l.cls
	return b
}

// build fills l for scale s (a value exactly an f32). Exact: x·s is
// exact in float64 and convert rounds it once to the target. Reference:
// float32(x)·float32(s) in f32 arithmetic (Go rounds each float32
// product to nearest even, as IEEE 754 binary32 multiplication does),
// then convert rounds the f32 to the target.
func (b *lutBuilder) build(l *lut, s float64) {
	if !b.fastBuild(l, s) {
		b.slowBuild(l, s)
	}
	b.initTable(l)
}

// initTable loads l's results into its vector table.
func (b *lutBuilder) initTable(l *lut) {
	var vals [256]uint64
	size := convert.ElemBytes(b.to)
	if size == 4 {
		for p, v := range &l.out32 {
			vals[p] = uint64(v)
		}
	} else {
		for p, v := range &l.out16 {
			vals[p] = uint64(v)
		}
	}
	// size is 2 or 4: Init cannot fail.
	_ = l.tab.Init(&vals, size)
}

// slowBuild computes every entry with package convert.
func (b *lutBuilder) slowBuild(l *lut, s float64) {
	var from dtype.DType
	if b.mode == Reference && b.to != dtype.F32 {
		from = dtype.F32
		s32 := float32(s)
		for p := range 256 {
			binary.LittleEndian.PutUint32(b.in[4*p:], math.Float32bits(float32(b.dec[p])*s32))
		}
	} else {
		// f32 target: the single rounding of x·s is also what an f32
		// multiplication gives, so both modes agree.
		from = dtype.F64
		for p := range 256 {
			binary.LittleEndian.PutUint64(b.in[8*p:], math.Float64bits(b.dec[p]*s))
		}
	}
	eb := convert.ElemBytes(from)
	// The default policy never refuses a float to float conversion.
	_ = convert.Buffer(b.out, b.to, b.in[:256*eb], from, convert.Default(), convert.Options{Threads: 1})
	decodeInto(b.ys, b.out, b.to)
	ob := convert.ElemBytes(b.to)
	for p := range 256 {
		switch ob {
		case 2:
			l.out16[p] = binary.LittleEndian.Uint16(b.out[2*p:])
		case 4:
			l.out32[p] = binary.LittleEndian.Uint32(b.out[4*p:])
		}
		l.cls[p], l.rel[p] = b.rng.classify(b.dec[p]*s, b.ys[p])
	}
	l.hist = [4][256]uint32{}
	l.fr = fastReport{}
}

// fp8State is one goroutine's tables: those of the scale row it is in.
//
// When every table of the scale row takes the fast report with the same
// class (uniform: the common case, all rounded), the ±0 and NaN bytes of
// the row's elements are counted once over each contiguous run of whole
// rows (z, nans), not per block segment of a row (often 128 bytes): the
// counts need not know which block a byte is in, since ±0 and NaN have
// the same class in every table.
type fp8State struct {
	b       *lutBuilder
	srow    int64
	luts    []lut
	uniform bool
	z, nans int64
	counts  Counts
}

func (st *fp8State) flush() {
	if st.srow < 0 {
		return // no table built yet
	}
	if !st.uniform {
		for i := range st.luts {
			st.luts[i].fold(&st.counts)
		}
		return
	}
	var n int64
	var rel float64
	for i := range st.luts {
		fr := &st.luts[i].fr
		n += fr.n
		rel = max(rel, fr.maxRel())
		fr.n, fr.seen = 0, 0
	}
	fr := &st.luts[0].fr
	st.counts.tally(fr.zeroK, st.z, 0)
	st.counts.tally(fr.nanK, st.nans, 0)
	if other := n - st.z - st.nans; other > 0 {
		st.counts.tally(fr.k, other, rel)
	}
	st.z, st.nans = 0, 0
}

// isUniform reports whether every table takes the fast report with one
// class.
func (st *fp8State) isUniform() bool {
	for i := range st.luts {
		fr := &st.luts[i].fr
		if !fr.on || fr.k != st.luts[0].fr.k {
			return false
		}
	}
	return len(st.luts) > 0
}

// count adds the ±0 and NaN bytes of src, elements of the uniform scale
// row, to st's counts.
func (st *fp8State) count(src []byte) {
	if st.uniform && len(src) > 0 {
		z, nans := countZeroNaN(src)
		st.z += int64(z)
		st.nans += int64(nans)
	}
}

func (p *fp8Dequant) write(wk *worker, w io.Writer, c *Counts) error {
	g := p.g
	ob := int64(convert.ElemBytes(p.to))
	step := wholeRows(wk.chunk/ob, g.cols)
	r := &fp8Steps{p: p, ob: ob, total: p.w.elems(), step: step, states: wk.fp8States(max(1, wk.threads), p.w.DType, p.to, p.mode, g.sc)}
	if err := wk.stream(w, ceilDiv(r.total, step), r, c); err != nil {
		return err
	}
	for _, st := range r.states {
		c.add(st.counts)
	}
	return nil
}

// fp8Steps is an fp8Dequant's tensor streamed in steps of whole rows
// (when they fit in a chunk).
type fp8Steps struct {
	p               *fp8Dequant
	ob, total, step int64
	states          []*fp8State // one per thread
}

func (r *fp8Steps) span(k int64) (first, n int64) {
	first = k * r.step
	return first, min(r.step, r.total-first)
}

func (r *fp8Steps) readStep(wk *worker, s *slot) error {
	first, n := r.span(s.k)
	return s.input(wk, 0, r.p.w, first, n)
}

// wholeRows returns how many elements to take at a time, about n, in
// rows of cols: whole rows when one fits, else a part of a row of at least
// 64 Ki elements.
func wholeRows(n, cols int64) int64 {
	if cols <= 0 {
		return max(1, n) // no elements (an empty dimension)
	}
	if cols <= n {
		return n / cols * cols
	}
	return min(cols, max(1<<16, n))
}

// stepScales reads the scales of the rows of elements first to first+n-1
// into the worker's floats 0, and returns them with the index of the
// first.
func (r *fp8Steps) stepScales(wk *worker, first, n int64) (scales []float64, slo int64, err error) {
	p, g := r.p, r.p.g
	slo = g.scaleRow(first/g.cols) * g.sc
	shi := (g.scaleRow((first+n-1)/g.cols) + 1) * g.sc
	scales = wk.floats(0, shi-slo)
	if err := readScales(wk, p.s, slo, shi, scales); err != nil {
		return nil, 0, fmt.Errorf("%w (of weight %q)", err, p.w.Name)
	}
	return scales, slo, nil
}

func (r *fp8Steps) convStep(wk *worker, s *slot, _ *Counts) error { return r.convert(wk, s, nil) }

// convPieces is convStep on one goroutine, writing each piece of the
// step's output to w as soon as it is converted (see piecer).
func (r *fp8Steps) convPieces(wk *worker, s *slot, _ *Counts, w io.Writer) error {
	return r.convert(wk, s, w)
}

// convert converts step s.k: with w nil, into the slot's output, split
// across the worker's threads; else in pieces of whole rows, each
// written to w once converted.
func (r *fp8Steps) convert(wk *worker, s *slot, w io.Writer) error {
	g, ob := r.p.g, r.ob
	first, n := r.span(s.k)
	src := s.in[0]
	scales, slo, err := r.stepScales(wk, first, n)
	if err != nil {
		return err
	}
	if w == nil {
		dst := s.buf(slotOut, n*ob)
		err = wk.parallel(n, g.cols, func(k int, lo, hi int64) error {
			r.states[k].run(g, dst[lo*ob:hi*ob], src[lo:hi], first+lo, scales, slo, ob)
			return nil
		})
		s.out = dst
	} else {
		piece := wholeRows(max(1, min(pieceBytes, wk.chunk/4)/ob), g.cols)
		dst := s.buf(slotOut, min(n, piece)*ob)
		for lo := int64(0); lo < n && err == nil; lo += piece {
			hi := min(n, lo+piece)
			out := dst[:(hi-lo)*ob]
			r.states[0].run(g, out, src[lo:hi], first+lo, scales, slo, ob)
			_, err = w.Write(out)
		}
	}
	if err != nil {
		return err
	}
	for _, st := range r.states {
		st.flush() // counts per table stay below 2^32
	}
	return nil
}

// run converts src (elements first, first+1, ...) into dst. Whole rows
// that share a scale row go a block column at a time (runRows); a row
// cut by the start or end of src goes a row segment at a time, each run
// of a row within one block column sharing a table.
func (st *fp8State) run(g *grid, dst, src []byte, first int64, scales []float64, slo, ob int64) {
	n := int64(len(src))
	row, col := first/g.cols, first%g.cols
	span := int64(0) // the bytes from here to i are still to count
	for i := int64(0); i < n; {
		if sr := g.scaleRow(row); sr != st.srow {
			st.count(src[span:i])
			span = i
			st.flush()
			st.srow = sr
			for cb := range st.luts {
				st.b.build(&st.luts[cb], scales[sr*g.sc+int64(cb)-slo])
			}
			st.uniform = st.isUniform()
		}
		if rows := min((n-i)/g.cols, g.rowsLeft(row)); col == 0 && rows > 0 {
			// Counted first: the count reads the rows in order, which
			// brings them into the cache at the memory's streaming rate
			// for the block columns that follow, which read them across.
			end := i + rows*g.cols
			st.count(src[span:end])
			span = end
			st.runRows(g, dst[ob*i:], src[i:], rows, ob)
			i = end
			row += rows
			continue
		}
		for cb := col / g.bn; col < g.cols && i < n; cb++ {
			end := min(n, i+min((cb+1)*g.bn, g.cols)-col)
			st.segment(&st.luts[cb], dst[ob*i:ob*end], src[i:end], ob)
			col += end - i
			i = end
		}
		row, col = row+1, 0
	}
	st.count(src[span:n])
}

// segment converts src, a run of one row within one block column, with
// its table l, and counts it.
func (st *fp8State) segment(l *lut, dst, src []byte, ob int64) {
	switch {
	case st.uniform:
		// Lengths match by construction.
		_ = l.tab.Run(dst, src)
		l.fr.seeSignificands(src)
	case l.fr.on:
		_ = l.tab.Run(dst, src)
		l.fr.see(src)
	case ob == 2:
		lookup16(dst, src, l)
	default:
		lookup32(dst, src, l)
	}
}

// runRows converts rows whole rows of one scale row, from the start of
// src and dst: each block column's rows in one call to its table
// (convert.Table.RunRows, which loads the table once for all of them,
// where a call per row segment of 128 bytes spent more on the calls and
// the table loads than on the lookups), then its counts row by row.
func (st *fp8State) runRows(g *grid, dst, src []byte, rows, ob int64) {
	cols := g.cols
	for cb := range st.luts {
		c0 := int64(cb) * g.bn
		w := min(g.bn, cols-c0)
		l := &st.luts[cb]
		if !st.uniform && !l.fr.on {
			for r := range rows {
				o := r*cols + c0
				st.segment(l, dst[ob*o:ob*(o+w)], src[o:o+w], ob)
			}
			continue
		}
		// The shape fits by construction.
		_ = l.tab.RunRows(dst[ob*c0:], src[c0:], int(rows), int(w), int(cols*ob), int(cols))
		if st.uniform {
			l.fr.seeRows(src[c0:], rows, w, cols)
			continue
		}
		for r := range rows {
			o := r*cols + c0
			l.fr.see(src[o : o+w])
		}
	}
}

// fp8States returns n states for tables of src into to under mode, sc
// tables each, reusing the worker's from its earlier tensors: a state's
// tables take about 10 KiB each, and fresh memory for them on every
// tensor cost page faults (and a TLB flush on every core for each page
// first read, then written).
func (wk *worker) fp8States(n int, src, to dtype.DType, mode Mode, sc int64) []*fp8State {
	for len(wk.fp8) < n {
		wk.fp8 = append(wk.fp8, nil)
	}
	for i, st := range wk.fp8[:n] {
		if st == nil || st.b.src != src || st.b.to != to || st.b.mode != mode {
			st = &fp8State{b: newLUTBuilder(src, to, mode)}
			wk.fp8[i] = st
		}
		if int64(cap(st.luts)) < sc {
			st.luts = make([]lut, sc)
		}
		// Every table is built before it is used: the first row's scale
		// row differs from srow.
		st.luts, st.srow, st.uniform, st.z, st.nans, st.counts = st.luts[:sc], -1, false, 0, 0, Counts{}
	}
	return wk.fp8[:n]
}
