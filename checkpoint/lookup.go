package checkpoint

import (
	"encoding/binary"
	"unsafe"
)

// littleEndian is true on the machines promote targets; the table
// lookups then store results as native uint16 and uint32, and fall back
// to byte-order-explicit stores elsewhere.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// u16s views a little-endian byte buffer as uint16 values.
func u16s(b []byte) []uint16 {
	if len(b) < 2 {
		return nil
	}
	return unsafe.Slice((*uint16)(unsafe.Pointer(&b[0])), len(b)/2)
}

// u32s views a little-endian byte buffer as uint32 values.
func u32s(b []byte) []uint32 {
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
}

// lookup16 writes l.out16[s[j]] for each source byte, counting patterns.
func lookup16(dst, src []byte, l *lut) {
	if !littleEndian {
		for j, b := range src {
			binary.LittleEndian.PutUint16(dst[2*j:], l.out16[b])
			l.hist[0][b]++
		}
		return
	}
	d := u16s(dst)[:len(src)]
	h0, h1, h2, h3 := &l.hist[0], &l.hist[1], &l.hist[2], &l.hist[3]
	j := 0
	for ; j+4 <= len(src); j += 4 {
		a0, a1, a2, a3 := src[j], src[j+1], src[j+2], src[j+3]
		d[j], d[j+1], d[j+2], d[j+3] = l.out16[a0], l.out16[a1], l.out16[a2], l.out16[a3]
		h0[a0]++
		h1[a1]++
		h2[a2]++
		h3[a3]++
	}
	for ; j < len(src); j++ {
		d[j] = l.out16[src[j]]
		h0[src[j]]++
	}
}

// lookup32 is lookup16 for 4-byte results.
func lookup32(dst, src []byte, l *lut) {
	if !littleEndian {
		for j, b := range src {
			binary.LittleEndian.PutUint32(dst[4*j:], l.out32[b])
			l.hist[0][b]++
		}
		return
	}
	d := u32s(dst)[:len(src)]
	h0, h1, h2, h3 := &l.hist[0], &l.hist[1], &l.hist[2], &l.hist[3]
	j := 0
	for ; j+4 <= len(src); j += 4 {
		a0, a1, a2, a3 := src[j], src[j+1], src[j+2], src[j+3]
		d[j], d[j+1], d[j+2], d[j+3] = l.out32[a0], l.out32[a1], l.out32[a2], l.out32[a3]
		h0[a0]++
		h1[a1]++
		h2[a2]++
		h3[a3]++
	}
	for ; j < len(src); j++ {
		d[j] = l.out32[src[j]]
		h0[src[j]]++
	}
}
