//go:build !purego

package kernels

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// lutVec is a table in the form the loops of lut_amd64.s read (by
// offset): two byte planes of 256 entries, looked up with VPERMI2B (128
// entries from two registers) twice and blended on each index's top bit,
// and the byte permutation that puts the input in the order the
// interleaving unpacks need (see lutPerm).
type lutVec struct {
	lo, hi [256]byte
	perm   [64]byte
}

// hasVBMI reports what the LUT loops need: AVX-512 F and BW and VBMI
// (VPERMB, VPERMI2B).
var hasVBMI = avx512 && cpu.X86.HasAVX512VBMI

// init fills v for results of dsize bytes and reports whether the loops
// can produce them: one byte as is, two bytes as two planes, four and
// eight bytes only when every result is zero below its top 16 bits. That
// covers every float of 8 bits or fewer widened to f32 or f64 (at most
// 1+8+7 significant bits), and anything to 8- and 16-bit types.
func (v *lutVec) init(vals *[256]uint64, dsize int) bool {
	if !hasVBMI {
		return false
	}
	shift := 0
	switch dsize {
	case 1, 2:
	case 4, 8:
		shift = 8*dsize - 16
		for _, x := range vals {
			if x&(1<<shift-1) != 0 {
				return false
			}
		}
	default:
		return false
	}
	// Eight entries a step, each plane's eight bytes gathered into one
	// word: tables are built often (one per block of a block-scaled
	// weight), and a byte store per entry and plane was half a build.
	for b := 0; b < 256; b += 8 {
		e := (*[8]uint64)(vals[b : b+8])
		x0, x1, x2, x3 := e[0]>>shift&0xffff, e[1]>>shift&0xffff, e[2]>>shift&0xffff, e[3]>>shift&0xffff
		x4, x5, x6, x7 := e[4]>>shift&0xffff, e[5]>>shift&0xffff, e[6]>>shift&0xffff, e[7]>>shift&0xffff
		// Each entry's two bytes spread to bytes k and k+8 of a pair of
		// words: w holds the low bytes in its even bytes, the high in its
		// odd ones.
		w0 := x0 | x1<<16 | x2<<32 | x3<<48
		w1 := x4 | x5<<16 | x6<<32 | x7<<48
		lo := evenBytes(w0) | evenBytes(w1)<<32
		hi := evenBytes(w0>>8) | evenBytes(w1>>8)<<32
		binary.LittleEndian.PutUint64(v.lo[b:], lo)
		binary.LittleEndian.PutUint64(v.hi[b:], hi)
	}
	v.perm = lutPerms[bits.TrailingZeros(uint(dsize))]
	return true
}

// evenBytes packs bytes 0, 2, 4 and 6 of w into its low four bytes.
func evenBytes(w uint64) uint64 {
	w &= 0x00ff00ff00ff00ff
	w = (w | w>>8) & 0x0000ffff0000ffff
	return (w | w>>16) & 0xffffffff
}

// lutPerms holds lutPerm for 1-, 2-, 4- and 8-byte results, computed once:
// tables are built often (a checkpoint's block-scaled dequantization
// builds one per block), and the permutation took a sixth of a build.
var lutPerms = [4][64]byte{lutPerm(1), lutPerm(2), lutPerm(4), lutPerm(8)}

// lutPerm returns the order in which the loop for dsize-byte results
// takes its 64 input bytes. The loops look the bytes up in place and then
// interleave the planes (and zeros) with in-lane unpacks, which take the
// low or high half of each 16-byte lane: after log2(dsize) rounds, byte b
// of lane L has gone to output register b/c at element c*L + b%c of it,
// c = 16/dsize. So lane L's byte b must be input element
// 4c*(b/c) + c*L + b%c.
func lutPerm(dsize int) [64]byte {
	var p [64]byte
	c := 16 / dsize
	for i := range p {
		L, b := i/16, i%16
		if dsize == 1 {
			p[i] = byte(i)
		} else {
			p[i] = byte(4*c*(b/c) + c*L + b%c)
		}
	}
	return p
}

// The loops of lut_amd64.s: n elements, n a positive multiple of 64.

//go:noescape
func lutB(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutBNT(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutW(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutWNT(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutD(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutDNT(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutQ(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutQNT(dst, src *byte, n int, t *lutVec)

// runFast runs the loop for t's size over whole blocks of 64, after a
// head that aligns dst to 64 bytes when asked for non-temporal stores,
// and the Go loop for the rest.
func (t *LUT) runFast(dst, src []byte, nt bool) {
	ds := t.dsize
	n := count(dst, src, ds, 1)
	i := 0
	if nt {
		if p := uintptr(unsafe.Pointer(unsafe.SliceData(dst))); p%uintptr(ds) == 0 {
			h := min(int(-p&63)/ds, n)
			if m := (n - h) &^ 63; m > 0 {
				t.runGo(dst[:h*ds], src[:h])
				t.loop(&dst[h*ds], &src[h], m, true)
				sfence()
				i = h + m
			}
		}
	}
	if m := (n - i) &^ 63; m > 0 {
		t.loop(&dst[i*ds], &src[i], m, false)
		i += m
	}
	if i < n {
		t.runGo(dst[i*ds:n*ds], src[i:n])
	}
}

// loop calls the loop for t's size, non-temporal if nt; direct calls, so
// that t does not escape through a function value.
func (t *LUT) loop(dst, src *byte, n int, nt bool) {
	switch {
	case t.dsize == 1 && nt:
		lutBNT(dst, src, n, &t.vec)
	case t.dsize == 1:
		lutB(dst, src, n, &t.vec)
	case t.dsize == 2 && nt:
		lutWNT(dst, src, n, &t.vec)
	case t.dsize == 2:
		lutW(dst, src, n, &t.vec)
	case t.dsize == 4 && nt:
		lutDNT(dst, src, n, &t.vec)
	case t.dsize == 4:
		lutD(dst, src, n, &t.vec)
	case nt:
		lutQNT(dst, src, n, &t.vec)
	default:
		lutQ(dst, src, n, &t.vec)
	}
}

// The row loops of lut_amd64.s: rows rows (positive) of width elements
// (a positive multiple of 64), strides in bytes.

//go:noescape
func lutRowsW(dst, src *byte, rows, width, dstStride, srcStride int, t *lutVec)

//go:noescape
func lutRowsD(dst, src *byte, rows, width, dstStride, srcStride int, t *lutVec)

// runRowsFast runs the row loop for 2- and 4-byte results over the whole
// blocks of 64 of every row, and the Go loop for each row's tail; it
// reports false, doing nothing, for the other sizes.
func (t *LUT) runRowsFast(dst, src []byte, rows, width, dstStride, srcStride int) bool {
	ds := t.dsize
	if ds != 2 && ds != 4 {
		return false
	}
	if m := width &^ 63; m > 0 {
		if ds == 2 {
			lutRowsW(&dst[0], &src[0], rows, m, dstStride, srcStride, &t.vec)
		} else {
			lutRowsD(&dst[0], &src[0], rows, m, dstStride, srcStride, &t.vec)
		}
		if m == width {
			return true
		}
		for r := range rows {
			d, s := r*dstStride, r*srcStride
			t.runGo(dst[d+m*ds:d+width*ds], src[s+m:s+width])
		}
		return true
	}
	return false
}
