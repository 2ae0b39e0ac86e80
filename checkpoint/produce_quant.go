package checkpoint

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync"
	"unsafe"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/bytesize"
)

// saturating is the policy quantization rounds with: to nearest even,
// values past the format's range clamped to its largest finite value (the
// FP8 loaders' torch.clamp(x, -448, 448) before the cast; the OCP MX
// v1.0 conversion, §6.3, saturates), NaN kept where the format has NaN.
var saturating = convert.Policy{Overflow: convert.OverflowSaturate}

// e4m3Max is the largest finite f8e4m3fn value (OCP OFP8 rev 1.0, E4M3:
// S.1111.110 = 448), the amax a block's scale maps to.
const e4m3Max = 448

// fp8Scale returns the scale of a block whose largest finite magnitude
// is amax: amax/448 rounded to f32 (to nearest even), or 1 for a block
// of zeros (as transformers' Fp8Quantize keeps zeros stable), and never
// below the smallest f32 subnormal.
//
// amax/448 is computed in float64 and then rounded to f32; this cannot
// round twice wrongly: amax has at most 24 significant bits and 448 is
// 7·2^6, so the quotient is either exact in f32 or a non-terminating
// binary fraction at least 2^-28 (relative) away from every f32 tie,
// much more than float64's 2^-53 rounding error.
func fp8Scale(amax float64) float64 {
	if amax == 0 {
		return 1
	}
	s := float64(float32(amax / e4m3Max))
	return max(s, math.Ldexp(1, -149))
}

// amaxOnce computes a tensor's largest finite magnitude once, for the two
// producers (values and scale) of a per-tensor quantization.
type amaxOnce struct {
	once sync.Once
	v    float64
	err  error
}

func (a *amaxOnce) get(wk *worker, t *Tensor) (float64, error) {
	a.once.Do(func() { a.v, a.err = tensorAmax(wk, t) })
	return a.v, a.err
}

// tensorAmax streams t and returns its largest finite magnitude.
func tensorAmax(wk *worker, t *Tensor) (float64, error) {
	eb := int64(convert.ElemBytes(t.DType))
	total := t.elems()
	step := max(1, wk.chunk/8)
	var amax float64
	for first := int64(0); first < total; first += step {
		if err := wk.stop(); err != nil {
			return 0, err
		}
		n := min(step, total-first)
		raw := wk.buf(bufIn, n*eb)
		if err := wk.ck.readAt(t, raw, first*eb); err != nil {
			return 0, err
		}
		xs := wk.floats(0, n)
		decodeInto(xs, raw, t.DType)
		amax = math.Max(amax, finiteAmax(xs))
	}
	return amax, nil
}

// finiteAmax returns the largest finite |x| (0 for none), comparing
// the magnitudes' bits (ordered as the magnitudes are; the infinities
// and NaN above every finite one), without a branch.
func finiteAmax(xs []float64) float64 {
	var m uint64
	for _, x := range xs {
		b := math.Float64bits(x) &^ (1 << 63)
		if b >= 0x7ff0000000000000 {
			b = 0
		}
		m = max(m, b)
	}
	return math.Float64frombits(m)
}

// fp8Quant quantizes a wide tensor to f8e4m3fn with its scales, or
// (scaleOnly) writes the f32 scale tensor: per tensor (one scale for the
// whole tensor, shape []) or per block of the last two dimensions, as
// grid g lays them out. Each value is x / scale rounded once to e4m3fn
// (float64 division: x and the scale have at most 24 significant bits,
// so the quotient is within 2^-53 of the exact one and at least 2^-30
// from any e4m3fn tie it is not on; convert then rounds to nearest even,
// saturating).
type fp8Quant struct {
	src       *Tensor
	g         *grid
	amax      *amaxOnce // per tensor
	scaleOnly bool
}

