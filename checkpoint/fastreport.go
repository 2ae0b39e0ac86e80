package checkpoint

import (
	"encoding/binary"
	"math/bits"
)

// fastReport tallies an e4m3fn block whose table (see fastBuild) gives
// every value but ±0 and NaN the same class, without a per-pattern
// histogram: the counts need only how many bytes are ±0 (b&0x7f == 0)
// and NaN (b&0x7f == 0x7f), which a few word operations per 8 bytes
// count, and the largest relative error needs only which of the eight
// significands occur, found by a scan that stops at the first byte with
// the significand of the table's largest error, usually within the first
// few bytes of the block. The counts and the error are those the
// histogram gives (TestFastReportMatchesHistogram).
type fastReport struct {
	on         bool
	k          class      // the class of every value but ±0 and NaN
	zeroK      class      // the class of ±0
	nanK       class      // the class of NaN
	rel        [8]float64 // the relative error of each significand
	top        uint8      // the bit of the significand with the largest error
	seen       uint8      // the significands seen, one bit each
	n, z, nans int64
}

// start turns r on for a table whose values other than ±0 and NaN all
// have class k, significand m with relative error rel[m].
func (r *fastReport) start(k class, rel [8]float64, zeroK, nanK class) {
	*r = fastReport{on: true, k: k, zeroK: zeroK, nanK: nanK, rel: rel, top: 1}
	for m := range 8 {
		if rel[m] > rel[bits.TrailingZeros8(r.top)] {
			r.top = 1 << m
		}
	}
}

// e4m3Sig is the significand bit (1 << m) of each e4m3fn pattern, 0 for
// ±0 and NaN.
var e4m3Sig = func() (t [256]uint8) {
	for p := range 256 {
		if !e4m3Parts[p].fixed {
			t[p] = 1 << e4m3Parts[p].m
		}
	}
	return t
}()

// see counts the bytes of src.
func (r *fastReport) see(src []byte) {
	z, nans := countZeroNaN(src)
	r.z += int64(z)
	r.nans += int64(nans)
	r.seeSignificands(src)
}

// seeSignificands counts the bytes of src and notes their significands,
// leaving ±0 and NaN to be counted by the caller.
func (r *fastReport) seeSignificands(src []byte) {
	r.n += int64(len(src))
	if r.k != classRounded || r.seen&r.top != 0 {
		return
	}
	seen := r.seen
	for i := 0; i < len(src); i += 64 {
		for _, b := range src[i:min(i+64, len(src))] {
			seen |= e4m3Sig[b]
		}
		if seen&r.top != 0 {
			break
		}
	}
	r.seen = seen
}

// seeRows is seeSignificands over rows rows of w bytes, stride bytes
// apart from the start of src, with nothing left to scan once the
// largest error's significand has been seen: the usual case after the
// first few bytes of a block.
func (r *fastReport) seeRows(src []byte, rows, w, stride int64) {
	for i := range rows {
		if r.k != classRounded || r.seen&r.top != 0 {
			r.n += (rows - i) * w
			return
		}
		o := i * stride
		r.seeSignificands(src[o : o+w])
	}
}

// fold adds the counts to c and clears them.
func (r *fastReport) fold(c *Counts) {
	c.tally(r.zeroK, r.z, 0)
	c.tally(r.nanK, r.nans, 0)
	if other := r.n - r.z - r.nans; other > 0 {
		c.tally(r.k, other, r.maxRel())
	}
	r.n, r.z, r.nans, r.seen = 0, 0, 0, 0
}

// maxRel is the largest relative error among the significands seen.
func (r *fastReport) maxRel() float64 {
	var rel float64
	for m := range 8 {
		if r.seen&(1<<m) != 0 {
			rel = max(rel, r.rel[m])
		}
	}
	return rel
}

// countZeroNaNWords returns how many bytes of src are e4m3fn ±0
// (b&0x7f == 0) and NaN (b&0x7f == 0x7f), for machines without a vector
// loop and for the tails. Eight bytes at a time: with the sign bits
// cleared every byte is below 0x80, so adding 0x7f to it carries into its
// top bit exactly when it is nonzero and never into the next byte; the
// same on the bytes xor 0x7f finds NaN. Words without either (most, in a
// weight) cost no population count.
func countZeroNaNWords(src []byte) (zeros, nans int) {
	const low7, top = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	s := src
	for len(s) >= 16 {
		v0 := binary.LittleEndian.Uint64(s) & low7
		v1 := binary.LittleEndian.Uint64(s[8:16]) & low7
		s = s[16:]
		nz0, nn0 := (v0+low7)&top, ((v0^low7)+low7)&top
		nz1, nn1 := (v1+low7)&top, ((v1^low7)+low7)&top
		if nz0&nn0&nz1&nn1 == top {
			continue
		}
		zeros += 16 - bits.OnesCount64(nz0) - bits.OnesCount64(nz1)
		nans += 16 - bits.OnesCount64(nn0) - bits.OnesCount64(nn1)
	}
	for _, b := range s {
		switch b & 0x7f {
		case 0:
			zeros++
		case 0x7f:
			nans++
		}
	}
	return zeros, nans
}
