package kernels

import "encoding/binary"

// toBool returns a kernel writing 1 for each element of size bytes whose
// bits under mask are not all zero (mask drops a float's sign bit, so ±0
// is false and NaN and inf are true), else 0.
func toBool(size int, mask uint64) Kernel {
	return func(dst, src []byte) {
		n := count(dst, src, 1, size)
		for i := range n {
			var v uint64
			switch size {
			case 1:
				v = uint64(src[i])
			case 2:
				v = uint64(binary.LittleEndian.Uint16(src[2*i:]))
			case 4:
				v = uint64(binary.LittleEndian.Uint32(src[4*i:]))
			default:
				v = binary.LittleEndian.Uint64(src[8*i:])
			}
			dst[i] = b2u8(v&mask != 0)
		}
	}
}

// fromBool returns a kernel writing one (the pattern of 1 in an element of
// size bytes) for each true bool and 0 for each false one. Any non-zero
// byte counts as true, so a malformed bool buffer still gives 0 or 1.
func fromBool(size int, one uint64) Kernel {
	return func(dst, src []byte) {
		n := count(dst, src, size, 1)
		for i := range n {
			var v uint64
			if src[i] != 0 {
				v = one
			}
			switch size {
			case 1:
				dst[i] = byte(v)
			case 2:
				binary.LittleEndian.PutUint16(dst[2*i:], uint16(v))
			case 4:
				binary.LittleEndian.PutUint32(dst[4*i:], uint32(v))
			default:
				binary.LittleEndian.PutUint64(dst[8*i:], v)
			}
		}
	}
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