func (p *fp8Quant) write(wk *worker, w io.Writer, c *Counts) error {
	g := p.g
	eb := int64(convert.ElemBytes(p.src.DType))
	total := p.src.elems()
	if g.perTensor {
		amax, err := p.amax.get(wk, p.src)
		if err != nil {
			return err
		}
		s := fp8Scale(amax)
		if p.scaleOnly {
			var b [4]byte
			binary.LittleEndian.PutUint32(b[:], math.Float32bits(float32(s)))
			_, err := w.Write(b[:])
			return err
		}
		step := max(1, wk.chunk/16)
		for first := int64(0); first < total; first += step {
			if err := wk.stop(); err != nil {
				return err
			}
			n := min(step, total-first)
			raw := wk.buf(bufIn, n*eb)
			if err := wk.ck.readAt(p.src, raw, first*eb); err != nil {
				return err
			}
			xs := wk.floats(0, n)
			decodeInto(xs, raw, p.src.DType)
			out := wk.buf(bufOut, n)
			whole := func(from, to int64, f func(lo, hi int64, s float64)) { f(from, to, s) }
			if err := quantRun(wk, out, xs, whole, c); err != nil {
				return fmt.Errorf("%s: tensor %q: %v", wk.ck.file(p.src), p.src.Name, err)
			}
			if _, err := w.Write(out); err != nil {
				return err
			}
		}
		return nil
	}
	// Block scales: whole block rows at a time, so each block's amax is
	// known before its values are written.
	rowsPerStep := g.bm * max(1, wk.chunk/(16*g.bm*g.cols))
	perRow := g.cols * (eb + 8 + 8 + 1)
	if g.bm*perRow > wk.budget {
		return fmt.Errorf("%s: tensor %q: one block row (%d rows of %d) needs %s, past the memory bound of %s per worker; raise -mem",
			wk.ck.file(p.src), p.src.Name, g.bm, g.cols, bytesize.Text(g.bm*perRow), bytesize.Text(wk.budget))
	}
	totalRows := g.lead * g.rows
	for row := int64(0); row < totalRows; {
		if err := wk.stop(); err != nil {
			return err
		}
		// Rows up to the end of this expert, whole block rows.
		end := min(row+rowsPerStep, (row/g.rows+1)*g.rows)
		nr := end - row
		n := nr * g.cols
		raw := wk.buf(bufIn, n*eb)
		if err := wk.ck.readAt(p.src, raw, row*g.cols*eb); err != nil {
			return err
		}
		xs := wk.floats(0, n)
		decodeInto(xs, raw, p.src.DType)
		// Scales of the block rows in this step.
		srow0 := g.scaleRow(row)
		nsr := g.scaleRow(end-1) - srow0 + 1
		scales := wk.floats(1, nsr*g.sc)
		clear(scales)
		for r := range nr {
			sr := g.scaleRow(row+r) - srow0
			line := xs[r*g.cols : (r+1)*g.cols]
			for cb := range g.sc {
				blk := line[cb*g.bn : min((cb+1)*g.bn, g.cols)]
				k := sr*g.sc + cb
				scales[k] = math.Max(scales[k], finiteAmax(blk))
			}
		}
		for k, a := range scales {
			scales[k] = fp8Scale(a)
		}
		if p.scaleOnly {
			out := wk.buf(bufOut, 4*int64(len(scales)))
			for k, s := range scales {
				binary.LittleEndian.PutUint32(out[4*k:], math.Float32bits(float32(s)))
			}
			if _, err := w.Write(out); err != nil {
				return err
			}
		} else {
			out := wk.buf(bufOut, n)
			blocks := func(from, to int64, f func(lo, hi int64, s float64)) {
				for r := from / g.cols; r < nr && r*g.cols < to; r++ {
					srow := (g.scaleRow(row+r) - srow0) * g.sc
					for cb := range g.sc {
						lo := r*g.cols + cb*g.bn
						lo, hi := max(lo, from), min(lo+g.bn, (r+1)*g.cols, to)
						if lo < hi {
							f(lo, hi, scales[srow+cb])
						}
					}
				}
			}
			if err := quantRun(wk, out, xs, blocks, c); err != nil {
				return fmt.Errorf("%s: tensor %q: %v", wk.ck.file(p.src), p.src.Name, err)
			}
			if _, err := w.Write(out); err != nil {
				return err
			}
		}
		row = end
	}
	return nil
}

