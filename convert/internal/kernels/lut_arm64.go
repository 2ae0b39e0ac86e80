//go:build !purego

package kernels

// lutVec is a table in the form the loops of lut_arm64.s read (by
// offset): two byte planes of 256 entries, each looked up with one TBL
// and three TBX over its four 64-byte quarters.
type lutVec struct {
	lo, hi [256]byte
}

// init fills v for results of dsize bytes and reports whether the loops
// can produce them: one byte, two bytes, or four bytes zero below their
// top 16 bits (every float of 8 bits or fewer widened to f32).
func (v *lutVec) init(vals *[256]uint64, dsize int) bool {
	shift := 0
	switch dsize {
	case 1, 2:
	case 4:
		shift = 16
		for _, x := range vals {
			if x&0xffff != 0 {
				return false
			}
		}
	default:
		return false
	}
	for b, x := range vals {
		v.lo[b] = byte(x >> shift)
		v.hi[b] = byte(x >> (shift + 8))
	}
	return true
}

// The loops of lut_arm64.s: n elements, n a positive multiple of 64.

//go:noescape
func lutB(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutW(dst, src *byte, n int, t *lutVec)

//go:noescape
func lutD(dst, src *byte, n int, t *lutVec)

// runFast runs the loop for t's size over whole blocks of 64 and the Go
// loop for the rest (there are no non-temporal stores here).
func (t *LUT) runFast(dst, src []byte, _ bool) {
	ds := t.dsize
	n := count(dst, src, ds, 1)
	m := n &^ 63
	if m > 0 {
		switch ds {
		case 1:
			lutB(&dst[0], &src[0], m, &t.vec)
		case 2:
			lutW(&dst[0], &src[0], m, &t.vec)
		default:
			lutD(&dst[0], &src[0], m, &t.vec)
		}
	}
	if m < n {
		t.runGo(dst[m*ds:n*ds], src[m:n])
	}
}

// runRowsFast reports false: rows run one at a time through runFast.
func (t *LUT) runRowsFast(dst, src []byte, rows, width, dstStride, srcStride int) bool {
	return false
}
