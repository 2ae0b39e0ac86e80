package checkpoint

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
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

// finiteAmax returns the largest finite |x| (0 for none).
func finiteAmax(xs []float64) float64 {
	var m float64
	for _, x := range xs {
		if a := math.Abs(x); a > m && a <= math.MaxFloat64 {
			m = a
		}
	}
	return m
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
			if err := quantRun(wk, out, xs, func(int64) float64 { return s }, c); err != nil {
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
			wk.ck.file(p.src), p.src.Name, g.bm, g.cols, sizeText(g.bm*perRow), sizeText(wk.budget))
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
			scaleOf := func(i int64) float64 {
				return scales[(g.scaleRow(row+i/g.cols)-srow0)*g.sc+i%g.cols/g.bn]
			}
			if err := quantRun(wk, out, xs, scaleOf, c); err != nil {
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

// quantRun writes round(x / scale) as f8e4m3fn for each x into out, and
// tallies the values the result stands for (q · scale) against x.
func quantRun(wk *worker, out []byte, xs []float64, scaleOf func(int64) float64, c *Counts) error {
	n := int64(len(xs))
	q := wk.buf(bufTmp, 8*n)
	for i, x := range xs {
		binary.LittleEndian.PutUint64(q[8*i:], math.Float64bits(x/scaleOf(int64(i))))
	}
	if err := convert.Buffer(out, dtype.F8E4M3FN, q, dtype.F64, saturating, convert.Options{Threads: wk.threads}); err != nil {
		return err
	}
	dec := table(dtype.F8E4M3FN)
	ovf := overflowAt(dtype.F8E4M3FN.Format())
	var exact int64
	for i, x := range xs {
		s := scaleOf(int64(i))
		y := dec[out[i]] * s
		if y == x {
			exact++
			continue
		}
		k, rel := classify(x, y, ovf*s)
		c.tally(k, 1, rel)
	}
	c.tally(classExact, exact, 0)
	return nil
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
// code bytes to blk, tallying into c.
func mxGroup(xs []float64, blk []byte, q []byte, c *Counts) byte {
	amax, bad := 0.0, false
	for _, x := range xs {
		a := math.Abs(x)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			bad = true
		} else if a > amax {
			amax = a
		}
	}
	if bad {
		clear(blk)
		for _, x := range xs {
			if math.IsNaN(x) {
				c.tally(classNaN, 1, 0)
			} else {
				c.tally(classOverflow, 1, 0)
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
	for i, x := range xs {
		binary.LittleEndian.PutUint64(q[8*i:], math.Float64bits(x*inv))
	}
	var codes [32]byte
	_ = convert.Buffer(codes[:], dtype.F4E2M1FN, q[:8*32], dtype.F64, saturating, convert.Options{Threads: 1})
	fp4 := table(dtype.F4E2M1FN)
	scale := math.Ldexp(1, e)
	ovf := 7 * scale // 6 + half its ulp of 2
	for i := 0; i < 32; i += 2 {
		blk[i/2] = codes[i]&15 | codes[i+1]<<4
	}
	for i, x := range xs {
		y := fp4[codes[i]&15] * scale
		k, rel := classify(x, y, ovf)
		c.tally(k, 1, rel)
	}
	return byte(e + 127)
}

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
			wk.ck.file(p.src), p.src.Name, p.k, sizeText(rowBytes*2), sizeText(wk.budget))
	}
	q := make([]byte, 8*32)
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
				scales[gi] = mxGroup(xs[gi*32:gi*32+32], blocks[gi*16:gi*16+16], q, c)
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