// segments calls f for the runs [lo, hi) of a step's elements that share
// a scale s, in order, as far as they lie in [from, to) (clipped to it):
// the whole step for a per-tensor scale, a row's block for block scales.
type segments func(from, to int64, f func(lo, hi int64, s float64))

// quantWindow is how many values quantRun takes through all its passes
// at a time: their quotients and decoded results (8 bytes each) then stay
// in the core's cache between the passes instead of going out to memory
// and back, as they did when each pass covered a whole step.
const quantWindow = 8 << 10

// quantRun writes round(x / s) as f8e4m3fn for each x of xs into out,
// and tallies the values the results stand for (q · s) against the xs,
// segs giving each value's scale.
//
// The quotients are rounded under the default policy, which for them is
// the saturating one: s is the amax of the run's block (or tensor) over
// 448, rounded to f32, so a finite |x/s| is at most 448·(1+2^-24), below
// 464, the midpoint past e4m3fn's largest finite value, and never
// overflows. Only ±Inf overflows, and it is clamped to ±448 here, as the
// saturating policy would; NaN stays NaN under both. The default policy
// has the fast kernels.
func quantRun(wk *worker, out []byte, xs []float64, segs segments, c *Counts) error {
	n := int64(len(xs))
	q := wk.buf(bufTmp, 8*min(n, quantWindow))
	// The values the results stand for, over the quotients (done with).
	ys := unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(q))), len(q)/8)
	dec := table(dtype.F8E4M3FN)
	ovf := overflowAt(dtype.F8E4M3FN.Format())
	var t quantTally
	var from int64 // the window's first value
	divide := func(lo, hi int64, s float64) {
		for i := lo; i < hi; i++ {
			v := xs[i] / s
			if math.IsInf(v, 0) {
				v = math.Copysign(e4m3Max, v)
			}
			binary.LittleEndian.PutUint64(q[8*(i-from):], math.Float64bits(v))
		}
	}
	tally := func(lo, hi int64, s float64) {
		for i := lo; i < hi; i++ {
			ys[i-from] = dec[out[i]] * s
		}
		t.addRun(xs[lo:hi], ys[lo-from:hi-from], ovf*s)
	}
	for ; from < n; from += quantWindow {
		to := min(n, from+quantWindow)
		segs(from, to, divide)
		if err := convert.Buffer(out[from:to], dtype.F8E4M3FN, q[:8*(to-from)], dtype.F64, convert.Default(), convert.Options{Threads: 1}); err != nil {
			return err
		}
		segs(from, to, tally)
	}
	t.fold(c)
	return nil
}

// quantTally counts as Counts.tally does, without a call per value: the
// common cases (exact, and a finite rounding below overflow) inline, the
// rest through classify. The largest relative error costs a division
// only for a value that may beat it: one whose error d is at least
// thr·|x|, thr a hair below the largest so far (a margin of 2^-50 covers
// the rounding of the product), so the largest is what dividing every
// value's error would give, to the last bit.
type quantTally struct {
	exact, rounded int64
	maxRel, thr    float64
	// one: no rounding moves a value by more than itself, so once the
	// largest relative error is 1 nothing can beat it (MXFP4: x / 2^E is
	// exact and rounds to its nearest code, and 0 is a code; a value
	// rounding to 0 has error 1, as most groups have).
	one bool
	c   Counts // the rare classes
}

// addRun tallies each x of xs, which came out as the y at its index in
// ys, with ovf the magnitude from which they overflow. The counts live in
// locals in the loop, which is most of quantization's report.
func (t *quantTally) addRun(xs, ys []float64, ovf float64) {
	ys = ys[:len(xs)]
	rounded, thr := t.rounded, t.thr
	for i, x := range xs {
		y := ys[i]
		// A finite x below ovf (false for NaN and ±Inf) that came out
		// finite (y-y is 0 only then) and not equal: a rounding, as
		// classify has it.
		if d, a := math.Abs(y-x), math.Abs(x); d != 0 && a < ovf && y-y == 0 {
			rounded++
			if d >= thr*a {
				if rel := d / a; rel > t.maxRel {
					t.maxRel, t.thr = rel, rel*(1-0x1p-50)
					if t.one && rel >= 1 {
						t.thr = math.Inf(1)
					}
					thr = t.thr
				}
			}
			continue
		}
		t.other(x, y, ovf)
	}
	t.rounded = rounded
}

