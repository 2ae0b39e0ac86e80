package checkpoint

import "unsafe"

// transpose writes the rows × cols matrix src (elements of eb bytes) as
// its cols × rows transpose into dst: with SSE2 unpacks on amd64 for 2-
// and 4-byte elements (transposeFast), the edges and the rest in Go.
// gpt-oss's MXFP4 experts are written transposed; an element loop was
// the slowest step of their dequantization.
func transpose(dst, src []byte, rows, cols, eb int64) {
	if int64(len(src)) < rows*cols*eb || int64(len(dst)) < rows*cols*eb {
		panic("checkpoint: transpose: short buffer")
	}
	nr, nc := transposeFast(dst, src, rows, cols, eb)
	transposeRegion(dst, src, rows, cols, eb, nr, rows, 0, cols)
	transposeRegion(dst, src, rows, cols, eb, 0, nr, nc, cols)
}

// transposeRegion transposes rows [ra, rb) and columns [ca, cb) of src,
// in tiles that stay in cache. For 2- and 4-byte elements on
// little-endian machines it takes 4 (or 2) source rows at a time and
// writes each column's 4 (or 2) elements as one 8-byte store.
func transposeRegion(dst, src []byte, rows, cols, eb, ra, rb, ca, cb int64) {
	const tr, tc = 32, 64 // a tile: 32 source rows, 64 source columns
	for r0 := ra; r0 < rb; r0 += tr {
		r1 := min(r0+tr, rb)
		for c0 := ca; c0 < cb; c0 += tc {
			c1 := min(c0+tc, cb)
			r := r0
			switch {
			case eb == 2 && littleEndian:
				d, s := u16s(dst), u16s(src)
				for ; r+4 <= r1; r += 4 {
					l0, l1 := s[r*cols:(r+1)*cols], s[(r+1)*cols:(r+2)*cols]
					l2, l3 := s[(r+2)*cols:(r+3)*cols], s[(r+3)*cols:(r+4)*cols]
					for c := c0; c < c1; c++ {
						v := uint64(l0[c]) | uint64(l1[c])<<16 | uint64(l2[c])<<32 | uint64(l3[c])<<48
						store64(d[c*rows+r:c*rows+r+4], v)
					}
				}
			case eb == 4 && littleEndian:
				d, s := u32s(dst), u32s(src)
				for ; r+2 <= r1; r += 2 {
					l0, l1 := s[r*cols:(r+1)*cols], s[(r+1)*cols:(r+2)*cols]
					for c := c0; c < c1; c++ {
						store64u32(d[c*rows+r:c*rows+r+2], uint64(l0[c])|uint64(l1[c])<<32)
					}
				}
			}
			// The rows left over (or every row, for other sizes and
			// byte orders), an element at a time.
			for ; r < r1; r++ {
				for c := c0; c < c1; c++ {
					copy(dst[(c*rows+r)*eb:(c*rows+r+1)*eb], src[(r*cols+c)*eb:(r*cols+c+1)*eb])
				}
			}
		}
	}
}

// store64 writes v over the four elements of d (little-endian: d[0] gets
// v's low 16 bits).
func store64(d []uint16, v uint64) {
	_ = d[3]
	*(*uint64)(unsafe.Pointer(&d[0])) = v
}

// store64u32 writes v over the two elements of d (little-endian).
func store64u32(d []uint32, v uint64) {
	_ = d[1]
	*(*uint64)(unsafe.Pointer(&d[0])) = v
}
