package npy

import "github.com/promote-dev/promote/dtype"

// zeroPadding clears the padding of f80 and c160 elements: bytes 10-15 of
// each 16-byte part, which hold no value (NumPy leaves whatever the x87
// store left there). Files are written with zeros there, and a tensor read
// from a file holds zeros there. Other dtypes are returned unchanged. With
// copyFirst the bytes are cleared in a copy, so a caller's data is never
// modified.
func zeroPadding(b []byte, d dtype.DType, copyFirst bool) []byte {
	if d != dtype.F80 && d != dtype.C160 {
		return b
	}
	if copyFirst {
		b = append([]byte(nil), b...)
	}
	for i := 0; i+16 <= len(b); i += 16 {
		clear(b[i+10 : i+16])
	}
	return b
}