// other tallies what addRun does not take inline: exact values, and
// the rare classes.
func (t *quantTally) other(x, y, ovf float64) {
	if x == y {
		t.exact++
		return
	}
	k, rel := classify(x, y, ovf)
	t.c.tally(k, 1, rel)
}

// fold adds the counts to c.
func (t *quantTally) fold(c *Counts) {
	c.tally(classExact, t.exact, 0)
	c.tally(classRounded, t.rounded, t.maxRel)
	c.add(t.c)
}

// mxQuant quantizes a wide tensor to MXFP4 as gpt-oss stores it: groups
// of 32 values along the last dimension (after swapping the last two of
// a 3-D tensor, transformers' expert layout; see produce_mxfp4.go), each
// with an e8m0 scale 2^E, E = floor(log2(amax)) - 2 (OCP MX v1.0 §6.3:
// the shared exponent is that of the block's largest magnitude minus the
// element format's largest exponent, 2 for E2M1), clamped to [-127,
// 127]; the values x / 2^E rounded to nearest even into f4e2m1fn,
// saturating at ±6. A group of zeros gets E = -127. A group holding a
// NaN or an infinity gets the NaN scale 0xff (MX v1.0 §6.3: the block
// then decodes as NaN) and zero codes. It writes the packed blocks
// ([P..., K/32, 16], low nibble first) or, with scaleOnly, the scales
// ([P..., K/32]).
type mxQuant struct {
	src       *Tensor
	rows, k   int64 // the matrix quantized: rows × k, per leading index
	lead      int64
	transpose bool // src is [lead, k, rows]: read transposed
	scaleOnly bool
}

// mxGroup quantizes 32 values: it returns the scale byte and writes 16
// code bytes to blk, tallying into t.
func mxGroup(xs []float64, blk []byte, t *quantTally) byte {
	// The largest |x| by its bits (ordered as the magnitudes are, NaN
	// above +Inf: a compare and a move a value, where the float max's
	// NaN handling made a chain of ten), +Inf or NaN making the group
	// bad.
	var top uint64
	for _, x := range xs {
		top = max(top, math.Float64bits(x)&^(1<<63))
	}
	amax := math.Float64frombits(top)
	if top >= 0x7ff0000000000000 {
		clear(blk)
		for _, x := range xs {
			if math.IsNaN(x) {
				t.c.tally(classNaN, 1, 0)
			} else {
				t.c.tally(classOverflow, 1, 0)
			}
		}
		return 0xff
	}
	e := -127
	if amax > 0 {
		_, exp := math.Frexp(amax) // amax = f·2^exp, f in [0.5, 1)
		e = min(max(exp-1-2, -127), 127)
	}
	inv := math.Ldexp(1, -e)
	scale := math.Ldexp(1, e)
	ovf := 7 * scale // 6 + half its ulp of 2
	fp4 := table(dtype.F4E2M1FN)
	var ys [32]float64
	for i := 0; i < 32; i += 2 {
		lo, hi := fp4Code(xs[i]*inv), fp4Code(xs[i+1]*inv)
		blk[i/2] = lo | hi<<4
		ys[i], ys[i+1] = fp4[lo]*scale, fp4[hi]*scale
	}
	t.addRun(xs, ys[:], ovf)
	return byte(e + 127)
}

