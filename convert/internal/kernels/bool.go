package kernels

import "encoding/binary"

// toBool returns a kernel writing 1 for each element of size bytes whose
// bits under mask are not all zero (mask drops a float's sign bit, so ±0
// is false and NaN and inf are true), else 0.
func toBool(size int, mask uint64) Kernel {
	switch size {
	case 1: // a table of 256 results, as for every one-byte source
		var vals [256]uint64
		for b := range vals {
			vals[b] = uint64(b2u8(uint64(b)&mask != 0))
		}
		lt := new(LUT)
		lt.Init(&vals, 1)
		return lt.runGo
	case 2:
		return func(dst, src []byte) { toBoolLoop(dst, src, 2, mask, load16) }
	case 4:
		return func(dst, src []byte) { toBoolLoop(dst, src, 4, mask, load32) }
	}
	return func(dst, src []byte) { toBoolLoop(dst, src, 8, mask, load64) }
}

// toBoolLoop is toBool's loop for one element size; the compiler inlines
// it with its load function into each kernel above.
func toBoolLoop(dst, src []byte, size int, mask uint64, load func([]byte) uint64) {
	n := count(dst, src, 1, size)
	d, s := dst[:n], src[:size*n]
	for i := range d {
		d[i] = b2u8(load(s[size*i:])&mask != 0)
	}
}

func load16(b []byte) uint64 { return uint64(binary.LittleEndian.Uint16(b)) }
func load32(b []byte) uint64 { return uint64(binary.LittleEndian.Uint32(b)) }

// load64 is a function, not the method value binary.LittleEndian.Uint64,
// which the compiler did not inline into toBoolLoop (2.3 times slower).
func load64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

// fromBool returns a kernel writing one (the pattern of 1 in an element of
// size bytes) for each true bool and 0 for each false one. Any non-zero
// byte counts as true, so a malformed bool buffer still gives 0 or 1. A
// bool is one byte: the kernel is a table of 256 results.
func fromBool(size int, one uint64) Kernel {
	var vals [256]uint64
	for b := 1; b < 256; b++ {
		vals[b] = one
	}
	lt := new(LUT)
	lt.Init(&vals, size)
	return lt.runGo
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
