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
	total := p.t.bytes()
	for off := int64(0); off < total; {
		n := min(wk.chunk, total-off)
		b := wk.buf(bufIn, n)
		if err := wk.ck.readAt(p.t, b, off); err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
		off += n
	}
	return nil
}

// convertProducer recasts a tensor to another dtype with package convert,
// chunk by chunk, and tallies each value.
type convertProducer struct {
	t      *Tensor
	to     dtype.DType
	policy convert.Policy
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
	sb, db := fileBits(t.DType), fileBits(p.to)
	se, de := int64(convert.ElemBytes(t.DType)), int64(convert.ElemBytes(p.to))
	parts, _ := partsOf(t.DType)
	dparts, _ := partsOf(p.to)
	parts = max(parts, dparts)
	total := t.elems()
	// Elements per step: the chunk in the widest of the buffers, a
	// multiple of 8 so sub-byte chunks are whole bytes.
	per := max(se, de, 8*int64(parts))
	step := max(8, wk.chunk/per/8*8)
	rng := rangeOf(p.to)
	exactSrc := exactInF64(t.DType)
	for first := int64(0); first < total; first += step {
		n := min(step, total-first)
		raw := wk.buf(bufIn, (n*sb+7)/8)
		if err := wk.ck.readAt(t, raw, first*sb/8); err != nil {
			return err
		}
		src := raw
		if sb < 8 {
			src = unpackBits(wk.buf(bufTmp, n), raw, uint(sb))
		}
		dst := wk.buf(bufOut, n*de)
		err := wk.parallel(n, 64, func(_ int, lo, hi int64) error {
			return convert.Buffer(dst[lo*de:hi*de], p.to, src[lo*se:hi*se], t.DType, p.policy, convert.Options{Threads: 1})
		})
		if err != nil {
			return fmt.Errorf("%s: tensor %q, chunk from element %d: %v", wk.ck.file(t), t.Name, first, err)
		}
		// What rounding did.
		if err := p.tally(wk, c, src, dst, n, parts, rng, exactSrc); err != nil {
			return err
		}
		out := dst
		if db < 8 {
			out = packBits(wk.buf(bufTmp2, (n*db+7)/8), dst, uint(db))
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
	}
	return nil
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
		ys := wk.buf(bufScale, 4*n)
		if err := convert.Buffer(ys, dtype.F32, dst, p.to, convert.Default(), convert.Options{Threads: wk.threads}); err != nil {
			return err
		}
		counts := make([]Counts, max(1, wk.threads))
		wk.parallel(n, 64, func(k int, lo, hi int64) error {
			tallyF32(&counts[k], xs[4*lo:4*hi], ys[4*lo:4*hi], rng.ovf)
			return nil
		})
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
// (little-endian bytes): equal patterns are exact; the others are
// compared as values.
func tallyF32(c *Counts, xs, ys []byte, ovf float64) {
	var exact, rounded, nan, over int64
	maxRel := c.MaxRelError
	var xb, yb []uint32
	if littleEndian {
		xb, yb = u32s(xs), u32s(ys)
	} else {
		xb, yb = make([]uint32, len(xs)/4), make([]uint32, len(ys)/4)
		for i := range xb {
			xb[i], yb[i] = binary.LittleEndian.Uint32(xs[4*i:]), binary.LittleEndian.Uint32(ys[4*i:])
		}
	}
	yb = yb[:len(xb)]
	for i, x := range xb {
		y := yb[i]
		if x == y && x&0x7fffffff <= 0x7f800000 { // equal and not NaN
			exact++
			continue
		}
		xf, yf := float64(math.Float32frombits(x)), float64(math.Float32frombits(y))
		if x&0x7f800000 == 0x7f800000 || y&0x7f800000 == 0x7f800000 { // inf or NaN
			switch {
			case xf != xf:
				nan++
			case xf == yf:
				exact++
			default:
				over++
			}
			continue
		}
		a := math.Abs(xf)
		switch {
		case xf == yf: // ±0
			exact++
		case a >= ovf:
			over++
		default:
			rounded++
			// The division only when the error may be the largest.
			if d := math.Abs(yf - xf); d > maxRel*a {
				maxRel = d / a
			}
		}
	}
	c.Values += int64(len(xb))
	c.Exact += exact
	c.Rounded += rounded
	c.NaN += nan
	c.Overflowed += over
	c.MaxRelError = maxRel
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