// fp4Code rounds v (x times the group's inverse scale, exact: a power
// of two) to nearest even into f4e2m1fn, saturating at ±6, and returns
// the code: the sign bit (set for -0 too), then the index of the
// magnitude among 0, 0.5, 1, 1.5, 2, 3, 4, 6 (OCP MX v1.0 §5.3.3). Every
// midpoint between neighbours is a multiple of 1/4, so |v| falls in a
// quarter k = floor(4|v|) whose inside rounds one way (fp4Up[k]) and
// whose start, a midpoint or a value, may round another (fp4At[k]).
// v is never NaN here.
func fp4Code(v float64) byte {
	a := math.Abs(v) * 4 // exact
	if a > 32 {
		a = 32 // 8 and past saturate
	}
	q := int(a)
	i := 2 * q
	if float64(q) != a {
		i++ // inside the quarter
	}
	k := fp4Quarters[i&127]
	if math.Signbit(v) {
		k |= 8
	}
	return k
}

// fp4Quarters holds, for quarter k of [0, 8), the code of its start k/4
// (at 2k) and of its inside (at 2k+1), and at 64 and past the code of 8
// and past: entry i stands for |v| = i/8 (the inside of a quarter rounds
// as its middle does), and holds the nearest magnitude's index, ties to
// the even code, which from 8 on is 7 (6, saturated).
var fp4Quarters = func() (t [128]byte) {
	mags := [8]float64{0, 0.5, 1, 1.5, 2, 3, 4, 6} // OCP MX v1.0 §5.3.3
	for i := range t {
		a := float64(i) / 8
		for m := range mags {
			d, bd := math.Abs(mags[m]-a), math.Abs(mags[t[i]]-a)
			if d < bd || d == bd && m%2 == 0 {
				t[i] = byte(m)
			}
		}
	}
	return t
}()

func (p *mxQuant) write(wk *worker, w io.Writer, c *Counts) error {
	eb := int64(convert.ElemBytes(p.src.DType))
	groups := p.k / 32
	var scratch Counts
	if c == nil {
		c = &scratch
	}
	// Rows per step: a chunk's worth, and for the transposed layout the
	// whole expert when it fits half the worker's memory (one read).
	rowBytes := p.k * (eb + 8 + 8)
	step := max(1, wk.chunk/(8*p.k))
	if p.transpose && rowBytes*p.rows*2 <= wk.budget/2 {
		step = p.rows
	}
	if rowBytes*2 > wk.budget {
		return fmt.Errorf("%s: tensor %q: one row of %d values needs %s, past the memory bound of %s per worker; raise -mem",
			wk.ck.file(p.src), p.src.Name, p.k, bytesize.Text(rowBytes*2), bytesize.Text(wk.budget))
	}
	t := quantTally{one: true}
	defer t.fold(c)
	for l := range p.lead {
		for r0 := int64(0); r0 < p.rows; r0 += step {
			if err := wk.stop(); err != nil {
				return err
			}
			nr := min(step, p.rows-r0)
			raw := wk.buf(bufIn, nr*p.k*eb)
			if !p.transpose {
				if err := wk.ck.readAt(p.src, raw, (l*p.rows+r0)*p.k*eb); err != nil {
					return err
				}
			} else {
				// src [lead, k, rows]: the columns r0..r0+nr of each of
				// the k source rows, then transposed to nr × k.
				col := wk.buf(bufTmp2, nr*p.k*eb)
				if nr == p.rows {
					if err := wk.ck.readAt(p.src, col, l*p.k*p.rows*eb); err != nil {
						return err
					}
				} else {
					for a := range p.k {
						off := ((l*p.k+a)*p.rows + r0) * eb
						if err := wk.ck.readAt(p.src, col[a*nr*eb:(a+1)*nr*eb], off); err != nil {
							return err
						}
					}
				}
				transpose(raw, col, p.k, nr, eb)
			}
			xs := wk.floats(0, nr*p.k)
			decodeInto(xs, raw, p.src.DType)
			ng := nr * groups
			blocks := wk.buf(bufOut, ng*16)
			scales := wk.buf(bufScale, ng)
			for gi := range ng {
				scales[gi] = mxGroup(xs[gi*32:gi*32+32], blocks[gi*16:gi*16+16], &t)
			}
			out := blocks
			if p.scaleOnly {
				out = scales
			}
			if _, err := w.Write(out); err != nil {
				return err
			}
		}
	}
	return nil
}
