package kernels

import "encoding/binary"

// LUT converts a one-byte source through the table of its 256 results:
// every conversion from an 8-bit or narrower format (one element per
// byte) under any policy is such a table. Where the CPU has AVX-512 VBMI
// and the results fit its layout (see lut_amd64.go) the lookups run in
// registers, 64 bytes at a time; elsewhere, and for the head and tail, a
// Go loop indexes the table. A LUT is a plain value: a caller can keep
// it on the stack or in a struct, and Run allocates nothing.
type LUT struct {
	vals  [256]uint64
	dsize int
	vec   lutVec // the in-register form (lut_amd64.go); unused elsewhere
	fast  bool   // vec is set up and the CPU can run it
}

// Init makes t convert byte b to the dsize-byte little-endian pattern
// vals[b]; dsize is 1, 2, 4 or 8 (other sizes make Run a no-op).
func (t *LUT) Init(vals *[256]uint64, dsize int) {
	t.vals, t.dsize = *vals, dsize
	t.fast = t.vec.init(vals, dsize)
}

// Run converts min(len(dst)/dsize, len(src)) elements. Like a Kernel it
// writes non-temporally from ntMin bytes of output.
func (t *LUT) Run(dst, src []byte) {
	t.RunNT(dst, src, count(dst, src, max(t.dsize, 1), 1)*t.dsize >= ntMin)
}

// RunNT is Run as a Runner: nt asks for non-temporal stores.
func (t *LUT) RunNT(dst, src []byte, nt bool) {
	if t.fast {
		t.runFast(dst, src, nt)
		return
	}
	t.runGo(dst, src)
}

// RunRows converts rows rows of width elements each: row r's source is
// the width bytes from src[r*srcStride], its results go from byte
// dst[r*dstStride]. The caller has checked that every row fits and that
// rows do not overlap. Stores are never non-temporal: the rows are a
// block column of a matrix whose other columns are written next to them.
func (t *LUT) RunRows(dst, src []byte, rows, width, dstStride, srcStride int) {
	if rows <= 0 || width <= 0 {
		return
	}
	if t.fast && t.runRowsFast(dst, src, rows, width, dstStride, srcStride) {
		return
	}
	ds := t.dsize
	for r := range rows {
		d, s := r*dstStride, r*srcStride
		t.RunNT(dst[d:d+width*ds], src[s:s+width], false)
	}
}

// Kernel returns t.Run as a Kernel.
func (t *LUT) Kernel() Kernel { return t.Run }

// runGo is the pure-Go loop, one per destination size.
func (t *LUT) runGo(dst, src []byte) {
	v := &t.vals
	switch t.dsize {
	case 1:
		n := count(dst, src, 1, 1)
		d, s := dst[:n], src[:n]
		for i, b := range s {
			d[i] = byte(v[b])
		}
	case 2:
		n := count(dst, src, 2, 1)
		d, s := dst[:2*n], src[:n]
		for i, b := range s {
			binary.LittleEndian.PutUint16(d[2*i:2*i+2], uint16(v[b]))
		}
	case 4:
		n := count(dst, src, 4, 1)
		d, s := dst[:4*n], src[:n]
		for i, b := range s {
			binary.LittleEndian.PutUint32(d[4*i:4*i+4], uint32(v[b]))
		}
	case 8:
		n := count(dst, src, 8, 1)
		d, s := dst[:8*n], src[:n]
		for i, b := range s {
			binary.LittleEndian.PutUint64(d[8*i:8*i+8], v[b])
		}
	}
}
